// Piece sets and board themes (the header's Board panel, web/looks.js and web/pieces.js): each
// game's own set until the player picks one, every set and theme drawn as chosen and remembered
// after a reload, the game playable by clicks in every set, the squares' labels unchanged, the
// analysis board drawn alike; screenshots of a game in shogi pieces on the wood board at 390 and
// 1280 px, light and dark.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, newPage, shot, waitGame, openGame, createGame, apiMove, clickMove, view, computed } from './helpers.mjs';

/** The board's set and theme as drawn. */
const drawn = (page) => page.$eval('svg#board', (s) => [s.dataset.pieces, s.dataset.board]);
const count = (page, sel) => page.locator(sel).count();
/** The computed fill of the first element matching `sel`. */
const fill = (page, sel) => computed(page, sel, 'fill');

/** Opens the header's panel (if closed) and picks `value` in its group `name` (pieces or board). */
async function choose(page, name, value) {
  if (!(await page.locator('#look-panel').count())) {
    await page.click('#look-toggle');
    await page.waitForSelector('#look-panel');
  }
  await page.check(`#look-${name}-${value}`);
}

/** Opens a game created by `createGame` and waits until its pieces are drawn. */
async function openDrawn(page, c) {
  await openGame(page, c.id, c.token);
  await waitGame(page, { ply: String(c.game.ply) });
  await page.waitForSelector('svg#board g.piece');
}

test('piece sets and board themes: each game\'s own, every choice drawn and kept, playable by clicks', async () => {
  const page = await newPage('looks');
  await page.goto(BASE + '/#/rules');
  const games = {};
  for (const variant of ['hasami', 'dai-hasami', 'agon', 'shogun', 'hasami-chess']) {
    games[variant] = await createGame(page, { variant, opponent: 'local' });
    assert.ok(games[variant].id, JSON.stringify(games[variant]));
  }

  // Each game's own set on the wood board while nothing is chosen.
  await openDrawn(page, games.hasami);
  assert.deepEqual(await drawn(page), ['koma', 'wood']);
  // Shogi pawns: Black's show 歩, White's と, White's turned to point at Black; the board has its
  // four star points and grain.
  assert.equal(await count(page, 'g.piece.black[data-face="歩"] polygon.koma'), 9);
  assert.equal(await count(page, 'g.piece.white[data-face="と"] polygon.koma'), 9);
  assert.equal(await count(page, 'g.piece[data-face] .face path'), 9 * 8 + 9 * 2);
  assert.equal(await count(page, 'g.piece.white > g[transform="rotate(180)"]'), 9);
  assert.equal(await count(page, 'g.piece.black > g[transform]'), 0);
  assert.equal(await count(page, 'svg#board .star'), 4);
  assert.ok(await count(page, 'svg#board .grain path') > 5);
  assert.equal(await fill(page, 'svg#board .cell'), 'rgb(228, 189, 114)');
  // The labels say side and piece whatever the set.
  assert.equal(await page.getAttribute('#sq-e1', 'aria-label'), 'e1, black piece');
  assert.equal(await page.getAttribute('#sq-e9', 'aria-label'), 'e9, white piece');
  await openDrawn(page, games['dai-hasami']);
  assert.deepEqual(await drawn(page), ['stones', 'wood']);
  assert.equal(await count(page, 'svg#board g.piece circle.stone'), 36);
  assert.equal(await fill(page, 'g.piece.black circle.stone'), 'rgb(30, 30, 30)');
  await openDrawn(page, games.agon);
  assert.deepEqual(await drawn(page), ['agon', 'wood']);
  assert.equal(await fill(page, 'g.piece.black circle.agon'), 'rgb(198, 40, 40)');
  assert.equal(await fill(page, 'g.piece.white circle.agon'), 'rgb(46, 125, 50)');
  await openDrawn(page, games['hasami-chess']);
  assert.deepEqual(await drawn(page), ['shapes', 'wood']);
  assert.equal(await count(page, 'svg#board g.piece polygon.disc-black'), 8);
  await openDrawn(page, games.shogun);
  assert.deepEqual(await drawn(page), ['shapes', 'wood']);
  assert.equal(await count(page, 'svg#board g.piece text.num'), 16);
  assert.equal(await count(page, 'svg#board g.piece path.crown'), 2);
  assert.match(await page.getAttribute('#sq-e1', 'aria-label'), /^e1, White Shogun showing \d$/);

  // Every set in the Hasami game, a move by clicks in each (hot-seat: both sides move).
  await openDrawn(page, games.hasami);
  const shapes = { koma: 'polygon.koma', stones: 'circle.stone', agon: 'circle.agon', shapes: 'polygon.disc-black' };
  let ply = 0;
  for (const set of ['stones', 'agon', 'shapes', 'koma']) {
    await choose(page, 'pieces', set);
    await page.waitForSelector(`svg#board[data-pieces="${set}"]`);
    assert.ok(await count(page, `svg#board g.piece.black ${shapes[set]}`) >= 8, set);
    const g = await view(page, games.hasami.id);
    const mv = g.legal_moves.find((m) => m[1] !== m[3]) || g.legal_moves[0];
    await clickMove(page, mv.slice(0, 2), mv.slice(2), g.legal_moves);
    ply += 1;
    await waitGame(page, { ply: String(ply) });
    await page.waitForSelector(`svg#board g.piece[data-square="${mv.slice(2)}"] ${shapes[set]}`);
  }
  // Every theme: the board's colours change, the labels do not.
  const label = await page.getAttribute('#sq-e5', 'aria-label');
  await choose(page, 'board', 'plain');
  await page.waitForSelector('svg#board[data-board="plain"]');
  assert.equal(await fill(page, 'svg#board .cell'), 'rgb(220, 179, 92)');
  assert.equal(await count(page, 'svg#board .star'), 0);
  await choose(page, 'board', 'contrast');
  await page.waitForSelector('svg#board[data-board="contrast"]');
  assert.equal(await fill(page, 'svg#board .cell'), 'rgb(255, 255, 255)');
  assert.equal(await fill(page, 'g.piece.black polygon.koma'), 'rgb(0, 0, 0)');
  assert.equal(await fill(page, 'g.piece.white polygon.koma'), 'rgb(255, 255, 255)');
  assert.equal(await computed(page, 'g.piece.white polygon.koma', 'stroke'), 'rgb(0, 0, 0)');
  assert.equal(await page.getAttribute('#sq-e5', 'aria-label'), label);
  // Still playable in high contrast.
  let g = await view(page, games.hasami.id);
  await clickMove(page, g.legal_moves[0].slice(0, 2), g.legal_moves[0].slice(2), g.legal_moves);
  await waitGame(page, { ply: String(ply + 1) });

  // Kept after a reload, and in the panel; chosen for every game (the Shogun board takes the set's
  // colours and keeps its numbers and crowns).
  await choose(page, 'pieces', 'stones');
  await page.waitForSelector('svg#board[data-pieces="stones"]');
  await page.reload();
  await page.waitForSelector('svg#board g.piece');
  assert.deepEqual(await drawn(page), ['stones', 'contrast']);
  await page.click('#look-toggle');
  assert.ok(await page.isChecked('#look-pieces-stones'));
  assert.ok(await page.isChecked('#look-board-contrast'));
  assert.equal(await page.getAttribute('#look-toggle', 'aria-expanded'), 'true');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#look-panel', { state: 'detached' });
  await openDrawn(page, games.shogun);
  assert.deepEqual(await drawn(page), ['stones', 'contrast']);
  assert.equal(await count(page, 'svg#board g.piece text.num'), 16);
  assert.equal(await count(page, 'svg#board g.piece path.crown'), 2);
  assert.equal(await fill(page, 'g.piece.white circle.disc'), 'rgb(0, 0, 0)');

  // The analysis board is drawn alike; "Each game's own" and "Automatic" go back to the defaults.
  await page.goto(`${BASE}/#/analysis?variant=hasami`);
  await page.waitForSelector('#analysis-board svg#board g.piece');
  assert.deepEqual(await drawn(page), ['stones', 'contrast']);
  await choose(page, 'pieces', 'auto');
  await choose(page, 'board', 'auto');
  await page.waitForSelector('svg#board[data-pieces="koma"][data-board="wood"]');
  assert.equal(await page.evaluate(() => [localStorage.getItem('hasami.pieces'), localStorage.getItem('hasami.board')].join()), ',');
  await page.context().close();
});

