// The analysis board (#/analysis): moves of both sides from a set-up position, going back and
// playing another move (a variation; move-tree.mjs tests the tree), the engine's bar and line, the link that carries the board, "Analyse from
// here" from a game (in an online game only once it is over), and the layout at phone and desktop
// widths.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, ONLINE_START, pageErrors, newPage, shot, boardPieces, clickMove, createGame, apiMove, overflow } from './helpers.mjs';

const BOARD_URL = `${BASE}/#/analysis?variant=hasami&position=${encodeURIComponent(ONLINE_START)}`;

/** Waits until the analysis board shows ply `ply` of a line of `plies` (and the other data-* values given). */
async function waitBoard(page, attrs) {
  const sel = '#analysis-board' + Object.entries(attrs).map(([k, v]) => `[data-${k}="${v}"]`).join('');
  await page.waitForSelector(sel);
}

/** The legal moves of the board after `moves`, asked of the server from the page. */
async function legal(page, moves) {
  return page.evaluate(async ([start, m]) => {
    const r = await fetch('/api/analysis', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ variant: 'hasami', position: start, moves: m }) });
    return (await r.json()).legal_moves;
  }, [ONLINE_START, moves]);
}

test('analysis board: both sides move, a capture wins, going back and playing another move makes a variation, the engine, the link', async () => {
  const page = await newPage('analysis-board', { width: 1280, height: 860 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
  await page.goto(BOARD_URL);
  await waitBoard(page, { ply: 0, plies: 0, status: 'playing', turn: 'black' });
  assert.equal(await page.inputValue('#ab-position'), ONLINE_START);
  assert.equal(await page.inputValue('#ab-variant'), 'hasami');
  assert.equal(await page.getAttribute('#nav-analysis', 'aria-current'), 'page');

  // f1-f5 by clicking: e5 is captured and Black wins.
  await clickMove(page, 'f1', 'f5', await legal(page, []));
  await waitBoard(page, { ply: 1, plies: 1, status: 'over' });
  await page.waitForSelector('.capmark[data-square="e5"]');
  assert.equal((await boardPieces(page)).e5, undefined);
  assert.match(await page.textContent('#ab-over'), /Game over \(1-0\)/);
  assert.match(page.url(), /moves=f1f5$/);

  // Back one move, then another move: a variation beside f1-f5, and the link holds its line.
  await page.click('#nav-prev');
  await waitBoard(page, { ply: 0, plies: 1, status: 'playing' });
  assert.equal((await boardPieces(page)).e5, 'white');
  await clickMove(page, 'f1', 'f2', await legal(page, []));
  await waitBoard(page, { ply: 1, plies: 1, status: 'playing', turn: 'white' });
  assert.deepEqual(await page.$$eval('#move-list button[data-ply]', (bs) => bs.map((b) => b.textContent)), ['f1–f5×e5', 'f1–f2']);
  assert.match(page.url(), /moves=f1f2$/);
  // White moves too, and clicking a move goes back to it.
  await clickMove(page, 'e9', 'e8', await legal(page, ['f1f2']));
  await waitBoard(page, { ply: 2, plies: 2, turn: 'black' });
  await page.click('#move-list button[data-ply="1"]:text-is("f1–f2")');
  await waitBoard(page, { ply: 1, plies: 2, turn: 'white' });
  await page.click('#nav-next');
  await waitBoard(page, { ply: 2, plies: 2 });

  // The engine: the bar shows and the best line is written as players write it.
  await page.click('#btn-engine');
  await page.waitForFunction(() => /^Depth \d+/.test(document.getElementById('ab-engine-text').textContent));
  assert.match(await page.textContent('#ab-engine-text'), /Best line: 2\. [a-i]\d–[a-i]\d/);
  assert.equal(await page.$eval('#eval-bar', (e) => e.classList.contains('off')), false);
  assert.match(await page.textContent('#eval-number'), /^([+−]\d+\.\d|#-?\d+)$/);
  // A position change searches again.
  await page.click('#nav-prev');
  await waitBoard(page, { ply: 1, plies: 2 });
  await page.waitForFunction(() => /Best line: 1\.\.\. /.test(document.getElementById('ab-engine-text').textContent));
  await page.click('#nav-last');
  await waitBoard(page, { ply: 2, plies: 2 });
  await page.waitForFunction(() => /Best line: 2\. /.test(document.getElementById('ab-engine-text').textContent));
  const share = Number(await page.getAttribute('#eval-bar', 'aria-valuenow'));
  assert.ok(share >= 0 && share <= 100, String(share));
  // Three lines: two more under the best, each beginning with another move.
  await page.selectOption('#ab-lines', '3');
  await page.waitForFunction(() => document.querySelectorAll('#ab-lines-list li').length === 2);
  const firsts = await page.$$eval('#ab-lines-list li', (ls) => ls.map((l) => l.dataset.move));
  const best = (await page.textContent('#ab-engine-text')).match(/Best line: 2\. ([a-i]\d)–([a-i]\d)/);
  assert.ok(best, await page.textContent('#ab-engine-text'));
  assert.equal(new Set([best[1] + best[2], ...firsts]).size, 3, String(firsts));
  assert.match(await page.textContent('#ab-lines-list li'), /^([+-]\d+\.\d\d|win in \d+|loss in \d+): 2\. [a-i]\d–[a-i]\d/);
  await shot(page, '30-analysis-board-1280.png');
  // The choice is remembered; back to one line for the rest.
  await page.selectOption('#ab-lines', '1');
  await page.waitForFunction(() => document.querySelectorAll('#ab-lines-list li').length === 0 && /^Depth/.test(document.getElementById('ab-engine-text').textContent));

  // The link carries the board: a new page opened on it shows the same position and moves.
  await page.click('#btn-copy-link');
  await page.waitForSelector('#btn-copy-link[data-link]');
  let link = await page.getAttribute('#btn-copy-link', 'data-link');
  try { link = await page.evaluate(() => navigator.clipboard.readText()); } catch { /* clipboard not readable here */ }
  assert.ok(link.startsWith(BASE + '/#/analysis?'), link);
  const pieces = await boardPieces(page);
  const other = await newPage('analysis-board-link', { width: 390, height: 800 });
  await other.goto(link);
  await waitBoard(other, { ply: 2, plies: 2, turn: 'black' });
  assert.deepEqual(await boardPieces(other), pieces);
  assert.deepEqual(await other.$$eval('#move-list button[data-ply]', (bs) => bs.map((b) => b.textContent)), ['f1–f2', 'e9–e8']);
  await shot(other, '30-analysis-board-390.png');
  await other.context().close();
  await page.context().close();
});

test('analysis board: set up refuses bad positions plainly; a reload keeps the board', async () => {
  const page = await newPage('analysis-setup');
  // A link that does not replay says why and falls back: to its start, then to the game's start.
  await page.goto(`${BASE}/#/analysis?variant=hasami&position=${encodeURIComponent(ONLINE_START)}&moves=f1f2,zz`);
  await waitBoard(page, { ply: 0, plies: 0 });
  // Said in the player's words, from the refusal's code and ply.
  assert.equal(await page.textContent('#ab-error'), 'Move 2: That is not a move.');
  assert.equal(await page.inputValue('#ab-position'), ONLINE_START);
  await page.goto(`${BASE}/#/analysis?variant=nope`);
  await page.waitForFunction(() => /nope/.test(document.getElementById('ab-error').textContent));
  await page.waitForSelector('#analysis-board[data-ply="0"] svg#board[data-size="9"]');
  await page.goto('about:blank');
  await page.goto(BASE + '/#/analysis');
  await waitBoard(page, { ply: 0, plies: 0 });
  await page.fill('#ab-position', '9/9 b');
  await page.click('#ab-setup-go');
  await page.waitForFunction(() => /bad position/.test(document.getElementById('ab-error').textContent));
  await page.fill('#ab-position', ONLINE_START);
  await page.click('#ab-setup-go');
  await page.waitForFunction(() => document.getElementById('ab-error').textContent === '');
  await waitBoard(page, { ply: 0, plies: 0 });
  await clickMove(page, 'f1', 'f2', await legal(page, []));
  await waitBoard(page, { ply: 1, plies: 1 });
  const pieces = await boardPieces(page);
  await page.reload();
  await waitBoard(page, { ply: 1, plies: 1 });
  assert.deepEqual(await boardPieces(page), pieces);
  // Another game from the select: its start.
  await page.selectOption('#ab-variant', 'shogun');
  await page.waitForSelector('svg#board[data-size="8"]');
  await waitBoard(page, { ply: 0, plies: 0 });
  await page.context().close();
});

test('analysis board: "Analyse from here" opens the board at the position shown in a game, in an online game once it is over', async () => {
  const page = await newPage('analysis-from-game');
  await page.goto(BASE + '/#/rules/hasami');
  const c = await createGame(page, { variant: 'hasami', opponent: 'local', position: ONLINE_START });
  await page.goto(`${BASE}/#/game/${c.id}?token=${c.token}`);
  await page.waitForSelector('#game[data-ply="0"]');
  await clickMove(page, 'f1', 'f2', (await page.evaluate(async (id) => (await (await fetch(`/api/games/${id}`)).json()).legal_moves, c.id)));
  await page.waitForSelector('#game[data-ply="1"]');
  const pieces = await boardPieces(page);
  await page.click('#btn-analyse-board');
  await waitBoard(page, { ply: 0, plies: 0, turn: 'white' });
  assert.deepEqual(await boardPieces(page), pieces);
  assert.match(await page.inputValue('#ab-position'), /^4w4\/9\/9\/9\/3bw4\/9\/9\/5b3\/9 w /);
  // Fair play: in an online game in progress there is no button, and the server refuses the
  // engine's analysis of the game's position; once the game is over both come back.
  const o = await createGame(page, { variant: 'hasami', opponent: 'online', side: 'black', position: ONLINE_START });
  const played = await apiMove(page, o.id, o.token, 'f1f2');
  await page.goto(`${BASE}/#/game/${o.id}?token=${o.token}`);
  await page.waitForSelector(`#game[data-game-id="${o.id}"][data-ply="1"][data-status="playing"]`);
  assert.ok(!(await page.isVisible('#btn-analyse-board')), '"Analyse from here" in an online game in progress');
  assert.ok(await page.isDisabled('#btn-hint'));
  const search = () => page.evaluate(async (position) => (await fetch('/api/analysis/search', {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ variant: 'hasami', position, ms: 50 }) })).status, played.position);
  assert.equal(await search(), 403);
  await page.evaluate(async ([id, token]) => fetch(`/api/games/${id}/resign`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token }) }), [o.id, o.token]);
  await page.waitForSelector('#game[data-status="over"]');
  await page.waitForSelector('#btn-analyse-board', { state: 'visible' });
  assert.equal(await search(), 200);
  await page.click('#btn-analyse-board');
  await waitBoard(page, { ply: 0, plies: 0, turn: 'white' });
  await page.context().close();
});

test('analysis board: no horizontal scroll at 320, 390 and 1280 px', async () => {
  const page = await newPage('analysis-widths');
  const wide = [];
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const variant of ['hasami', 'dai-hasami', 'shogun']) {
      await page.goto('about:blank');
      await page.goto(`${BASE}/#/analysis?variant=${variant}`);
      await waitBoard(page, { ply: 0 });
      await page.click('#btn-engine');
      await page.waitForFunction(() => /Depth|over/.test(document.getElementById('ab-engine-text').textContent));
      const over = await overflow(page);
      if (over > 0) wide.push(`${variant} at ${width} px: ${over} px too wide`);
    }
  }
  assert.deepEqual(wide, []);
  await page.context().close();
});

test('analysis board: no script errors', () => {
  assert.deepEqual(pageErrors.filter((e) => e.startsWith('analysis')), []);
});
