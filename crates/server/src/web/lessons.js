// The lessons of #/learn, as data: for each game its lessons, each lesson a few steps, each step a
// position (the game's position text, the learner to move), a goal that learn-goals.js checks
// against the server's answer (POST /api/analysis), and the moves that reach it. No texts here: a
// lesson's title and introduction and a step's words are catalogue keys (`learn.lesson.KEY.*`,
// lang-LANG-more.js); the goal's sentence is written from the goal itself. docs/learn.md tells how
// to add a lesson; e2e/learn.mjs plays every step against the server.
//
// A step: { position, goal, solution: [moves reaching the goal, the first shown by "Show me"],
//   replies?: { move: the opponent's scripted answer to it }, text?: catalogue key }.
// Goals (learn-goals.js): { kind: 'reach', to, from? } | { kind: 'capture', squares } |
// { kind: 'count', n } | { kind: 'five' } | { kind: 'win' }; any goal may say `safe: true` (the
// moved piece must still stand after the scripted answer, and no answer of the opponent may take it).

import { familyLessons } from './lessons-family.js';
import { shogunLessons } from './lessons-shogun.js';

/**
 * The games with lessons, in the order listed: `preset` (the game, and the variant text of every
 * step), `also` (other names of the same game: Mak-yek is also Apit-sodok), `size`, `learner` (the
 * API's side of the learner: the first player) and its `lessons` [{ id, key, steps }].
 */
export const GAMES = [
  { preset: 'hasami', size: 9, lessons: familyLessons('hasami', 9) },
  { preset: 'hasami-chess', size: 8, lessons: familyLessons('hasami-chess', 8) },
  { preset: 'dai-hasami', size: 9, lessons: familyLessons('dai-hasami', 9) },
  { preset: 'dai-hasami-captures', size: 9, lessons: familyLessons('dai-hasami-captures', 9) },
  { preset: 'agon', size: 9, lessons: familyLessons('agon', 9) },
  { preset: 'mak-yek', also: ['apit-sodok'], size: 8, lessons: familyLessons('mak-yek', 8) },
  { preset: 'shogun', size: 8, lessons: shogunLessons() },
].map((g) => ({ learner: 'black', also: [], ...g }));

/** The game of a route's name (a preset, or another name of one: `apit-sodok`), or null. */
export function gameOf(name) {
  return GAMES.find((g) => g.preset === name || g.also.includes(name)) || null;
}
