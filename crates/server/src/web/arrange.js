// Shogun's setup=choose (RULES.md S2): before the first move each player arranges its seven pieces
// on its first rank, the Shogun keeping its square. The panel shows the arranging side's rank from
// that player's left; a piece changes places with another by dragging it there (mouse or touch), by
// clicking or tapping the two, or with the keyboard (arrow keys move between the seven, Enter or
// Space picks a piece up and swaps it with the one focused next). Of the other side it says only
// whether it has arranged: nobody sees the other's arrangement before both are done.
//
// Hooks: <section id="arrange" data-side="black|white|"> with one <button class="arrange-piece"
// id="arrange-a1" data-square="a1" data-piece="3"> per setup square (data-picked on the one picked
// up), the Shogun's <div class="arrange-shogun" data-square="e1">, #arrange-other (the other side),
// #arrange-random, #arrange-reset and #arrange-done.

import { h } from './dom.js';
import { t, loadMore } from './i18n.js';

// This screen's texts (lang-LANG-more.js) are in the catalogue before anything here runs.
await loadMore();

/** Each side's first rank from the owner's left, the Shogun's square (index 4) included. */
const RANKS = {
  black: ['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1'],
  white: ['h8', 'g8', 'f8', 'e8', 'd8', 'c8', 'b8', 'a8'],
};
const SHOGUN = 4;
/** The fixed order (S2): piece 1 on the owner's leftmost square, and so on. */
export const FIXED = '1234567';

/** A Shogun side's name in the language shown: White ('black', moves first) or Red ('white'). */
const sideName = (side) => t(side === 'black' ? 'shogun.side.white' : 'shogun.side.red');

/** The seven setup squares of `side` in S2 order (the order of an arrangement's ids). */
export function setupSquares(side) { return RANKS[side].filter((_, i) => i !== SHOGUN); }

export class ArrangePanel {
  /** `onDone(side, arrangement)` sends an arrangement; `announce` speaks to screen readers. */
  constructor({ onDone, announce }) {
    this.onDone = onDone;
    this.announce = announce;
    this.side = null;      // the side being arranged here, or null (waiting, watching)
    this.order = FIXED;    // its pieces' ids on its setup squares, in S2 order
    this.picked = null;    // the slot (0–6) of the piece picked up
    this.focus = 0;        // the slot that takes the keyboard's focus
    this.drag = null;
    this.title = h('h2', { id: 'arrange-title' });
    this.help = h('p', { class: 'hint-text', id: 'arrange-help' });
    this.other = h('p', { id: 'arrange-other', role: 'status' });
    this.rank = h('div', { class: 'arrange-rank', id: 'arrange-rank', role: 'group' });
    const button = (idn, label, onclick, cls) => h('button', { type: 'button', id: idn, class: cls, onclick }, label);
    this.bRandom = button('arrange-random', t('shogun.arrange.random'), () => this.shuffle());
    this.bReset = button('arrange-reset', t('shogun.arrange.fixed'), () => this.setOrder(FIXED, 'shogun.arrange.announce-fixed'));
    this.bDone = button('arrange-done', t('shogun.arrange.done'), () => this.done(), 'primary');
    this.actions = h('div', { class: 'buttons' }, this.bRandom, this.bReset, this.bDone);
    this.el = h('section', { class: 'arrange card', id: 'arrange', 'aria-labelledby': 'arrange-title' },
      this.title, this.help, this.rank, this.actions, this.other);
    this.rank.addEventListener('pointerdown', (e) => this.pointerDown(e));
    this.rank.addEventListener('pointermove', (e) => this.pointerMove(e));
    this.rank.addEventListener('pointerup', (e) => this.pointerUp(e));
    this.rank.addEventListener('pointercancel', () => this.endDrag());
    this.rank.addEventListener('keydown', (e) => this.key(e));
  }

