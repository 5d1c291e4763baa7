// Browser tests around a game: abort in the first two plies, rematch and a new game like this, the
// post-game review (marks, graph, arrows, stored), whether the opponent is connected, the win
// condition beside the board, sounds with their mute toggle, and the light and dark themes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, ONLINE_START, newPage, shot, waitGame, openGame, createGame, apiMove, overflow } from './helpers.mjs';

/** Black wins at once with f1-f5 (capturing e5 leaves White one piece); f1-f2 misses it. */
const WIN_IN_ONE = ONLINE_START;

/** An online game created from `page`: {id, black, white} tokens from the invite links. */
async function onlineGame(page, body = {}) {
  const c = await createGame(page, { variant: 'hasami', opponent: 'online', side: 'black', position: WIN_IN_ONE, ...body });
  const tokenOf = (link) => new URL(link, BASE).hash.split('token=')[1];
  return { id: c.id, black: c.token, white: tokenOf(c.links.white) };
}

test('before each side has moved a game is aborted, not resigned; the lists call it aborted', async () => {
  const page = await newPage('abort');
  await page.goto(BASE + '/#/rules');
  const g = await onlineGame(page);
  await openGame(page, g.id, g.black);
  await waitGame(page, { ply: 0 });
  assert.ok(await page.isVisible('#btn-abort'), 'Abort is offered');
  assert.ok(!(await page.isVisible('#btn-resign')), 'no Resign before the first move');
  assert.ok(!(await page.isVisible('#btn-draw')), 'no draw offer before the first move');
  await page.click('#btn-abort');
  await waitGame(page, { status: 'over' });
  assert.equal(await page.textContent('#game-over'), 'Game aborted');
  await page.goto(BASE + '/#/games');
  const row = page.locator(`#games-list tr[data-game-id="${g.id}"]`);
  await row.waitFor();
  assert.match(await row.textContent(), /Game aborted/);
  assert.doesNotMatch(await row.textContent(), /playing/);
  // After each side's first move, Resign again and no Abort.
  const h = await onlineGame(page);
  await apiMove(page, h.id, h.black, 'f1f2');
  await apiMove(page, h.id, h.white, 'e9e8');
  await openGame(page, h.id, h.black);
  await waitGame(page, { ply: 2 });
  assert.ok(await page.isVisible('#btn-resign'));
  assert.ok(!(await page.isVisible('#btn-abort')));
  await page.context().close();
});

