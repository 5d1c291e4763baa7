// What the game screen and the analysis board show alike: the move list, a line of moves as players
// write it, the engine's score in words, and the evaluation bar.

import { h } from './dom.js';

/**
 * A line of engine moves as players write it ("7. e1–e5 a9–a5 8. …"), starting after ply `ply`
 * with `turn` to move; `first` is the side that moved first in the game.
 */
export function lineText(pv, first, ply, turn) {
  const out = [];
  pv.forEach((m, i) => {
    const p = ply + i, side = i % 2 === 0 ? turn : (turn === 'black' ? 'white' : 'black');
    const number = Math.floor((p + (first === 'white' ? 1 : 0)) / 2) + 1;
    const half = m.length / 2;
    if (side === first || i === 0) out.push(`${number}.${side === first ? '' : '..'}`);
    out.push(`${m.slice(0, half)}–${m.slice(half)}`);
  });
  return out.join(' ');
}

/** The engine's score for the side to move in words: "+0.35 for the side to move", "win in 3". */
export function scoreText(a) {
  if (a.mate !== null && a.mate !== undefined) return a.mate > 0 ? `win in ${a.mate}` : `loss in ${-a.mate}`;
  return `${a.score >= 0 ? '+' : ''}${(a.score / 100).toFixed(2)} for the side to move`;
}

/** The evaluation bar (hidden until `show`): `set(analysis, turn)` fills it for the first side. */
export function evalBar() {
  const fill = h('div', { class: 'fill' });
  // The figure on the bar: the first side's advantage in pieces, or a forced win.
  const number = h('span', { class: 'evalnum', id: 'eval-number', 'aria-hidden': 'true' });
  // The bar keeps its room while hidden, so turning it on does not shrink the board.
  const el = h('div', { class: 'evalbar off', id: 'eval-bar', role: 'meter', 'aria-label': 'Evaluation, Black share',
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
      el.setAttribute('aria-label', `Evaluation, ${sideNames.black}'s share`);
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
export function fillMoveList(box, moves, sideNames, ply, goto, { empty = 'No moves yet.', decorate = () => {}, follow = true } = {}) {
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
    const b = h('button', { type: 'button', 'data-ply': m.ply, 'aria-current': m.ply === ply ? 'true' : 'false',
      'aria-label': `${m.ply}: ${sideNames[m.side].toLowerCase()} ${m.move}${m.captured.length ? ' captures ' + m.captured.join(' ') : ''}`,
      onclick: () => goto(m.ply) }, m.move + (m.captured.length ? '×' + m.captured.length : ''));
    decorate(b, m);
    row.append(b);
  });
  box.append(moves.length ? ol : h('p', { class: 'hint-text' }, empty));
  const cur = box.querySelector('[aria-current="true"]');
  if (cur && follow) {
    const r = cur.getBoundingClientRect(), list = box.getBoundingClientRect();
    if (r.bottom > list.bottom) box.scrollTop += r.bottom - list.bottom;
    else if (r.top < list.top) box.scrollTop -= list.top - r.top;
  }
}
