// Screenshots of every main screen at 390 and 1280 px wide, light and dark, written to the
// screenshots folder as screen-NAME-WIDTH-SCHEME.png, and in Japanese with shogi pieces as
// screen-NAME-WIDTH-ja.png (docs/web.md shows some); each screen is checked for horizontal scroll on
// the way, and at 320 px too.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, ONLINE_START, newPage, shot, waitGame, createGame, apiMove, overflow } from './helpers.mjs';

test('screenshots of the main screens at 390 and 1280 px, light and dark', async () => {
  const setup = await newPage('shots-setup');
  await setup.goto(BASE + '/#/rules');
  // A finished game with its review, and a game under way against the engine.
  const done = await createGame(setup, { variant: 'hasami', opponent: 'local', position: ONLINE_START, players: { black: 'Ann', white: 'Bob' } });
  for (const m of ['f1f2', 'e5e6', 'f2f6', 'e9e8', 'd5d6']) await apiMove(setup, done.id, done.token, m);
  await setup.evaluate(async (id) => fetch(`/api/games/${id}/review`, { method: 'POST' }), done.id);
  const playing = await createGame(setup, { variant: 'hasami', opponent: 'local' });
  for (const m of ['e1e5', 'a9a5', 'c1c4', 'i9i6', 'g1g4']) await apiMove(setup, playing.id, playing.token, m);
  await setup.context().close();
  const screens = [
    ['new-game', '/#/', '#quick-play'],
    ['game', `/#/game/${playing.id}?token=${playing.token}`, '#game[data-ply="5"]'],
    ['review', `/#/game/${done.id}?token=${done.token}`, '#review-graph'],
    ['games', '/#/games', '#games-list'],
    ['rules', '/#/rules/hasami', '#view h1'],
    ['import', '/#/import', '#import-form'],
    ['analysis', `/#/analysis?variant=hasami&position=${encodeURIComponent(ONLINE_START)}&moves=f1f2,e5e6`, '#analysis-board[data-ply="2"]'],
  ];
  // The narrowest phone: no sideways scroll on any of them either.
  const narrow = await newPage('shots-320', { width: 320, height: 640 });
  for (const [name, path, ready] of screens) {
    await narrow.goto(BASE + path);
    await narrow.waitForSelector(ready);
    assert.equal(await overflow(narrow), 0, `${name} at 320 px scrolls sideways`);
  }
  await narrow.context().close();
  for (const scheme of ['light', 'dark']) {
    for (const width of [390, 1280]) {
      const page = await newPage(`shots-${scheme}-${width}`, { width, height: width < 800 ? 844 : 800 }, scheme);
      for (const [name, path, ready] of screens) {
        await page.goto(BASE + path);
        await page.waitForSelector(ready);
        assert.equal(await overflow(page), 0, `${name} at ${width} px (${scheme}) scrolls sideways`);
        await shot(page, `screen-${name}-${width}-${scheme}.png`);
      }
      await page.context().close();
    }
  }
  // In Japanese (a browser whose language is ja-JP) with each game's own pieces: shogi koma on the
  // wood board for Hasami Shogi.
  for (const width of [390, 1280]) {
    const page = await newPage(`shots-ja-${width}`, { width, height: width < 800 ? 844 : 800 }, 'light', { locale: 'ja-JP' });
    for (const [name, path, ready] of screens) {
      await page.goto(BASE + path);
      await page.waitForSelector(ready);
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'ja', `${name} is not in Japanese`);
      assert.equal(await overflow(page), 0, `${name} at ${width} px (Japanese) scrolls sideways`);
      await shot(page, `screen-${name}-${width}-ja.png`);
    }
    await page.context().close();
  }
});
