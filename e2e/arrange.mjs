// Browser tests of Shogun's setup=choose (RULES.md S2): the players arrange their pieces before the
// first move. Online each side arranges without seeing the other's (the page and the API show only
// who is done); against the engine with first=red the engine moves first once the player is done;
// at phone width the arranging panel fits, and hot-seat arranges White, then Red.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, newPage, shot, gameId, waitGame, view, clickMove, createGame, overflow } from './helpers.mjs';

const WHITE_SQUARES = ['a1', 'b1', 'c1', 'd1', 'f1', 'g1', 'h1'];
const RED_SQUARES = ['h8', 'g8', 'f8', 'e8', 'c8', 'b8', 'a8'];

/** The ids on a side's setup squares (S2 order) in a position text: `P` White, `p` Red. */
function arrangementIn(position, letter) {
  const ranks = position.split(' ')[0].split('/');
  const ids = [...(letter === 'P' ? ranks[7] : ranks[0]).matchAll(/([Pp])(\d):\d/g)].map((m) => m[2]);
  return (letter === 'P' ? ids : ids.reverse()).join('');
}

/** The ids the arranging panel shows, from the player's left. */
function panelOrder(page) {
  return page.$$eval('#arrange-rank .arrange-piece', (cs) => cs.map((c) => c.dataset.piece).join(''));
}

/** The ids of the pieces the board draws on `squares`. */
function boardIds(page, squares) {
  return page.evaluate((sqs) => sqs.map((s) => {
    const g = document.querySelector(`svg#board g.piece[data-square="${s}"]`);
    return g ? g.dataset.id : '-';
  }).join(''), squares);
}