  /**
   * Shows the arranging of a game: `arranged` {black, white} says who is done (the view's, with
   * what this screen has sent), `you` the viewer's side ('black', 'white', 'both' or null),
   * `kept` the viewer's own arrangements already sent ({side: ids}). The sides are named from the
   * catalogue (White and Red).
   */
  show({ arranged, you, kept }) {
    const mine = you === 'both' ? ['black', 'white'] : you === 'black' || you === 'white' ? [you] : [];
    const side = mine.find((s) => !arranged[s]) || null;
    if (side !== this.side) {
      this.side = side; this.order = FIXED; this.picked = null; this.focus = 0;
    }
    this.el.dataset.side = side || '';
    const shown = side || (mine.length === 1 ? mine[0] : null);
    const order = side ? this.order : shown && kept[shown];
    this.actions.hidden = !side;
    if (side) {
      this.title.textContent = t('shogun.arrange.title', { side: sideName(side) });
      this.help.textContent = t('shogun.arrange.help');
    } else if (shown) {
      this.title.textContent = t('shogun.arrange.yours', { side: sideName(shown) });
      this.help.textContent = t(order ? 'shogun.arrange.kept' : 'shogun.arrange.sent');
    } else {
      this.title.textContent = t('shogun.arrange.watching');
      this.help.textContent = t('shogun.arrange.watching-help');
    }
    // The other side: only whether it has arranged.
    const others = ['black', 'white'].filter((s) => s !== side && !(mine.length === 1 && s === mine[0]));
    const lines = others.map((s) => t(arranged[s] ? 'shogun.arrange.other-done' : 'shogun.arrange.other-arranging', { side: sideName(s) }));
    if (you === 'both' && side === 'white') lines.push(t('shogun.arrange.hot-seat', { red: sideName('white'), white: sideName('black') }));
    this.other.textContent = lines.join(t('shogun.arrange.separator'));
    this.drawRank(shown, order || null);
  }

  // The rank of `side` with `order` on its setup squares (editable when it is the side arranged
  // here); nothing for a spectator.
  drawRank(side, order) {
    this.rank.hidden = !side;
    if (!side) { this.rank.textContent = ''; this.rank.dataset.side = ''; return; }
    const editable = side === this.side;
    if (this.rank.dataset.side !== side || this.rank.dataset.editable !== String(editable)) {
      this.rank.textContent = '';
      this.rank.dataset.side = side; this.rank.dataset.editable = String(editable);
      this.rank.setAttribute('aria-label', t(editable ? 'shogun.arrange.rank' : 'shogun.arrange.rank-kept'));
      let slot = 0;
      for (const [i, square] of RANKS[side].entries()) {
        const label = h('span', { class: 'arrange-square', 'aria-hidden': 'true' }, square);
        if (i === SHOGUN) {
          this.rank.append(h('div', { class: `arrange-cell arrange-shogun ${side}`, 'data-square': square, 'aria-label': t('shogun.arrange.shogun-cell', { square }), role: 'img' },
            h('span', { class: 'arrange-disc', 'aria-hidden': 'true' }, '♛'), label));
          continue;
        }
        const attrs = { class: `arrange-cell arrange-piece ${side}`, 'data-square': square, 'data-slot': slot };
        this.rank.append(editable
          ? h('button', { type: 'button', id: 'arrange-' + square, ...attrs, onclick: (e) => this.click(e) }, h('span', { class: 'arrange-disc' }), label)
          : h('div', { id: 'arrange-' + square, role: 'img', ...attrs }, h('span', { class: 'arrange-disc' }), label));
        slot += 1;
      }
    }
    const cells = [...this.rank.querySelectorAll('.arrange-piece')];
    cells.forEach((c, i) => {
      const id = order ? order[i] : '?';
      c.dataset.piece = order ? id : '';
      c.firstChild.textContent = id;
      const picked = editable && this.picked === i;
      c.toggleAttribute('data-picked', picked);
      c.setAttribute('aria-label', t(picked ? 'shogun.arrange.cell-picked' : 'shogun.arrange.cell', { square: c.dataset.square, piece: id }));
      if (editable) c.tabIndex = i === this.focus ? 0 : -1;
    });
  }

  redraw() { this.drawRank(this.side, this.order); }

