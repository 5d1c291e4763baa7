// Draws a move tree (move-tree.js) as a move list: the main line numbered in pairs, each move's
// variations under it, indented and in brackets, variations of variations inline in brackets.
// Every move is a button (`data-node`, `data-ply`; `aria-current=true` on the node shown) that
// goes to its node.

import { h, showInList } from './dom.js';
import { t, loadMore } from './i18n.js';
import { analysisStyles } from './engine-line.js';
import { moveText, sideText } from './notation.js';

// This screen's texts (lang-LANG-more.js) are in the catalogue before anything here runs.
await loadMore();

analysisStyles();

/**
 * Fills `box` with `tree`, marking `current`; `first` is the side that moves first from the
 * start, `sideNames` the sides' names; a click calls `onPick(node)`. The marked move is scrolled
 * into view inside the list only (the page itself does not move).
 */
export function drawMoveTree(box, tree, current, { first, sideNames, onPick, empty, size = 0 }) {
  box.textContent = '';
  const root = tree.root;
  if (!root.children.length) { box.append(h('p', { class: 'hint-text' }, empty)); return; }
  const isFirst = (n) => (n.side ? n.side === first : n.ply % 2 === 1);
  const number = (n) => Math.floor((n.ply - 1 + (first === 'white' ? 1 : 0)) / 2) + 1;
  const numText = (n) => (isFirst(n) ? `${number(n)}.` : `${number(n)}…`);
  const button = (n) => {
    const side = (sideNames[n.side] ? sideText(sideNames, n.side, size) : '').toLowerCase();
    const written = moveText(n.move, size, n.captured);
    const label = t('analysis.moveLabel', { ply: n.ply, side, move: written });
    return h('button', { type: 'button', class: 'tree-move', 'data-node': n.id, 'data-ply': n.ply,
      'aria-current': n === current ? 'true' : 'false', 'aria-label': label, onclick: () => onPick(n) },
    written);
  };
  // A variation written inline: its moves, each variation inside it in brackets after the move
  // it replaces.
  const inline = (start) => {
    const parts = [];
    let n = start, numbered = true;
    while (n) {
      if (numbered || isFirst(n)) parts.push(h('span', { class: 'num' }, numText(n)));
      parts.push(button(n));
      numbered = false;
      if (n !== start && n.parent.children.length > 1) {
        for (const alt of n.parent.children.slice(1)) parts.push(h('span', { class: 'subvar' }, '(', inline(alt), ')'));
        numbered = true;
      }
      n = n.children[0];
    }
    return h('span', { class: 'line' }, parts.flatMap((p, i) => (i ? [' ', p] : [p])));
  };
  // The main line in rows of two; a move's variations break the row.
  const ol = h('ol', { class: 'move-tree' });
  let row = null, open = false;
  for (let parent = root, n = root.children[0]; n; parent = n, n = n.children[0]) {
    if (isFirst(n) || !open) {
      row = h('li', {}, h('span', { class: 'num' }, number(n) + '.'));
      if (!isFirst(n)) row.append(h('span', { class: 'skip' }, '…'));
      ol.append(row);
    }
    row.append(button(n));
    open = isFirst(n);
    const alts = parent.children.slice(1);
    if (alts.length) {
      if (open) row.append(h('span', { class: 'skip' }, '…'));
      open = false;
      ol.append(h('li', { class: 'variations' },
        ...alts.map((a) => h('div', { class: 'variation', 'data-node': a.id }, '(', inline(a), ')'))));
    }
  }
  box.append(ol);
  const cur = box.querySelector('[aria-current="true"]');
  if (cur) showInList(box, cur);
}
