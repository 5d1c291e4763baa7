// Browser test of premoves: on the opponent's turn a player picks a piece and a square; the move
// is kept (marked on the board) and sent as soon as the opponent has moved, if it is legal then;
// one that is not is dropped with a word, and a kept one can be cancelled.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, newPage, shot, waitGame, createGame, apiMove, boardPieces } from './helpers.mjs';

test('online: a premove is played at once when the opponent has moved, if legal then', async () => {
  const bob = await newPage('premove-bob');
  await bob.goto(BASE + '/#/rules');
  const c = await createGame(bob, { variant: 'hasami', opponent: 'online', side: 'white' });
  const annToken = new URL(c.links.black, BASE).hash.split('token=')[1];
  await bob.goto(`${BASE}/#/game/${c.id}?token=${c.token}`);
  await waitGame(bob, { you: 'white', ply: 0 });

  // Black (Ann, through the API) is to move; Bob premoves a9-a6 by two clicks.
  await bob.locator('#sq-a9').click();
  assert.equal(await bob.locator('circle.target').count(), 0, 'a premove shows no destinations');
  await bob.locator('#sq-a6').click();
  await bob.waitForSelector('#premove:not([hidden])');
  assert.match(await bob.textContent('#premove-text'), /^Premove a9–a6/);
  assert.equal(await bob.locator('rect.premove').count(), 2);
  await shot(bob, 'premove-1280.png');
  assert.equal(await bob.getAttribute('#game', 'data-ply'), '0', 'nothing is sent before the turn');

  await apiMove(bob, c.id, annToken, 'e1e5');
  await waitGame(bob, { ply: 2 });
  assert.equal((await boardPieces(bob)).a6, 'white');
  assert.ok(await bob.isHidden('#premove'));

  // A premove that the opponent's move makes illegal is dropped: b9-b5 is blocked once Black
  // lands on b7.
  await bob.locator('#sq-b9').click();
  await bob.locator('#sq-b5').click();
  await bob.waitForSelector('#premove:not([hidden])');
  await apiMove(bob, c.id, annToken, 'b1b7');
  await waitGame(bob, { ply: 3 });
  await bob.waitForFunction(() => /your premove b9–b5 was not legal here/.test(document.getElementById('status').textContent));
  assert.equal(await bob.getAttribute('#game', 'data-turn'), 'white', 'still Bob to move');

  // A kept premove can be cancelled: Bob moves c9-c8, premoves d9-d7 and cancels it, and after
  // Black's reply plays e9-e7 instead.
  await bob.locator('#sq-c9').click();
  await bob.locator('#sq-c8').click();
  await waitGame(bob, { ply: 4 });
  await bob.locator('#sq-d9').click();
  await bob.locator('#sq-d7').click();
  await bob.waitForSelector('#premove:not([hidden])');
  await bob.click('#btn-premove-cancel');
  assert.ok(await bob.isHidden('#premove'));
  await apiMove(bob, c.id, annToken, 'i1i3');
  await waitGame(bob, { ply: 5, turn: 'white' });
  await bob.locator('#sq-e9').click();
  await bob.locator('#sq-e7').click();
  await waitGame(bob, { ply: 6 });
  const pieces = await boardPieces(bob);
  assert.deepEqual([pieces.d9, pieces.d7, pieces.e7], ['white', undefined, 'white'], 'the cancelled premove was not sent');
  await bob.context().close();
});
