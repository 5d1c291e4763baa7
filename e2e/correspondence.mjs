// A correspondence game (days per move) between two browser contexts: created in the new-game form
// with "Correspondence: 1 day per move", the time left shown in days and hours, "Give more time"
// for the waiting player, and, after the other player moves, the first player's home page lists
// the game first, marked "your turn", with "(1)" in the tab's title and the icon with the dot.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, newPage, gameId, waitGame, apiMove } from './helpers.mjs';

test('a correspondence game: days left, more time, and "your turn" on the home page', async () => {
  const ann = await newPage('corr-ann');
  await ann.goto(BASE + '/#/');
  await ann.waitForSelector('#new-game-form');
  await ann.check('#ng-opponent-online');
  assert.equal(await ann.isVisible('#ng-days'), true);
  await ann.selectOption('#ng-days', '1');
  await ann.selectOption('#ng-side', 'black');
  await ann.click('#ng-start');
  const id = await gameId(ann);
  // Black's day runs: about 23 hours 59 minutes left.
  await ann.waitForFunction(() => /hours? \d+ minutes? left/.test(document.getElementById('clock-black').textContent));
  assert.match(await ann.textContent('#clock-white'), /1 day per move/);
  const { annToken, whiteLink } = await ann.evaluate((gid) => ({
    annToken: JSON.parse(localStorage.getItem('hasami.tokens'))[gid],
    whiteLink: JSON.parse(localStorage.getItem('hasami.links'))[gid].white,
  }), id);

  const bob = await newPage('corr-bob');
  await bob.goto(BASE + whiteLink);
  await waitGame(bob, { 'game-id': id });
  const bobToken = await bob.evaluate((gid) => JSON.parse(localStorage.getItem('hasami.tokens'))[gid], id);
  // Bob waits for Ann's move: he may give her more time, and her deadline moves by a day.
  await bob.waitForSelector('#btn-extend', { state: 'visible' });
  const before = Number(await bob.getAttribute('#clock-black', 'data-deadline'));
  await bob.click('#btn-extend');
  await bob.waitForFunction((b) => Number(document.getElementById('clock-black').dataset.deadline) > b + 80_000_000, before);
  await bob.waitForFunction(() => /1 day/.test(document.getElementById('clock-black').textContent));
  // Ann, to move, is not offered it.
  assert.equal(await ann.isVisible('#btn-extend'), false);

  await apiMove(ann, id, annToken, 'e1e5');
  await waitGame(ann, { ply: 1 });
  await apiMove(bob, id, bobToken, 'a9a8');
  await waitGame(ann, { ply: 2 });

  // Ann's home page lists the game first, marked "your turn", and the tab counts it.
  await ann.goto(BASE + '/#/');
  const row = ann.locator(`#games-list tbody tr[data-game-id="${id}"]`);
  await row.waitFor();
  assert.match(await row.textContent(), /your turn/);
  assert.equal(await ann.getAttribute('#games-list tbody tr:first-child', 'data-game-id'), id);
  await ann.waitForFunction(() => document.title.startsWith('(1) '));
  assert.match(await ann.getAttribute('link[rel="icon"]', 'href'), /\/favicon-turn\.svg$/);
  // Bob waits: no count in his tab.
  await bob.goto(BASE + '/#/');
  await bob.locator(`#games-list tbody tr[data-game-id="${id}"]`).waitFor();
  assert.doesNotMatch(await bob.locator(`#games-list tbody tr[data-game-id="${id}"]`).textContent(), /your turn/);
  assert.doesNotMatch(await bob.title(), /^\(/);
  for (const p of [ann, bob]) await p.context().close();
});
