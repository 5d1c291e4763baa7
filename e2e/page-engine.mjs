// The engine in the page (issue 54; docs/web.md, "The engine in the page"): where the browser runs
// WebAssembly the app searches in the page, and the server only referees and stores:
//   1. a level game against the computer started with the quick button: its view says
//      `engine_in: "page"`, the page shows the engine thinking, the engine's replies are posted by
//      the page itself (each is a request of the page), and the server searches nothing (no hint or
//      search request; its search counter, where HASAMI_METRICS_URL gives the metrics, does not
//      grow); a hint in that game comes from the page;
//   2. the analysis board's engine line from the page, for the position shown;
//   3. a lesson step judged in the page (a refused move with its reason, the right move), with no
//      request to the server's analysis board;
//   4. with no WebAssembly a game against the computer is the server's (`engine_in: "server"`) and
//      its replies come.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, newPage, pageErrors, gameId, waitGame, view, apiMove, clickMove } from './helpers.mjs';

/** The page's requests, as `METHOD /path body`. */
function requests(page) {
  const log = [];
  page.on('request', (r) => log.push(`${r.method()} ${new URL(r.url()).pathname} ${r.postData() || ''}`));
  return log;
}

/** The server's engine searches so far (its metrics, where HASAMI_METRICS_URL gives them), else null. */
async function serverSearches() {
  const url = process.env.HASAMI_METRICS_URL;
  if (!url) return null;
  const text = await (await fetch(url)).text();
  const line = text.split('\n').find((l) => /^hasami_\w*search\w*_total /.test(l));
  assert.ok(line, 'the metrics count engine searches');
  return Number(line.split(' ')[1]);
}

/** Whether the page runs the engine (page-engine.js's `pageEngine()` is not null). */
const pageHasEngine = (page) => page.evaluate(async () => !!(await (await import('/assets/page-engine.js')).pageEngine()));

