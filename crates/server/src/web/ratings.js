// Ratings and players in words: the rated games, a rating as players read it ("1623", "1623?"
// while provisional) and links to a player's page (#/@/NAME).

import { h } from './dom.js';

/** The games that are rated, each with its own rating, in the order pages list them. */
export const PRESETS = ['hasami', 'hasami-chess', 'dai-hasami', 'dai-hasami-captures', 'agon', 'mak-yek', 'shogun'];

/** A rating whose deviation is above this is provisional (Glicko-2, as the server rates). */
export const PROVISIONAL_RD = 110;

/** True when a rating (`{rating, rd}`) is still uncertain. */
export function provisional(r) {
  return !!r && Number(r.rd) > PROVISIONAL_RD;
}

/** A rating as players read it: rounded, with "?" while provisional; "—" for none. */
export function ratingText(r) {
  if (!r || !Number.isFinite(Number(r.rating))) return '—';
  return `${Math.round(Number(r.rating))}${provisional(r) ? '?' : ''}`;
}

/** The address of a player's page. */
export function playerHref(name) {
  return '#/@/' + encodeURIComponent(name);
}

/** A link to a player's page, showing the name. */
export function playerLink(name, attrs = {}) {
  return h('a', { href: playerHref(name), class: 'player-link', ...attrs }, name);
}

/** The name in a player page's address (`#/@/NAME`), or null when it cannot be read. */
export function nameFromPath(part) {
  try { return decodeURIComponent(part || '') || null; } catch { return null; }
}
