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
//   3. the stored games list (resume a game, see a finished one) and the rules page;
//   4. (shogun.mjs) a hot-seat Shogun game set up in the dialog (random magnet board, player names) and played by
//      clicking to its end (moves taken from the API's legal list, captures first): numbers and crowns
//      drawn as the position says, the learning view, a move refused by Shogun safety (S5) with the
//      server's reason, the "Shogun!" warning, the end with its reason, the record;
//   5. an engine game with a clock and a name: both clocks shown, the running one counts down;
//   6. (takeback.mjs) an online takeback asked in one browser, accepted and then declined in the other;
//   7. (lobby.mjs) a game listed in the lobby in one browser and joined from the lobby in another.
//   8. (premove.mjs) premoves: kept on the opponent's turn, sent at once when legal, dropped when not,
//      cancelled.
//   9. (games-list.mjs) this browser's games stay under "Your games" after 200 newer games.
//  10. (shogun.mjs) Shogun's rules page shows the three worked examples of 1979; "Play from here"
//      starts a game from the first's position, where its move is played by clicking; the third's
//      move ends a hot-seat game.
//  11. (arrange.mjs) Shogun setup=choose: online each side arranges its pieces (clicks and a drag;
//      the keyboard) without seeing the other's, then both see the arranged start; against the
//      engine with first=red the engine moves first after the player's Done; at 390 px the panel
//      fits, and hot-seat arranges White, then Red.
//  12. (chat.mjs) the chat of an online game between two browser contexts: a message with markup
//      shows as literal text, "Hide chat" hides it (remembered after a reload), a spectator reads
//      it once both players allow.
//  13. (correspondence.mjs) a correspondence game (1 day per move) between two browsers: the days
//      left, "Give more time", and after the other's move the first's home page lists the game
//      first as "your turn", with "(1)" in the tab's title.
//  14. (accounts.mjs) accounts: a rated game between two signed-up players, a challenge by name;
//      (spectator.mjs) a spectator sees no player's buttons; (details.mjs) the dark theme's dots.
//  15. (looks.mjs) piece sets and board themes: each game's own set, every choice drawn, kept after
//      a reload and playable by clicks; screenshots in shogi pieces on the wood board.
//  16. (language.mjs) every screen in the pseudo-language shows only catalogue texts and data, in
//      Japanese no English (also for a browser whose language is ja-JP); lang-ja.js has lang-en.js's
//      keys and {params}.
//  17. (i18n-screens.mjs) the rules pages, accounts, player pages, leaderboard, challenges, chat and
//      Shogun's arranging in the pseudo-language qps (every text from the catalogue) and in Japanese
//      (no key of theirs missing; the games' Japanese names).
//  18. (learn.mjs) the lessons: every step of every lesson checked against the server (its solution
//      reaches its goal, no other legal move does); a lesson played in English and a Shogun lesson
//      in Japanese, wrong moves first, done after a reload.
//  19. (puzzles.mjs) puzzles in English and Japanese: one solved by clicking (the opponent's reply
//      played by the page, the puzzle rating up), one failed (a wrong first move: "not it", the
//      solution played out on the board), a puzzle of every game solved, the hint, the puzzle of the
//      day on the first screen opening its puzzle, the filters, the phone widths.
//  20.–23. (page-engine.mjs, offline.mjs, static-site.mjs, puzzles-offline.mjs) the engine in the
//      page, offline games, the static build, offline puzzles. Every wait is for a page condition.