test('rematch: the winner asks, the loser joins, colours swapped; a new game like this', async () => {
  const ann = await newPage('rematch-ann');
  const bob = await newPage('rematch-bob');
  await ann.goto(BASE + '/#/rules');
  const g = await onlineGame(ann);
  await openGame(ann, g.id, g.black);
  await openGame(bob, g.id, g.white);
  await apiMove(ann, g.id, g.black, 'f1f5');
  await waitGame(ann, { status: 'over' });
  await waitGame(bob, { status: 'over' });
  assert.equal(await ann.textContent('#btn-rematch'), 'Rematch');
  await ann.click('#btn-rematch');
  await ann.waitForFunction((old) => location.hash !== `#/game/${old}` && /^#\/game\/\d+$/.test(location.hash), g.id);
  await waitGame(ann, { you: 'white' });
  const newId = await ann.getAttribute('#game', 'data-game-id');
  // Bob's page hears of it and offers to join.
  await bob.waitForFunction(() => document.getElementById('btn-rematch').textContent === 'Join the rematch');
  await bob.click('#btn-rematch');
  await waitGame(bob, { 'game-id': newId, you: 'black' });
  await shot(bob, 'rematch-joined-1280.png');
  // A new game like this one: the same game against the engine, same side and level.
  const page = await newPage('like-this');
  await page.goto(BASE + '/#/rules');
  const e = await createGame(page, { variant: 'hasami', opponent: 'engine', level: 4, side: 'black', position: WIN_IN_ONE });
  await openGame(page, e.id, e.token);
  await apiMove(page, e.id, e.token, 'f1f5');
  await waitGame(page, { status: 'over' });
  await page.click('#btn-like-this');
  await page.waitForFunction((old) => /^#\/game\/\d+$/.test(location.hash) && location.hash !== `#/game/${old}`, e.id);
  await waitGame(page, { ply: 0, you: 'black', status: 'playing' });
  const players = await page.textContent('#players');
  assert.match(players, /level 4/);
  for (const p of [ann, bob, page]) await p.context().close();
});

test('post-game review: a missed win is a blunder, the graph moves the board, arrows, stored, imported records too', async () => {
  const page = await newPage('review-marks');
  await page.goto(BASE + '/#/rules');
  const c = await createGame(page, { variant: 'hasami', opponent: 'local', position: WIN_IN_ONE });
  await apiMove(page, c.id, c.token, 'f1f2');
  await apiMove(page, c.id, c.token, 'e5e6');
  await openGame(page, c.id, c.token);
  await waitGame(page, { ply: 2 });
  await page.click('#btn-review');
  await page.waitForSelector('#review-graph');
  const first = page.locator('#move-list button[data-ply="1"]');
  assert.match(await first.getAttribute('class'), /mark-blunder/);
  assert.match(await first.textContent(), /\?\?$/);
  assert.match(await first.getAttribute('aria-label'), /blunder/);
  assert.equal(await page.textContent('#review-summary tr[data-side="black"] td.blunder'), '1');
  // Clicking the graph moves the board: its left edge is the start, the middle ply 1.
  const box = await page.locator('#review-graph').boundingBox();
  await page.mouse.click(box.x + 2, box.y + box.height / 2);
  await page.waitForFunction(() => /Viewing move 0 of 2/.test(document.getElementById('status').textContent));
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForFunction(() => /Viewing move 1 of 2/.test(document.getElementById('status').textContent));
  assert.equal(await page.getAttribute('#move-list button[aria-current="true"]', 'data-ply'), '1');
  // The played move and the engine's better one as arrows; the comment says which was better.
  await page.waitForSelector('svg#board g.arrow.played[data-move="f1f2"]');
  await page.waitForSelector('svg#board g.arrow.best[data-move="f1f5"]');
  assert.match(await page.textContent('#review-comment'), /blunder.*Best was f1–f5/);
  // The keyboard steps through the graph too.
  await page.focus('#review-graph');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.getElementById('status').textContent.includes('Your move') || !/Viewing/.test(document.getElementById('status').textContent));
  await shot(page, 'review-1280.png');
  // Stored with the game: a reload shows it without asking again.
  await page.reload();
  await page.waitForSelector('#review-graph');
  assert.ok(!(await page.isVisible('#btn-review')), 'nothing left to compute');
  // An imported record is reviewed the same way.
  const record = await page.evaluate(async (id) => (await fetch(`/api/games/${id}/record`)).text(), c.id);
  await page.goto(BASE + '/#/import');
  await page.fill('#import-record', record);
  await page.click('#import-submit');
  await waitGame(page, { ply: 2 });
  await page.click('#btn-review');
  await page.waitForSelector('#move-list button[data-ply="1"].mark-blunder');
  // On a small phone the review fits the width.
  await page.setViewportSize({ width: 320, height: 700 });
  assert.equal(await overflow(page), 0, 'no horizontal scroll at 320 px with the review');
  await shot(page, 'review-320.png');
  await page.context().close();
});

test('the opponent shows as connected or not', async () => {
  const ann = await newPage('presence-ann');
  await ann.goto(BASE + '/#/rules');
  const g = await onlineGame(ann, { players: { black: 'Ann' } });
  await openGame(ann, g.id, g.black);
  await ann.waitForFunction(() => document.getElementById('presence').textContent === 'White is not connected');
  const bob = await newPage('presence-bob');
  await openGame(bob, g.id, g.white);
  await ann.waitForFunction(() => document.getElementById('presence').textContent === 'White is here');
  assert.equal(await bob.textContent('#presence'), 'Ann is here');
  await bob.context().close();
  await ann.waitForFunction(() => document.getElementById('presence').textContent === 'White is not connected');
  await ann.context().close();
});

test('the win condition is shown beside the board, as the variant makes it', async () => {
  const page = await newPage('goal');
  await page.goto(BASE + '/#/rules');
  for (const [variant, goal] of [
    ['hasami', 'Win: capture 8 pieces (the opponent down to 1).'],
    ['hasami+win=pieces-left:0', "Win: capture all the opponent's pieces."],
    ['dai-hasami', /make five in a row or column/],
  ]) {
    const c = await createGame(page, { variant, opponent: 'local' });
    await openGame(page, c.id, c.token);
    await page.waitForFunction(() => !document.getElementById('goal').hidden);
    const text = await page.textContent('#goal');
    if (typeof goal === 'string') assert.equal(text, goal); else assert.match(text, goal);
  }
  await page.context().close();
});

test('sounds for moves and captures, muted by the toggle, and the mute is remembered', async () => {
  const page = await newPage('sounds');
  await page.goto(BASE + '/#/rules');
  const c = await createGame(page, { variant: 'hasami', opponent: 'local', position: WIN_IN_ONE });
  // The page's first read of the game is slow; the move made through the API right after opening
  // still reaches it as a move, with its sound.
  await page.route(/\/api\/games\/[^/?]+(\?.*)?$/, async (r) => { await new Promise((res) => setTimeout(res, 1000)); await r.continue(); }, { times: 1 });
  await openGame(page, c.id, c.token);
  const last = () => page.getAttribute('#sound-toggle', 'data-last-sound');
  await apiMove(page, c.id, c.token, 'f1f2');
  await page.waitForFunction(() => /^move \d+$/.test(document.getElementById('sound-toggle').dataset.lastSound || ''));
  await page.click('#sound-toggle');
  assert.equal(await page.getAttribute('#sound-toggle', 'aria-pressed'), 'true');
  const before = await last();
  await apiMove(page, c.id, c.token, 'e9e8');
  await waitGame(page, { ply: 2 });
  assert.equal(await last(), before, 'muted: no sound');
  await page.reload();
  await waitGame(page, { ply: 2 });
  assert.equal(await page.getAttribute('#sound-toggle', 'aria-pressed'), 'true', 'still muted after a reload');
  await page.click('#sound-toggle');
  // f2-f5 captures e5 and wins: the end sounds.
  await apiMove(page, c.id, c.token, 'f2f5');
  await page.waitForFunction(() => /^end \d+$/.test(document.getElementById('sound-toggle').dataset.lastSound || ''));
  await page.context().close();
});

test('light and dark themes: the system setting by default, switchable, remembered', async () => {
  const bg = (page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const dark = await newPage('theme-dark', { width: 1280, height: 800 }, 'dark');
  await dark.goto(BASE + '/#/');
  await dark.waitForSelector('#quick-play');
  assert.equal(await bg(dark), 'rgb(22, 20, 18)', 'dark by the system setting');
  await dark.click('#theme-toggle');
  assert.equal(await bg(dark), 'rgb(244, 239, 230)', 'switched to light');
  await dark.reload();
  await dark.waitForSelector('#quick-play');
  assert.equal(await bg(dark), 'rgb(244, 239, 230)', 'remembered');
  await dark.context().close();
  const light = await newPage('theme-light', { width: 1280, height: 800 }, 'light');
  await light.goto(BASE + '/#/');
  await light.waitForSelector('#quick-play');
  assert.equal(await bg(light), 'rgb(244, 239, 230)');
  await light.click('#theme-toggle');
  assert.equal(await bg(light), 'rgb(22, 20, 18)');
  await light.context().close();
});
