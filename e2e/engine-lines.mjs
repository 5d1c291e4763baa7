// The engine's lines (issue 52, items 7 and 5) and its best move on the board: a line wraps only
// between moves, a click on a move plays the line up to it on the analysis board (a variation),
// the best move is a green arrow, and the evaluation bar follows the position shown.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, ONLINE_START, newPage, pageErrors, createGame, apiMove, waitGame, computed } from './helpers.mjs';
import { waitBoard, typeMove } from './move-tree.mjs';

/** Whether no move button of the line in `sel` is broken across two lines. */
async function unbroken(page, sel) {
  // Found and measured in one step (the lines are written again as the engine searches).
  return page.evaluate((s) => [...document.querySelectorAll(`${s} .pv-move`)]
    .map((b) => [b.textContent, b.getClientRects().length]).filter(([, n]) => n !== 1), sel);
}

test('engine lines: wrapped between moves only, a click plays the line to that move; the best move an arrow', async () => {
  const page = await newPage('engine-lines', { width: 320, height: 800 });
  await page.goto(`${BASE}/#/analysis?variant=hasami&moves=c1c2`);
  await waitBoard(page, { ply: 1, plies: 1 });
  await page.click('#btn-engine');
  await page.selectOption('#ab-lines', '2');
  await page.waitForFunction(() => document.querySelectorAll('#ab-engine-text .pv-move').length >= 3
    && document.querySelectorAll('#ab-lines-list li .pv-move').length >= 1);
  // At 320 px the line takes several rows, yet no move is split.
  // Found and measured in one step: the engine's lines are written again as it searches.
  const rows = await page.evaluate(() => {
    const p = document.getElementById('ab-engine-text');
    return Math.round(p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight || '20'));
  });
  assert.ok(rows >= 2, `the line wraps (${rows} rows)`);
  assert.deepEqual(await unbroken(page, '#ab-engine-text'), []);
  assert.deepEqual(await unbroken(page, '#ab-lines-list'), []);
  assert.equal(await computed(page, '#ab-engine-text .pv-move', 'whiteSpace'), 'nowrap');
  // The best move is an arrow on the board.
  const pv = await page.$$eval('#ab-engine-text .pv-move', (bs) => bs.map((b) => b.dataset.move));
  await page.waitForSelector(`svg#board g.arrow.best[data-move="${pv[0]}"]`, { state: "attached" }).catch(async (e) => { throw new Error(`${e.message}; arrows: ${await page.$$eval("svg#board g.arrow", (gs) => gs.map((g) => g.outerHTML))}; text ${await page.textContent("#ab-engine-text")}`); });
  // A click on the third move plays the three moves from the position shown.
  await page.click('#ab-engine-text .pv-move[data-pv-index="2"]');
  await waitBoard(page, { ply: 4, plies: 4 });
  assert.match(page.url(), new RegExp(`moves=c1c2,${pv.slice(0, 3).join(',')}$`));
  // Back at ply 1, a move of the second line: a variation beside the first.
  await page.click('#move-list button.tree-move[data-ply="1"]');
  await waitBoard(page, { ply: 1 });
  await page.waitForFunction(() => document.querySelectorAll('#ab-lines-list li .pv-move').length >= 1
    && !/…$/.test(document.getElementById('ab-engine-text').textContent));
  // (A first move other than the one played before: the engine may now prefer either.)
  const firsts = await page.$$eval('#ab-engine-text .pv-move[data-pv-index="0"], #ab-lines-list .pv-move[data-pv-index="0"]', (bs) => bs.map((b) => b.dataset.move));
  const other = firsts.find((m) => m !== pv[0]);
  assert.ok(other, String(firsts));
  await page.click(`:is(#ab-engine-text, #ab-lines-list) .pv-move[data-pv-index="0"][data-move="${other}"]`);
  await waitBoard(page, { ply: 2, plies: 2, 'main-line': 'false' });
  assert.equal(await page.$$eval('#move-list .variation', (vs) => vs.length), 1);
  assert.match(page.url(), new RegExp(`moves=c1c2,${other}$`));
  // Engine off: no arrow.
  await page.click('#btn-engine');
  await page.waitForSelector('svg#board g.arrow', { state: 'detached' });
  await page.context().close();
});

