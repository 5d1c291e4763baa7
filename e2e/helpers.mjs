// Shared helpers of the browser tests: the browser (launched once for all test files), pages in
// isolated contexts, and calls of the API from inside a page. The test files import what they use.

import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const BASE = (process.env.HASAMI_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');
export const SHOTS = process.env.HASAMI_SCREENSHOTS || 'target/test-output/screenshots';
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const TIMEOUT = 20_000;

/** Black's f1-f5 sandwiches e5 between d5 and f5. */
export const ENGINE_START = 'wwwwwwww1/9/9/9/3bw4/9/9/9/1bbbbbbbb b 0 1';
/** White has two pieces: the capture of e5 leaves one, and Black wins. */
export const ONLINE_START = '4w4/9/9/9/3bw4/9/9/9/5b3 b 0 1';

let browser;
export const pageErrors = [];

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

/** A new isolated browser context (its own localStorage, so its own tokens) and a page in it;
 * `more` adds context options (a `locale`). The app's service worker is blocked unless `more` says
 * `serviceWorkers: 'allow'` (the offline scenarios): installing it fetches every file of the build,
 * the engine's module and the puzzle files included, which every other scenario's fresh context
 * would pay for nothing. */
export async function newPage(name, viewport = { width: 1200, height: 860 }, colorScheme = 'light', more = {}) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce', colorScheme, serviceWorkers: 'block', ...more });
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

export async function shot(page, file) {
  await page.screenshot({ path: join(SHOTS, file), fullPage: true });
}

/** The game id shown by the game screen. */
export async function gameId(page) {
  await page.waitForSelector('#game[data-game-id][data-status]');
  return page.getAttribute('#game', 'data-game-id');
}

/** Waits until the game screen has read its game (the screen is drawn before the game arrives)
 * and shows the data-* values given (`{ply: 2, status: 'over'}`). */
export async function waitGame(page, attrs) {
  const sel = '#game[data-ply]' + Object.entries(attrs).map(([k, v]) => `[data-${k}="${v}"]`).join('');
  await page.waitForSelector(sel);
}

/** Opens game `id` as the holder of `token` (none: as a spectator) and waits until the screen has
 * read it, so that a move made next through the API reaches the page as a move. */
export async function openGame(page, id, token) {
  await page.goto(`${BASE}/#/game/${id}` + (token ? `?token=${token}` : ''));
  await waitGame(page, {});
}

/** The computed style property `prop` of the first element matching `sel`, found and read in one
 * step: the board is drawn again on every update, and an element found in one step and read in
 * the next (as `page.$eval` does) may be gone by then, when its style reads as ''. */
export async function computed(page, sel, prop) {
  return page.evaluate(([s, p]) => {
    const e = document.querySelector(s);
    if (!e) throw new Error(`no element matches ${s}`);
    return getComputedStyle(e)[p];
  }, [sel, prop]);
}

/** The pieces drawn on the board: {square: 'black'|'white'}. */
export async function boardPieces(page) {
  return page.$$eval('svg#board g.piece[data-square]:not([data-square=""])', (gs) =>
    Object.fromEntries(gs.map((g) => [g.dataset.square, g.dataset.piece])));
}

/** The pieces of a position text (RULES.md A7) on a 9x9 board. */
export function positionPieces(text) {
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
export async function view(page, id) {
  return page.evaluate(async (gid) => {
    const t = (JSON.parse(localStorage.getItem('hasami.tokens')) || {})[gid];
    const r = await fetch(`/api/games/${gid}` + (t ? '?token=' + t : ''));
    return r.json();
  }, id);
}

export async function center(page, square) {
  const box = await page.locator(`#sq-${square}`).boundingBox();
  assert.ok(box, `square ${square} is on the screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Picks up the piece on `from` by clicking, checks the shown destinations, clicks `to`. */
export async function clickMove(page, from, to, legal) {
  await page.locator(`#sq-${from}`).click();
  await page.waitForSelector(`circle.target[data-target="${to}"]`);
  const shown = (await page.$$eval('circle.target', (cs) => cs.map((c) => c.dataset.target))).sort();
  const expected = legal.filter((m) => m.slice(0, 2) === from).map((m) => m.slice(2)).sort();
  assert.deepEqual(shown, expected, `legal destinations of ${from}`);
  assert.match(await page.getAttribute(`#sq-${to}`, 'aria-label'), /legal destination/);
  await page.locator(`#sq-${to}`).click();
}

/** Drags the piece on `from` to `to` with the mouse (press, move in steps, release). */
export async function dragMove(page, from, to) {
  const a = await center(page, from);
  const b = await center(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + (b.x - a.x) / 4, a.y + (b.y - a.y) / 4, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
}

/** Turns the new game form's clock on with `minutes` per side and `increment` seconds a move. */
export async function setClock(page, minutes, increment) {
  await page.check('#ng-clock');
  await page.fill('#ng-clock-minutes', String(minutes));
  await page.fill('#ng-clock-increment', String(increment));
}

/** Creates a game through the API from `page`; {id, token, game}. */
export async function createGame(page, body) {
  return page.evaluate(async (b) => {
    const r = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) });
    return r.json();
  }, body);
}

/** Plays `move` with `token` through the API from `page`; the new game view. Fails with the
 * server's answer when the move is refused. */
export async function apiMove(page, id, token, move) {
  const [status, body] = await page.evaluate(async ([gid, t, m]) => {
    const r = await fetch(`/api/games/${gid}/moves`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ move: m, token: t }) });
    return [r.status, await r.text()];
  }, [id, token, move]);
  if (status !== 200) throw new Error(`move ${move} in game ${id} refused: ${status} ${body}`);
  return JSON.parse(body);
}


/** The page's width beyond the window, in px (0: no horizontal scroll). */
export async function overflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Waits until the puzzles screen shows these data-* values. */
export async function waitPuzzle(page, attrs) {
  await page.waitForSelector('#puzzles' + Object.entries(attrs).map(([k, v]) => `[data-${k}="${v}"]`).join(''));
}

/** Plays `move` (e5e3) on the board by clicking its piece, then its destination. */
export async function clickPiece(page, move) {
  const half = move.length / 2, from = move.slice(0, half), to = move.slice(half);
  await page.locator(`#sq-${from}`).click();
  await page.waitForSelector(`circle.target[data-target="${to}"]`);
  await page.locator(`#sq-${to}`).click();
}
