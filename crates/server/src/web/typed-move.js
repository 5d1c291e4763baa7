// Typed moves: a small text box that takes a move as `e1e5` (also `e1-e5`, `e1–e5`, any case),
// plays it when it is legal in the position shown, and otherwise says why not.

import { sideNames } from './game-words.js';
import { h } from './dom.js';
import { t, loadMore } from './i18n.js';
import { parsePosition } from './board.js';
import { analysisStyles } from './engine-line.js';

// This screen's texts (lang-LANG-more.js) are in the catalogue before anything here runs.
await loadMore();

analysisStyles();

const SQUARE = /^([a-z])(\d{1,2})$/;

/** The move text of `typed` ("e1e5"), or null when it is not written as a move. */
export function parseTyped(typed) {
  const m = String(typed).trim().toLowerCase().match(/^([a-z]\d{1,2})\s*[-–—]?\s*([a-z]\d{1,2})$/);
  return m ? { from: m[1], to: m[2] } : null;
}

function onBoard(square, size) {
  const m = square.match(SQUARE);
  return !!m && m[1].charCodeAt(0) - 97 < size && Number(m[2]) >= 1 && Number(m[2]) <= size;
}

/**
 * Why `from`–`to` cannot be played in `s` (the position shown: `{size, position, legal, turn,
 * sideNames, refused}`), in words; null when it can. A move Shogun safety (S5) refuses counts as
 * playable: the server then says why it is refused, as when it is clicked.
 */
export function whyNot(s, { from, to }) {
  const move = from + to;
  if (s.legal.includes(move) || (s.refused && move in s.refused)) return null;
  for (const q of [from, to]) if (!onBoard(q, s.size)) return t('typed.offBoard', { square: q, size: s.size });
  if (from === to) return t('typed.sameSquare', { square: from });
  const pieces = parsePosition(s.position, s.size).board;
  const side = pieces[from];
  if (!side) return t('typed.noPiece', { square: from });
  if (side !== s.turn) return t('typed.notToMove', { square: from, side: s.sideNames[side], turn: s.sideNames[s.turn] });
  if (!s.legal.some((m) => m.slice(0, m.length / 2) === from)) return t('typed.cannotMove', { square: from });
  return t('typed.cannotReach', { from, to });
}

/**
 * The typed-move box (`form#typed-move-form` with `input#typed-move` and `#typed-move-error`).
 * At each move typed, `state()` gives the position shown (see whyNot) with `refusal`: a reason
 * why no move can be typed now, or null; `play(move)` plays a move found legal.
 */
export function typedMoveBox({ state, play }) {
  const input = h('input', { type: 'text', id: 'typed-move', autocomplete: 'off', spellcheck: 'false',
    autocapitalize: 'off', maxlength: 12, placeholder: t('typed.placeholder'), 'aria-describedby': 'typed-move-error' });
  const error = h('span', { class: 'typed-error', id: 'typed-move-error', role: 'alert' });
  const form = h('form', { class: 'typed-move', id: 'typed-move-form' },
    h('label', { for: 'typed-move' }, t('typed.label')), input,
    h('button', { type: 'submit', id: 'typed-move-go' }, t('typed.play')), error);
  const refuse = (text) => { error.textContent = text; input.select(); };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    error.textContent = '';
    const typed = input.value.trim();
    if (!typed) return;
    const mv = parseTyped(typed);
    if (!mv) return refuse(t('typed.format', { typed: typed.slice(0, 12) }));
    const s = state();
    if (!s) return refuse(t('typed.wait'));
    if (s.refusal) return refuse(s.refusal);
    const why = whyNot(s, mv);
    if (why) return refuse(why);
    input.value = '';
    play(mv.from + mv.to);
  });
  // Typing clears the last refusal.
  input.addEventListener('input', () => { error.textContent = ''; });
  return { el: form, input };
}

/** The typed-move state of a game view `g` (the game screen): its position, and why no move can be
 * typed (the game over, a spectator, arranging, an earlier position shown, the other's turn). */
export function gameTypedState(g, you, viewing) {
  if (!g) return null;
  const refusal = g.status !== 'playing' ? t('typed.over') : !you ? t('typed.watching')
    : g.arranging ? t('typed.arranging') : viewing ? t('typed.viewing')
    : you !== 'both' && g.turn !== you ? t('typed.notYourTurn') : g.thinking ? t('typed.thinking') : null;
  return { size: g.size, position: g.position, legal: g.legal_moves, turn: g.turn, sideNames: sideNames(g),
    refused: g.shogun ? g.shogun.refused : null, refusal };
}
