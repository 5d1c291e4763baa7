// The analysis board's move tree (issue 52, item 17): a move from an earlier position keeps the
// line as a variation, shown under its move in brackets, nested, clickable; ←/→ step through the
// line; a variation is made the main line or deleted.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, ONLINE_START, newPage, pageErrors } from './helpers.mjs';
import { MoveTree } from '../crates/server/src/web/move-tree.js';

const BOARD_URL = `${BASE}/#/analysis?variant=hasami&position=${encodeURIComponent(ONLINE_START)}`;

/** Waits until the analysis board shows what `attrs` say (data-* values). */
export async function waitBoard(page, attrs) {
  const sel = '#analysis-board' + Object.entries(attrs).map(([k, v]) => `[data-${k}="${v}"]`).join('');
  await page.waitForSelector(sel);
}

/** Plays `move` by clicking its two squares, and waits for the board at `ply`. */
async function clickPlay(page, move, ply) {
  await page.locator(`#sq-${move.slice(0, 2)}`).click();
  await page.waitForSelector(`circle.target[data-target="${move.slice(2)}"]`);
  await page.locator(`#sq-${move.slice(2)}`).click();
  await waitBoard(page, { ply });
}

/** Plays `move` by typing it (typed-move.js), and waits for the board at `ply`. */
export async function typeMove(page, move, ply) {
  await page.fill('#typed-move', move);
  await page.press('#typed-move', 'Enter');
  await waitBoard(page, { ply });
}

/** The moves of the main line, and the text of each variation block. */
async function listed(page) {
  return page.evaluate(() => ({
    main: [...document.querySelectorAll('#move-list .move-tree > li:not(.variations) > button')].map((b) => b.textContent),
    variations: [...document.querySelectorAll('#move-list .move-tree > li.variations > .variation')].map((v) => v.textContent.replace(/\s+/g, ' ')),
  }));
}

test('move tree: a move from an earlier position is a variation, nested, clickable, promoted, deleted', async () => {
  const page = await newPage('move-tree', { width: 1280, height: 860 });
  await page.goto(BOARD_URL);
  await waitBoard(page, { ply: 0, plies: 0 });
  await clickPlay(page, 'f1f2', 1);
  await clickPlay(page, 'e9e8', 2);
  // Back to ply 1 and another reply: e9-e8 stays, e9-e7 is a variation beside it.
  await page.click('#nav-prev');
  await waitBoard(page, { ply: 1, plies: 2 });
  await clickPlay(page, 'e9e7', 2);
  await waitBoard(page, { ply: 2, plies: 2, 'main-line': 'false' });
  assert.deepEqual(await listed(page), { main: ['f1–f2', 'e9–e8'], variations: ['(1… e9–e7)'] });
  assert.match(page.url(), /moves=f1f2,e9e7$/);
  // The variation goes on, and a variation inside it is written in brackets inside it.
  await clickPlay(page, 'f2f3', 3);
  await page.click('#nav-prev');
  await waitBoard(page, { ply: 2, plies: 3 });
  await clickPlay(page, 'f2f4', 3);
  assert.deepEqual((await listed(page)).variations, ['(1… e9–e7 2. f2–f3 (2. f2–f4))']);
  // Clicking a move goes to it: the main line's e9-e8.
  await page.click('#move-list button.tree-move:text-is("e9–e8")');
  await waitBoard(page, { ply: 2, plies: 2, 'main-line': 'true' });
  assert.equal(await page.getAttribute('#move-list button.tree-move:text-is("e9–e8")', 'aria-current'), 'true');
  assert.equal(await page.getAttribute('#sq-e8', 'aria-label'), 'e8, white piece');
  // ←/→ step back and forward along the line shown (focus on the page, not in a box).
  await page.click('#ab-title');
  await page.keyboard.press('ArrowLeft');
  await waitBoard(page, { ply: 1 });
  await page.keyboard.press('ArrowLeft');
  await waitBoard(page, { ply: 0 });
  await page.keyboard.press('ArrowRight');
  await waitBoard(page, { ply: 1 });
  await page.keyboard.press('ArrowRight');
  await waitBoard(page, { ply: 2, 'main-line': 'true' });
  assert.equal(await page.getAttribute('#sq-e8', 'aria-label'), 'e8, white piece');
  // The nested variation's f2-f4, then make its line the main line.
  assert.ok(await page.isDisabled('#btn-promote'), 'promote on the main line');
  await page.click('#move-list button.tree-move:text-is("f2–f4")');
  await waitBoard(page, { ply: 3, 'main-line': 'false' });
  await page.click('#btn-promote');
  await waitBoard(page, { ply: 3, 'main-line': 'true' });
  assert.deepEqual(await listed(page), { main: ['f1–f2', 'e9–e7', 'f2–f4'], variations: ['(1… e9–e8)', '(2. f2–f3)'] });
  // Delete the old main line's e9-e8: the board goes to the move before it.
  await page.click('#move-list button.tree-move:text-is("e9–e8")');
  await waitBoard(page, { ply: 2, 'main-line': 'false' });
  await page.click('#btn-delete-moves');
  await waitBoard(page, { ply: 1, plies: 3, 'main-line': 'true' });
  assert.deepEqual(await listed(page), { main: ['f1–f2', 'e9–e7', 'f2–f4'], variations: ['(2. f2–f3)'] });
  // The link holds the line shown.
  await page.click('#nav-last');
  await waitBoard(page, { ply: 3, plies: 3 });
  assert.match(page.url(), /moves=f1f2,e9e7,f2f4$/);
  await page.context().close();
});

test('MoveTree: lines, variations, promotion and deletion (the data type alone)', () => {
  const tree = new MoveTree();
  const e = tree.addLine(tree.root, ['a1a2', 'b9b8', 'c1c2']);
  assert.deepEqual(tree.movesTo(e), ['a1a2', 'b9b8', 'c1c2']);
  const a = tree.find(e.parent.parent.id);
  // Another reply to a1a2 is a variation; the same move again is the node already there.
  const v = tree.add(a, 'b9b7');
  assert.equal(tree.add(a, 'b9b7'), v);
  assert.equal(tree.add(a, 'b9b8'), e.parent);
  assert.deepEqual(a.children.map((n) => n.move), ['b9b8', 'b9b7']);
  const w = tree.addLine(v, ['c1c3', 'd9d8']);
  const nested = tree.add(v, 'c1c4');
  assert.equal(tree.onMainLine(w), false);
  assert.deepEqual(tree.lineThrough(v), ['a1a2', 'b9b7', 'c1c3', 'd9d8']);
  assert.equal(tree.end(a), e);
  assert.equal(tree.size, 7);
  // Promoting the nested variation makes its whole way the main line.
  tree.promote(nested);
  assert.equal(tree.onMainLine(nested), true);
  assert.deepEqual(tree.lineThrough(tree.root), ['a1a2', 'b9b7', 'c1c4']);
  assert.deepEqual(v.children.map((n) => n.move), ['c1c4', 'c1c3']);
  // Deleting a move deletes what follows it; the root stays.
  assert.equal(tree.delete(v), a);
  assert.equal(tree.size, 3);
  assert.equal(tree.find(w.id), null);
  assert.deepEqual(tree.lineThrough(tree.root), ['a1a2', 'b9b8', 'c1c2']);
  assert.equal(tree.delete(tree.root), null);
  assert.equal(tree.root.ply, 0);
  assert.equal(e.ply, 3);
});

test('move tree: no script errors', () => {
  assert.deepEqual(pageErrors.filter((e) => e.startsWith('move-tree')), []);
});
