// The board's size and the layout around it, for the screens with a board beside a side panel
// (the game screen, its review and Shogun's arranging, the analysis board).
//
// The board is the largest square that fits the window, coordinates included: beside the side
// panel on a wide screen, above it on a narrow one (layout.css's `max-width: 800px`). On a wide
// screen the player may make it smaller with the resize handle at its bottom right corner (drag
// it, or arrow keys, Page Up/Down, Home/End on it); the share of the largest size is remembered in
// this browser. The size is the CSS variable `--board` on the screen's root (`.game`), which
// layout.css gives the board's column; the screen's root carries `data-board-fit` (the largest size,
// px) and `data-board-zoom` (the share chosen) for tests.
//
// The clocks sit at the board's edges (`#clock-strip-top`, `#clock-strip-bottom`, each with the
// side's dot and name): beside the board on a wide screen (and a narrow but short one), above and
// below it on a narrow, tall one; the side whose pieces are at the bottom has its clock there.

import { h } from './dom.js';
import { t, loadMore } from './i18n.js';

// This screen's texts (lang-LANG-more.js) are in the catalogue before anything here runs.
await loadMore();

const ZOOM = 'hasami.board-zoom';
/** The smallest share of the largest size the handle allows. */
const MIN_ZOOM = 0.4;
/** A board never drawn smaller than this (px), however small the window. */
const MIN_BOARD = 96;
/** The space kept under the board (px), so that its last row does not touch the window's edge. */
const BOTTOM_GAP = 8;

function loadZoom() {
  let z = 1;
  try { z = Number(localStorage.getItem(ZOOM)) || 1; } catch {}
  return Math.min(1, Math.max(MIN_ZOOM, z));
}

const px = (v) => parseFloat(v) || 0;

/**
 * Sizes the board of `root` (a `.game` element holding a `.board-wrap` with a `.board-box`) to
 * the window; call after `root` is in the page, and `close()` when the screen is left.
 */
export class BoardLayout {
  constructor(root) {
    this.root = root;
    this.wrap = root.querySelector('.board-wrap');
    this.box = this.wrap.querySelector('.board-box');
    this.zoom = loadZoom();
    this.fit = 0;
    this.narrowQuery = matchMedia('(max-width: 800px)');
    this.handle = h('div', { class: 'board-resize', id: 'board-resize', role: 'slider', tabindex: '0',
      'aria-label': t('layout.resize'), title: t('layout.resize.help'), 'aria-orientation': 'horizontal',
      'aria-valuemin': Math.round(MIN_ZOOM * 100), 'aria-valuemax': 100 });
    this.strips = {
      top: h('div', { class: 'clock-strip strip-top', id: 'clock-strip-top', hidden: true }),
      bottom: h('div', { class: 'clock-strip strip-bottom', id: 'clock-strip-bottom', hidden: true }),
    };
    this.wrap.append(this.handle, this.strips.top, this.strips.bottom);
    this.handle.addEventListener('keydown', (e) => this.key(e));
    this.handle.addEventListener('pointerdown', (e) => this.dragStart(e));
    this.handle.addEventListener('pointermove', (e) => this.dragMove(e));
    this.handle.addEventListener('pointerup', (e) => this.dragEnd(e));
    this.handle.addEventListener('pointercancel', (e) => this.dragEnd(e));
    this.onResize = () => this.size();
    addEventListener('resize', this.onResize);
    // The header wraps, notices come and go, the evaluation bar shows: each moves or narrows the
    // room for the board.
    this.observer = new ResizeObserver(this.onResize);
    for (const e of [root, this.wrap, document.querySelector('header.top'), document.querySelector('.notices')])
      if (e) this.observer.observe(e);
    this.size();
  }

  /** Stops following the window (the screen is left). */
  close() {
    removeEventListener('resize', this.onResize);
    this.observer.disconnect();
  }

  /** Whether the panels go under the board (a narrow window). */
  narrow() { return this.narrowQuery.matches; }

  /** The board's size now (px). */
  current() { return px(this.root.style.getPropertyValue('--board')); }

  /** Whether the clock strip `s` is above or below the board (not beside it). */
  stacked(s) { return getComputedStyle(s).gridColumnStart === '2'; }

