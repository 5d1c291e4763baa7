// Real-browser end-to-end tests of the hasami web app: headless Debian Chromium driven by
// playwright-core, against a running `hasami serve`.
//
//   HASAMI_URL=http://127.0.0.1:8080 HASAMI_SCREENSHOTS=target/test-output/screenshots node e2e/browser.mjs
//
// crates/cli/tests/browser.rs starts the server on a fresh database and runs this file as part of
// `cargo test --workspace`. The scenarios (issue 4) use the stable hooks of docs/web.md:
//   1. a game against the engine started in the new-game dialog from a position where Black's first
//      move f1-f5 certainly captures e5; that move is made by clicking (pick the piece, see its legal
//      destinations, click one), the next by dragging; the engine's replies appear; a reload restores
//      the game;
//   2. an online game between two browser contexts joined by the invite links, played to the end from
//      a position where White has two pieces (Black f1-f2, White e9-i9, Black f2-f5 captures e5 and
//      wins), watched by a spectator in a third context who cannot move (clicks do nothing, the API and
//      the WebSocket refuse);
//   3. the stored games list (resume a game, see a finished one) and the rules page.
// Every wait is for a condition in the page; nothing sleeps for a fixed time.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const BASE = (process.env.HASAMI_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');
const SHOTS = process.env.HASAMI_SCREENSHOTS || 'target/test-output/screenshots';
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const TIMEOUT = 20_000;

/** Black's f1-f5 sandwiches e5 between d5 and f5. */
const ENGINE_START = 'wwwwwwww1/9/9/9/3bw4/9/9/9/1bbbbbbbb b 0 1';
/** White has two pieces: the capture of e5 leaves one, and Black wins. */
const ONLINE_START = '4w4/9/9/9/3bw4/9/9/9/5b3 b 0 1';

let browser;
const pageErrors = [];

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Playwright gives every launch a fresh, empty user data directory of its own.
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  if (browser) await browser.close();
});

/** A new isolated browser context (its own localStorage, so its own tokens) and a page in it. */
async function newPage(name) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 860 }, reducedMotion: 'reduce' });
  context.setDefaultTimeout(TIMEOUT);
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(`${name}: ${e.message}`));
  // Refused requests (the test makes some on purpose) are logged by Chromium as console errors;
  // anything else logged as an error is a fault of the page.
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(m.text()))
      pageErrors.push(`${name} console: ${m.text()}`);
  });
  page.on('dialog', (d) => d.accept());
  return page;
}

async function shot(page, file) {
  await page.screenshot({ path: join(SHOTS, file), fullPage: true });
}

/** The game id shown by the game screen. */
async function gameId(page) {
  await page.waitForSelector('#game[data-game-id][data-status]');
  return page.getAttribute('#game', 'data-game-id');
}

/** Waits until the game screen shows `ply` plies (and the other data-* values given). */
async function waitGame(page, attrs) {
  const sel = '#game' + Object.entries(attrs).map(([k, v]) => `[data-${k}="${v}"]`).join('');
  await page.waitForSelector(sel);
}

/** The pieces drawn on the board: {square: 'black'|'white'}. */
async function boardPieces(page) {
  return page.$$eval('svg#board g.piece[data-square]:not([data-square=""])', (gs) =>
    Object.fromEntries(gs.map((g) => [g.dataset.square, g.dataset.piece])));
}

/** The pieces of a position text (RULES.md A7) on a 9x9 board. */
function positionPieces(text) {
  const out = {};
  text.split(' ')[0].split('/').forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (/[1-9]/.test(ch)) file += Number(ch);
      else { out[String.fromCharCode(97 + file) + (9 - i)] = ch === 'b' ? 'black' : 'white'; file += 1; }
    }
  });
  return out;
}

/** The game view as the page's own token sees it (GET /api/games/ID?token=…), fetched in the page. */
async function view(page, id) {
  return page.evaluate(async (gid) => {
    const t = (JSON.parse(localStorage.getItem('hasami.tokens')) || {})[gid];
    const r = await fetch(`/api/games/${gid}` + (t ? '?token=' + t : ''));
    return r.json();
  }, id);
}