test('page engine: a game against the computer is searched in the page, its hint too; the server searches nothing', async () => {
  const page = await newPage('page-engine-game');
  const log = requests(page);
  const before = await serverSearches();
  await page.goto(BASE + '/#/');
  await page.selectOption('#quick-variant', 'hasami');
  await page.click('#quick-play');
  await page.waitForURL(/#\/game\/\d+$/);
  const id = await gameId(page);
  await waitGame(page, { status: 'playing', you: 'black', turn: 'black', ply: 0 });
  assert.ok(await pageHasEngine(page));
  let g = await view(page, id);
  assert.equal(g.engine_in, 'page');
  assert.equal(g.engine_side, 'white');
  // Every value the screen's "thinking" takes, kept by an observer (a fast reply may show it briefly).
  await page.evaluate(() => {
    window.thinkingSeen = [];
    const el = document.getElementById('game');
    new MutationObserver(() => window.thinkingSeen.push(el.dataset.thinking)).observe(el, { attributes: true, attributeFilter: ['data-thinking'] });
  });
  // The first move by clicks, then by the API: after each, the engine's reply from the page.
  await clickMove(page, g.legal_moves[0].slice(0, 2), g.legal_moves[0].slice(2), g.legal_moves);
  await waitGame(page, { ply: 2, turn: 'black', thinking: 'false' });
  for (let ply = 2; ply < 8; ply += 2) {
    g = await view(page, id);
    const token = await page.evaluate((gid) => JSON.parse(localStorage.getItem('hasami.tokens'))[gid], id);
    await apiMove(page, id, token, g.legal_moves[g.legal_moves.length - 1]);
    await waitGame(page, { ply: ply + 2, turn: 'black', thinking: 'false' });
  }
  assert.ok(await page.evaluate(() => window.thinkingSeen.includes('true')), 'the engine showed as thinking');
  g = await view(page, id);
  const replies = g.moves.filter((m) => m.side === 'white');
  assert.equal(replies.length, 4);
  for (const m of replies)
    assert.ok(log.some((l) => l.startsWith(`POST /api/games/${id}/moves `) && JSON.parse(l.split(' ').slice(2).join(' ')).move === m.move),
      `the page posted the engine's ${m.move}`);
  // A hint from the page: shown in the status line and on the board.
  await page.click('#btn-hint');
  await page.waitForFunction(() => /^Hint: /.test(document.getElementById('status').textContent));
  await page.waitForSelector('svg#board .hint', { state: 'attached' });
  assert.deepEqual(log.filter((l) => /\/hint|\/api\/analysis/.test(l)), [], 'no search asked of the server');
  const after = await serverSearches();
  if (before !== null) assert.equal(after, before, "the server's engine searched nothing");
  await page.context().close();
});

test("page engine: the analysis board's engine line is searched in the page", async () => {
  const page = await newPage('page-engine-analysis');
  const log = requests(page);
  await page.goto(`${BASE}/#/analysis?variant=hasami&moves=c1c2`);
  await page.waitForSelector('#analysis-board[data-ply="1"]');
  assert.ok(await pageHasEngine(page));
  await page.click('#btn-engine');
  // White to move: the line starts with a move from White's row.
  await page.waitForFunction(() => /^[a-i]9/.test(document.querySelector('#ab-engine-text .pv-move[data-pv-index="0"]')?.dataset.move || ''));
  const best = await page.getAttribute('#ab-engine-text .pv-move[data-pv-index="0"]', 'data-move');
  await page.waitForSelector(`svg#board g.arrow.best[data-move="${best}"]`, { state: 'attached' });
  // Back and forth quickly, then to the start: the line shown is the start's (Black's row).
  for (let i = 0; i < 3; i++) { await page.click('#nav-prev'); await page.click('#nav-next'); }
  await page.click('#nav-prev');
  await page.waitForSelector('#analysis-board[data-ply="0"]');
  await page.waitForFunction(() => /^[a-i]1/.test(document.querySelector('#ab-engine-text .pv-move[data-pv-index="0"]')?.dataset.move || '')
    && !document.getElementById('eval-bar').classList.contains('stale'));
  assert.deepEqual(log.filter((l) => l.startsWith('POST /api/analysis/search')), [], 'no search asked of the server');
  await page.context().close();
});

test('page engine: a lesson step is judged in the page', async () => {
  const page = await newPage('page-engine-lesson');
  const log = requests(page);
  await page.goto(BASE + '/?lang=en#/learn/hasami/corner');
  await page.waitForSelector('#learn-lesson[data-state="waiting"][data-step="1"]');
  assert.ok(await pageHasEngine(page));
  // A move the rules refuse: its reason in words; then the right one.
  await page.locator('#sq-i5').click();
  await page.locator('#sq-h4').click();
  await page.waitForFunction(() => /straight line/.test(document.getElementById('learn-feedback').textContent));
  await page.waitForSelector('#learn-lesson[data-state="waiting"][data-step="1"]');
  await page.locator('#sq-i5').click();
  await page.locator('#sq-i2').click();
  await page.waitForSelector('#learn-lesson[data-state="done"][data-step="1"]');
  assert.match(await page.textContent('#learn-feedback'), /Well done/);
  assert.deepEqual(log.filter((l) => l.startsWith('POST /api/analysis')), [], 'nothing asked of the server');
  await page.context().close();
});

test("page engine: without WebAssembly a game against the computer is the server's", async () => {
  const page = await newPage('page-engine-none');
  await page.addInitScript(() => { delete window.WebAssembly; });
  const log = requests(page);
  await page.goto(BASE + '/#/');
  await page.selectOption('#quick-variant', 'hasami');
  await page.click('#quick-play');
  await page.waitForURL(/#\/game\/\d+$/);
  const id = await gameId(page);
  await waitGame(page, { status: 'playing', you: 'black', turn: 'black', ply: 0 });
  assert.equal(await pageHasEngine(page), false);
  let g = await view(page, id);
  assert.equal(g.engine_in, 'server');
  await clickMove(page, g.legal_moves[0].slice(0, 2), g.legal_moves[0].slice(2), g.legal_moves);
  await waitGame(page, { ply: 2, turn: 'black', thinking: 'false' });
  assert.equal(log.filter((l) => l.startsWith(`POST /api/games/${id}/moves `)).length, 1, 'only the player posted a move');
  await page.context().close();
});

test('page engine: no script errors', () => {
  assert.deepEqual(pageErrors, []);
});
