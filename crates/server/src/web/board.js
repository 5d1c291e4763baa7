// The board: an SVG drawing of a position (squares, or stones on intersections in Go style), with
// click-to-move, drag-to-move and keyboard play (arrow keys, Enter/Space, Escape).
//
// Stable hooks for tests and assistive technology: the <svg id="board"> carries data-size and
// data-flipped; each square has a transparent <rect data-square="e5" id="sq-e5" aria-label="…">;
// each piece is <g class="piece black|white" data-piece="black|white" data-square="e5">; legal
// destinations are <circle class="target" data-target="e5">; the last move and captures are marked
// with class "last" and "capmark" (data-square; the move before's with "capmark prev"), the squares of a winning five with class "five".
//
// Shogun (state.shogun): the position text is S8 (docs/shogun.md); each piece shows its number
// (<text class="num">) and the Shogun a crown (<path class="crown">), with data-number,
// data-shogun and data-id (the piece's id, 1–7; empty on a Shogun) on the piece; the attacked Shogun gets a ring (.check); with the learning view each
// destination shows the number the piece would show there (<text class="arrival">); destinations
// that Shogun safety (S5) forbids are marked <g class="refused" data-refused="e5"> and can be
// clicked, so the server says why the move is refused.
//
// The piece set and board theme (state.look: looks.js's lookFor, drawn by pieces.js) draw the pieces
// and dress the board; without one (the rules pages) the board is plain and the pieces plain shapes.

import { t, tn } from './i18n.js';

import { fileLabel, rankLabel, shogiStyle } from './notation.js';

const NS = 'http://www.w3.org/2000/svg';
const PAD = 0.6;

// Shogun position text (S8): tokens P3:2 / p3:2 (pieces), S:1 / s:1 (Shoguns), digits for empty
// squares; side w (White, the first player: "black" in the API) or r (Red: "white").
export function parseShogun(text) {
  const board = {}, numbers = {}, shoguns = {}, ids = {};
  const [ranks, side] = text.trim().split(/\s+/);
  ranks.split('/').forEach((row, i) => {
    const rank = 8 - i;
    let file = 0;
    for (const m of row.matchAll(/([PpSs])(\d?):(\d)|(\d)/g)) {
      if (m[4]) { file += Number(m[4]); continue; }
      const square = sq(file, rank - 1);
      board[square] = m[1] === 'P' || m[1] === 'S' ? 'black' : 'white';
      numbers[square] = Number(m[3]);
      if (m[2]) ids[square] = m[2];
      if (m[1] === 'S' || m[1] === 's') shoguns[square] = true;
      file += 1;
    }
  });
  return { board, numbers, shoguns, ids, side: side === 'r' || side === 'R' ? 'white' : 'black' };
}

export function parsePosition(text, size) {
  if (text.includes(':')) return parseShogun(text);
  const board = {};
  const [ranks, side] = text.trim().split(/\s+/);
  const rows = ranks.split('/');
  rows.forEach((row, i) => {
    const rank = size - i;
    let file = 0;
    for (const ch of row) {
      if (/[1-9]/.test(ch)) file += Number(ch);
      else { board[sq(file, rank - 1)] = ch === 'b' ? 'black' : 'white'; file += 1; }
    }
  });
  return { board, numbers: {}, shoguns: {}, ids: {}, side: side === 'w' ? 'white' : 'black' };
}

export function sq(file, rank) { return String.fromCharCode(97 + file) + (rank + 1); }
export function fileOf(s) { return s.charCodeAt(0) - 97; }
export function rankOf(s) { return Number(s.slice(1)) - 1; }

