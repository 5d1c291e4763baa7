// The engine in the page (issue 54; docs/web.md, "The engine in the page"): where the browser runs
// WebAssembly the app searches in the page, and the server only referees and stores:
//   1. a level game against the computer started with the quick button: its view says
//      `engine_in: "page"`, the page shows the engine thinking, the engine's replies are posted by
//      the page itself (each is a request of the page), and the server searches nothing (no hint or
//      search request; its metrics' `hasami_searches_total`, where HASAMI_METRICS_URL gives them,
//      does not grow); a hint in that game comes from the page;
//   2. the analysis board's engine line from the page, for the position shown;
//   3. a lesson step judged in the page (a refused move with its reason, the right move), with no
//      request to the server's analysis board;
//   4. with no WebAssembly a game against the computer is the server's (`engine_in: "server"`) and
//      its replies come (the server's search count grows);
//   5. engine-reply.js with a stand-in engine whose searches end when the test says: one search at
//      a time, the move of a search that a newer view dropped is never played, no search for a
//      spectator, a finished game, the server's engine or the player's turn; the reply's time.

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
  const line = text.split('\n').find((l) => l.startsWith('hasami_searches_total '));
  assert.ok(line, 'the metrics count the engine searches asked');
  return Number(line.split(' ')[1]);
}

/** Whether the page runs the engine (page-engine.js's `pageEngine()` is not null; the module as the
 * app loads it, beside app.js). */
const pageHasEngine = (page) => page.evaluate(async () =>
  !!(await (await import(new URL('page-engine.js', document.querySelector('script[src$="app.js"]').src).href)).pageEngine()));

