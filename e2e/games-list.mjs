// The games list on a busy server: this browser's games stay under "Your games" however many
// games other people have started since (the server's general list holds only the latest 200).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, newPage, gameId, createGame } from './helpers.mjs';

test('your games stay listed after 200 newer games of other people', async () => {
  const page = await newPage('busy-list');
  await page.goto(BASE + '/#/');
  await page.click('#quick-play');
  await page.waitForURL(/#\/game\/\d+$/);
  const mine = Number(await gameId(page));
  // 200 games of other people (made through the API: this browser holds no key to them), ten at
  // a time.
  for (let i = 0; i < 20; i++) {
    const made = await Promise.all(Array.from({ length: 10 }, () => createGame(page, { variant: 'hasami', opponent: 'local' })));
    assert.ok(made.every((c) => c.id > mine), JSON.stringify(made[0]));
  }
  await page.goto(BASE + '/#/games');
  await page.waitForSelector('#games-list');
  const ids = await page.$$eval('#games-list tr[data-game-id]', (rs) => rs.map((r) => Number(r.dataset.gameId)));
  assert.deepEqual(ids, [mine], 'this browser\'s game is missing from Your games');
  // The first screen's short list too.
  await page.goto(BASE + '/#/');
  await page.waitForSelector(`#games-list tr[data-game-id="${mine}"]`);
  await page.context().close();
});
