// The words the server writes into a game's view, in the language shown: the sides' names
// (Black/White, White/Red in Shogun), the names the server gives a player (the engine's, "You"),
// and the reason a game ended. The server writes them in English; each form it writes has a
// catalogue key here, and a text it did not write (an imported record's own reason) is shown as it is.

import { t, tn } from './i18n.js';

/** The side names the server uses, by their catalogue keys. */
const SIDES = { Black: 'game.side.black', White: 'game.side.white', Red: 'game.side.red' };

/** A side's name as the server writes it ("Black", "Red") in the language shown. */
export function sideWord(name) {
  return SIDES[name] ? t(SIDES[name]) : name;
}

/** The view's `side_names` ({black, white}) in the language shown. */
export function sideNames(g) {
  return { black: sideWord(g.side_names.black), white: sideWord(g.side_names.white) };
}

/** A player's name as the server gives it: a side's name, "You" (the player of an engine game who
 * gave none) and the engine's ("hasami level 3") in the language shown; a chosen name as it is. */
export function playerName(name) {
  if (typeof name !== 'string') return name;
  if (SIDES[name]) return sideWord(name);
  if (name === 'You') return t('game.name.you');
  const engine = /^hasami level (\d+)$/.exec(name);
  return engine ? t('game.name.engine', { level: engine[1] }) : name;
}

const S = '(Black|White|Red)';
/** The reasons the server writes (crates/core outcome.rs and shogun/mod.rs, the server's live/),
 * each a pattern and the key whose `{params}` are the pattern's groups in order. */
const REASONS = [
  [`^${S} wins: ${S} resigned$`, 'game.end.resigned', ['winner', 'loser']],
  [`^${S} wins on time: ${S} ran out of time$`, 'game.end.time', ['winner', 'loser']],
  [`^${S} wins on time: ${S} did not move in time$`, 'game.end.days', ['winner', 'loser']],
  [`^${S} wins: ${S} has (\\d+) pieces? left$`, 'game.end.pieces-left', ['winner', 'loser', 'n']],
  [`^${S} wins: misère, ${S} is down to (\\d+) pieces?$`, 'game.end.misere', ['winner', 'same', 'n']],
  [`^${S} wins: lead of (\\d+) pieces?$`, 'game.end.lead', ['winner', 'n']],
  [`^${S} wins: five in a row ([a-i]\\d)–([a-i]\\d)$`, 'game.end.five', ['winner', 'from', 'to']],
  [`^${S} wins: ${S} has no pieces left$`, 'game.end.all-captured', ['winner', 'loser']],
  [`^${S} wins: more pieces left \\((\\d+) to (\\d+)\\)$`, 'game.end.more-pieces', ['winner', 'a', 'b']],
  [`^${S} wins: ${S} has no legal move$`, 'game.end.no-moves', ['winner', 'loser']],
  [`^${S} wins: ${S} captured the ${S} Shogun$`, 'game.end.shogun-captured', ['winner', 'same', 'loser']],
  [`^${S} wins: ${S}'s Shogun was captured$`, 'game.end.shogun-captured', ['winner', 'loser']],
  [`^${S} wins: ${S} is down to (\\d+) pieces?$`, 'game.end.down-to', ['winner', 'loser', 'n']],
  [`^${S} wins: the ${S} Shogun is attacked and cannot be saved$`, 'game.end.checkmate', ['winner', 'loser']],
  [`^${S} wins: ${S}'s Shogun is attacked and cannot be saved$`, 'game.end.checkmate', ['winner', 'loser']],
  ['^draw: agreed$', 'game.end.agreed', []],
  ['^draw: both sides have fewer than 5 pieces, no five is possible$', 'game.end.too-weak', []],
  ['^draw: (\\d+)(?:st|nd|rd|th) repetition$', 'game.end.repetition', ['n']],
  ['^draw: (second|third|fourth|fifth) repetition$', 'game.end.repetition', ['word']],
  ['^draw: position repeated (\\d+) times$', 'game.end.repetition', ['n']],
  ['^draw: (\\d+) plies without a capture$', 'game.end.quiet', ['n']],
  ['^draw: equal pieces left$', 'game.end.equal', []],
  ["^draw: the server's limit of (\\d+) plies$", 'game.end.ply-limit', ['n']],
  ['^Game aborted$', 'game.end.aborted', []],
  [`^Game aborted: ${S} did not make a first move$`, 'game.end.aborted-first', ['side']],
  [`^Game aborted: ${S} did not move in time$`, 'game.end.aborted-days', ['side']],
].map(([re, key, names]) => [new RegExp(re), key, names]);

const ORDINALS = { second: 2, third: 3, fourth: 4, fifth: 5 };

/** How a game ended (the view's `reason`) in the language shown. */
export function reasonText(reason) {
  if (!reason) return '';
  for (const [re, key, names] of REASONS) {
    const m = re.exec(reason);
    if (!m) continue;
    const params = {};
    names.forEach((n, i) => { params[n] = SIDES[m[i + 1]] ? sideWord(m[i + 1]) : m[i + 1]; });
    if (params.word) params.n = ORDINALS[params.word];
    // A count has its plural forms (KEY.one, KEY.other).
    return params.n === undefined ? t(key, params) : tn(key, Number(params.n), params);
  }
  return reason;
}
