// What this browser keeps of puzzles: the player's puzzle rating per game (Glicko-2, glicko2.js,
// one rating period per puzzle against the puzzle's own rating) and the puzzles seen lately (not
// given again soon). Kept in localStorage; a browser without it keeps them for the page only.

import { NEW_RATING, ratingAfter } from './glicko2.js';

const RATINGS = 'hasami.puzzle-ratings';
const SEEN = 'hasami.puzzles-seen';
/** The most puzzle ids remembered as seen (the server takes at most 100 to leave out). */
const MAX_SEEN = 60;
/** The deviation a puzzle's rating is taken with: puzzle ratings are estimates too. */
const PUZZLE_RD = 100;

let memory = {};
function load(key, fallback) {
  try { const v = JSON.parse(localStorage.getItem(key)); return v ?? fallback; } catch { return memory[key] ?? fallback; }
}
function save(key, value) {
  memory[key] = value;
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode: this page only */ }
}

/** The player's puzzle rating in `preset`: {rating, rd, volatility, played}. */
export function puzzleRating(preset) {
  const all = load(RATINGS, {});
  const r = all && typeof all === 'object' ? all[preset] : null;
  return r && Number.isFinite(r.rating) ? r : { ...NEW_RATING, played: 0 };
}

/** Scores a puzzle of `preset` rated `puzzleRating`: `solved` a win, else a loss. Answers the
 * rating before and after. */
export function scorePuzzle(preset, rating, solved) {
  const before = puzzleRating(preset);
  const opponent = { rating, rd: PUZZLE_RD, volatility: NEW_RATING.volatility };
  const next = ratingAfter(before, [[opponent, solved ? 1 : 0]]);
  const all = load(RATINGS, {});
  const kept = all && typeof all === 'object' ? all : {};
  kept[preset] = { rating: next.rating, rd: next.rd, volatility: next.volatility, played: (before.played || 0) + 1 };
  save(RATINGS, kept);
  return { before, after: kept[preset] };
}

/** The puzzles seen lately, newest last. */
export function seenPuzzles() {
  const list = load(SEEN, []);
  return Array.isArray(list) ? list.filter((id) => typeof id === 'string' && /^[a-z0-9-]{1,40}$/.test(id)) : [];
}

/** Remembers puzzle `id` as seen. */
export function markSeen(id) {
  const list = seenPuzzles().filter((x) => x !== id);
  list.push(id);
  save(SEEN, list.slice(-MAX_SEEN));
}
