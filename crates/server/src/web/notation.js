// How moves are written for players, in one place: every screen that shows a move (the move list,
// hints, analysis lines, the review, premoves, refusals) writes it with `moveText`: the from-square,
// an en dash, the to-square, and `×` before each captured square: `e1–e5`, `c1–c5×b5×d5` (Shogun,
// whose piece takes by landing: `d1×d4`). On 9×9
// boards a player may choose shogi-style coordinates (`５九–５五×４五`, sides 先手 / 後手), remembered
// in this browser (default: on when the page is in Japanese). Also here: the engine's score in
// words, the evaluation bar, the move list, and a refused move in the player's words.

import { h, plain, showInList } from './dom.js';
import { t, tn, has, isJapanese } from './i18n.js';

const STYLE = 'hasami.coords';
const FILES = '１２３４５６７８９', RANKS = '一二三四五六七八九';

/** Whether this browser writes squares shogi-style where it can: its choice, else the language's. */
export function shogiChosen() {
  let kept = null;
  try { kept = localStorage.getItem(STYLE); } catch { /* private mode */ }
  return kept === 'shogi' || (kept !== 'letters' && isJapanese());
}

/** Keeps the choice of shogi-style coordinates (`on`) or letters in this browser. */
export function chooseShogi(on) {
  try { localStorage.setItem(STYLE, on ? 'shogi' : 'letters'); } catch { /* this page only */ }
}

/** Whether squares of a board of `size` are written shogi-style now (9×9 boards only). */
export function shogiStyle(size) { return Number(size) === 9 && shogiChosen(); }

/** The label of file `i` (0 = `a`, the first player's left): `a`, or shogi's `９`. */
export function fileLabel(i, size) { return shogiStyle(size) ? FILES[size - 1 - i] : String.fromCharCode(97 + i); }

/** The label of rank `i` (0 = rank 1, the first player's side): `1`, or shogi's `九`. */
export function rankLabel(i, size) { return shogiStyle(size) ? RANKS[size - 1 - i] : String(i + 1); }

/** A square as players write it on a board of `size`: `e5`, or shogi's `５五`. */
export function squareText(square, size) {
  if (!shogiStyle(size) || !/^[a-i][1-9]$/.test(square)) return square;
  return fileLabel(square.charCodeAt(0) - 97, size) + rankLabel(Number(square.slice(1)) - 1, size);
}

/** A move (`e1e5`) as players write it, with the squares it captured: `e1–e5`, `c1–c5×b5×d5`; a
 * piece taken on the landing square (Shogun) puts × in place of the dash: `d1×d4`. */
export function moveText(move, size, captured = []) {
  const half = move.length / 2, to = move.slice(half);
  return `${squareText(move.slice(0, half), size)}${captured.includes(to) ? '×' : '–'}${squareText(to, size)}`
    + captured.filter((c) => c !== to).map((c) => `×${squareText(c, size)}`).join('');
}

/** A side's name where moves are written: the game's (`Black`, `White`; Shogun's `White`, `Red`),
 * or with shogi-style coordinates 先手 / 後手 (the API's `black` always moves first). */
export function sideText(sideNames, side, size) {
  if (shogiStyle(size)) return t(side === 'black' ? 'move.sente' : 'move.gote');
  return sideNames[side];
}

/**
 * A line of engine moves as players write it ("7. e1–e5 a9–a5 8. …"; shogi-style, where plies are
 * not paired, "▲５九–５五 △１一–１五 …"), starting after ply `ply` with `turn` to move; `first` is the
 * side that moved first in the game; `size` the board's; `captured` the squares each move captures
 * (the server's `captured` beside `pv`).
 */
export function lineText(pv, first, ply, turn, size, captured = []) {
  const out = [];
  pv.forEach((m, i) => {
    const p = ply + i, side = i % 2 === 0 ? turn : (turn === 'black' ? 'white' : 'black');
    const number = Math.floor((p + (first === 'white' ? 1 : 0)) / 2) + 1;
    const written = moveText(m, size, captured[i] || []);
    if (shogiStyle(size)) { out.push((side === 'black' ? '▲' : '△') + written); return; }
    if (side === first || i === 0) out.push(`${number}.${side === first ? '' : '..'}`);
    out.push(written);
  });
  return out.join(' ');
}

/**
 * A refused move or action in the player's words: the catalogue's sentence for the server's
 * `code` (`error` is an ApiError, or a socket's error message), its squares written as the board
 * of `size` writes them; without a known code, the server's words.
 */