/** Drags the piece of the arranging panel on `from` onto `to` with the mouse. */
async function dragPiece(page, from, to) {
  const middle = async (square) => {
    const box = await page.locator('#arrange-' + square).boundingBox();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const a = await middle(from), b = await middle(to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + (b.x - a.x) / 3, a.y, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
}

test('Shogun setup=choose online: each side arranges unseen, then both see the arranged start', async () => {
  const white = await newPage('arrange-white');
  await white.goto(BASE + '/#/');
  await white.waitForSelector('#new-game-form');
  await white.selectOption('#ng-variant', 'shogun');
  await white.waitForSelector('#ng-shogun:not([hidden])');
  await white.check('#ng-opponent-online');
  await white.selectOption('#ng-side', 'black');
  await white.selectOption('#ng-setup', 'choose');
  await white.waitForFunction(() => /setup=choose/.test(document.getElementById('ng-about').textContent));
  await white.click('#ng-start');
  const id = await gameId(white);
  await waitGame(white, { you: 'black', arranging: 'true', ply: 0 });
  await white.waitForSelector('#arrange[data-side="black"] #arrange-a1');
  assert.ok(await white.locator('.board-box').isHidden(), 'no board before the start');
  assert.equal(await panelOrder(white), '1234567');
  assert.match(await white.textContent('#status'), /Arrange your pieces \(White\)/);
  assert.match(await white.textContent('#arrange-other'), /Red is arranging…/);
  assert.equal(await white.locator('#arrange-rank .arrange-shogun[data-square="e1"]').count(), 1);

  // White: a click on a1 then c1 swaps them; a drag from h1 onto b1 swaps those.
  await white.click('#arrange-a1');
  assert.equal(await white.getAttribute('#arrange-a1', 'data-picked'), '');
  await white.click('#arrange-c1');
  assert.equal(await panelOrder(white), '3214567');
  await dragPiece(white, 'h1', 'b1');
  assert.equal(await panelOrder(white), '3714562');
  assert.equal(await white.locator('#arrange-rank [data-picked]').count(), 0, 'a drag picks nothing up');
  await white.click('#arrange-done');
  await white.waitForFunction(() => /Waiting for Red to arrange…/.test(document.getElementById('status').textContent));
  assert.equal(await panelOrder(white), '3714562', 'White still sees its own arrangement');
  assert.equal((await view(white, id)).arranging.yours, '3714562');

  // Red joins through the invite link: it sees that White has arranged, never how.
  const redLink = await white.inputValue('#invite-white');
  const spectator = await newPage('arrange-spectator');
  await spectator.goto(await white.inputValue('#invite-spectator'));
  await waitGame(spectator, { you: 'spectator', arranging: 'true' });
  await spectator.waitForSelector('#arrange[data-side=""]');
  assert.equal(await spectator.textContent('#status'), 'The players are arranging their pieces');
  assert.match(await spectator.textContent('#arrange-other'), /^White has arranged\. Red is arranging…$/);
  assert.equal(await spectator.locator('.arrange-piece').count(), 0, 'a spectator sees no pieces');
  const red = await newPage('arrange-red');
  await red.goto(redLink);
  await waitGame(red, { you: 'white', arranging: 'true' });
  await red.waitForSelector('#arrange[data-side="white"] #arrange-h8');
  assert.equal(await panelOrder(red), '1234567');
  assert.match(await red.textContent('#arrange-other'), /^White has arranged$/);
  assert.equal(await red.locator('[id^="arrange-"][data-square$="1"]').count(), 0, 'none of White\'s squares in the panel');
  assert.ok(await red.locator('.board-box').isHidden());
  let g = await view(red, id);
  assert.deepEqual(g.arranging, { black: true, white: false }, 'the API shows Red only who is done');
  assert.equal(arrangementIn(g.position, 'P'), '1234567');
  assert.equal(arrangementIn(g.start, 'P'), '1234567');
  assert.ok(!JSON.stringify(g).includes('3714562'), 'White\'s arrangement is nowhere in Red\'s view');
  await shot(red, 'arrange-red-1200.png');

  // Red arranges with the keyboard: h8 ↔ c8 (the Shogun's d8 is skipped), then b8 ↔ c8.
  await red.focus('#arrange-h8');
  await red.keyboard.press('Enter');
  for (let i = 0; i < 4; i++) await red.keyboard.press('ArrowRight');
  assert.equal(await red.evaluate(() => document.activeElement.id), 'arrange-c8');
  await red.keyboard.press('Space');
  assert.equal(await panelOrder(red), '5234167');
  await red.keyboard.press('ArrowRight');
  await red.keyboard.press('Enter');
  await red.keyboard.press('ArrowLeft');
  await red.keyboard.press('Enter');
  assert.equal(await panelOrder(red), '5234617');
  await red.focus('#arrange-done');
  await red.keyboard.press('Enter');

  // Both see the arranged start, and White moves first.
  for (const p of [white, red, spectator]) await waitGame(p, { arranging: 'false', ply: 0, turn: 'black' });
  g = await view(white, id);
  assert.equal(g.arranging, undefined);
  assert.equal(arrangementIn(g.start, 'P'), '3714562');
  assert.equal(arrangementIn(g.start, 'p'), '5234617');
  for (const p of [white, red, spectator]) {
    await p.waitForSelector('svg#board g.piece[data-square="a1"]');
    assert.equal(await boardIds(p, WHITE_SQUARES), '3714562');
    assert.equal(await boardIds(p, RED_SQUARES), '5234617');
    assert.ok(await p.locator('#arrange').isHidden());
  }
  await clickMove(white, g.legal_moves[0].slice(0, 2), g.legal_moves[0].slice(2), g.legal_moves);
  for (const p of [white, red]) await waitGame(p, { ply: 1, turn: 'white' });
  for (const p of [white, red, spectator]) await p.context().close();
});

test('Shogun setup=choose against the engine with first=red: arrange, Done, the engine moves first', async () => {
  const page = await newPage('arrange-engine');
  await page.goto(BASE + '/#/');
  await page.waitForSelector('#new-game-form');
  await page.selectOption('#ng-variant', 'shogun');
  await page.check('#ng-opponent-engine');
  await page.selectOption('#ng-level', '1');
  await page.selectOption('#ng-first', 'red');
  await page.selectOption('#ng-setup', 'choose');
  assert.equal(await page.textContent('#ng-side option[value="white"]'), 'Red (moves first)');
  await page.selectOption('#ng-side', 'black');
  await page.waitForFunction(() => /first=red/.test(document.getElementById('ng-about').textContent));
  await page.click('#ng-start');
  const id = await gameId(page);
  await waitGame(page, { you: 'black', arranging: 'true' });
  await page.waitForSelector('#arrange[data-side="black"]');
  assert.match(await page.textContent('#arrange-other'), /^Red has arranged$/);
  await page.click('#arrange-random');
  const chosen = await panelOrder(page);
  assert.deepEqual([...chosen].sort().join(''), '1234567');
  await page.click('#arrange-done');
  await waitGame(page, { arranging: 'false', ply: 1, turn: 'black', thinking: 'false' });
  const g = await view(page, id);
  assert.match(g.variant, /first=red/);
  assert.equal(g.moves[0].side, 'white', 'Red (the engine) moved first');
  assert.equal(arrangementIn(g.start, 'P'), chosen);
  assert.equal(await boardIds(page, WHITE_SQUARES.filter((s) => s !== g.moves[0].move.slice(2))),
    [...chosen].filter((_, i) => WHITE_SQUARES[i] !== g.moves[0].move.slice(2)).join(''));
  assert.match(await page.textContent('#status'), /Your move \(White\)/);
  await page.context().close();
});

test('Shogun setup=choose at phone width: the panel fits; hot-seat arranges White, then Red', async () => {
  const page = await newPage('arrange-phone', { width: 390, height: 844 });
  await page.goto(BASE + '/#/rules/hasami');
  const c = await createGame(page, { variant: 'shogun+setup=choose', opponent: 'local' });
  await page.goto(`${BASE}/#/game/${c.id}?token=${c.token}`);
  await waitGame(page, { you: 'both', arranging: 'true' });
  await page.waitForSelector('#arrange[data-side="black"] #arrange-h1');
  const fits = async () => {
    assert.equal(await overflow(page), 0, 'no sideways scroll');
    for (const b of await page.$$('#arrange-rank .arrange-cell')) {
      const box = await b.boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= 390, `a square inside the screen: ${JSON.stringify(box)}`);
      assert.ok(box.width >= 38, `a square big enough to tap: ${box.width}`);
    }
  };
  await fits();
  await shot(page, 'arrange-390.png');
  await page.setViewportSize({ width: 320, height: 700 });
  assert.equal(await overflow(page), 0, 'no sideways scroll at 320 px');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.click('#arrange-done');
  await page.waitForSelector('#arrange[data-side="white"] #arrange-h8');
  assert.match(await page.textContent('#arrange-other'), /White has arranged/);
  await fits();
  await page.click('#arrange-h8');
  await page.click('#arrange-g8');
  assert.equal(await panelOrder(page), '2134567');
  await page.click('#arrange-done');
  await waitGame(page, { arranging: 'false', ply: 0 });
  const g = await view(page, c.id);
  assert.equal(arrangementIn(g.start, 'P'), '1234567');
  assert.equal(arrangementIn(g.start, 'p'), '2134567');
  assert.equal(await boardIds(page, RED_SQUARES), '2134567');
  assert.equal(await overflow(page), 0);
  await page.context().close();
});
