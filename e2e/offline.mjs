// The installable app offline (issue 54): the page is opened once (the service worker installed and
// controlling it), the network is cut (Playwright's offline mode), the rules and the lessons' list
// are opened, a level-5 game against the
// computer is started from the new-game form (kept in the browser, played by the engine in the
// page), a hint asked for, the page reloaded (served by the worker) and the game continued to its
// end by rule (`quiet=12`: twelve plies without a capture end it); back online, the game is stored
// on the server with its moves and listed among this browser's games.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, newPage, pageErrors, shot } from './helpers.mjs';

/** The view of local game `id` as the game screen gets it (local-games.js, the app's own copy). */
async function localView(page, id) {
  return page.evaluate(async (gid) => {
    const base = document.querySelector('script[type=module]').src.replace(/app\.js$/, '');
    const { localGames } = await import(base + 'local-games.js');
    return localGames.game(gid);
  }, id);
}

/** Game `id` as kept in IndexedDB. */
async function keptGame(page, id) {
  return page.evaluate(async (gid) => {
    const base = document.querySelector('script[type=module]').src.replace(/app\.js$/, '');
    const { getGame } = await import(base + 'local-store.js');
    return getGame(gid);
  }, id);
}

/** Plays `move` in the typed-move box and waits for the computer's reply (or the end). */
async function play(page, move) {
  const ply = Number(await page.getAttribute('#game', 'data-ply'));
  await page.fill('#typed-move', move);
  await page.press('#typed-move', 'Enter');
  await page.waitForFunction((p) => {
    const g = document.getElementById('game');
    return g.dataset.status === 'over' || (Number(g.dataset.ply) >= p + 2 && g.dataset.thinking === 'false');
  }, ply, { timeout: 30_000 });
}

test('offline: a level-5 game against the computer played to its end with no network, a hint, a reload; back online it is on the server', { timeout: 240_000 }, async () => {
  const page = await newPage('offline', undefined, undefined, { serviceWorkers: 'allow' });
  const context = page.context();
  await page.goto(BASE + '/');
  await page.waitForSelector('#quick-play');
  // Installed: the worker has kept the files and controls the page.
  await page.waitForFunction(() => navigator.serviceWorker && navigator.serviceWorker.controller, null, { timeout: 60_000 });
  assert.ok(await page.evaluate(() => fetch('/manifest.webmanifest').then((r) => r.ok)), 'the manifest is served');

  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('#new-game-form');
  // The rules and the lessons' list need no server.
  await page.goto(BASE + '/#/rules/hasami');
  await page.waitForSelector('#rules-hasami');
  await page.goto(BASE + '/#/learn');
  await page.waitForSelector('#learn-game-list li');
  await page.goto(BASE + '/#/');
  await page.waitForSelector('#new-game-form');
  await page.selectOption('#ng-variant', 'hasami');
  await page.fill('#ng-options', 'quiet=12');
  await page.check('#ng-opponent-engine');
  await page.selectOption('#ng-level', '5');
  await page.selectOption('#ng-side', 'black');
  await page.click('#ng-start');
  await page.waitForURL(/#\/local\/l[0-9a-z]+$/);
  const id = new URL(page.url()).hash.split('/')[2];
  await page.waitForSelector('#game[data-status="playing"][data-you="black"][data-ply="0"]');
  assert.match(await page.textContent('#connection'), /kept in this browser/);
  let v = await localView(page, id);
  assert.equal(v.engine_in, 'page');
  assert.equal(v.level, 5);
  assert.equal(v.engine_side, 'white');
  assert.match(v.variant, /quiet=12/);

  // Two moves, then a hint (the engine in the page), played.
  await play(page, v.legal_moves[0]);
  await play(page, (await localView(page, id)).legal_moves.at(-1));
  await page.click('#btn-hint');
  await page.waitForFunction(() => /^Hint: /.test(document.getElementById('status').textContent));
  await page.waitForSelector('svg#board .hintmark');
  const hinted = (await localView(page, id)).legal_moves;
  const hintText = await page.textContent('#status');
  const hint = hinted.find((m) => hintText.includes(m.slice(0, m.length / 2)) && hintText.includes(m.slice(m.length / 2)));
  assert.ok(hint, `the hint (${hintText}) is a legal move`);
  await play(page, hint);
  const before = Number(await page.getAttribute('#game', 'data-ply'));

  // A reload with no network: the worker serves the app, the game goes on where it was.
  await page.reload();
  await page.waitForSelector(`#game[data-ply="${before}"]`);
  await page.waitForSelector('#game[data-thinking="false"]');
  for (let i = 0; i < 40 && (await page.getAttribute('#game', 'data-status')) === 'playing'; i++) {
    v = await localView(page, id);
    await play(page, v.legal_moves[i % v.legal_moves.length]);
  }
  await page.waitForSelector('#game[data-status="over"]');
  assert.ok((await page.textContent('#game-over')).length > 0);
  await shot(page, 'offline-game-over.png');
  const kept = await keptGame(page, id);
  assert.ok(kept.ended && kept.ended[0] !== '*', 'ended by rule: ' + JSON.stringify(kept.ended));
  assert.equal(kept.synced, null);

  // Back online: the game is sent to the server, which lists it with its moves.
  await context.setOffline(false);
  let synced = null;
  for (let i = 0; i < 120 && !synced; i++) {
    const g = await keptGame(page, id);
    assert.ok(!g.refused, 'the server took the record: ' + g.refused);
    synced = g.synced;
    if (!synced) await page.waitForTimeout(500);
  }
  assert.ok(synced, 'the game was sent to the server');
  const served = await page.evaluate((n) => fetch('/api/games/' + n).then((r) => r.json()), synced);
  assert.deepEqual(served.moves.map((m) => m.move), kept.moves);
  assert.equal(served.status, 'over');
  assert.equal(served.opponent, 'engine');
  const list = await page.evaluate(() => fetch('/api/games').then((r) => r.json()));
  assert.ok(list.games.some((g) => g.id === synced && g.plies === kept.moves.length), 'GET /api/games lists it');
  await page.goto(BASE + '/#/games');
  await page.waitForSelector(`#games-list tr[data-game-id="${synced}"]`);
  assert.equal(await page.$('#local-games'), null, 'nothing left waiting on this device');
  await context.close();
  // The requests the page makes of the server while the network is cut fail, as they should.
  for (let i = pageErrors.length - 1; i >= 0; i--) if (/^offline console: .*(ERR_INTERNET_DISCONNECTED|ERR_FAILED)/.test(pageErrors[i])) pageErrors.splice(i, 1);
  assert.deepEqual(pageErrors.filter((e) => e.startsWith('offline')), []);
});
