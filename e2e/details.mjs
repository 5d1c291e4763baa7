// Details players hit: in the dark theme Black's player dot stands out from the page (its rim's
// contrast with what is behind it at least 3:1, WCAG's floor for a graphic); a game aborted before
// anyone moved offers no rematch, and a rematch the opponent asked for is said in words; another
// browser's games list calls an engine game's unnamed player Anonymous, not You.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, newPage, createGame, waitGame } from './helpers.mjs';

test("dark theme: Black's player dot stands out from the page", async () => {
  const page = await newPage('dark-dot', { width: 1200, height: 860 }, 'dark');
  await page.goto(BASE + '/#/rules');
  const c = await createGame(page, { variant: 'hasami', opponent: 'online', side: 'black' });
  await page.goto(`${BASE}/#/game/${c.id}?token=${c.token}`);
  await waitGame(page, { ply: 0 });
  const ratio = await page.evaluate(() => {
    const rgb = (text) => (text.match(/[\d.]+/g) || []).map(Number);
    const lum = ([r, g, b]) => {
      const f = (v) => { const c = v / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const dot = document.querySelector('#player-black .dot, .dot.black');
    let behind = dot.parentElement;
    while (behind && (getComputedStyle(behind).backgroundColor === 'rgba(0, 0, 0, 0)' || getComputedStyle(behind).backgroundColor === 'transparent')) behind = behind.parentElement;
    const bg = rgb(getComputedStyle(behind || document.body).backgroundColor);
    const rim = rgb(getComputedStyle(dot).borderTopColor);
    const [a, b] = [lum(rim), lum(bg)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
  });
  assert.ok(ratio >= 3, `the dot's rim has a contrast of ${ratio.toFixed(2)}:1 with the page`);
  await page.context().close();
});

test('a game aborted before anyone moved offers no rematch; an asked rematch is said in words', async () => {
  const ann = await newPage('abort-ann');
  const bob = await newPage('abort-bob');
  await ann.goto(BASE + '/#/rules');
  await bob.goto(BASE + '/#/rules');
  const post = (page, path, body) => page.evaluate(async ([p, b]) => {
    const r = await fetch(p, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) });
    return r.json();
  }, [path, body]);
  const c = await createGame(ann, { variant: 'hasami', opponent: 'online', side: 'black', open: true });
  const j = await post(bob, `/api/games/${c.id}/join`, {});
  await post(ann, `/api/games/${c.id}/abort`, { token: c.token });
  await bob.goto(`${BASE}/#/game/${c.id}?token=${j.token}`);
  await waitGame(bob, { status: 'over' });
  await bob.waitForSelector('#btn-like-this');
  assert.equal(await bob.locator('#btn-rematch').count(), 0, 'an unplayed game offers a rematch');

  // A played game: Ann resigns after a move each and asks for a rematch; Bob reads it.
  const d = await createGame(ann, { variant: 'hasami', opponent: 'online', side: 'black' });
  const white = d.links.white.split('token=')[1];
  const g = await post(ann, `/api/games/${d.id}/moves`, { move: d.game.legal_moves[0], token: d.token });
  await post(bob, `/api/games/${d.id}/moves`, { move: g.legal_moves[0], token: white });
  await post(ann, `/api/games/${d.id}/resign`, { token: d.token });
  await bob.goto(`${BASE}/#/game/${d.id}?token=${white}`);
  await waitGame(bob, { status: 'over' });
  await bob.waitForSelector('#btn-rematch');
  await post(ann, `/api/games/${d.id}/rematch`, { token: d.token });
  await bob.waitForSelector('#rematch-offer');
  assert.match(await bob.textContent('#rematch-offer'), /asks for a rematch/);
  assert.equal(await bob.textContent('#btn-rematch'), 'Join the rematch');
  for (const p of [ann, bob]) await p.context().close();
});

test("another browser's list names the player of an engine game Anonymous, not You", async () => {
  const ann = await newPage('list-ann');
  const eve = await newPage('list-eve');
  await ann.goto(BASE + '/#/rules');
  const c = await createGame(ann, { variant: 'hasami', opponent: 'engine', level: 1 });
  await ann.evaluate(async ([id, t]) => fetch(`/api/games/${id}/resign`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: t }) }), [c.id, c.token]);
  await eve.goto(BASE + '/#/games');
  const row = eve.locator(`tr[data-game-id="${c.id}"]`);
  await row.waitFor();
  assert.match(await row.textContent(), /Anonymous – hasami level 1/);
  assert.doesNotMatch(await row.textContent(), /You/);
  for (const p of [ann, eve]) await p.context().close();
});
