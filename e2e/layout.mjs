// Browser tests of the layout at phone and desktop widths: new moves scroll the move list and never
// the page, and no screen of any preset or of Shogun scrolls sideways at 320, 390 or 1280 px.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, newPage, shot, waitGame, view, createGame, apiMove, overflow } from './helpers.mjs';

test('phone: new moves scroll the move list, never the page', async () => {
  const page = await newPage('phone-scroll', { width: 390, height: 844 });
  await page.goto(BASE + '/#/rules/hasami');
  // Both sides from this page, each move a new piece's first step, so the game cannot end before
  // ply 12 (by a capture, or by a repetition, which moves picked blindly against an engine's random
  // replies reach now and then).
  const c = await createGame(page, { variant: 'hasami', opponent: 'local' });
  await page.goto(`${BASE}/#/game/${c.id}?token=${c.token}`);
  await waitGame(page, { ply: 0 });
  const boardTop = () => page.evaluate(() => document.getElementById('board').getBoundingClientRect().top);
  const before = await boardTop();
  let ply = 0;
  for (const file of 'abcdef') {
    for (const move of [`${file}1${file}2`, `${file}9${file}8`]) {
      await apiMove(page, c.id, c.token, move);
      ply += 1;
      await waitGame(page, { ply, status: 'playing' }).catch(async (e) => {
        const g = await view(page, c.id);
        throw new Error(`${e.message}; the server has ply ${g.ply}, status ${g.status} (${g.reason})`);
      });
    }
  }
  await shot(page, '14-phone-after-12-moves.png');
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page scrolled');
  assert.equal(await boardTop(), before, 'the board moved');
  // The move list itself shows the newest move.
  const shown = await page.evaluate(() => {
    const list = document.getElementById('move-list').getBoundingClientRect();
    const cur = document.querySelector('#move-list [aria-current="true"]').getBoundingClientRect();
    return cur.top >= list.top - 1 && cur.bottom <= list.bottom + 1;
  });
  assert.ok(shown, 'the newest move is visible in the move list');
  await page.context().close();
});

test('no horizontal scroll on any screen, for every preset and Shogun, at 320, 390 and 1280 px', async () => {
  const page = await newPage('widths');
  await page.goto(BASE + '/#/rules/hasami');
  const presets = (await page.evaluate(async () => (await fetch('/api/variants')).json())).presets.map((p) => p.name);
  assert.ok(presets.includes('shogun') && presets.length >= 7, presets.join());
  const games = [];
  for (const variant of presets) {
    const body = variant === 'shogun'
      ? { variant: 'shogun', opponent: 'local', random_board: true }
      : { variant, opponent: 'local' };
    const c = await createGame(page, body);
    assert.ok(c.id, JSON.stringify(c));
    games.push([variant, c]);
  }
  // A finished game whose end has a long word ("draw: third repetition") in the games lists.
  const drawn = await createGame(page, { variant: 'hasami', opponent: 'local' });
  for (let i = 0; i < 2; i++) for (const m of ['a1a2', 'a9a8', 'a2a1', 'a8a9']) await apiMove(page, drawn.id, drawn.token, m);
  // A game waiting in the lobby, so that the lobby's table is drawn.
  await createGame(page, { variant: 'dai-hasami-captures', opponent: 'online', open: true, players: { black: 'Wolfgang Amadeus M.' }, clock: { initial: 90, increment: 2 } });
  const ended = await view(page, drawn.id);
  assert.equal(ended.status, 'over', JSON.stringify(ended));
  const wide = [];
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const screens = [['new game', '#/', '#games-list'], ['games', '#/games', '#games-list'], ['import', '#/import', 'h1'], ['lobby', '#/lobby', '#lobby-list tr[data-game-id]']];
    for (const variant of presets) screens.push([`rules ${variant}`, `#/rules/${variant}`, 'svg.board']);
    for (const [variant, c] of games) screens.push([`game ${variant}`, `#/game/${c.id}?token=${c.token}`, '#game[data-status]']);
    for (const [name, hash, ready] of screens) {
      await page.goto('about:blank');
      await page.goto(BASE + '/' + hash);
      await page.waitForSelector(ready);
      if (width === 390 && (name === 'game shogun' || name === 'games' || name === 'lobby')) await shot(page, `15-${name.replace(' ', '-')}-390.png`);
      const over = await overflow(page);
      if (over > 0) wide.push(`${name} at ${width} px: ${over} px too wide`);
    }
  }
  assert.deepEqual(wide, []);
  await page.context().close();
});