/** A hasami game against the computer started with *Play the computer*; its id, once Black is to move. */
async function quickGame(page) {
  await page.goto(BASE + '/#/');
  await page.selectOption('#quick-variant', 'hasami');
  await page.click('#quick-play');
  await page.waitForURL(/#\/game\/\d+$/);
  const id = await gameId(page);
  await waitGame(page, { status: 'playing', you: 'black', turn: 'black', ply: 0 });
  return id;
}

test('page engine: a game against the computer is searched in the page, its hint too; the server searches nothing', async () => {
  const page = await newPage('page-engine-game');
  const log = requests(page);
  const before = await serverSearches();
  const id = await quickGame(page);
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
  const from = (await page.textContent('#status')).match(/: ([a-i]\d)–[a-i]\d\S* \(/)[1];
  await page.waitForSelector(`.hintmark[data-square="${from}"]`, { state: 'attached' });
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
  const before = await serverSearches();
  const log = requests(page);
  const id = await quickGame(page);
  assert.equal(await pageHasEngine(page), false);
  let g = await view(page, id);
  assert.equal(g.engine_in, 'server');
  await clickMove(page, g.legal_moves[0].slice(0, 2), g.legal_moves[0].slice(2), g.legal_moves);
  await waitGame(page, { ply: 2, turn: 'black', thinking: 'false' });
  assert.equal(log.filter((l) => l.startsWith(`POST /api/games/${id}/moves `)).length, 1, 'only the player posted a move');
  const after = await serverSearches();
  if (before !== null) assert.ok(after > before, "the server's engine searched");
  await page.context().close();
});

test('page engine: one search at a time per game; a newer view drops the search in progress (engine-reply.js)', async () => {
  const page = await newPage('page-engine-reply');
  await page.goto(BASE + '/#/rules');
  const got = await page.evaluate(async () => {
    const { EngineReply, replyTime, pageToReply } = await import(new URL('engine-reply.js', document.querySelector('script[src$="app.js"]').src).href);
    // A stand-in engine whose searches end when told, each with a move that names its position.
    const searches = [], played = [];
    const engine = async () => ({ search: (req) => new Promise((resolve) => searches.push({ req, end: () => resolve({ best: `after ${req.moves.join(' ') || '-'}` }) })) });
    let redrawn = 0;
    const reply = new EngineReply({ play: async (m) => { played.push(m); }, changed: () => { redrawn++; }, engine });
    const view = (moves, more = {}) => ({ variant: 'hasami', start: 'S', level: 3, engine: 'fair', engine_in: 'page', engine_side: 'white',
      you: 'black', status: 'playing', arranging: null, turn: moves.length % 2 ? 'white' : 'black', ply: moves.length,
      moves: moves.map((move) => ({ move })), thinking: false, ...more });
    const settle = () => new Promise((r) => setTimeout(r, 20));
    const out = {};
    // The player's move: the engine's turn, one search, shown as thinking.
    const v1 = view(['a1a2']);
    reply.see(v1); await settle();
    out.thinking = v1.thinking; out.searches1 = searches.length; out.request = searches[0].req;
    // The same position again (the socket's copy): no second search.
    reply.see(view(['a1a2'])); await settle();
    out.searches2 = searches.length;
    // An undo, then another move: the first search is dropped, the second waits for it to end.
    reply.see(view([])); reply.see(view(['b1b2'])); await settle();
    out.searches3 = searches.length;
    searches[0].end(); await settle();
    out.playedAfterFirst = [...played]; out.searches4 = searches.length;
    searches[1].end(); await settle();
    out.played = [...played];
    // A spectator's page, a game over, the server's engine, the player's turn: no search.
    for (const v of [view(['c1c2'], { you: null }), view(['c1c2'], { status: 'over' }), view(['c1c2'], { engine_in: 'server' }), view(['c1c2', 'c9c8'])]) reply.see(v);
    await settle();
    out.searches5 = searches.length;
    // A refused move: no longer thinking, redrawn.
    const refusing = new EngineReply({ play: async () => { throw new Error('refused'); }, changed: () => { redrawn++; }, failed: (why) => { out.why = why; }, engine });
    const v2 = view(['d1d2']);
    refusing.see(v2); await settle();
    searches[searches.length - 1].end(); await settle();
    out.thinkingAfterRefusal = v2.thinking; out.redrawn = redrawn;
    // The same position's view again while the move is being played: no second search.
    let release;
    const slow = new EngineReply({ play: () => new Promise((r) => { release = r; }), engine });
    slow.see(view(['f1f2'])); await settle();
    const n = searches.length;
    searches[n - 1].end(); await settle();
    slow.see(view(['f1f2'])); await settle();
    out.searchesWhilePlaying = searches.length - n;
    release(); await settle();
    // The views sent to every watcher do not say whose page it is: the screen says it.
    out.sides = [pageToReply(view(['e1e2'], { you: undefined })), pageToReply(view(['e1e2'], { you: undefined }), 'black')];
    out.times = [replyTime(view(['a1a2'])), replyTime(view(['a1a2'], { clock: { white_ms: 10_000, black_ms: 1, increment_ms: 2000 } })),
      replyTime(view(['a1a2'], { clock: { white_ms: 100, black_ms: 1, increment_ms: 0 } }))];
    return out;
  });
  assert.equal(got.thinking, true, 'the engine shows as thinking');
  assert.equal(got.searches1, 1);
  assert.deepEqual({ ...got.request, seed: 0 }, { variant: 'hasami', position: 'S', moves: ['a1a2'], level: 3, seed: 0, movetime: 1500, omniscient: false });
  assert.equal(got.searches2, 1, 'the same position is searched once');
  assert.equal(got.searches3, 1, 'one search at a time');
  assert.deepEqual(got.playedAfterFirst, [], "the dropped search's move is not played");
  assert.equal(got.searches4, 2, 'the newer position is searched next');
  assert.deepEqual(got.played, ['after b1b2']);
  assert.equal(got.searches5, 2, 'no search for a spectator, a finished game, the server\'s engine or the player\'s turn');
  assert.equal(got.why, 'refused');
  assert.equal(got.thinkingAfterRefusal, false);
  assert.ok(got.redrawn >= 1);
  assert.equal(got.searchesWhilePlaying, 0, 'no second search while the move is being played');
  assert.deepEqual(got.sides, [false, true]);
  assert.deepEqual(got.times, [1500, 1500, 20]);
  await page.context().close();
});

test('page engine: no script errors', () => {
  assert.deepEqual(pageErrors, []);
});