async function center(page, square) {
  const box = await page.locator(`#sq-${square}`).boundingBox();
  assert.ok(box, `square ${square} is on the screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Picks up the piece on `from` by clicking, checks the shown destinations, clicks `to`. */
async function clickMove(page, from, to, legal) {
  await page.locator(`#sq-${from}`).click();
  await page.waitForSelector(`circle.target[data-target="${to}"]`);
  const shown = (await page.$$eval('circle.target', (cs) => cs.map((c) => c.dataset.target))).sort();
  const expected = legal.filter((m) => m.slice(0, 2) === from).map((m) => m.slice(2)).sort();
  assert.deepEqual(shown, expected, `legal destinations of ${from}`);
  assert.match(await page.getAttribute(`#sq-${to}`, 'aria-label'), /legal destination/);
  await page.locator(`#sq-${to}`).click();
}

/** Drags the piece on `from` to `to` with the mouse (press, move in steps, release). */
async function dragMove(page, from, to) {
  const a = await center(page, from);
  const b = await center(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + (b.x - a.x) / 4, a.y + (b.y - a.y) / 4, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
}

test('against the engine: new game dialog, click and drag moves, engine replies, a capture, reload', async () => {
  const page = await newPage('engine');
  await page.goto(BASE + '/#/');
  await page.waitForSelector('#new-game-form');
  await page.selectOption('#ng-variant', 'hasami');
  await page.check('#ng-opponent-engine');
  await page.selectOption('#ng-level', '1');
  await page.selectOption('#ng-side', 'black');
  await page.click('#new-game-form summary');
  await page.fill('#ng-position', ENGINE_START);
  await page.waitForFunction(() => document.getElementById('ng-about').textContent.startsWith('hasami'));
  assert.equal(await page.textContent('#ng-error'), '');
  await shot(page, '01-new-game.png');
  await page.click('#ng-start');

  await page.waitForURL(/#\/game\/\d+$/);
  const id = await gameId(page);
  await waitGame(page, { status: 'playing', you: 'black', turn: 'black', ply: 0 });
  assert.deepEqual(await boardPieces(page), positionPieces(ENGINE_START));
  let g = await view(page, id);
  assert.equal(g.opponent, 'engine');
  assert.equal(g.engine_side, 'white');

  // 1. By clicking: f1-f5 captures e5.
  await clickMove(page, 'f1', 'f5', g.legal_moves);
  await page.waitForSelector('#game:not([data-ply="0"])');
  await page.waitForSelector('#move-list button[data-ply="1"]');
  assert.match(await page.getAttribute('#move-list button[data-ply="1"]', 'aria-label'), /black f1f5 captures e5/);
  g = await view(page, id);
  assert.deepEqual(g.moves[0].captured, ['e5']);
  assert.equal(Number(g.pieces.white), 8); // (the view gives piece counts as strings)

  // The engine's reply appears on the board and in the move list; then it is Black's turn again.
  await waitGame(page, { ply: 2, turn: 'black', thinking: 'false' });
  g = await view(page, id);
  const reply = g.moves[1];
  assert.equal(reply.side, 'white');
  assert.equal(await page.textContent('#move-list button[data-ply="2"]'), reply.move + (reply.captured.length ? '×' + reply.captured.length : ''));
  for (const s of [reply.move.slice(0, 2), reply.move.slice(2)])
    await page.waitForSelector(`.last[data-square="${s}"]`);
  await page.waitForSelector(`g.piece[data-piece="white"][data-square="${reply.move.slice(2)}"]`);
  assert.deepEqual(await boardPieces(page), positionPieces(g.position));
  assert.match(await page.textContent('#status'), /Your move \(Black\)/);
  // The capture as the board shows it: step back to move 1 (the engine may have replied before a
  // look at the live board), see the red ring on e5 and no piece there, then return.
  await page.click('#move-list button[data-ply="1"]');
  await page.waitForSelector('.capmark[data-square="e5"]', { state: 'attached' });
  await page.waitForSelector('g.piece[data-piece="black"][data-square="f5"]');
  assert.equal(await page.locator('g.piece[data-square="e5"]').count(), 0);
  assert.match(await page.getAttribute('#sq-e5', 'aria-label'), /^e5, empty/);
  assert.match(await page.textContent('#status'), /Viewing move 1 of 2/);
  await page.click('#nav-last');
  await page.waitForSelector('#move-list button[data-ply="2"][aria-current="true"]');

  // 2. By dragging: a quiet move of a piece that has a destination two or more squares away.
  const mv = g.legal_moves.find((m) => Math.abs(Number(m[3]) - Number(m[1])) >= 2 && m[0] === m[2])
    || g.legal_moves[0];
  await dragMove(page, mv.slice(0, 2), mv.slice(2));
  await page.waitForSelector(`#move-list button[data-ply="3"]`);
  g = await view(page, id);
  assert.equal(g.moves[2].move, mv, 'the dragged move was played');
  await waitGame(page, { ply: 4, turn: 'black', thinking: 'false' });
  await shot(page, '02-board-mid-game.png');

  // 3. Reload: the game comes back from the server, this browser still plays Black.
  g = await view(page, id);
  const before = await boardPieces(page);
  assert.deepEqual(before, positionPieces(g.position));
  await page.reload();
  await waitGame(page, { ply: 4, you: 'black', turn: 'black', status: 'playing' });
  await page.waitForSelector('#move-list button[data-ply="4"]');
  assert.deepEqual(await boardPieces(page), before);
  assert.equal(await page.locator('#move-list button[data-ply]').count(), 4);
  assert.match(await page.textContent('#move-list button[data-ply="1"]'), /f1f5×1/);
  // Still playable after the reload: a piece can be picked up again.
  await page.locator(`#sq-${g.legal_moves[0].slice(0, 2)}`).click();
  await page.waitForSelector('circle.target');

  // The stored games list offers to resume it (this browser holds the token), and resuming works.
  await page.click('#nav-games');
  const resume = page.locator(`#games-list tr[data-game-id="${id}"] a`);
  await resume.waitFor();
  assert.equal((await resume.textContent()).trim(), 'Resume');
  await resume.click();
  await waitGame(page, { ply: 4, you: 'black', status: 'playing' });
  await page.context().close();
});

test('online: two browsers play to the end through the invite links; a spectator cannot move', async () => {
  const black = await newPage('black');
  await black.goto(BASE + '/#/');
  await black.waitForSelector('#new-game-form');
  await black.check('#ng-opponent-online');
  await black.selectOption('#ng-side', 'black');
  await black.click('#new-game-form summary');
  await black.fill('#ng-position', ONLINE_START);
  await black.click('#ng-start');
  const id = await gameId(black);
  await waitGame(black, { you: 'black', ply: 0, status: 'playing' });
  await black.waitForSelector('#invite-white');
  const whiteLink = await black.inputValue('#invite-white');
  const spectatorLink = await black.inputValue('#invite-spectator');
  assert.match(whiteLink, new RegExp(`/#/game/${id}\\?token=[0-9a-f]{32}$`));
  assert.ok(!/token/.test(spectatorLink), 'the spectator link carries no token');

  const white = await newPage('white');
  await white.goto(whiteLink);
  await waitGame(white, { you: 'white', ply: 0 });
  assert.equal(white.url(), `${BASE}/#/game/${id}`, 'the token left the address bar');
  assert.equal(await white.getAttribute('svg#board', 'data-flipped'), 'true', 'White sees the board from its side');
  const spectator = await newPage('spectator');
  await spectator.goto(spectatorLink);
  await waitGame(spectator, { you: 'spectator', ply: 0 });

  // White cannot move out of turn, and its token never moves Black's pieces.
  await white.locator('#sq-e9').click();
  assert.equal(await white.locator('circle.target').count(), 0);
  const wrong = await white.evaluate(async (gid) => {
    const t = JSON.parse(localStorage.getItem('hasami.tokens'))[gid];
    const r = await fetch(`/api/games/${gid}/moves`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ move: 'f1f2', token: t }) });
    return { status: r.status, body: await r.json() };
  }, id);
  assert.equal(wrong.status, 403);
  assert.match(wrong.body.error, /not your turn/);

  let g = await view(black, id);
  await clickMove(black, 'f1', 'f2', g.legal_moves);
  for (const p of [black, white, spectator]) await waitGame(p, { ply: 1, turn: 'white' });

  // The spectator: clicking a piece shows nothing; the API and the WebSocket refuse moves.
  await spectator.locator('#sq-e9').click();
  await spectator.locator('#sq-e5').click();
  assert.equal(await spectator.locator('circle.target').count(), 0, 'no destinations for a spectator');
  assert.equal(await spectator.locator('.sel').count(), 0, 'nothing picked up');
  assert.match(await spectator.textContent('#status'), /you are watching/);
  const refused = await spectator.evaluate(async (gid) => {
    const post = async (body) => {
      const r = await fetch(`/api/games/${gid}/moves`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return { status: r.status, body: await r.json() };
    };
    const ws = await new Promise((resolve, reject) => {
      const s = new WebSocket(`ws://${location.host}/api/games/${gid}/ws`);
      s.onmessage = (e) => {
        const m = JSON.parse(e.data);
        if (m.type === 'game') s.send(JSON.stringify({ type: 'move', move: 'e9i9' }));
        else { s.close(); resolve(m); }
      };
      s.onerror = () => reject(new Error('websocket failed'));
    });
    return { none: await post({ move: 'e9i9' }), bogus: await post({ move: 'e9i9', token: '0'.repeat(32) }), ws };
  }, id);
  assert.equal(refused.none.status, 401, JSON.stringify(refused.none));
  assert.equal(refused.bogus.status, 403, JSON.stringify(refused.bogus));
  assert.equal(refused.ws.type, 'error', JSON.stringify(refused.ws));
  assert.ok(refused.ws.status >= 400 && refused.ws.status < 500, JSON.stringify(refused.ws));
  g = await view(spectator, id);
  assert.equal(g.ply, 1, 'the refused moves changed nothing');

  // White answers by dragging (on its flipped board); Black ends the game by clicking.
  await dragMove(white, 'e9', 'i9');
  for (const p of [black, white, spectator]) await waitGame(p, { ply: 2, turn: 'black' });
  await shot(spectator, '03-online-spectator.png');
  g = await view(black, id);
  await clickMove(black, 'f2', 'f5', g.legal_moves);
  for (const p of [black, white, spectator]) {
    await waitGame(p, { ply: 3, status: 'over' });
    await p.waitForSelector('#game-over:not([hidden])');
    assert.match(await p.textContent('#game-over'), /Game over \(1-0\): Black wins: White has 1 piece left/);
    assert.equal(await p.locator('g.piece[data-piece="white"]:not(.ghost)').count(), 1);
  }
  await black.waitForSelector('.capmark[data-square="e5"]');
  await shot(black, '04-game-over.png');
  g = await view(white, id);
  assert.equal(g.result, '1-0');
  assert.deepEqual(g.legal_moves, []);

  // The stored games list shows both games; the finished one with its result.
  await black.goto(BASE + '/#/games');
  await black.waitForSelector(`#games-list tr[data-game-id="${id}"]`);
  assert.match(await black.textContent(`#games-list tr[data-game-id="${id}"]`), /1-0/);
  assert.ok(await black.locator('#games-list tr[data-game-id]').count() >= 2);
  await shot(black, '05-games-list.png');
  for (const p of [black, white, spectator]) await p.context().close();
});

test('rules page', async () => {
  const page = await newPage('rules');
  await page.goto(BASE + '/#/rules/hasami');
  await page.waitForSelector('svg.board');
  assert.match(await page.textContent('h1'), /Hasami Shogi/);
  await shot(page, '06-rules.png');
  await page.context().close();
});

test('no script errors in any page', () => {
  assert.deepEqual(pageErrors, []);
});
