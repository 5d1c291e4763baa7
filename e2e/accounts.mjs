// Browser tests of accounts: two players sign up in two browser contexts, play a rated game listed
// in the lobby (the Rated box of the new game form), one resigns, and both player pages show the
// ratings changed (provisional, marked "?"); then a challenge by name is sent from a player page,
// shown to the other on any page, accepted, and both land in the game.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, newPage, view, clickMove, waitGame } from './helpers.mjs';

const PASSWORD = 'a good long password';

/** Signs up `name` on `page` through the sign-up form. */
async function signUp(page, name) {
  await page.goto(BASE + '/#/signup');
  await page.fill('#signup-name', name);
  await page.fill('#signup-password', PASSWORD);
  await page.fill('#signup-repeat', PASSWORD);
  await page.click('#signup-submit');
  await page.waitForFunction((n) => document.getElementById('nav-user')?.textContent.includes(n), name);
}

/** Plays the first legal move on `page`'s game screen by clicking. */
async function firstMove(page, id) {
  const legal = (await view(page, id)).legal_moves;
  const mv = legal[0];
  await clickMove(page, mv.slice(0, 2), mv.slice(2, 4), legal);
}

/** The rating `page` shows for `preset` on `name`'s player page. */
async function shownRating(page, name, preset) {
  await page.goto(`${BASE}/#/@/${name}`);
  const row = page.locator(`#player-ratings tr[data-preset="${preset}"]`);
  await row.waitFor();
  return row.textContent();
}

test('accounts: a rated game between two signed-up players changes both ratings', async () => {
  const ann = await newPage('acc-ann');
  const bob = await newPage('acc-bob');
  await signUp(ann, 'AnnRated');
  await signUp(bob, 'BobRated');

  await ann.goto(BASE + '/#/?open=1');
  await ann.waitForSelector('#new-game-form');
  await ann.waitForSelector('#ng-rated-box:not([hidden])');
  await ann.check('#ng-rated');
  await ann.click('#ng-start');
  await waitGame(ann, { you: 'black' });
  const id = await ann.getAttribute('#game', 'data-game-id');
  await ann.waitForSelector('#game-rated');

  await bob.goto(BASE + '/#/lobby');
  const row = bob.locator(`#lobby-list tr[data-game-id="${id}"]`);
  await row.waitFor();
  assert.match(await row.textContent(), /AnnRated/);
  assert.match(await row.textContent(), /rated/i);
  await row.locator('button.join').click();
  await waitGame(bob, { 'game-id': id, you: 'white' });
  await ann.waitForFunction(() => /BobRated/.test(document.getElementById('player-white').textContent));
  assert.equal(await ann.locator('#player-white a.player-link').count(), 1, 'the account links to its page');

  await firstMove(ann, id);
  await waitGame(bob, { 'game-id': id, ply: 1 });
  await firstMove(bob, id);
  await waitGame(ann, { ply: 2 });
  await bob.click('#btn-resign');
  await waitGame(ann, { status: 'over' });

  const annRating = await shownRating(ann, 'AnnRated', 'hasami');
  const bobRating = await shownRating(bob, 'BobRated', 'hasami');
  const number = (text) => Number(/(\d{3,4})\?/.exec(text)[1]);
  assert.ok(number(annRating) > 1500, `the winner rises: ${annRating}`);
  assert.ok(number(bobRating) < 1500, `the loser falls: ${bobRating}`);
  assert.ok(await ann.locator('#player-history svg.rating-graph[data-preset="hasami"]').count() === 1);
  for (const p of [ann, bob]) await p.context().close();
});

test('accounts: a challenge by name is seen on any page and accepted', async () => {
  const ann = await newPage('ch-ann');
  const bob = await newPage('ch-bob');
  await signUp(ann, 'AnnChall');
  await signUp(bob, 'BobChall');
  await bob.goto(BASE + '/#/rules');

  await ann.goto(BASE + '/#/@/BobChall');
  await ann.click('#player-challenge');
  await ann.waitForSelector('#challenge-form');
  assert.equal(await ann.inputValue('#ch-to'), 'BobChall');
  await ann.selectOption('#ch-clock', 'none');
  await ann.click('#ch-send');
  await ann.waitForSelector('#ch-sent');

  const incoming = bob.locator('#challenges-banner .challenge.incoming');
  await incoming.waitFor({ timeout: 30_000 });
  assert.match(await incoming.textContent(), /AnnChall/);
  await incoming.locator('button[data-action=accept]').click();
  await bob.waitForSelector('#game[data-game-id]');
  const id = await bob.getAttribute('#game', 'data-game-id');
  assert.ok(['black', 'white'].includes(await bob.getAttribute('#game', 'data-you')));
  // The challenger's page notices the answer and opens the game with its own seat.
  await ann.waitForFunction((gid) => document.querySelector(`#game[data-game-id="${gid}"][data-you]`), id, { timeout: 30_000 });
  for (const p of [ann, bob]) await p.context().close();
});
