// Browser test of the lobby: a game created in one browser with "List it in the lobby" is joined
// from the lobby screen in another; both pages then show the joiner.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, newPage, shot, waitGame } from './helpers.mjs';

test('lobby: a game listed in one browser is joined from the lobby in another', async () => {
  const ann = await newPage('lobby-ann');
  const bob = await newPage('lobby-bob');
  await ann.goto(BASE + '/#/?open=1');
  await ann.waitForSelector('#new-game-form');
  assert.ok(await ann.isChecked('#ng-opponent-online'), 'the lobby link sets up an online game');
  assert.ok(await ann.isChecked('#ng-open'));
  await ann.fill('#ng-name', 'Ann');
  await ann.click('#ng-start');
  await waitGame(ann, { you: 'black' });
  const id = await ann.getAttribute('#game', 'data-game-id');
  await ann.waitForFunction(() => /waiting in the lobby/.test(document.getElementById('status').textContent));

  await bob.goto(BASE + '/#/lobby');
  const row = bob.locator(`#lobby-list tr[data-game-id="${id}"]`);
  await row.waitFor();
  assert.match(await row.textContent(), /Ann/);
  await shot(bob, 'lobby-1280.png');
  await bob.fill('#lobby-name', 'Bob');
  await row.locator('button.join').click();
  await waitGame(bob, { 'game-id': id, you: 'white' });
  // Ann's page hears of Bob; the game no longer waits.
  await ann.waitForFunction(() => /Bob/.test(document.getElementById('player-white').textContent));
  await ann.waitForFunction(() => !/waiting in the lobby/.test(document.getElementById('status').textContent));
  // The lobby no longer lists it, and a reload of Bob's game keeps his seat.
  const eve = await newPage('lobby-eve');
  await eve.goto(BASE + '/#/lobby');
  await eve.waitForSelector('#lobby-title');
  await eve.waitForFunction((gid) => !document.querySelector(`#lobby-list tr[data-game-id="${gid}"]`), id);
  await bob.reload();
  await waitGame(bob, { 'game-id': id, you: 'white' });
  for (const p of [ann, bob, eve]) await p.context().close();
});
