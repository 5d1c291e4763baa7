// Typed moves (typed-move.js): a move typed as e1e5, e1-e5 or e1–e5 in any case is played when
// legal; otherwise the box says why, in the page's language. On the analysis board and the game
// screen.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, ONLINE_START, newPage, pageErrors, createGame, waitGame } from './helpers.mjs';
import { waitBoard, typeMove } from './move-tree.mjs';

/** Types `text` and gives the box's answer (empty: played). */
async function refused(page, text) {
  await page.fill('#typed-move', text);
  await page.press('#typed-move', 'Enter');
  await page.waitForFunction(() => document.getElementById('typed-move-error').textContent !== '');
  return page.textContent('#typed-move-error');
}

test('typed moves on the analysis board: played when legal, refused in words otherwise, in Japanese too', async () => {
  const page = await newPage('typed-move');
  await page.goto(`${BASE}/#/analysis?variant=hasami&position=${encodeURIComponent(ONLINE_START)}`);
  await waitBoard(page, { ply: 0 });
  await typeMove(page, 'F1-F2', 1);
  assert.equal(await page.inputValue('#typed-move'), '');
  await typeMove(page, 'e9–e8', 2);
  await typeMove(page, 'd5d6', 3);
  assert.equal((await page.$$eval('#move-list button.tree-move', (bs) => bs.map((b) => b.textContent))).join(' '), 'f1–f2 e9–e8 d5–d6');
  // White to move: e8, e5 are White's; f2, d6 Black's.
  assert.match(await refused(page, 'zz'), /"zz" is not a move/);
  assert.match(await refused(page, 'a1a2'), /no piece on a1/);
  assert.match(await refused(page, 'f2f3'), /The piece on f2 is Black's, and it is White's turn/);
  assert.match(await refused(page, 'e8d7'), /The piece on e8 cannot move to d7/);
  assert.match(await refused(page, 'e8j8'), /j8 is not on this board/);
  assert.match(await refused(page, 'e8e8'), /must leave e8/);
  // Typing clears the refusal.
  await page.fill('#typed-move', 'e');
  await page.waitForFunction(() => document.getElementById('typed-move-error').textContent === '');
  await page.goto(`${BASE}/?lang=ja#/analysis?variant=hasami&position=${encodeURIComponent(ONLINE_START)}`);
  await waitBoard(page, { ply: 0 });
  assert.match(await refused(page, 'a1a2'), /a1 に駒がありません/);
  assert.match(await refused(page, 'e1e5x'), /指し手として読めません/);
  await page.context().close();
});

test('typed moves on the game screen: your move is played; on an earlier position it says why not', async () => {
  const page = await newPage('typed-move-game');
  await page.goto(BASE + '/#/rules/hasami');
  const c = await createGame(page, { variant: 'hasami', opponent: 'local', position: ONLINE_START });
  await page.goto(`${BASE}/#/game/${c.id}?token=${c.token}`);
  await waitGame(page, { ply: 0 });
  await page.fill('#typed-move', 'f1f2');
  await page.press('#typed-move', 'Enter');
  await waitGame(page, { ply: 1, turn: 'white' });
  await page.click('#nav-first');
  assert.match(await refused(page, 'e9e8'), /earlier position/);
  await page.click('#nav-last');
  await page.fill('#typed-move', 'E9E8');
  await page.press('#typed-move', 'Enter');
  await waitGame(page, { ply: 2 });
  await page.context().close();
});

test('typed moves: no script errors', () => {
  assert.deepEqual(pageErrors.filter((e) => e.startsWith('typed-move')), []);
});