  /** Puts `order` on the rank and says it, with the catalogue's `key` ("Fixed order: …"). */
  setOrder(order, key) {
    this.order = order; this.picked = null;
    this.redraw();
    this.announce(t(key, { pieces: this.spoken() }));
  }

  spoken() { return setupSquares(this.side).map((s, i) => `${s} ${this.order[i]}`).join(', '); }

  shuffle() {
    const a = [...FIXED];
    for (let i = a.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); [a[i], a[j]] = [a[j], a[i]]; }
    this.setOrder(a.join(''), 'shogun.arrange.announce-random');
  }

  swap(i, j) {
    const a = [...this.order];
    [a[i], a[j]] = [a[j], a[i]];
    this.order = a.join(''); this.picked = null;
    this.redraw();
    const sq = setupSquares(this.side);
    this.announce(t('shogun.arrange.swapped', { a: sq[i], p: a[i], b: sq[j], q: a[j] }));
  }

  // A click, tap, Enter or Space on slot i: pick it up, put it back, or swap it with the one held.
  activate(i) {
    if (!this.side) return;
    this.focus = i;
    if (this.picked === null) {
      this.picked = i;
      this.redraw();
      this.announce(t('shogun.arrange.picked', { piece: this.order[i], square: setupSquares(this.side)[i] }));
    } else if (this.picked === i) {
      this.picked = null;
      this.redraw();
      this.announce(t('shogun.arrange.put-back'));
    } else this.swap(this.picked, i);
  }

  click(e) {
    if (this.dragged) { this.dragged = false; return; }
    this.activate(Number(e.currentTarget.dataset.slot));
  }

  key(e) {
    if (!this.side) return;
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[e.key];
    let to = null;
    if (step) to = Math.max(0, Math.min(6, this.focus + step));
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = 6;
    else if (e.key === 'Escape' && this.picked !== null) { this.picked = null; this.redraw(); this.announce(t('shogun.arrange.put-back')); return; }
    if (to === null) return;
    e.preventDefault();
    this.focus = to;
    this.redraw();
    this.rank.querySelector(`[data-slot="${to}"]`).focus();
  }

  // Dragging: the disc follows the pointer; released over another piece, the two change places.
  pointerDown(e) {
    const cell = e.target.closest('button.arrange-piece');
    if (!cell || e.button > 0) return;
    this.drag = { cell, slot: Number(cell.dataset.slot), x: e.clientX, y: e.clientY, moved: false };
    try { cell.setPointerCapture(e.pointerId); } catch { /* a synthetic event */ }
  }

  pointerMove(e) {
    const d = this.drag;
    if (!d) return;
    if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
    d.moved = true;
    d.cell.classList.add('dragging');
    d.cell.firstChild.style.transform = `translate(${e.clientX - d.x}px, ${e.clientY - d.y}px)`;
    const over = this.slotAt(e);
    for (const c of this.rank.querySelectorAll('.arrange-piece')) c.classList.toggle('drop', c.dataset.slot === String(over));
  }

  pointerUp(e) {
    const d = this.drag;
    if (!d) return;
    const over = d.moved ? this.slotAt(e) : null;
    this.endDrag();
    if (!d.moved) return; // a click follows
    // The click that follows the release is not a second pick.
    this.dragged = true;
    setTimeout(() => { this.dragged = false; }, 0);
    this.focus = over ?? d.slot;
    if (over !== null && over !== d.slot) this.swap(d.slot, over);
    else this.redraw();
  }

  slotAt(e) {
    const el = document.elementFromPoint(e.clientX, e.clientY);
    const cell = el && el.closest('.arrange-piece[data-slot]');
    return cell && this.rank.contains(cell) ? Number(cell.dataset.slot) : null;
  }

  endDrag() {
    if (!this.drag) return;
    const { cell } = this.drag;
    this.drag = null;
    cell.classList.remove('dragging');
    cell.firstChild.style.transform = '';
    for (const c of this.rank.querySelectorAll('.drop')) c.classList.remove('drop');
  }

  done() {
    if (!this.side) return;
    this.bDone.disabled = true;
    Promise.resolve(this.onDone(this.side, this.order)).finally(() => { this.bDone.disabled = false; });
  }
}