export function refusalText(error, size) {
  const f = (error && (error.details || error)) || {};
  const key = `move.refused.${f.code}`;
  if (!f.code || !has(key)) return plain((error && (error.message || error.error)) || '');
  const why = t(key, { square: f.square ? squareText(f.square, size) : '', move: f.move ? moveText(f.move, size) : '',
    number: f.number ?? '' });
  // The analysis board names the move of its line that was refused.
  return f.ply ? t('move.refused.at', { ply: f.ply, why }) : why;
}

/** The switch between letters and shogi-style coordinates (`#btn-coords`, shown for 9×9 boards);
 * `changed()` redraws the screen after a switch. */
export function coordsButton(changed) {
  const b = h('button', { type: 'button', id: 'btn-coords', 'aria-pressed': String(shogiChosen()),
    title: t('move.coords.about') }, t('move.coords'));
  b.addEventListener('click', () => {
    chooseShogi(!shogiChosen());
    b.setAttribute('aria-pressed', String(shogiChosen()));
    changed();
  });
  return b;
}

/** The engine's score for the side to move in words: "+0.35 for the side to move", "win in 3". */
export function scoreText(a) {
  if (a.mate !== null && a.mate !== undefined) return a.mate > 0 ? tn('move.score.win', a.mate) : tn('move.score.loss', -a.mate);
  return t('move.score', { score: `${a.score >= 0 ? '+' : ''}${(a.score / 100).toFixed(2)}` });
}

/** The evaluation bar (hidden until `show`): `set(analysis, turn)` fills it for the first side. */
export function evalBar() {
  const fill = h('div', { class: 'fill' });
  // The figure on the bar: the first side's advantage in pieces, or a forced win.
  const number = h('span', { class: 'evalnum', id: 'eval-number', 'aria-hidden': 'true' });
  // The bar keeps its room while hidden, so turning it on does not shrink the board.
  const el = h('div', { class: 'evalbar off', id: 'eval-bar', role: 'meter', 'aria-label': t('move.eval'),
    'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-valuenow': 50 }, fill, number);
  const fixed = (share, figure) => {
    fill.style.height = share + '%';
    el.setAttribute('aria-valuenow', share);
    number.textContent = figure;
  };
  return {
    el,
    show(on) { el.classList.toggle('off', !on); },
    /** The two sides' colours (White and Red in Shogun) and names. */
    sides(sideNames, shogun) {
      el.classList.toggle('shogun', !!shogun);
      el.setAttribute('aria-label', t('move.eval.side', { side: sideNames.black }));
    },
    fixed,
    set(a, turn) {
      const black = turn === 'black' ? a.score : -a.score;
      const mate = a.mate !== null && a.mate !== undefined;
      const firstWins = mate && (a.mate > 0) === (turn === 'black');
      fixed(mate ? (firstWins ? 100 : 0) : Math.round(100 / (1 + Math.exp(-black / 250))),
        mate ? `#${firstWins ? '' : '-'}${Math.abs(a.mate)}` : `${black >= 0 ? '+' : '−'}${Math.abs(black / 100).toFixed(1)}`);
    },
  };
}

/**
 * Fills `box` with the moves, numbered in pairs, the move of ply `ply` marked; a click on a move
 * calls `goto(ply)`; `decorate(button, move)` may add to each. With `follow`, the marked move is
 * scrolled into view inside the list only: the page itself never moves (on a phone, scrolling the
 * page to the list would push the board off the screen).
 */
export function fillMoveList(box, moves, sideNames, ply, goto, { empty = t('move.list.empty'), decorate = () => {}, follow = true, size = 0 } = {}) {
  box.textContent = '';
  const ol = h('ol', {});
  let row = null;
  moves.forEach((m, i) => {
    const number = Math.floor((i + (moves[0].side === 'white' ? 1 : 0)) / 2) + 1;
    if (m.side === 'black' || !row) {
      row = h('li', {}, h('span', { class: 'num' }, number + '.'));
      if (m.side === 'white') row.append(h('span', {}, '…'));
      ol.append(row);
    }
    const move = moveText(m.move, size, m.captured);
    const b = h('button', { type: 'button', 'data-ply': m.ply, 'data-move': m.move, 'aria-current': m.ply === ply ? 'true' : 'false',
      'aria-label': m.captured.length
        ? t('move.list.captures', { ply: m.ply, side: sideText(sideNames, m.side, size), move: moveText(m.move, size),
          squares: m.captured.map((c) => squareText(c, size)).join(' ') })
        : t('move.list.label', { ply: m.ply, side: sideText(sideNames, m.side, size), move }),
      onclick: () => goto(m.ply) }, move);
    decorate(b, m);
    row.append(b);
  });
  box.append(moves.length ? ol : h('p', { class: 'hint-text' }, empty));
  const cur = box.querySelector('[aria-current="true"]');
  if (cur && follow) showInList(box, cur);
}