import './analysis-board.mjs';
import './move-tree.mjs';
import './engine-lines.mjs';
import './overlays.mjs';
import './typed-move.mjs';
import { test } from 'node:test';
import './after-game.mjs';
import './page-weight.mjs';
import './screenshots.mjs';
import './new-game.mjs';
import './shogun.mjs';
import './layout.mjs';
import './viewport.mjs';
import './takeback.mjs';
import './lobby.mjs';
import './premove.mjs';
import './games-list.mjs';
import './arrange.mjs';
import './chat.mjs';
import './accounts.mjs';
import './spectator.mjs';
import './details.mjs';
import './correspondence.mjs';
import './looks.mjs';
import './language.mjs';
import './i18n-screens.mjs';
import './notation.mjs';
import './learn.mjs';
import './puzzles.mjs';
import './page-engine.mjs';
import './offline.mjs';
import './static-site.mjs';
import './puzzles-offline.mjs';
import assert from 'node:assert/strict';
import {
  BASE, ENGINE_START, ONLINE_START, pageErrors, newPage, shot, gameId, waitGame, boardPieces,
  positionPieces, view, center, clickMove, dragMove, createGame, apiMove, setClock,
} from './helpers.mjs';

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
  assert.match(await page.getAttribute('#move-list button[data-ply="1"]', 'aria-label'), /^1: Black f1–f5, capturing e5$/);
  g = await view(page, id);
  assert.deepEqual(g.moves[0].captured, ['e5']);
  assert.equal(Number(g.pieces.white), 8); // (the view gives piece counts as strings)

  // The engine's reply appears on the board and in the move list; then it is Black's turn again.
  await waitGame(page, { ply: 2, turn: 'black', thinking: 'false' });
  g = await view(page, id);
  const reply = g.moves[1];
  assert.equal(reply.side, 'white');
  // Written as everywhere in the browser (notation.js): from–to, × before each captured square.
  assert.equal(await page.textContent('#move-list button[data-ply="2"]'), `${reply.move.slice(0, 2)}–${reply.move.slice(2)}` + reply.captured.map((c) => '×' + c).join(''));
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
  assert.match(await page.textContent('#move-list button[data-ply="1"]'), /^f1–f5×e5/);
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

  // A crafted link with another player's key does not silently replace the key this browser holds:
  // the browser asks, and declining keeps Black's.
  const keyOf = (page) => page.evaluate((gid) => JSON.parse(localStorage.getItem('hasami.tokens'))[gid], id);
  const blackKey = await keyOf(black);
  let asked = 0;
  black.removeAllListeners('dialog');
  black.on('dialog', (d) => { asked += 1; d.dismiss(); });
  await black.goto(whiteLink);
  await waitGame(black, { you: 'black', ply: 1 });
  assert.equal(asked, 1, 'the browser asked before replacing its key');
  assert.equal(await keyOf(black), blackKey, 'declining kept Black\'s key');
  black.removeAllListeners('dialog');
  black.on('dialog', (d) => d.accept());

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
  assert.ok(await black.locator('#games-list tr[data-game-id]').count() >= 1);
  await shot(black, '05-games-list.png');
  for (const p of [black, white, spectator]) await p.context().close();
});