  /** Computes the largest board that fits and sets the board's size. */
  size() {
    if (!this.root.isConnected) return;
    const narrow = this.narrow();
    const style = getComputedStyle(this.root);
    const board = this.current() || this.box.getBoundingClientRect().width;
    // The board's column's neighbours inside the wrap (evaluation bar, clocks beside the board).
    const beside = Math.max(0, this.wrap.getBoundingClientRect().width - board);
    const width = narrow ? this.root.clientWidth - beside
      : this.root.clientWidth - beside - px(style.getPropertyValue('--side-min')) - px(style.columnGap);
    // Clocks above or below the board take from its height (beside it, from its width).
    let stripsHeight = 0;
    for (const s of Object.values(this.strips))
      if (!s.hidden && this.stacked(s)) stripsHeight += s.getBoundingClientRect().height;
    const top = this.wrap.getBoundingClientRect().top + scrollY;
    const height = innerHeight - top - stripsHeight - BOTTOM_GAP;
    this.fit = Math.max(MIN_BOARD, Math.floor(Math.min(width, height)));
    const zoom = narrow ? 1 : this.zoom;
    const next = Math.max(MIN_BOARD, Math.floor(this.fit * zoom));
    this.root.dataset.boardFit = this.fit;
    this.root.dataset.boardZoom = zoom.toFixed(2);
    this.handle.setAttribute('aria-valuenow', Math.round(this.zoom * 100));
    this.handle.setAttribute('aria-valuetext', t('layout.resize.value', { percent: Math.round(this.zoom * 100) }));
    if (Math.abs(next - board) >= 1 || !this.current()) this.root.style.setProperty('--board', next + 'px');
  }

  /** Sets the share of the largest size, remembers it and resizes the board. */
  setZoom(z) {
    this.zoom = Math.min(1, Math.max(MIN_ZOOM, z));
    try { localStorage.setItem(ZOOM, this.zoom.toFixed(4)); } catch {}
    this.size();
  }

  key(e) {
    const steps = { ArrowRight: 0.05, ArrowUp: 0.05, ArrowLeft: -0.05, ArrowDown: -0.05, PageUp: 0.2, PageDown: -0.2 };
    if (e.key in steps) this.setZoom(this.zoom + steps[e.key]);
    else if (e.key === 'Home') this.setZoom(MIN_ZOOM);
    else if (e.key === 'End') this.setZoom(1);
    else return;
    e.preventDefault();
  }

  dragStart(e) {
    if (e.button !== 0) return;
    this.drag = { x: e.clientX, y: e.clientY, board: this.current() };
    this.handle.setPointerCapture(e.pointerId);
    this.handle.classList.add('dragging');
    e.preventDefault();
  }

  dragMove(e) {
    if (!this.drag || !this.fit) return;
    // The corner follows the pointer: the larger of the two moves wins.
    const dx = e.clientX - this.drag.x, dy = e.clientY - this.drag.y;
    const delta = Math.abs(dx) > Math.abs(dy) ? dx : dy;
    this.setZoom((this.drag.board + delta) / this.fit);
  }

  dragEnd(e) {
    if (!this.drag) return;
    this.drag = null;
    this.handle.classList.remove('dragging');
    if (this.handle.hasPointerCapture(e.pointerId)) this.handle.releasePointerCapture(e.pointerId);
  }

  /**
   * Puts the clocks of game `g` at the board's edges: the elements `#clock-black` and
   * `#clock-white` (made with the players' list) move into the strips, an empty placeholder
   * keeping their place in the list. Call each time the list is made, before the clocks tick.
   */
  clocks(g, flipped) {
    for (const s of Object.values(this.strips)) { s.textContent = ''; s.hidden = true; }
    if (!g.clock) { this.size(); return; }
    const bottom = flipped ? 'white' : 'black', top = flipped ? 'black' : 'white';
    for (const [where, side] of [['top', top], ['bottom', bottom]]) {
      const clock = this.root.querySelector(`.players #clock-${side}`);
      if (!clock) continue;
      clock.replaceWith(h('span', { class: 'clock-moved' }));
      const strip = this.strips[where];
      strip.dataset.side = side;
      // The name as the players' list shows it (the clock's label says it to screen readers).
      const name = this.root.querySelector(`.players #player-${side}`);
      strip.append(h('span', { class: 'dot ' + side, 'aria-hidden': 'true' }),
        h('span', { class: 'strip-name', 'aria-hidden': 'true' }, name ? name.textContent : ''), clock);
      strip.classList.toggle('shogun', !!g.shogun);
      strip.hidden = false;
    }
    this.size();
  }
}

/**
 * Fills `el` with a variant text (`shogun+seed=…+rotation=1`) that may wrap after each `+`, `,`
 * and `:` only, never inside an option; the text copied from it stays the same.
 */
export function variantText(el, text) {
  el.textContent = '';
  for (const part of String(text).split(/(?<=[+,:])/)) el.append(part, h('wbr'));
  el.title = text;
}
