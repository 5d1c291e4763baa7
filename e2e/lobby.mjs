// Browser tests of the lobby: a game created in one browser with "List it in the lobby" is joined
// from the lobby screen in another, and both pages then show the joiner; "Play someone online" makes
// the first player wait in the lobby and pairs the second with that game.

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
  // Ann's invite links went with the seat: Bob has a key of his own, the old link's no longer works.
  assert.ok(await ann.evaluate(() => !document.getElementById('invite-links') || document.getElementById('invite-links').hidden),
    'the invite links are still shown after the seat was taken');
  // The lobby no longer lists it, and a reload of Bob's game keeps his seat.
  const eve = await newPage('lobby-eve');
  await eve.goto(BASE + '/#/lobby');
  await eve.waitForSelector('#lobby-title');
  await eve.waitForFunction((gid) => !document.querySelector(`#lobby-list tr[data-game-id="${gid}"]`), id);
  await bob.reload();
  await waitGame(bob, { 'game-id': id, you: 'white' });
  for (const p of [ann, bob, eve]) await p.context().close();
});

test('Play someone online: the first waits in the lobby, the second joins that game', async () => {
  const ann = await newPage('quick-ann');
  const bob = await newPage('quick-bob');
  await ann.goto(BASE + '/#/');
  await ann.selectOption('#quick-variant', 'hasami-chess');
  await ann.click('#quick-online');
  await waitGame(ann, { status: 'playing' });
  const id = await ann.getAttribute('#game', 'data-game-id');
  await ann.waitForFunction(() => /waiting in the lobby/.test(document.getElementById('status').textContent));
  const annSide = await ann.getAttribute('#game', 'data-you');
  assert.ok(['black', 'white'].includes(annSide), annSide);
  assert.ok(await ann.isVisible('#clock-black'), 'a quick game has a clock');

  await bob.goto(BASE + '/#/');
  await bob.selectOption('#quick-variant', 'hasami-chess');
  await bob.click('#quick-online');
  await waitGame(bob, { 'game-id': id });
  assert.equal(await bob.getAttribute('#game', 'data-you'), annSide === 'black' ? 'white' : 'black');
  await ann.waitForFunction(() => !/waiting in the lobby/.test(document.getElementById('status').textContent));
  // Each player's games list says whether it is their move (Black moves first).
  const [first, second] = annSide === 'black' ? [ann, bob] : [bob, ann];
  for (const [p, mine] of [[first, true], [second, false]]) {
    await p.goto(BASE + '/#/games');
    const row = p.locator(`#games-list tr[data-game-id="${id}"]`);
    await row.waitFor();
    assert.equal(/your turn/.test(await row.textContent()), mine, await row.textContent());
  }
  for (const p of [ann, bob]) await p.context().close();
});

/** Presses "Play someone online" for Hasami Shogi with `clock` on `page`; the game's id once open. */
async function quickOnline(page, clock) {
  await page.goto(BASE + '/#/');
  await page.selectOption('#quick-variant', 'hasami');
  await page.selectOption('#quick-clock', clock);
  await page.click('#quick-online');
  await waitGame(page, { status: 'playing' });
  return page.getAttribute('#game', 'data-game-id');
}

test('Play someone online pairs only players who chose the same clock', async () => {
  const ann = await newPage('pool-ann');
  const carl = await newPage('pool-carl');
  const bob = await newPage('pool-bob');
  const annGame = await quickOnline(ann, '3+2');
  await ann.waitForFunction(() => /waiting in the lobby/.test(document.getElementById('status').textContent));
  assert.equal(Number(await ann.getAttribute('#clock-black', 'data-ms')), 180_000);

  // Another clock: Carl waits in a game of his own rather than taking Ann's.
  const carlGame = await quickOnline(carl, '10+5');
  assert.notEqual(carlGame, annGame);
  await carl.waitForFunction(() => /waiting in the lobby/.test(document.getElementById('status').textContent));

  // The same clock as Ann's: Bob joins her game. The choice is remembered on the first screen.
  assert.equal(await quickOnline(bob, '3+2'), annGame);
  // Paired strangers: each page counts down the first move (the game is aborted when it passes).
  for (const p of [ann, bob]) {
    await p.waitForSelector('#first-move:not([hidden])');
    const text = await p.textContent('#first-move');
    const mover = (await p.getAttribute('#game', 'data-you')) === 'black';
    assert.match(text, mover ? /^Make your first move within \d+ s, or the game is aborted$/ : /^Black must make a first move within \d+ s/);
  }
  // Ann aborts; both are offered a new opponent with the same game and clock, and pressing it
  // pairs them again (Ann waits, Bob joins).
  await ann.click('#btn-abort');
  for (const p of [ann, bob]) await p.waitForSelector('#btn-new-opponent');
  await ann.click('#btn-new-opponent');
  await ann.waitForFunction((old) => document.querySelector(`#game[data-game-id]:not([data-game-id="${old}"])`), annGame);
  const again = await ann.getAttribute('#game', 'data-game-id');
  await ann.waitForFunction(() => /waiting in the lobby/.test(document.getElementById('status').textContent));
  assert.equal(Number(await ann.getAttribute('#clock-black', 'data-ms')), 180_000);
  await bob.click('#btn-new-opponent');
  await waitGame(bob, { 'game-id': again });
  await bob.goto(BASE + '/#/');
  assert.equal(await bob.inputValue('#quick-clock'), '3+2');
  await ann.click('#btn-abort');

  // Carl's seek is withdrawn (abort before a move ends it), so later tests find an empty lobby.
  await carl.evaluate(async (gid) => {
    const t = JSON.parse(localStorage.getItem('hasami.tokens'))[gid];
    await fetch(`/api/games/${gid}/abort`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: t }) });
  }, carlGame);
  for (const p of [ann, bob, carl]) await p.context().close();
});

test('Your games says "your turn" also for a game whose page this browser never opened', async () => {
  const ann = await newPage('moves-ann');
  await ann.goto(BASE + '/#/');
  await ann.waitForSelector('#quick-start');
  // Two online games held by key only (as after an invite made elsewhere or before this browser
  // remembered sides): Black's key, whose turn it is, and White's key, which waits.
  const ids = await ann.evaluate(async () => {
    const made = [];
    for (const side of ['black', 'white']) {
      const r = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ variant: 'hasami', opponent: 'online', side }) });
      made.push(await r.json());
    }
    const keys = JSON.parse(localStorage.getItem('hasami.tokens') || '{}');
    for (const c of made) keys[c.id] = c.token;
    localStorage.setItem('hasami.tokens', JSON.stringify(keys));
    localStorage.removeItem('hasami.sides');
    return made.map((c) => c.id);
  });
  await ann.goto(BASE + '/#/games');
  const [mine, theirs] = ids.map((id) => ann.locator(`#games-list tr[data-game-id="${id}"]`));
  await mine.waitFor();
  await ann.waitForFunction((id) => /your turn/.test(document.querySelector(`#games-list tr[data-game-id="${id}"]`).textContent), ids[0]);
  assert.doesNotMatch(await theirs.textContent(), /your turn/);
  await ann.context().close();
});