test("the game screen's analysis: lines wrap between moves, the best move an arrow, a click opens the analysis board there", async () => {
  const page = await newPage('engine-lines-game', { width: 320, height: 800 });
  await page.goto(BASE + '/#/rules/hasami');
  const c = await createGame(page, { variant: 'hasami', opponent: 'local' });
  await apiMove(page, c.id, c.token, 'c1c2');
  await page.goto(`${BASE}/#/game/${c.id}?token=${c.token}`);
  await waitGame(page, { ply: 1 });
  await page.click('#btn-analysis');
  await page.waitForFunction(() => document.querySelectorAll('#analysis-text .pv-move').length >= 2);
  assert.deepEqual(await unbroken(page, '#analysis-text'), []);
  const pv = await page.$$eval('#analysis-text .pv-move', (bs) => bs.map((b) => b.dataset.move));
  // The best move is an arrow on the board too, until the analysis is turned off.
  await page.waitForSelector(`svg#board g.arrow.best[data-move="${pv[0]}"]`, { state: 'attached' });
  await page.click('#btn-analysis');
  await page.waitForSelector('svg#board g.arrow', { state: 'detached' });
  await page.click('#btn-analysis');
  await page.waitForFunction(() => document.querySelectorAll('#analysis-text .pv-move').length >= 2);
  const line = await page.$$eval('#analysis-text .pv-move', (bs) => bs.map((b) => b.dataset.move));
  await page.click('#analysis-text .pv-move[data-pv-index="1"]');
  await waitBoard(page, { ply: 2, plies: 2 });
  assert.match(page.url(), new RegExp(`moves=${line.slice(0, 2).join(',')}$`));
  await page.context().close();
});

test("the evaluation bar follows the position shown: back to the final position of a won game it shows the result", async () => {
  const page = await newPage('eval-bar-follows');
  await page.goto(BASE + '/#/rules/hasami');
  // Black's b3-b5 captures White's last two pieces: Black wins at ply 1.
  const c = await createGame(page, { variant: 'hasami', opponent: 'local', position: '9/9/9/9/2wwb4/9/1b7/9/9 b 0 1' });
  await apiMove(page, c.id, c.token, 'b3b5');
  await page.goto(`${BASE}/#/game/${c.id}?token=${c.token}`);
  await waitGame(page, { status: 'over' });
  await page.click('#btn-analysis');
  await page.click('#nav-first');
  await page.waitForFunction(() => /^Depth \d+/.test(document.getElementById('analysis-text').textContent));
  const before = await page.textContent('#eval-number');
  assert.notEqual(before, '1-0');
  await page.click('#nav-last');
  await page.waitForFunction(() => /game is over/.test(document.getElementById('analysis-text').textContent));
  await page.waitForFunction(() => document.getElementById('eval-number').textContent === '1-0', null, { timeout: 3000 });
  assert.equal(await page.getAttribute('#eval-bar', 'aria-valuenow'), '100');
  // On the analysis board the same: the won position's bar is the result, an earlier one's the engine's.
  await page.goto(`${BASE}/#/analysis?variant=hasami&position=${encodeURIComponent('9/9/9/9/2wwb4/9/1b7/9/9 b 0 1')}`);
  await waitBoard(page, { ply: 0 });
  await page.click('#btn-engine');
  await page.waitForFunction(() => /^Depth \d+/.test(document.getElementById('ab-engine-text').textContent));
  await typeMove(page, 'b3b5', 1);
  await page.waitForFunction(() => document.getElementById('eval-number').textContent === '1-0');
  await page.context().close();
});

test('engine lines: no script errors', () => {
  assert.deepEqual(pageErrors.filter((e) => /^(engine-lines|eval-bar)/.test(e)), []);
});