function el(name, attrs = {}, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

export class Board {
  constructor(container, { onMove = () => {}, announce = () => {}, label = t('board.board') } = {}) {
    this.container = container;
    this.onMove = onMove;
    this.announce = announce;
    this.state = null;
    this.selected = null;
    this.cursor = null;
    this.drag = null;
    this.svg = el('svg', { class: 'board', id: 'board', tabindex: '0', role: 'application',
      'aria-label': t('board.label', { label }) });
    container.appendChild(this.svg);
    this.svg.addEventListener('pointerdown', (e) => this.pointerDown(e));
    this.svg.addEventListener('pointermove', (e) => this.pointerMove(e));
    this.svg.addEventListener('pointerup', (e) => this.pointerUp(e));
    this.svg.addEventListener('pointercancel', () => this.cancelDrag());
    this.svg.addEventListener('keydown', (e) => { delete this.svg.dataset.pointer; this.key(e); });
  }

  // state: {size, position, go, flipped, interactive, legal:[moves], lastMove, captured:[squares],
  //         capturedSide, animate, hint, arrows:[{move, kind: 'best'|'played'}],
  //         premove: side|null (the opponent's turn: a piece of `side` may be sent to any square,
  //         a move kept for later), premoveMove: the move kept, marked on the board}
  set(state) {
    const samePosition = this.state && this.state.position === state.position;
    this.state = state;
    this.pos = parsePosition(state.position, state.size);
    if (!samePosition) this.selected = null;
    if (this.selected && !this.pickable(this.selected)) this.selected = null;
    if (!this.cursor || fileOf(this.cursor) >= state.size || rankOf(this.cursor) >= state.size)
      this.cursor = sq(Math.floor(state.size / 2), 0);
    this.draw(state.animate && !samePosition);
  }

  targetsFrom(from) {
    const s = this.state;
    if (!s || !s.interactive) return [];
    if (s.premove) {
      // Any other square: whether the move is legal is known only once the opponent has moved.
      if (this.pos.board[from] !== s.premove) return [];
      const all = [];
      for (let f = 0; f < s.size; f++) for (let r = 0; r < s.size; r++) if (sq(f, r) !== from) all.push(sq(f, r));
      return all;
    }
    return s.legal.filter((m) => m.slice(0, m.length / 2) === from).map((m) => m.slice(m.length / 2));
  }

  // Shogun: destinations the piece's number reaches but Shogun safety (S5) forbids.
  refusedFrom(from) {
    const s = this.state;
    if (!s || !s.interactive || !s.refused) return [];
    return Object.keys(s.refused).filter((m) => m.slice(0, 2) === from).map((m) => m.slice(2));
  }

  // Whether a piece on `square` can be picked up (it has legal or refused destinations).
  pickable(square) { return this.targetsFrom(square).length > 0 || this.refusedFrom(square).length > 0; }

  center(square) {
    const n = this.state.size;
    let x = fileOf(square), y = n - 1 - rankOf(square);
    if (this.state.flipped) { x = n - 1 - x; y = n - 1 - y; }
    return [PAD + x + 0.5, PAD + y + 0.5];
  }

  squareAt(evt) {
    const pt = this.svg.createSVGPoint();
    pt.x = evt.clientX; pt.y = evt.clientY;
    const m = this.svg.getScreenCTM();
    if (!m) return null;
    const p = pt.matrixTransform(m.inverse());
    const n = this.state.size;
    let x = Math.floor(p.x - PAD), y = Math.floor(p.y - PAD);
    if (x < 0 || y < 0 || x >= n || y >= n) return null;
    if (this.state.flipped) { x = n - 1 - x; y = n - 1 - y; }
    return sq(x, n - 1 - y);
  }

  sideName(side) { return (this.state.sideNames || {})[side] || side; }

  describe(square) {
    const p = this.pos.board[square];
    let text = p ? t('board.piece', { square, side: this.sideName(p).toLowerCase() }) : t('board.empty', { square });
    if (p && this.state.shogun) text = t(this.pos.shoguns[square] ? 'board.shogun' : 'board.shogun-piece', { square, side: this.sideName(p), n: this.pos.numbers[square] });
    if (this.selected === square) text += t('board.picked-up');
    else if (this.selected && this.state.premove && this.targetsFrom(this.selected).includes(square)) text += t('board.premove');
    else if (this.selected && this.targetsFrom(this.selected).includes(square)) {
      text += t('board.legal');
      const n = this.arrival(this.selected, square);
      if (n) text += t('board.would-show', { n });
    } else if (this.selected && this.refusedFrom(this.selected).includes(square)) text += t('board.refused');
    return text;
  }

  // The learning view: the number the selected piece would show on `to`.
  arrival(from, to) {
    const s = this.state;
    return s.learn && s.arrivals ? s.arrivals[from + to] : undefined;
  }

  // An arrow from a move's square to its destination, its head short of the destination's centre.
  arrow(move, kind) {
    const half = move.length / 2;
    const [x1, y1] = this.center(move.slice(0, half)), [x2, y2] = this.center(move.slice(half));
    const len = Math.hypot(x2 - x1, y2 - y1);
    if (!len) return;
    const ux = (x2 - x1) / len, uy = (y2 - y1) / len, head = 0.38, w = 0.2;
    const bx = x2 - ux * (head + 0.12), by = y2 - uy * (head + 0.12), tx = x2 - ux * 0.12, ty = y2 - uy * 0.12;
    const g = el('g', { class: `arrow ${kind}`, 'data-move': move, 'aria-hidden': 'true' }, this.svg);
    el('line', { x1: x1 + ux * 0.2, y1: y1 + uy * 0.2, x2: bx, y2: by }, g);
    el('polygon', { points: `${tx},${ty} ${bx - uy * w},${by + ux * w} ${bx + uy * w},${by - ux * w}` }, g);
  }

  draw(animate) {
    const s = this.state, n = s.size, svg = this.svg;
    svg.textContent = '';
    svg.classList.toggle('shogun', !!s.shogun);
    const w = n + 2 * PAD;
    svg.setAttribute('viewBox', `0 0 ${w} ${w}`);
    svg.dataset.size = n;
    svg.dataset.flipped = s.flipped ? 'true' : 'false';
    svg.dataset.go = s.go ? 'true' : 'false';
    // The piece set and board theme (pieces.js): data-pieces and data-board; none: plain shapes.
    if (s.look) { svg.dataset.pieces = s.look.set; svg.dataset.board = s.look.theme; } else { delete svg.dataset.pieces; delete svg.dataset.board; }
    el('rect', { class: 'cell', x: 0, y: 0, width: w, height: w, rx: 0.15 }, svg);
    const grid = el('g', { class: 'grid' }, svg);
    if (s.go) {
      for (let i = 0; i < n; i++) {
        el('line', { x1: PAD + 0.5, y1: PAD + i + 0.5, x2: PAD + n - 0.5, y2: PAD + i + 0.5 }, grid);
        el('line', { x1: PAD + i + 0.5, y1: PAD + 0.5, x2: PAD + i + 0.5, y2: PAD + n - 0.5 }, grid);
      }
      if (n === 9) for (const [f, r] of [[2, 2], [6, 2], [4, 4], [2, 6], [6, 6]]) {
        const [cx, cy] = this.center(sq(f, r));
        el('circle', { class: 'star', cx, cy, r: 0.08, fill: '#5b4420' }, svg);
      }
    } else {
      for (let i = 0; i <= n; i++) {
        el('line', { x1: PAD, y1: PAD + i, x2: PAD + n, y2: PAD + i }, grid);
        el('line', { x1: PAD + i, y1: PAD, x2: PAD + i, y2: PAD + n }, grid);
      }
      if (s.houseRows) for (let r = 0; r < n; r++) if (r < s.houseRows || r >= n - s.houseRows)
        for (let f = 0; f < n; f++) { const [cx, cy] = this.center(sq(f, r)); el('rect', { class: 'house', x: cx - 0.5, y: cy - 0.5, width: 1, height: 1 }, svg); }
    }
    if (s.look) s.look.board(svg, { n, pad: PAD, w, go: !!s.go });
    // coordinates: letters below and numbers on the left, or shogi's (notation.js): file numbers
    // above and rank kanji on the right
    const shogi = shogiStyle(n);
    svg.dataset.coords = shogi ? 'shogi' : 'letters';
    for (let i = 0; i < n; i++) {
      const [fx] = this.center(sq(i, 0));
      const [, ry] = this.center(sq(0, i));
      const t1 = el('text', { class: 'coord', x: fx, y: shogi ? 0.42 : w - 0.18, 'text-anchor': 'middle', 'aria-hidden': 'true', 'data-file': i }, svg);
      t1.textContent = fileLabel(i, n);
      const t2 = el('text', { class: 'coord', x: shogi ? w - 0.3 : 0.3, y: ry, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'aria-hidden': 'true', 'data-rank': i }, svg);
      t2.textContent = rankLabel(i, n);
    }
    const mark = (square, cls, extra = {}) => {
      const [cx, cy] = this.center(square);
      if (s.go) return el('circle', { class: cls, cx, cy, r: 0.47, 'data-square': square, ...extra }, svg);
      return el('rect', { class: cls, x: cx - 0.5, y: cy - 0.5, width: 1, height: 1, 'data-square': square, ...extra }, svg);
    };
    if (s.lastMove) { mark(s.lastMove.from, 'last'); mark(s.lastMove.to, 'last'); }
    if (this.selected) mark(this.selected, 'sel');
    if (s.premoveMove) {
      const half = s.premoveMove.length / 2;
      mark(s.premoveMove.slice(0, half), 'premove'); mark(s.premoveMove.slice(half), 'premove');
    }
    // pieces
    this.pieceEls = {};
    for (const [square, side] of Object.entries(this.pos.board)) {
      const g = this.piece(square, side);
      if (animate && s.lastMove && s.lastMove.to === square) {
        const [fx, fy] = this.center(s.lastMove.from), [tx, ty] = this.center(square);
        g.style.transition = 'none';
        g.style.transform = `translate(${fx}px, ${fy}px)`;
        requestAnimationFrame(() => requestAnimationFrame(() => {
          g.style.transition = '';
          g.style.transform = `translate(${tx}px, ${ty}px)`;
        }));
      }
    }
    // The winning five: a ring on each of its squares and a line through them, over the pieces.
    const five = s.winningLine || [];
    for (const q of five) mark(q, 'five');
    if (five.length) {
      const [x1, y1] = this.center(five[0]), [x2, y2] = this.center(five[five.length - 1]);
      el('line', { class: 'five-line', x1, y1, x2, y2 }, svg);
    }
    for (const c of s.prevCaptured || []) {
      const [cx, cy] = this.center(c);
      el('circle', { class: 'capmark prev', cx, cy, r: 0.36, 'data-square': c }, svg);
    }
    for (const c of s.captured || []) {
      // (In Shogun the captured piece stood where the mover landed: no fading ghost over it.)
      if (animate && !s.shogun) { const g = this.piece(c, s.capturedSide, true); g.classList.add('ghost'); }
      const [cx, cy] = this.center(c);
      el('circle', { class: 'capmark', cx, cy, r: 0.36, 'data-square': c }, svg);
    }
    // Arrows (a review's played and best moves): <g class="arrow best|played" data-move="e1e5">.
    for (const a of s.arrows || []) this.arrow(a.move, a.kind);
    if (s.hint) {
      const h = s.hint, half = h.length / 2;
      mark(h.slice(0, half), 'hintmark'); mark(h.slice(half), 'hintmark');
    }
    if (s.checkSide) {
      const k = Object.keys(this.pos.shoguns).find((q) => this.pos.board[q] === s.checkSide);
      if (k) { const [cx, cy] = this.center(k); el('circle', { class: 'check', cx, cy, r: 0.46, 'data-square': k }, svg); }
    }
    if (this.selected && !s.premove) for (const t of this.targetsFrom(this.selected)) {
      const [cx, cy] = this.center(t);
      el('circle', { class: 'target', cx, cy, r: 0.17, 'data-target': t }, svg);
      const a = this.arrival(this.selected, t);
      if (a) {
        const txt = el('text', { class: 'arrival', x: cx + 0.3, y: cy - 0.26, 'data-target': t, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, svg);
        txt.textContent = String(a);
      }
    }
    if (this.selected) for (const t of this.refusedFrom(this.selected)) {
      const [cx, cy] = this.center(t);
      const g = el('g', { class: 'refused', 'data-refused': t }, svg);
      el('line', { x1: cx - 0.14, y1: cy - 0.14, x2: cx + 0.14, y2: cy + 0.14 }, g);
      el('line', { x1: cx - 0.14, y1: cy + 0.14, x2: cx + 0.14, y2: cy - 0.14 }, g);
    }
    // hit areas with labels, and the keyboard cursor
    for (let f = 0; f < n; f++) for (let r = 0; r < n; r++) {
      const square = sq(f, r), [cx, cy] = this.center(square);
      el('rect', { x: cx - 0.5, y: cy - 0.5, width: 1, height: 1, fill: 'transparent', id: 'sq-' + square,
        'data-square': square, 'aria-label': this.describe(square), class: 'square' }, svg);
    }
    if (this.cursor) {
      const [cx, cy] = this.center(this.cursor);
      el('rect', { class: 'cursor', x: cx - 0.46, y: cy - 0.46, width: 0.92, height: 0.92, rx: 0.08 }, svg);
      this.svg.setAttribute('aria-activedescendant', 'sq-' + this.cursor);
    }
  }

  piece(square, side, ghost = false) {
    const [cx, cy] = this.center(square);
    const g = el('g', { class: `piece ${side}`, 'data-piece': side, 'data-square': ghost ? '' : square,
      'aria-hidden': 'true' }, this.svg);
    g.style.transform = `translate(${cx}px, ${cy}px)`;
    const look = this.state.look, up = (side === 'black') !== !!this.state.flipped;
    if (this.state.shogun) {
      // A round Shogun piece seen from above: its number, and a crown on the Shogun.
      const number = this.pos.numbers[square], shogun = !!this.pos.shoguns[square];
      if (!ghost) { g.dataset.number = number; g.dataset.shogun = shogun ? 'true' : 'false'; g.dataset.id = this.pos.ids[square] || ''; }
      if (look) look.piece(g, { side, up, number, crowned: shogun });
      else {
        el('circle', { class: 'disc-' + side + (shogun ? ' shogun-disc' : ''), r: 0.42 }, g);
        if (shogun) el('path', { class: 'crown', d: 'M-0.2,-0.13 L-0.2,-0.33 L-0.1,-0.22 L0,-0.36 L0.1,-0.22 L0.2,-0.33 L0.2,-0.13 Z' }, g);
        const t = el('text', { class: 'num', y: shogun ? 0.1 : 0 }, g);
        t.textContent = String(number);
      }
    } else if (look) {
      look.piece(g, { side, up, go: !!this.state.go });
    } else if (this.state.go) {
      el('circle', { class: 'disc-' + side, r: 0.45 }, g);
    } else {
      // A shogi-style piece pointing at the opponent.
      const pts = [[0, -0.43], [0.3, -0.27], [0.36, 0.4], [-0.36, 0.4], [-0.3, -0.27]]
        .map(([x, y]) => `${x},${up ? y : -y}`).join(' ');
      el('polygon', { class: 'disc-' + side, points: pts }, g);
    }
    if (!ghost) this.pieceEls[square] = g;
    return g;
  }

  // A click (or Enter) on a square.
  activate(square) {
    if (!square || !this.state.interactive) return;
    if (this.selected && (this.targetsFrom(this.selected).includes(square) || this.refusedFrom(this.selected).includes(square))) {
      const from = this.selected;
      this.selected = null;
      this.onMove(from + square);
      return;
    }
    if (this.pickable(square)) {
      this.selected = this.selected === square ? null : square;
      if (this.selected) this.announce(tn('board.picked', this.targetsFrom(square).length, { square, list: this.targetsFrom(square).join(' ') }));
    } else {
      this.selected = null;
    }
    this.draw(false);
  }

  pointerDown(e) {
    if (!this.state || e.button > 0) return;
    const square = this.squareAt(e);
    if (!square) return;
    // Focus for the keyboard, but no visible cursor until the keyboard is used (data-pointer).
    this.svg.dataset.pointer = '1';
    this.svg.focus({ preventScroll: true });
    this.cursor = square;
    if (this.pickable(square) && this.selected !== square) {
      this.selected = square;
      this.draw(false);
      this.drag = { from: square, x: e.clientX, y: e.clientY, moved: false, picked: true };
    } else {
      this.drag = { from: square, x: e.clientX, y: e.clientY, moved: false, picked: false };
    }
    try { this.svg.setPointerCapture(e.pointerId); } catch {}
    e.preventDefault();
  }

  pointerMove(e) {
    const d = this.drag;
    if (!d || !this.pickable(d.from)) return;
    if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
    const g = this.pieceEls[d.from];
    if (!g) return;
    if (!d.moved) { d.moved = true; g.style.transition = 'none'; this.svg.appendChild(g); }
    const pt = this.svg.createSVGPoint();
    pt.x = e.clientX; pt.y = e.clientY;
    const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
    g.style.transform = `translate(${p.x}px, ${p.y}px)`;
  }

  pointerUp(e) {
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    const square = this.squareAt(e);
    if (d.moved) {
      if (square && square !== d.from && (this.targetsFrom(d.from).includes(square) || this.refusedFrom(d.from).includes(square))) {
        this.selected = null;
        this.onMove(d.from + square);
      } else {
        this.draw(false);
      }
      return;
    }
    if (d.picked) return; // pressed on a piece: it is now picked up
    this.activate(square);
  }

  cancelDrag() { if (this.drag) { this.drag = null; this.draw(false); } }

  key(e) {
    if (!this.state) return;
    const n = this.state.size;
    let f = fileOf(this.cursor), r = rankOf(this.cursor);
    const flip = this.state.flipped ? -1 : 1;
    const moves = { ArrowLeft: [-flip, 0], ArrowRight: [flip, 0], ArrowUp: [0, flip], ArrowDown: [0, -flip] };
    if (moves[e.key]) {
      f = Math.min(n - 1, Math.max(0, f + moves[e.key][0]));
      r = Math.min(n - 1, Math.max(0, r + moves[e.key][1]));
      this.cursor = sq(f, r);
      this.draw(false);
      this.announce(this.describe(this.cursor));
      e.preventDefault();
    } else if (e.key === 'Enter' || e.key === ' ') {
      this.activate(this.cursor);
      e.preventDefault();
    } else if (e.key === 'Escape' && this.selected) {
      this.selected = null;
      this.draw(false);
      this.announce(t('board.cancelled'));
    }
  }
}
