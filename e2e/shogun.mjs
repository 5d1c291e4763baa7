// Browser tests of Shogun: a hot-seat game set up in the new-game dialog and played by clicking to
// its end (scenario 4 of browser.mjs), and the analysis panel's words and colours for Shogun.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, newPage, shot, gameId, waitGame, view, createGame } from './helpers.mjs';

/** The pieces of a Shogun position text (S8): {square: [side, number, shogun]}. */
function shogunPieces(text) {
  const out = {};
  text.split(' ')[0].split('/').forEach((row, i) => {
    let file = 0;
    for (const m of row.matchAll(/([PpSs])(\d?):(\d)|(\d)/g)) {
      if (m[4]) { file += Number(m[4]); continue; }
      out[String.fromCharCode(97 + file) + (8 - i)] = [m[1] === 'P' || m[1] === 'S' ? 'black' : 'white', m[3], m[1].toLowerCase() === 's'];
      file += 1;
    }
  });
  return out;
}

/** The Shogun pieces drawn on the board, in the same shape. */
async function shogunBoard(page) {
  return page.$$eval('svg#board g.piece[data-square]:not([data-square=""])', (gs) =>
    Object.fromEntries(gs.map((g) => [g.dataset.square, [g.dataset.piece, g.querySelector('text.num').textContent, g.dataset.shogun === 'true']])));
}

