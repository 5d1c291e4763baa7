// Correspondence games (a number of days per move, docs/web.md): the days offered, the time left
// in days and hours, and when the waiting player may give the side to move more time.

/** The days per move a correspondence game may have. */
export const CORRESPONDENCE_DAYS = [1, 2, 3, 5, 7, 14];

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "1 day per move", "3 days per move". */
export function daysPerMove(days) { return `${plural(days, 'day')} per move`; }

/** The time left before a deadline `ms` away: "2 days 3 hours left", "5 hours 10 minutes left",
 * "40 minutes left", "time is up". */
export function daysLeftText(ms) {
  if (!(ms > 0)) return 'time is up';
  const minutes = Math.floor(ms / 60_000), hours = Math.floor(minutes / 60), days = Math.floor(hours / 24);
  if (days > 0) return `${plural(days, 'day')} ${plural(hours % 24, 'hour')} left`;
  if (hours > 0) return `${plural(hours, 'hour')} ${plural(minutes % 60, 'minute')} left`;
  if (minutes > 0) return `${plural(minutes, 'minute')} left`;
  return 'less than a minute left';
}

/** Whether the player of side `you` may give the side to move of game view `g` more time: a
 * correspondence game in progress, the other side to move, and extensions left on this turn. */
export function mayGiveTime(g, you) {
  const c = g.clock;
  return !!(c && c.days && g.status === 'playing' && c.running && (you === 'black' || you === 'white')
    && g.turn !== you && c.extensions_left > 0);
}
