// Browser tests of the new game form: the engine strength menu, and a clock for a game on this
// device.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, newPage, gameId, view, clickMove, waitGame, setClock } from './helpers.mjs';

test('the strength menu says in words how each level plays', async () => {
  const page = await newPage('levels-menu', { width: 390, height: 844 });
  await page.goto(BASE + '/#/');
  await page.waitForSelector('#ng-level option', { state: 'attached' });
  const options = await page.$$eval('#ng-level option', (os) => os.map((o) => [o.value, o.textContent]));
  assert.equal(options.length, 10);
  options.forEach(([value, text], i) => {
    assert.equal(value, String(i + 1));
    // "3 — Casual: …": the number, then what a player meets at that level.
    assert.match(text, new RegExp(`^${i + 1} — \\S.{10,}`), text);
  });
  assert.equal(new Set(options.map((o) => o[1])).size, 10, 'every level has words of its own');
  // The chosen level's words in full under the menu.
  await page.selectOption('#ng-level', '1');
  assert.equal(await page.textContent('#ng-level-words'), options[0][1].replace(/^1 — /, ''));
  await page.context().close();
});

test('a game on this device can have a clock: both times shown, the side to move\'s runs', async () => {
  const page = await newPage('hot-seat-clock');
  await page.goto(BASE + '/#/');
  await page.waitForSelector('#new-game-form');
  await page.selectOption('#ng-variant', 'hasami');
  await page.check('#ng-opponent-local');
  assert.ok(await page.isVisible('#ng-clock'), 'no clock offered for a game on this device');
  await page.fill('#ng-name-black', 'Ann');
  await page.fill('#ng-name-white', 'Ben');
  await setClock(page, 1, 0);
  await page.click('#ng-start');
  await page.waitForURL(/#\/game\/\d+$/);
  const id = await gameId(page);
  await page.waitForSelector('#clock-black');
  assert.equal(await page.textContent('#clock-black'), '1:00');
  assert.equal(await page.textContent('#clock-white'), '1:00');
  // Both first moves are free; then Black's clock runs.
  let g = await view(page, id);
  await clickMove(page, 'a1', 'a5', g.legal_moves);
  await waitGame(page, { ply: 1 });
  g = await view(page, id);
  await clickMove(page, 'i9', 'i6', g.legal_moves);
  await waitGame(page, { ply: 2 });
  await page.waitForSelector('#clock-black.running');
  await page.waitForFunction(() => Number(document.getElementById('clock-black').dataset.ms) < 59_800);
  g = await view(page, id);
  assert.equal(g.clock.running, 'black');
  assert.equal(g.players.black, 'Ann');
  await page.context().close();
});
