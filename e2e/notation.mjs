// How moves are written (notation.js): one notation in the move list, the hint and the analysis
// line; shogi-style coordinates (the board's labels and written moves) chosen per browser, by
// default with the Japanese page, on 9×9 boards only; a refused move said in the player's words.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, ENGINE_START, newPage, createGame, waitGame } from './helpers.mjs';

/** White's piece 1 on b2 shields the White Shogun on b1 from Red's piece 1 on b5, which shows 4. */
const PINNED = 'p2:16s:1/8/7p3:1/1p1:46/8/8/1P1:16/1S:14P3:1P2:1 w 1979 0 12345 0 1';

const listed = (page, ply) => page.textContent(`#move-list button[data-ply="${ply}"]`);

/** Plays a move written `from–to` (letters) by clicking its two squares; waits for ply `ply`. */
async function play(page, written, ply) {
  const [from, to] = written.split('×')[0].split('–');
  await page.locator(`#sq-${from}`).click();
  await page.waitForSelector(`circle.target[data-target="${to}"]`);
  await page.locator(`#sq-${to}`).click();
  await waitGame(page, { ply });
}

test('one notation: the analysis line, the hint and the move list write a move alike', async () => {
  const page = await newPage('notation');
  await page.goto(BASE + '/#/rules/hasami');
  await page.waitForSelector('svg.board'); // (drawn after the rules page's request: before leaving it)
  const c = await createGame(page, { variant: 'hasami', opponent: 'local' });
  await page.goto(`${BASE}/#/game/${c.id}?token=${c.token}`);
  await waitGame(page, { ply: 0 });
  await page.click('#btn-analysis');
  await page.waitForFunction(() => /^Depth \d+/.test(document.getElementById('analysis-text').textContent));
  const line = (await page.textContent('#analysis-text')).match(/Best line: 1\. (\S+) (\S+)/);
  assert.ok(line, await page.textContent('#analysis-text'));
  const [, first, reply] = line;
  assert.match(first, /^[a-i]\d–[a-i]\d$/);
  await play(page, first, 1);
  assert.equal(await listed(page, 1), first, 'the analysis line\'s move, in the move list');
  await play(page, reply, 2);
  assert.equal(await listed(page, 2), reply);
  await page.click('#btn-hint');
  await page.waitForFunction(() => /^Hint: /.test(document.getElementById('status').textContent));
  const hint = (await page.textContent('#status')).match(/^Hint: (\S+) \(/)[1];
  assert.match(hint, /^[a-i]\d–[a-i]\d$/);
  await play(page, hint, 3);
  assert.equal(await listed(page, 3), hint, 'the hint\'s move, in the move list');
  // A capture is written alike too: Black's f1–f5 takes e5.
  const c2 = await createGame(page, { variant: 'hasami', opponent: 'local', position: ENGINE_START });
  await page.goto(`${BASE}/#/game/${c2.id}?token=${c2.token}`);
  await waitGame(page, { ply: 0 });
  await page.click('#btn-analysis');
  await page.waitForFunction(() => /^Depth \d+: .*Best line: 1\. f1–f5×e5 /.test(document.getElementById('analysis-text').textContent));
  await page.click('#btn-hint');
  await page.waitForFunction(() => /^Hint: /.test(document.getElementById('status').textContent));
  const capture = (await page.textContent('#status')).match(/^Hint: (\S+) \(/)[1];
  assert.equal(capture, 'f1–f5×e5');
  await play(page, capture, 1);
  assert.equal(await listed(page, 1), capture);
  await page.context().close();
});

test('shogi coordinates: on with the Japanese page, switchable and remembered, 9×9 only', async () => {
  const page = await newPage('shogi-coords');
  await page.goto(BASE + '/?lang=ja#/rules/hasami');
  await page.waitForSelector('svg.board');
  const c = await createGame(page, { variant: 'hasami', opponent: 'local' });
  await page.goto(`${BASE}/?lang=ja#/game/${c.id}?token=${c.token}`);
  await waitGame(page, { ply: 0 });
  await page.waitForSelector('svg#board[data-coords="shogi"]');
  // Files ９ … １ from the first player's left, ranks 一 (the far side) … 九 (the first player's).
  assert.equal(await page.textContent('text.coord[data-file="0"]'), '９');
  assert.equal(await page.textContent('text.coord[data-file="8"]'), '１');
  assert.equal(await page.textContent('text.coord[data-rank="0"]'), '九');
  assert.equal(await page.getAttribute('#btn-coords', 'aria-pressed'), 'true');
  await play(page, 'e1–e5', 1);
  assert.equal(await listed(page, 1), '５九–５五');
  assert.match(await page.getAttribute('#move-list button[data-ply="1"]', 'aria-label'), /^1: 先手 ５九–５五$/);
  await page.click('#btn-analysis');
  await page.waitForFunction(() => /△[１-９][一二三四五六七八九]–[１-９][一二三四五六七八九]/.test(document.getElementById('analysis-text').textContent));
  // Letters again, remembered by this browser also in Japanese.
  await page.click('#btn-coords');
  await page.waitForSelector('svg#board[data-coords="letters"]');
  assert.equal(await listed(page, 1), 'e1–e5');
  await page.reload();
  await page.waitForSelector('svg#board[data-coords="letters"]');
  assert.equal(await page.getAttribute('#btn-coords', 'aria-pressed'), 'false');
  // Chosen in English; an 8×8 board keeps its letters and has no switch.
  await page.goto(`${BASE}/?lang=en#/game/${c.id}`);
  await page.waitForSelector('svg#board[data-coords="letters"]');
  await page.click('#btn-coords');
  await page.waitForSelector('svg#board[data-coords="shogi"]');
  assert.equal(await listed(page, 1), '５九–５五');
  const small = await createGame(page, { variant: 'hasami-chess', opponent: 'local' });
  await page.goto(`${BASE}/#/game/${small.id}?token=${small.token}`);
  await waitGame(page, { ply: 0 });
  await page.waitForSelector('svg#board[data-coords="letters"]');
  assert.ok(await page.locator('#btn-coords').isHidden());
  await page.context().close();
});

test('a refused Shogun move is said in the player\'s language', async () => {
  const page = await newPage('shogun-refusal-ja');
  await page.goto(BASE + '/?lang=ja#/rules/hasami');
  await page.waitForSelector('svg.board');
  const c = await createGame(page, { variant: 'shogun+numbers=random', opponent: 'local', position: PINNED });
  await page.goto(`${BASE}/?lang=ja#/game/${c.id}?token=${c.token}`);
  await waitGame(page, { ply: 0 });
  await page.locator('#sq-b2').click();
  await page.waitForSelector('g.refused[data-refused="a2"]');
  await page.locator('#sq-a2').click();
  await page.waitForFunction(() => document.getElementById('error').textContent === 'その手を指すと、b5の駒に将軍を取られる形になります。');
  await waitGame(page, { ply: 0 });
  await page.context().close();
});
