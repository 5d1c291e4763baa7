// A player's rating over time as an inline SVG: the rating as a line, a band of ± the rating
// deviation around it, rating labels on the left and the first and last dates below.

import { tn, isJapanese } from './i18n.js';

const NS = 'http://www.w3.org/2000/svg';
const W = 600, H = 180, LEFT = 48, RIGHT = 10, TOP = 10, BOTTOM = 24;

function svg(name, attrs = {}, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/** The points that can be drawn: finite numbers, in time order. */
export function usablePoints(history) {
  return (Array.isArray(history) ? history : [])
    .map((p) => ({ time: Number(p.time), rating: Number(p.rating), rd: Number(p.rd) }))
    .filter((p) => Number.isFinite(p.time) && Number.isFinite(p.rating) && Number.isFinite(p.rd) && p.rd >= 0)
    .sort((a, b) => a.time - b.time);
}

/** A round step between rating labels for a span of `span` points: about four labels. */
export function labelStep(span) {
  for (const s of [10, 20, 25, 50, 100, 200, 250, 500, 1000]) if (span / s <= 5) return s;
  return 1000 * Math.ceil(span / 5000);
}

/** The ratings the vertical axis covers: the ratings with some room, whole label steps. */
export function ratingRange(points) {
  let lo = Math.min(...points.map((p) => p.rating)), hi = Math.max(...points.map((p) => p.rating));
  if (hi - lo < 100) { const mid = (hi + lo) / 2; lo = mid - 50; hi = mid + 50; }
  const step = labelStep(hi - lo);
  return { lo: Math.floor(lo / step) * step, hi: Math.ceil(hi / step) * step, step };
}

/**
 * The graph of `history` ([{time (ms), rating, rd}]), labelled `label` for screen readers; null when
 * there is nothing to draw. The band of ± RD is cut at the axis' ends (a new player's ± 350 would
 * flatten the line).
 */
export function ratingGraph(history, label) {
  const points = usablePoints(history);
  if (!points.length) return null;
  const { lo, hi, step } = ratingRange(points);
  const t0 = points[0].time, t1 = points[points.length - 1].time;
  const x = (t) => (t1 > t0 ? LEFT + ((t - t0) / (t1 - t0)) * (W - LEFT - RIGHT) : (LEFT + W - RIGHT) / 2);
  const y = (r) => TOP + (1 - (Math.min(hi, Math.max(lo, r)) - lo) / (hi - lo)) * (H - TOP - BOTTOM);
  const first = Math.round(points[0].rating), last = Math.round(points[points.length - 1].rating);
  const g = svg('svg', { class: 'rating-graph', viewBox: `0 0 ${W} ${H}`, role: 'img',
    'aria-label': tn('rating.graph.label', points.length, { label, first, last }), 'data-points': points.length });
  svg('title', {}, g).textContent = label;
  for (let r = lo; r <= hi; r += step) {
    svg('line', { class: 'grid', x1: LEFT, x2: W - RIGHT, y1: y(r), y2: y(r) }, g);
    svg('text', { class: 'axis', x: LEFT - 6, y: y(r), 'text-anchor': 'end', 'dominant-baseline': 'middle' }, g).textContent = String(r);
  }
  const upper = points.map((p) => `${x(p.time)},${y(p.rating + p.rd)}`);
  const lower = points.map((p) => `${x(p.time)},${y(p.rating - p.rd)}`).reverse();
  if (points.length > 1) {
    svg('polygon', { class: 'band', points: [...upper, ...lower].join(' ') }, g);
    svg('polyline', { class: 'line', points: points.map((p) => `${x(p.time)},${y(p.rating)}`).join(' ') }, g);
  } else {
    const p = points[0];
    svg('line', { class: 'band-bar', x1: x(p.time), x2: x(p.time), y1: y(p.rating + p.rd), y2: y(p.rating - p.rd) }, g);
  }
  const lastPoint = points[points.length - 1];
  svg('circle', { class: 'now', cx: x(lastPoint.time), cy: y(lastPoint.rating), r: 3.5 }, g);
  const date = (t) => new Date(t).toLocaleDateString(isJapanese() ? 'ja-JP' : undefined);
  svg('text', { class: 'axis', x: LEFT, y: H - 6, 'text-anchor': 'start' }, g).textContent = date(t0);
  if (t1 > t0) svg('text', { class: 'axis', x: W - RIGHT, y: H - 6, 'text-anchor': 'end' }, g).textContent = date(t1);
  return g;
}
