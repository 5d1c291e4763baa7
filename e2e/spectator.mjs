// A spectator of an online game sees no player's buttons (resign, draw, takeback, undo) and no
// engine help while the game goes on; once it is over, the hint and analysis are there. The first
// screen's clock select sits beside the button it is for (Play someone online).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, newPage, createGame, apiMove, waitGame } from './helpers.mjs';

test('a spectator sees no player buttons, and engine help only once the game is over', async () => {
  const page = await newPage('watcher');
  await page.goto(BASE + '/#/rules');
  const c = await createGame(page, { variant: 'hasami', opponent: 'online', side: 'black' });
  const white = c.links.white.split('token=')[1];
  const g = await apiMove(page, c.id, c.token, c.game.legal_moves[0]);
  await apiMove(page, c.id, white, g.legal_moves[0]);
  await page.goto(`${BASE}/#/game/${c.id}`);
  await waitGame(page, { you: 'spectator', ply: 2 });
  const shown = (id) => page.locator(`#${id}`).isVisible();
  for (const id of ['btn-resign', 'btn-abort', 'btn-draw', 'btn-takeback', 'btn-undo', 'btn-hint', 'btn-analysis']) {
    assert.equal(await shown(id), false, `${id} is shown to a spectator`);
  }
  const r = await page.evaluate(async ([id, t]) => (await fetch(`/api/games/${id}/resign`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: t }) })).status, [c.id, c.token]);
  assert.equal(r, 200);
  await waitGame(page, { status: 'over' });
  assert.equal(await shown('btn-hint'), true, 'a finished game may be analysed');
  assert.equal(await shown('btn-resign'), false);
  await page.context().close();
});

test('the quick clock sits beside Play someone online, not beside Play the computer', async () => {
  const page = await newPage('quick-clock');
  await page.goto(BASE + '/#/');
  await page.waitForSelector('#quick-play');
  const order = await page.evaluate(() => [...document.querySelectorAll('#quick-start .row > *')].map((e) => e.id));
  assert.deepEqual(order, ['quick-variant', 'quick-play', 'quick-clock', 'quick-online']);
  await page.context().close();
});
