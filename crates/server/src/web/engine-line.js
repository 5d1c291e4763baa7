// The engine's lines as the analysis board and the game screen's analysis panel show them: each
// move (with its number) one button that never breaks across lines, so a line wraps only between
// moves; clicking a move plays the line up to it (`onPick(i)`: the first i + 1 moves).

import { h } from './dom.js';
import { t, tn, loadMore } from './i18n.js';
import { lineText, scoreText, sideText } from './notation.js';

// This screen's texts (lang-LANG-more.js) are in the catalogue before anything here runs.
await loadMore();

// Where the moves go in a translated sentence (`{line}`): the sentence is split around it.
export const SLOT = '\u0001';

/** Loads this screen's styles (analysis.css) once. */
export function analysisStyles() {
  if (!document.getElementById('analysis-css'))
    document.head.append(h('link', { rel: 'stylesheet', id: 'analysis-css', href: new URL('./analysis.css', import.meta.url).href }));
}
analysisStyles();

/** A score in short: "+0.35" for the side to move, "win in 3", "loss in 2". */
export function shortScore(a) {
  if (a.mate !== null && a.mate !== undefined) return a.mate > 0 ? tn('analysis.winIn', a.mate) : tn('analysis.lossIn', -a.mate);
  return `${a.score >= 0 ? '+' : '-'}${(a.score / 100).toFixed(2)}`;
}

/**
 * The moves of `pv` as buttons (`button.pv-move[data-pv-index=i][data-move]`), written by
 * notation.js's lineText (starting after ply `ply` with `turn` to move; `first` moved first in the
 * game), separated by spaces. Each button holds its move's number when the line writes one.
 */
export function pvButtons(pv, { first, ply, turn, onPick, size = 0, captured = [] }) {
  const out = [];
  let before = '';
  pv.forEach((m, i) => {
    const upTo = lineText(pv.slice(0, i + 1), first, ply, turn, size, captured);
    const text = upTo.slice(before.length).trim();
    before = upTo;
    if (i) out.push(' ');
    out.push(h('button', { type: 'button', class: 'pv-move', 'data-pv-index': i, 'data-move': m,
      'aria-label': t('analysis.playLineTo', { moves: text }), onclick: () => onPick(i) }, text));
  });
  return out;
}

/** Fills `el` with `text`, `nodes` in the place of its SLOT (at its end when it has none). */
export function slotted(el, text, nodes) {
  const [head, ...tail] = text.split(SLOT);
  el.textContent = '';
  el.append(head, ...nodes, tail.join(''));
}

/** The evaluation bar (notation.js's evalBar) of a finished game's position: its result. */
export function barResult(bar, winner) {
  bar.fixed(winner === 'black' ? 100 : winner === 'white' ? 0 : 50, winner ? (winner === 'black' ? '1-0' : '0-1') : '½');
  bar.el.classList.remove('stale');
}

/** Marks the bar as waiting for the engine: its figure is still the last position's. */
export function barWaits(bar) { bar.el.classList.add('stale'); }

/**
 * Writes the engine's answer `a` into `el`: "Depth 12: +0.35 for the side to move (Black). Best
 * line: 1. e1–e5 …", its moves clickable; `sideNames[turn]` is the side to move. With `bar`,
 * the evaluation bar shows the answer too.
 */
export function showEngineLine(el, a, { first, ply, turn, sideNames, onPick, bar, size = 0 }) {
  if (bar) { bar.set(a, turn); bar.el.classList.remove('stale'); }
  const moves = a.pv.length ? pvButtons(a.pv, { first, ply, turn, size, captured: a.captured || [], onPick: (i) => onPick(a.pv.slice(0, i + 1)) }) : ['—'];
  slotted(el, t('analysis.engineLine', { depth: a.depth, score: scoreText(a), side: sideText(sideNames, turn, size), line: SLOT }), moves);
}

/** One of the lines after the best: "+0.12: 2. f1–f2 …" (`li[data-move]`, its moves clickable). */
export function otherLine(l, { first, ply, turn, onPick, size = 0 }) {
  const li = h('li', { 'data-move': l.pv[0] });
  slotted(li, t('analysis.otherLine', { score: shortScore(l), line: SLOT }),
    pvButtons(l.pv, { first, ply, turn, size, captured: l.captured || [], onPick: (i) => onPick(l.pv.slice(0, i + 1)) }));
  return li;
}
