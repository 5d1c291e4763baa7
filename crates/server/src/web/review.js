// Post-game review (POST /api/games/ID/review, docs/web.md): the evaluation graph, each side's
// inaccuracies, mistakes and blunders, the marks in the move list and the arrows on the board.

import { h } from './dom.js';
import { t, loadMore } from './i18n.js';
import { moveText, sideText } from './notation.js';

// This screen's texts (lang-LANG-more.js) are in the catalogue before anything here runs.
await loadMore();

const NS = 'http://www.w3.org/2000/svg';

/** The mark players write after a move, by the review's judgement. */
export const MARKS = { inaccuracy: '?!', mistake: '?', blunder: '??' };

function svg(name, attrs = {}, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/** The evaluation as a figure for the first side: "+1.2", "−0.4", "#3" (a forced win in 3), "1-0" (over). */
export function evalText(p) {
  // A finished game: its result.
  if (p.mate === 0) return p.score > 0 ? '1-0' : p.score < 0 ? '0-1' : '½-½';
  if (p.mate !== null && p.mate !== undefined) return `#${p.mate > 0 ? '' : '-'}${Math.abs(p.mate)}`;
  return `${p.score >= 0 ? '+' : '−'}${Math.abs(p.score / 100).toFixed(1)}`;
}

/**
 * The graph of the first side's expected score over the game: ply 0 (the start) on the left, the
 * last ply on the right. Marked moves are dots in their colour; a line marks `ply`. Clicking or
 * tapping a point calls `onPick(ply)`; the arrow keys step through it when it has focus.
 */
export function reviewGraph(review, sideNames, ply, onPick) {
  const n = review.positions.length - 1, W = 600, H = 120;
  const x = (i) => (n ? (i / n) * W : W / 2);
  const y = (e) => H - e * H;
  const g = svg('svg', { id: 'review-graph', class: 'review-graph', viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: 'none',
    role: 'slider', tabindex: '0', 'aria-label': t('review.graphLabel', { side: sideNames.black }),
    'aria-valuemin': 0, 'aria-valuemax': n, 'aria-valuenow': ply, 'data-plies': n });
  svg('rect', { class: 'second', x: 0, y: 0, width: W, height: H }, g);
  const pts = review.positions.map((p, i) => `${x(i)},${y(p.expected)}`);
  svg('polygon', { class: 'first', points: `0,${H} ${pts.join(' ')} ${W},${H}` }, g);
  svg('line', { class: 'mid', x1: 0, y1: H / 2, x2: W, y2: H / 2 }, g);
  for (const m of review.moves) {
    if (!m.judgement) continue;
    svg('circle', { class: `dot ${m.judgement}`, cx: x(m.ply), cy: y(review.positions[m.ply].expected), r: 5,
      'data-ply': m.ply, 'vector-effect': 'non-scaling-stroke' }, g);
  }
  svg('line', { class: 'now', x1: x(ply), y1: 0, x2: x(ply), y2: H, 'data-ply': ply }, g);
  const pick = (evt) => {
    const r = g.getBoundingClientRect();
    if (!r.width) return;
    onPick(Math.max(0, Math.min(n, Math.round(((evt.clientX - r.left) / r.width) * n))));
  };
  g.addEventListener('click', pick);
  g.addEventListener('keydown', (e) => {
    const step = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1 }[e.key];
    if (step) { onPick(Math.max(0, Math.min(n, ply + step))); e.preventDefault(); }
    if (e.key === 'Home') { onPick(0); e.preventDefault(); }
    if (e.key === 'End') { onPick(n); e.preventDefault(); }
  });
  return g;
}

/** Each side's count of inaccuracies, mistakes and blunders, and its average loss. */
export function reviewSummary(review, sideNames) {
  const row = (s) => h('tr', { 'data-side': s }, h('th', { scope: 'row' }, sideNames[s]),
    h('td', { class: 'inaccuracy' }, review[s].inaccuracies), h('td', { class: 'mistake' }, review[s].mistakes),
    h('td', { class: 'blunder' }, review[s].blunders), h('td', {}, `${review[s].average_loss.toFixed(1)}%`));
  return h('table', { class: 'review-summary', id: 'review-summary' },
    h('thead', {}, h('tr', {}, h('th', {}, h('span', { class: 'sr-only' }, t('review.side'))),
      h('th', { title: t('review.inaccuracies'), 'aria-label': t('review.inaccuracies') }, '?!'),
      h('th', { title: t('review.mistakes'), 'aria-label': t('review.mistakes') }, '?'),
      h('th', { title: t('review.blunders'), 'aria-label': t('review.blunders') }, '??'),
      h('th', { title: t('review.avgLossTitle') }, t('review.avgLoss')))),
    h('tbody', {}, row('black'), row('white')));
}

/** What the review says of ply `ply` (the move that led to it, which `captured` these squares):
 * its judgement and the better move (written as on a board of `size`). */
export function moveComment(review, sideNames, ply, size, captured = []) {
  const p = review.positions[ply];
  if (!p) return '';
  if (ply === 0) return t('review.start', { eval: evalText(p) });
  const m = review.moves[ply - 1];
  const said = { ply, side: sideText(sideNames, m.side, size), move: moveText(m.played, size, captured), mark: m.judgement ? MARKS[m.judgement] : '', eval: evalText(p) };
  const text = m.judgement
    ? t('review.moveJudged', { ...said, judgement: t('review.' + m.judgement), loss: Math.round(m.loss * 100) })
    : t('review.move', said);
  return m.best && m.best !== m.played ? `${text} ${t('review.bestWas', { best: moveText(m.best, size) })}` : text;
}

/** The review's heading. */
export function reviewHeading() { return h('h2', {}, t('review.title')); }

/** The review's legend: what the marks and the arrows mean. */
export function reviewLegend(review) {
  return h('p', { class: 'hint-text' }, t('review.legend', { ms: review.ms_per_position }));
}

/** The arrows for ply `ply`: the move played to reach it and, when it differs, the best one. */
export function reviewArrows(review, ply) {
  const m = ply > 0 ? review.moves[ply - 1] : null;
  if (!m) return [];
  const out = [{ move: m.played, kind: 'played' }];
  if (m.best && m.best !== m.played) out.push({ move: m.best, kind: 'best' });
  return out;
}