test('the dark page theme: wood keeps its colours, high contrast turns black', async () => {
  const page = await newPage('looks-dark', { width: 1200, height: 860 }, 'dark');
  await page.goto(BASE + '/#/rules');
  const c = await createGame(page, { variant: 'hasami', opponent: 'local' });
  await openDrawn(page, c);
  assert.deepEqual(await drawn(page), ['koma', 'wood']);
  assert.equal(await fill(page, 'svg#board .cell'), 'rgb(201, 160, 84)');
  await choose(page, 'board', 'contrast');
  await page.waitForSelector('svg#board[data-board="contrast"]');
  assert.equal(await fill(page, 'svg#board .cell'), 'rgb(0, 0, 0)');
  assert.equal(await computed(page, 'svg#board .grid', 'stroke'), 'rgb(255, 255, 255)');
  // A black piece on the black board shows by its white outline.
  assert.equal(await computed(page, 'g.piece.black polygon.koma', 'stroke'), 'rgb(255, 255, 255)');
  await shot(page, 'looks-contrast-1200-dark.png');
  await page.context().close();
});

test('screenshots: a game in shogi pieces on the wood board at 390 and 1280 px', async () => {
  const setup = await newPage('looks-shots-setup');
  await setup.goto(BASE + '/#/rules');
  const c = await createGame(setup, { variant: 'hasami', opponent: 'local', players: { black: 'Ann', white: 'Bob' } });
  for (const m of ['e1e5', 'a9a5', 'c1c4', 'i9i6', 'g1g4', 'e9e6']) await apiMove(setup, c.id, c.token, m);
  await setup.context().close();
  for (const scheme of ['light', 'dark']) {
    for (const width of [390, 1280]) {
      const page = await newPage(`looks-shots-${width}-${scheme}`, { width, height: width < 800 ? 844 : 800 }, scheme);
      await page.goto(`${BASE}/#/game/${c.id}?token=${c.token}`);
      await waitGame(page, { ply: '6' });
      assert.deepEqual(await drawn(page), ['koma', 'wood']);
      await shot(page, `looks-koma-wood-${width}-${scheme}.png`);
      await page.context().close();
    }
  }
});
