// Browser test of takeback requests in an online game: one player asks, the other sees the request
// and accepts it (both boards go back) or declines it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, newPage, shot, waitGame, openGame, createGame, apiMove } from './helpers.mjs';

test('online: a takeback asked in one browser is accepted or declined in the other', async () => {
  const ann = await newPage('takeback-ann');
  const bob = await newPage('takeback-bob');
  await ann.goto(BASE + '/#/rules');
  const c = await createGame(ann, { variant: 'hasami', opponent: 'online', side: 'black' });
  const bobToken = new URL(c.links.white, BASE).hash.split('token=')[1];
  await apiMove(ann, c.id, c.token, 'e1e5');
  await apiMove(ann, c.id, bobToken, 'a9a6');
  await openGame(ann, c.id, c.token);
  await openGame(bob, c.id, bobToken);
  await waitGame(ann, { ply: 2 });
  await apiMove(ann, c.id, c.token, 'i1i4');
  await waitGame(ann, { ply: 3 });
  await waitGame(bob, { ply: 3 });
  // Bob has nothing to accept yet; Ann may ask.
  assert.equal(await bob.textContent('#btn-takeback'), 'Ask takeback');
  assert.ok(!(await bob.isVisible('#btn-takeback-decline')), 'nothing to decline yet');
  assert.ok(await ann.isEnabled('#btn-takeback'));
  await ann.click('#btn-takeback');
  await ann.waitForFunction(() => document.getElementById('btn-takeback').disabled);
  assert.match(await ann.textContent('#status'), /Black asks for a takeback/);
  await bob.waitForFunction(() => document.getElementById('btn-takeback').textContent === 'Accept takeback');
  assert.match(await bob.textContent('#status'), /your opponent asks to take back their last move/);
  await shot(bob, 'takeback-asked-1280.png');
  await bob.click('#btn-takeback');
  await waitGame(bob, { ply: 2 });
  await waitGame(ann, { ply: 2 });
  assert.doesNotMatch(await ann.textContent('#status'), /takeback/);
  assert.equal(await ann.textContent('#btn-takeback'), 'Ask takeback');
  assert.ok(!(await bob.isVisible('#btn-takeback-decline')), 'the request was answered');

  // Asked again after another move, and declined: the move stays.
  await apiMove(ann, c.id, c.token, 'h1h4');
  await waitGame(bob, { ply: 3 });
  await ann.click('#btn-takeback');
  await bob.waitForSelector('#btn-takeback-decline', { state: 'visible' });
  await bob.click('#btn-takeback-decline');
  await ann.waitForFunction(() => !/takeback/.test(document.getElementById('status').textContent));
  await waitGame(ann, { ply: 3 });
  assert.ok(await ann.isEnabled('#btn-takeback'), 'Ann may ask again');
  for (const p of [ann, bob]) await p.context().close();
});
