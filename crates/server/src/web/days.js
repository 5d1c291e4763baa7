// Correspondence games (a number of days per move, docs/web.md): the days offered, the time left
// in days and hours, and when the waiting player may give the side to move more time.

/** The days per move a correspondence game may have. */
export const CORRESPONDENCE_DAYS = [1, 2, 3, 5, 7, 14];

import { t, tn } from './i18n.js';

/** "1 day per move", "3 days per move". */
export function daysPerMove(days) { return tn('game.days.per-move', days); }

/** "1 day", "3 days" (the more time a player may give). */
export function daysWord(days) { return tn('game.days.days', days); }

/** The time left before a deadline `ms` away: "2 days 3 hours left", "5 hours 10 minutes left",
 * "40 minutes left", "time is up". */
export function daysLeftText(ms) {
  if (!(ms > 0)) return t('game.days.up');
  const minutes = Math.floor(ms / 60_000), hours = Math.floor(minutes / 60), days = Math.floor(hours / 24);
  // Each count has its own plural form: the day part, then the whole with the hours.
  if (days > 0) return tn('game.days.left-days', days, { hours: tn('game.days.hours', hours % 24) });
  if (hours > 0) return tn('game.days.left-hours', hours, { minutes: tn('game.days.minutes', minutes % 60) });
  if (minutes > 0) return tn('game.days.left-minutes', minutes);
  return t('game.days.left-less');
}

/** Whether the player of side `you` may give the side to move of game view `g` more time: a
 * correspondence game in progress, the other side to move, and extensions left on this turn. */
export function mayGiveTime(g, you) {
  const c = g.clock;
  return !!(c && c.days && g.status === 'playing' && c.running && (you === 'black' || you === 'white')
    && g.turn !== you && c.extensions_left > 0);
}