test('Shogun hot-seat: set up in the dialog, played by clicking to the end', async () => {
  const page = await newPage('shogun');
  await page.goto(BASE + '/#/');
  await page.waitForSelector('#new-game-form');
  await page.selectOption('#ng-variant', 'shogun');
  await page.waitForSelector('#ng-shogun:not([hidden])');
  await page.check('#ng-opponent-local');
  await page.check('#ng-board-random');
  await page.fill('#ng-name-black', 'Ann');
  await page.fill('#ng-name-white', 'Ben');
  await page.waitForFunction(() => document.getElementById('ng-about').textContent.startsWith('shogun'));
  await shot(page, '07-shogun-new-game.png');
  await page.click('#ng-start');
  await page.waitForURL(/#\/game\/\d+$/);
  const id = await gameId(page);
  await waitGame(page, { status: 'playing', you: 'both', turn: 'black', ply: 0 });
  let g = await view(page, id);
  assert.match(g.variant, /^shogun\+seed=\d+/, 'the drawn magnet board is in the variant text');
  assert.deepEqual(g.side_names, { black: 'White', white: 'Red' });
  assert.match(await page.textContent('#players'), /White: Ann.*Red: Ben/s);
  // S3: every piece shows its number; the two Shoguns wear crowns.
  assert.deepEqual(await shogunBoard(page), shogunPieces(g.position));
  assert.equal(await page.locator('svg#board path.crown').count(), 2);
  assert.match(await page.getAttribute('#sq-e1', 'aria-label'), /^e1, White Shogun showing [12]$/);

  // The learning view: a picked piece shows, on each destination, the number it would get there.
  await page.click('#btn-learn');
  const first = g.legal_moves[0];
  await page.locator(`#sq-${first.slice(0, 2)}`).click();
  await page.waitForSelector(`text.arrival[data-target="${first.slice(2)}"]`);
  const arrivals = await page.$$eval('text.arrival', (ts) => Object.fromEntries(ts.map((t) => [t.dataset.target, Number(t.textContent)])));
  for (const m of g.legal_moves.filter((m) => m.startsWith(first.slice(0, 2))))
    assert.equal(arrivals[m.slice(2)], g.shogun.arrivals[m], `learning view of ${m}`);
  await shot(page, '08-shogun-learning-view.png');
  await page.keyboard.press('Escape');

  // Play to the end: captures first, otherwise a move chosen by a fixed sequence.
  let seed = 7, refusedSeen = false, warned = false, ply = 0;
  while (true) {
    g = await view(page, id);
    if (g.status === 'over') break;
    assert.deepEqual(await shogunBoard(page), shogunPieces(g.position), `board at ply ${ply}`);
    // A move refused by Shogun safety (S5): clicked once, the server's reason is shown.
    const refused = Object.keys(g.shogun.refused);
    if (!refusedSeen && refused.length) {
      const r = refused[0];
      await page.locator(`#sq-${r.slice(0, 2)}`).click();
      await page.waitForSelector(`g.refused[data-refused="${r.slice(2)}"]`);
      await page.locator(`#sq-${r.slice(2)}`).click();
      // In the player's words from the catalogue (the server's refusal code shogun_exposed).
      await page.waitForFunction(() => /^That move would leave your Shogun capturable by the piece on [a-h][1-8]\.$/.test(document.getElementById('error').textContent));
      assert.doesNotMatch(await page.textContent('#error'), /\(S\d/, 'rule ids are for developers');
      assert.equal((await view(page, id)).ply, ply, 'the refused move changed nothing');
      await shot(page, '09-shogun-refused.png');
      refusedSeen = true;
    }
    if (!warned && g.shogun.attacked) {
      await page.waitForSelector('#shogun-warning:not([hidden])');
      assert.match(await page.textContent('#shogun-warning'), /^Shogun! (White|Red)'s Shogun is attacked/);
      await page.waitForSelector('circle.check');
      await shot(page, '10-shogun-warning.png');
      warned = true;
    }
    const pieces = shogunPieces(g.position);
    const captures = g.legal_moves.filter((m) => pieces[m.slice(2)]);
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const mv = captures.length ? captures[seed % captures.length] : g.legal_moves[seed % g.legal_moves.length];
    await page.locator(`#sq-${mv.slice(0, 2)}`).click();
    await page.waitForSelector(`circle.target[data-target="${mv.slice(2)}"]`);
    await page.locator(`#sq-${mv.slice(2)}`).click();
    ply += 1;
    await waitGame(page, { ply });
    assert.ok(ply < 400, 'the game ends (S6, D1, D2)');
  }
  await page.waitForSelector('#game-over:not([hidden])');
  assert.equal(await page.textContent('#game-over'), `Game over (${g.result}): ${g.reason}`);
  assert.match(g.reason, /wins|draw/);
  assert.deepEqual(await shogunBoard(page), shogunPieces(g.position));
  await shot(page, '11-shogun-game-over.png');
  const rec = await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}/record`)).text(), id);
  assert.ok(rec.startsWith(`[Variant "${g.variant}"]\n[White "Ann"]\n[Red "Ben"]\n`), rec);
  assert.ok(rec.includes(`[Result "${g.result}"]`), rec);
  await page.context().close();
});

test('Shogun analysis speaks of White and Red, in their colours', async () => {
  const page = await newPage('shogun-analysis');
  await page.goto(BASE + '/#/rules/hasami');
  const c = await createGame(page, { variant: 'shogun', opponent: 'local', random_board: true });
  await page.goto(`${BASE}/#/game/${c.id}?token=${c.token}`);
  await waitGame(page, { ply: 0 });
  await page.click('#btn-analysis');
  await page.waitForFunction(() => /^Depth \d+/.test(document.getElementById('analysis-text').textContent));
  const text = await page.textContent('#analysis-text');
  assert.match(text, /\(White\)/, text);
  assert.doesNotMatch(text, /black|white\)/, text);
  const colours = await page.evaluate(() => {
    const bar = document.getElementById('eval-bar');
    return [getComputedStyle(bar).backgroundColor, getComputedStyle(bar.firstElementChild).backgroundColor, bar.getAttribute('aria-label')];
  });
  assert.deepEqual(colours, ['rgb(179, 38, 30)', 'rgb(248, 244, 234)', "Evaluation, White's share"]);
  await page.context().close();
});

test("Shogun's rules page: the three worked examples of 1979, played from their positions", async () => {
  const page = await newPage('shogun-examples');
  await page.goto(BASE + '/#/rules/shogun');
  await page.waitForSelector('#shogun-examples article.shogun-example svg.board');
  const { examples } = await page.evaluate(async () => (await fetch('/assets/shogun-examples.json')).json());
  assert.equal(examples.length, 3);
  assert.equal(await page.locator('#shogun-examples article.shogun-example').count(), 3);
  for (const ex of examples) {
    const art = `#example-${ex.id}`;
    // The position with the move drawn, the position after it, the words, the position text.
    assert.equal(await page.locator(`${art} svg.board`).count(), 2);
    assert.equal(await page.locator(`${art} g.arrow[data-move="${ex.move}"]`).count(), 1);
    assert.equal(await page.locator(`${art} g.piece[data-square]:not([data-square=""])`).count(),
      Object.keys(shogunPieces(ex.position)).length + Object.keys(shogunPieces(ex.after)).length);
    assert.equal(await page.textContent(`${art} code.example-position`), ex.position);
    assert.ok((await page.textContent(art)).includes(ex.text));
    assert.equal(await page.locator(`${art} button.play-example`).textContent(), 'Play from here');
  }
  // The third ends with Red's Shogun attacked and no move: its ring is drawn after the move.
  assert.equal(await page.locator(`#example-${examples[2].id} circle.check`).count(), 1);
  await shot(page, '16-shogun-examples.png');

  // "Play from here" on the first: a game against the engine from the example's position, White
  // (you) to move; the example's move is played by clicking.
  const first = examples[0];
  await page.click(`#example-${first.id} button.play-example`);
  await page.waitForURL(/#\/game\/\d+$/);
  const id = await gameId(page);
  await waitGame(page, { status: 'playing', you: 'black', turn: 'black', ply: 0 });
  let g = await view(page, id);
  assert.equal(g.position, first.position);
  assert.equal(g.opponent, 'engine');
  assert.deepEqual(await shogunBoard(page), shogunPieces(first.position));
  assert.ok(g.legal_moves.includes(first.move));
  const [from, to] = [first.move.slice(0, 2), first.move.slice(2)];
  await page.locator(`#sq-${from}`).click();
  await page.waitForSelector(`circle.target[data-target="${to}"]`);
  await page.locator(`#sq-${to}`).click();
  await page.waitForSelector('#move-list button[data-ply="1"]');
  g = await view(page, id);
  assert.equal(g.moves[0].move, first.move);
  assert.deepEqual(g.moves[0].captured, [to]);
  assert.equal(g.moves[0].position, first.after);

  // The third, hot-seat: its move leaves Red without a move, and the game is over.
  const third = examples[2];
  await page.goto(BASE + '/#/rules/shogun');
  await page.click(`#example-${third.id} button.play-example-local`);
  await page.waitForURL(/#\/game\/\d+$/);
  const id3 = await gameId(page);
  await waitGame(page, { status: 'playing', you: 'both', ply: 0 });
  assert.deepEqual(await shogunBoard(page), shogunPieces(third.position));
  await page.locator(`#sq-${third.move.slice(0, 2)}`).click();
  await page.waitForSelector(`circle.target[data-target="${third.move.slice(2)}"]`);
  await page.locator(`#sq-${third.move.slice(2)}`).click();
  await waitGame(page, { status: 'over', ply: 1 });
  g = await view(page, id3);
  assert.equal(g.position, third.after);
  assert.equal(g.result, '1-0');
  await page.context().close();
});
