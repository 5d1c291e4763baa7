// Ratings and players in words: the rated games, a rating as players read it ("1623", "1623?"
// while provisional) and links to a player's page (#/@/NAME).

import { h } from './dom.js';
import { t } from './i18n.js';

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

/** The server's name for a player without a name: the side's name in English ("Black", "White";
 * in Shogun "White", "Red"). */
const DEFAULT_NAMES = { hasami: { black: 'Black', white: 'White' }, shogun: { black: 'White', white: 'Red' } };

/** The name of `side`'s player in game summary `g` ({variant, black, white}) as players read it:
 * the player's own name, or the side's name in the language shown when the player gave none. */
export function sideName(g, side) {
  const shogun = String(g.variant || '').startsWith('shogun');
  const name = g[side];
  if (name && name !== DEFAULT_NAMES[shogun ? 'shogun' : 'hasami'][side]) return String(name);
  return t(`player.side.${shogun ? 'shogun-' : ''}${side}`);
}

/** The players of game summary `g` in words: "Ann – Bob". */
export function playersText(g) {
  return t('player.versus', { black: sideName(g, 'black'), white: sideName(g, 'white') });
}