test('clocks and names: an engine game with a clock', async () => {
  const page = await newPage('clock');
  await page.goto(BASE + '/#/');
  await page.waitForSelector('#new-game-form');
  await page.selectOption('#ng-variant', 'hasami');
  await page.check('#ng-opponent-engine');
  await page.selectOption('#ng-level', '1');
  await page.selectOption('#ng-side', 'black');
  await page.fill('#ng-name', 'Zoe');
  await setClock(page, 1, 0);
  await page.click('#ng-start');
  await page.waitForURL(/#\/game\/\d+$/);
  const id = await gameId(page);
  await page.waitForFunction(() => /Zoe/.test(document.getElementById('player-black').textContent));
  await page.waitForSelector('#clock-black');
  assert.equal(await page.textContent('#clock-black'), '1:00');
  assert.equal(await page.textContent('#clock-white'), '1:00');
  // Each side's first move is free; after them Black's clock runs.
  let g = await view(page, id);
  await clickMove(page, 'a1', 'a5', g.legal_moves);
  await waitGame(page, { ply: 2, thinking: 'false' });
  await page.waitForSelector('#clock-black.running');
  await page.waitForFunction(() => Number(document.getElementById('clock-black').dataset.ms) < 59_800);
  assert.match(await page.textContent('#clock-black'), /^0:5\d$/);
  await shot(page, '12-clocks.png');
  g = await view(page, id);
  assert.equal(g.players.black, 'Zoe');
  assert.equal(g.clock.running, 'black');
  await page.context().close();
});

test("after a loss on time the loser's clock reads 0:00", async () => {
  const page = await newPage('flag');
  await page.goto(BASE + '/#/rules/hasami');
  const c = await createGame(page, { variant: 'hasami', opponent: 'online', side: 'black', clock: { initial: 0.5, increment: 0 } });
  const white = c.links.white.split('token=')[1];
  let g = await apiMove(page, c.id, c.token, c.game.legal_moves[0]);
  g = await apiMove(page, c.id, white, g.legal_moves[0]);
  await page.goto(`${BASE}/#/game/${c.id}?token=${c.token}`);
  await waitGame(page, { status: 'over' });
  await page.waitForSelector('#clock-black');
  assert.match(await page.textContent('#clock-black'), /^0:00(\.0)?$/);
  assert.doesNotMatch(await page.textContent('#clock-white'), /^0:00(\.0)?$/);
  assert.match(await page.textContent('#game-over'), /on time/);
  await page.context().close();
});

test('names: defaults are not repeated, an invited friend starts with an empty name box that goes once the game is under way', async () => {
  const page = await newPage('names');
  await page.goto(BASE + '/#/rules/hasami');
  const c = await createGame(page, { variant: 'hasami', opponent: 'online', side: 'black', players: { black: 'Ann' } });
  const white = c.links.white.split('token=')[1];
  await page.goto(`${BASE}/#/game/${c.id}?token=${white}`);
  await waitGame(page, { ply: 0 });
  assert.equal(await page.textContent('#player-black'), 'Black: Ann');
  assert.equal(await page.textContent('#player-white'), 'White (you)');
  assert.equal(await page.inputValue('#name-input'), '');
  assert.equal(await page.getAttribute('#name-input', 'placeholder'), 'Your name');
  await page.fill('#name-input', 'Bo');
  await page.click('#name-save');
  await page.waitForFunction(() => document.getElementById('player-white').textContent === 'White: Bo (you)');
  let g = await apiMove(page, c.id, c.token, c.game.legal_moves[0]);
  g = await apiMove(page, c.id, white, g.legal_moves[0]);
  await waitGame(page, { ply: 2 });
  assert.ok(await page.locator('#name-form').isHidden(), 'the name form stays all game');
  // An engine game: "Black (you)" against "White: hasami level 1".
  const e = await createGame(page, { variant: 'hasami', opponent: 'engine', level: 1, side: 'black' });
  await page.goto(`${BASE}/#/game/${e.id}?token=${e.token}`);
  await waitGame(page, { ply: 0 });
  assert.equal(await page.textContent('#player-black'), 'Black (you)');
  assert.equal(await page.textContent('#player-white'), 'White: hasami level 1');
  await page.context().close();
});

test('the new game dialog describes the variant as its options make it', async () => {
  const page = await newPage('describe');
  await page.goto(BASE + '/#/');
  await page.waitForSelector('#new-game-form');
  await page.selectOption('#ng-variant', 'hasami');
  await page.fill('#ng-options', '+movement=step+win=pieces-left:0');
  await page.waitForFunction(() => document.getElementById('ng-about').textContent.includes('movement=step'));
  const about = await page.textContent('#ng-about');
  assert.match(about, /one square/, about);
  assert.match(about, /capture all the opponent's pieces/, about);
  assert.doesNotMatch(about, /rook|1 piece left/, about);
  await page.context().close();
});

test('a winning five is marked on the board', async () => {
  const page = await newPage('five');
  await page.goto(BASE + '/#/rules/hasami');
  // Black's e1-e4 makes a4-e4.
  const start = 'wwwww4/9/9/9/9/bbbb5/9/9/4b4 b 0 1';
  const c = await createGame(page, { variant: 'dai-hasami', opponent: 'local', position: start });
  assert.ok(c.id, JSON.stringify(c));
  await page.goto(`${BASE}/#/game/${c.id}?token=${c.token}`);
  await waitGame(page, { ply: 0 });
  const g = await apiMove(page, c.id, c.token, 'e1e4');
  assert.deepEqual([...g.winning_line].sort(), ['a4', 'b4', 'c4', 'd4', 'e4'], JSON.stringify(g));
  await waitGame(page, { status: 'over' });
  const marked = (await page.$$eval('#board .five', (es) => es.map((e) => e.dataset.square))).sort();
  assert.deepEqual(marked, ['a4', 'b4', 'c4', 'd4', 'e4']);
  await shot(page, '16-five-marked.png');
  // Stepping back to the start shows no line.
  await page.click('#nav-first');
  await page.waitForFunction(() => document.querySelectorAll('#board .five').length === 0);
  await page.context().close();
});

test('the tab says when it is your move', async () => {
  const page = await newPage('tab');
  await page.goto(BASE + '/#/rules/hasami');
  const c = await createGame(page, { variant: 'hasami', opponent: 'online', side: 'black' });
  const white = c.links.white.split('token=')[1];
  await page.goto(`${BASE}/#/game/${c.id}?token=${white}`);
  await waitGame(page, { ply: 0 });
  const icon = () => page.getAttribute('link[rel="icon"]', 'href');
  assert.equal(await page.title(), `Game ${c.id}: Hasami Shogi`);
  assert.match(await icon(), /\/assets\/[0-9a-f]+\/favicon\.svg$/);
  const g = await apiMove(page, c.id, c.token, c.game.legal_moves[0]);
  await waitGame(page, { ply: 1 });
  assert.equal(await page.title(), `● Your move · Game ${c.id}: Hasami Shogi`);
  assert.match(await icon(), /\/assets\/[0-9a-f]+\/favicon-turn\.svg$/);
  assert.equal((await page.evaluate(async () => (await fetch('/assets/favicon-turn.svg')).status)), 200);
  await apiMove(page, c.id, white, g.legal_moves[0]);
  await waitGame(page, { ply: 2 });
  assert.equal(await page.title(), `Game ${c.id}: Hasami Shogi`);
  assert.match(await icon(), /\/assets\/[0-9a-f]+\/favicon\.svg$/);
  await page.context().close();
});

test('invite links have copy buttons', async () => {
  const page = await newPage('copy');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
  await page.goto(BASE + '/#/');
  await page.waitForSelector('#new-game-form');
  await page.selectOption('#ng-variant', 'hasami');
  await page.check('#ng-opponent-online');
  await page.click('#ng-start');
  await page.waitForURL(/#\/game\/\d+$/);
  await page.waitForSelector('#invite-white');
  const link = await page.inputValue('#invite-white');
  assert.match(link, /^http:\/\/.+#\/game\/\d+\?token=\w+$/);
  await page.click('#copy-white');
  await page.waitForFunction(() => document.getElementById('copy-white').textContent === 'Copied');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
  await page.click('#copy-spectator');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await page.inputValue('#invite-spectator'));
  await page.context().close();
});

test('review follows the position shown: pieces, hint and analysis; a won engine game stays won', async () => {
  const page = await newPage('review');
  await page.goto(BASE + '/#/rules/hasami');
  // Black's b3-b5 captures White's last two pieces against the engine: Black wins at ply 1.
  const c = await createGame(page, { variant: 'hasami', opponent: 'engine', level: 1, side: 'black', position: '9/9/9/9/2wwb4/9/1b7/9/9 b 0 1' });
  await page.goto(`${BASE}/#/game/${c.id}?token=${c.token}`);
  await waitGame(page, { ply: 0 });
  await apiMove(page, c.id, c.token, 'b3b5');
  await waitGame(page, { status: 'over' });
  assert.equal(await page.textContent('#pieces-white'), '0');
  assert.ok(await page.locator('#btn-undo').isDisabled(), 'Undo would reopen a won game');
  // On the final position, hint and analysis say why there is nothing to suggest.
  await page.click('#btn-hint');
  await page.waitForFunction(() => /game is over/.test(document.getElementById('status').textContent));
  await page.click('#btn-analysis');
  await page.waitForFunction(() => /game is over/.test(document.getElementById('analysis-text').textContent));
  // Back to the start: White has two pieces again, analysis and hint are of that position.
  await page.click('#nav-first');
  await page.waitForFunction(() => document.getElementById('pieces-white').textContent === '2');
  await page.waitForFunction(() => /^Depth \d+/.test(document.getElementById('analysis-text').textContent));
  assert.match(await page.textContent('#analysis-text'), /\(Black\)/);
  await page.click('#btn-hint');
  await page.waitForFunction(() => /^Hint after move 0: /.test(document.getElementById('status').textContent));
  const best = (await page.textContent('#status')).match(/: ([a-i]\d)–[a-i]\d\S* \(/)[1];
  await page.waitForSelector(`.hintmark[data-square="${best}"]`);
  await page.context().close();
});

test("a newcomer's first screen: one click to play the computer, readable names, no rule ids", async () => {
  const page = await newPage('first-screen', { width: 390, height: 844 });
  await page.goto(BASE + '/#/');
  await page.waitForSelector('#quick-play');
  const inView = async (sel) => {
    const b = await page.locator(sel).boundingBox();
    return b && b.y >= 0 && b.y + b.height <= 844;
  };
  assert.ok(await inView('#quick-play'), 'Play the computer is on the first screen of a phone');
  assert.ok(await inView('#ng-start'), 'Start game stays in view');
  const names = await page.$$eval('#ng-variant option', (os) => os.map((o) => o.textContent));
  assert.ok(names.includes('Dai Hasami Shogi (captures)') && names.includes('Shogun'), names.join());
  assert.ok(!names.some((n) => /^[a-z-]+$/.test(n)), names.join());
  const text = await page.textContent('main');
  assert.doesNotMatch(text, /RULES\.md|\([ASWCD]\d/);
  await page.selectOption('#quick-variant', 'hasami');
  await page.click('#quick-play');
  await page.waitForURL(/#\/game\/\d+$/);
  const id = await gameId(page);
  await waitGame(page, { you: 'black', turn: 'black', ply: 0 });
  const g = await view(page, id);
  assert.equal(g.opponent, 'engine');
  assert.equal(g.level, 2);
  await page.context().close();
});

test("the games list shows this browser's games, and of others only finished ones", async () => {
  const page = await newPage('lists');
  await page.goto(BASE + '/#/rules/hasami');
  // Another player's game in progress, and another player's finished game (made through the API,
  // so this browser holds no key to them).
  const theirs = await createGame(page, { variant: 'hasami', opponent: 'local' });
  const done = await createGame(page, { variant: 'hasami', opponent: 'local', position: '9/9/9/9/2wwb4/9/1b7/9/9 b 0 1' });
  await apiMove(page, done.id, done.token, 'b3b5');
  // This browser's own game.
  await page.goto(BASE + '/#/');
  await page.click('#quick-play');
  await page.waitForURL(/#\/game\/\d+$/);
  const mine = Number(await gameId(page));
  await page.goto(BASE + '/#/games');
  await page.waitForSelector('#games-list');
  const ids = async (sel) => page.$$eval(`${sel} tr[data-game-id]`, (rs) => rs.map((r) => Number(r.dataset.gameId)));
  assert.deepEqual(await ids('#games-list'), [mine]);
  const others = await ids('#others-list');
  assert.ok(others.includes(done.id), JSON.stringify(others));
  assert.ok(!others.includes(theirs.id), 'another player\'s game in progress is listed');
  await page.context().close();
});

test('analysis keeps the board size, shows a figure on the bar and a readable line', async () => {
  const page = await newPage('analysis');
  await page.goto(BASE + '/#/rules/hasami');
  const c = await createGame(page, { variant: 'hasami', opponent: 'local' });
  await page.goto(`${BASE}/#/game/${c.id}?token=${c.token}`);
  await waitGame(page, { ply: 0 });
  const width = () => page.evaluate(() => document.getElementById('board').getBoundingClientRect().width);
  const before = await width();
  await page.click('#btn-analysis');
  await page.waitForFunction(() => /^Depth \d+/.test(document.getElementById('analysis-text').textContent));
  assert.equal(await width(), before, 'Analysis shrank the board');
  assert.match(await page.textContent('#eval-number'), /^([+−]\d+\.\d|#-?\d+)$/);
  const text = await page.textContent('#analysis-text');
  assert.match(text, /Best line: 1\. [a-i]\d–[a-i]\d [a-i]\d–[a-i]\d 2\. /, text);
  await shot(page, '17-analysis.png');
  await page.context().close();
});

test('a mouse click leaves no focus outline on the board; the keyboard shows its cursor', async () => {
  const page = await newPage('focus');
  await page.goto(BASE + '/#/rules/hasami');
  const c = await createGame(page, { variant: 'hasami', opponent: 'local' });
  await page.goto(`${BASE}/#/game/${c.id}?token=${c.token}`);
  await waitGame(page, { ply: 0 });
  const { x, y } = await center(page, 'e1');
  await page.mouse.click(x, y);
  await page.waitForSelector('circle.target');
  const outline = () => page.evaluate(() => {
    const board = document.getElementById('board'), cursor = board.querySelector('.cursor');
    const st = getComputedStyle(board);
    const stroke = cursor ? getComputedStyle(cursor).stroke : 'none';
    return { board: st.outlineStyle === 'none' || st.outlineWidth === '0px' ? 'none' : st.outlineStyle, cursor: stroke === 'rgba(0, 0, 0, 0)' ? 'none' : stroke };
  });
  assert.deepEqual(await outline(), { board: 'none', cursor: 'none' }, 'after a click');
  await page.keyboard.press('ArrowUp');
  const after = await outline();
  assert.notEqual(after.cursor, 'none', 'the keyboard cursor shows');
  await page.context().close();
});

test("a fast engine reply keeps the marks of the player's capture", async () => {
  const page = await newPage('capmarks');
  await page.goto(BASE + '/#/rules/hasami');
  const c = await createGame(page, { variant: 'hasami', opponent: 'engine', level: 1, side: 'black', position: ENGINE_START });
  await page.goto(`${BASE}/#/game/${c.id}?token=${c.token}`);
  await waitGame(page, { ply: 0 });
  await apiMove(page, c.id, c.token, 'f1f5'); // captures e5
  await waitGame(page, { ply: 2, thinking: 'false' });
  // On the live board, after the engine's reply: the player's capture is still marked.
  await page.waitForSelector('.capmark.prev[data-square="e5"]', { state: 'attached' });
  await page.context().close();
});

test('rules page', async () => {
  const page = await newPage('rules');
  await page.goto(BASE + '/#/rules/hasami');
  await page.waitForSelector('svg.board');
  assert.match(await page.textContent('h1'), /Hasami Shogi/);
  await shot(page, '06-rules.png');
  await page.goto(BASE + '/#/rules/shogun');
  await page.waitForSelector('#rules-shogun svg.board.shogun');
  assert.match(await page.textContent('h1'), /^Shogun$/);
  assert.equal(await page.locator('#rules-shogun path.crown').count(), 2);
  assert.equal(await page.locator('#rules-shogun g.piece text.num').count(), 16);
  assert.ok(await page.locator('#shogun-options tr').count() >= 5);
  await shot(page, '13-shogun-rules.png');
  await page.context().close();
});

test('no script errors in any page', () => {
  assert.deepEqual(pageErrors, []);
});
