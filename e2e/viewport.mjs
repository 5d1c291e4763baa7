// Browser tests of the board's size (layout.js): at desktop, landscape and portrait phone sizes
// and at 200% zoom, the whole board (every square and coordinate) and both clocks are inside the
// window and nothing scrolls sideways, on the game screen (a 9×9 game, a Go-style Dai Hasami game,
// a Shogun game, Shogun's arranging) and the analysis board; the board grows on a large screen; the
// resize handle; the move list in a review scrolls itself, never the page; invite links go once
// the friend has come or the game is over; the variant text wraps only between options.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, newPage, waitGame, createGame, apiMove, view } from './helpers.mjs';

// 200% zoom: Chromium lays a zoomed page out as a window of half the CSS size (a 1280×720 window at
// 200% is a 640×360 CSS viewport); deviceScaleFactor only sharpens the pixels and changes no
// layout, so the zoom is this viewport.
const SIZES = [
  ['1280×720', { width: 1280, height: 720 }],
  ['1920×1080', { width: 1920, height: 1080 }],
  ['phone sideways 844×390', { width: 844, height: 390 }],
  ['phone 390×844', { width: 390, height: 844 }],
  ['1280×720 at 200% zoom', { width: 640, height: 360 }],
];

const CLOCK = { initial: 300, increment: 2 };

/**
 * What of the board and the clocks lies outside the window ([] when all is in), the page's
 * sideways overflow and the board's width.
 */
async function measure(page, clocks) {
  return page.evaluate((withClocks) => {
    const out = [];
    const W = innerWidth, H = innerHeight;
    const inside = (e, what) => {
      const r = e.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) out.push(`${what} not drawn`);
      else if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5)
        out.push(`${what} at ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`);
    };
    const board = document.getElementById('board');
    for (const sq of board.querySelectorAll('rect[data-square]')) inside(sq, `square ${sq.dataset.square}`);
    const coords = board.querySelectorAll('text.coord');
    if (!coords.length) out.push('no coordinates');
    for (const c of coords) inside(c, `coordinate ${c.textContent}`);
    if (withClocks) for (const s of ['black', 'white']) {
      const c = document.getElementById('clock-' + s);
      if (!c) out.push(`no clock ${s}`); else inside(c, `clock ${s}`);
    }
    return { outside: out, sideways: document.scrollingElement.scrollWidth - W, board: board.getBoundingClientRect().width };
  }, clocks);
}

test('viewport: the whole board and the clocks fit the window at every size; the board grows on a large screen', async () => {
  const page = await newPage('viewport');
  await page.goto(BASE + '/#/rules');
  const presets = (await page.evaluate(async () => (await fetch('/api/variants')).json())).presets;
  const dai = presets.find((p) => p.name === 'dai-hasami');
  assert.ok(dai && dai.size >= 9, JSON.stringify(dai));
  const screens = [];
  for (const [name, body] of [
    ['9×9 game', { variant: 'hasami', opponent: 'local', clock: CLOCK }],
    [`Dai Hasami (${dai.size}×${dai.size}, Go style)`, { variant: 'dai-hasami', opponent: 'local', clock: CLOCK }],
    ['Shogun game', { variant: 'shogun', opponent: 'local', random_board: true, clock: CLOCK }],
  ]) {
    const c = await createGame(page, body);
    assert.ok(c.id, JSON.stringify(c));
    screens.push([name, `#/game/${c.id}?token=${c.token}`, '#game[data-status]', true]);
  }
  screens.push(['analysis board', '#/analysis?variant=hasami', '#analysis-board[data-status]', false]);
  const faults = [], sizes = {};
  for (const [sizeName, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    for (const [name, hash, ready, clocks] of screens) {
      await page.goto('about:blank');
      await page.goto(BASE + '/' + hash);
      await page.waitForSelector(ready);
      await page.waitForSelector('#board rect[data-square]');
      // The size settles once the header and the panels are drawn.
      await page.waitForTimeout(150);
      const m = await measure(page, clocks);
      if (m.outside.length) faults.push(`${name} at ${sizeName}: ${m.outside.slice(0, 4).join('; ')}${m.outside.length > 4 ? ` (${m.outside.length} in all)` : ''}`);
      if (m.sideways > 0) faults.push(`${name} at ${sizeName}: ${m.sideways} px sideways scroll`);
      sizes[`${name} ${sizeName}`] = m.board;
    }
  }
  assert.deepEqual(faults, []);
  for (const [name] of screens) {
    const small = sizes[`${name} 1280×720`], large = sizes[`${name} 1920×1080`];
    assert.ok(large > small + 100, `${name}: the board is ${small} px at 1280×720 and ${large} px at 1920×1080`);
  }
  // On a phone the board is in the middle: no room is kept for the (hidden) evaluation bar.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('about:blank');
  await page.goto(BASE + '/' + screens[0][1]);
  await page.waitForSelector('#board rect[data-square]');
  const { left, right } = await page.evaluate(() => {
    const r = document.getElementById('board').getBoundingClientRect();
    return { left: r.left, right: innerWidth - r.right };
  });
  assert.ok(Math.abs(left - right) <= 2, `the board is off centre: ${left} px left, ${right} px right`);
  await page.context().close();
});

test('viewport: Shogun arranging fits the window at every size', async () => {
  const page = await newPage('viewport-arrange');
  await page.goto(BASE + '/#/rules');
  const c = await createGame(page, { variant: 'shogun+setup=choose', opponent: 'local', clock: CLOCK });
  assert.ok(c.id, JSON.stringify(c));
  const faults = [];
  for (const [sizeName, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await page.goto('about:blank');
    await page.goto(`${BASE}/#/game/${c.id}?token=${c.token}`);
    await page.waitForSelector('#arrange-rank .arrange-piece');
    const m = await page.evaluate(() => {
      const cells = [...document.querySelectorAll('#arrange-rank .arrange-cell')].map((e) => e.getBoundingClientRect());
      return { sideways: document.scrollingElement.scrollWidth - innerWidth,
        out: cells.filter((r) => r.left < -0.5 || r.right > innerWidth + 0.5).length };
    });
    if (m.sideways > 0) faults.push(`${sizeName}: ${m.sideways} px sideways scroll`);
    if (m.out) faults.push(`${sizeName}: ${m.out} cells outside the window`);
  }
  assert.deepEqual(faults, []);
  await page.context().close();
});

test('resize handle: dragging shrinks and grows the board, the keyboard too, and the size is remembered', async () => {
  const page = await newPage('resize', { width: 1280, height: 800 });
  await page.goto(BASE + '/#/rules');
  const c = await createGame(page, { variant: 'hasami', opponent: 'local' });
  await page.goto(`${BASE}/#/game/${c.id}?token=${c.token}`);
  await page.waitForSelector('#board rect[data-square]');
  const width = () => page.evaluate(() => Math.round(document.getElementById('board').getBoundingClientRect().width));
  const full = await width();
  const handle = page.locator('#board-resize');
  assert.ok(await handle.isVisible(), 'the handle shows on a desktop');
  assert.ok((await handle.getAttribute('aria-label')).length > 0, 'the handle has a label');
  assert.equal(await handle.getAttribute('role'), 'slider');
  const box = await handle.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x - 100, box.y - 100, { steps: 6 });
  await page.mouse.up();
  const smaller = await width();
  assert.ok(smaller < full - 80 && smaller > full - 120, `dragged 100 px up-left: ${full} → ${smaller} px`);
  // Remembered in this browser.
  await page.reload();
  await page.waitForSelector('#board rect[data-square]');
  assert.ok(Math.abs(await width() - smaller) <= 1, 'the size after a reload');
  // Dragged back out: no larger than fits.
  const box2 = await handle.boundingBox();
  await page.mouse.move(box2.x + box2.width / 2, box2.y + box2.height / 2);
  await page.mouse.down();
  await page.mouse.move(box2.x + 400, box2.y + 400, { steps: 6 });
  await page.mouse.up();
  assert.equal(await width(), full, 'dragged out: as large as fits');
  // Keyboard: arrows, Home and End on the focused handle.
  await handle.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  const keyed = await width();
  assert.ok(keyed < full - 40 && keyed > full - 90, `two ArrowLeft: ${full} → ${keyed} px`);
  assert.equal(await handle.getAttribute('aria-valuenow'), '90');
  await page.keyboard.press('End');
  assert.equal(await width(), full);
  await page.keyboard.press('Home');
  assert.ok(await width() < full / 2, 'Home: the smallest board');
  // A phone has no handle, and its board fills the width whatever the desktop's setting.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForFunction(() => document.getElementById('board').getBoundingClientRect().width > 340);
  assert.ok(!(await handle.isVisible()), 'no handle on a phone');
  await page.context().close();
});

/** Plays `plies` moves of a hot-seat game from inside the page, each side a random legal move
 * (seeded); the game goes on (a move that ends it is taken back by starting over). */
async function longGame(page, plies) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const c = await createGame(page, { variant: 'hasami', opponent: 'local' });
    const ply = await page.evaluate(async ([gid, token, n, seed]) => {
      let s = seed, g = null;
      const rnd = () => { s = (s * 1103515245 + 12345) % 2147483648; return s / 2147483648; };
      g = await (await fetch(`/api/games/${gid}?token=${token}`)).json();
      while (g.ply < n && g.status === 'playing') {
        const m = g.legal_moves[Math.floor(rnd() * g.legal_moves.length)];
        const r = await fetch(`/api/games/${gid}/moves`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ move: m, token }) });
        g = await r.json();
      }
      return g.status === 'playing' ? g.ply : -1;
    }, [c.id, c.token, plies, 7 + attempt]);
    if (ply === plies) return c;
  }
  throw new Error(`no game of ${plies} plies`);
}

test('review: ◀ in a long game scrolls the move list, never the page', async () => {
  const page = await newPage('review-scroll', { width: 1280, height: 800 });
  await page.goto(BASE + '/#/rules');
  const c = await longGame(page, 130);
  await page.goto(`${BASE}/#/game/${c.id}?token=${c.token}`);
  await waitGame(page, { ply: 130 });
  await page.click('#btn-review');
  await page.waitForSelector('#review-graph', { timeout: 120_000 });
  // The page as a player sees it when ◀ is on the screen (scrolled to it if the panel is tall).
  await page.evaluate(() => scrollTo(0, 0));
  await page.locator('#nav-prev').scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => Math.round(scrollY));
  const boardTop = () => page.evaluate(() => document.getElementById('board').getBoundingClientRect().top);
  const before = await boardTop();
  for (let i = 0; i < 3; i++) await page.click('#nav-prev', { noWaitAfter: true });
  await page.waitForSelector('#move-list [data-ply="127"][aria-current="true"]');
  assert.equal(await page.evaluate(() => Math.round(scrollY)), scrolled, 'the page scrolled');
  assert.equal(await boardTop(), before, 'the board moved');
  // The list shows the move, scrolled inside itself.
  const shown = await page.evaluate(() => {
    const list = document.getElementById('move-list').getBoundingClientRect();
    const cur = document.querySelector('#move-list [aria-current="true"]').getBoundingClientRect();
    return cur.top >= list.top - 1 && cur.bottom <= list.bottom + 1;
  });
  assert.ok(shown, 'the move shown is visible in the move list');
  await page.context().close();
});

test('invite links: gone once the friend has come, after a reload too, and when the game is over', async () => {
  const ann = await newPage('links-ann', { width: 1280, height: 800 });
  await ann.goto(BASE + '/#/rules');
  const c = await createGame(ann, { variant: 'hasami', opponent: 'online', side: 'black' });
  await ann.evaluate(([id, links]) => {
    const t = JSON.parse(localStorage.getItem('hasami.links') || '{}'); t[id] = links;
    localStorage.setItem('hasami.links', JSON.stringify(t));
  }, [c.id, c.links]);
  await ann.goto(`${BASE}/#/game/${c.id}?token=${c.token}`);
  await waitGame(ann, { ply: 0 });
  await ann.waitForSelector('#invite-white');
  const hidden = () => ann.evaluate(() => { const l = document.getElementById('invite-links'); return !l || l.hidden; });
  const bob = await newPage('links-bob', { width: 1280, height: 800 });
  await bob.goto(BASE + c.links.white);
  await waitGame(bob, { you: 'white', ply: 0 });
  await ann.waitForFunction(() => document.getElementById('invite-links').hidden);
  // Bob leaves; Ann comes back to the game: the seat is taken, no links.
  await apiMove(ann, c.id, c.token, 'a1a2');
  const bobToken = new URL(c.links.white, BASE).hash.split('token=')[1];
  await apiMove(ann, c.id, bobToken, 'i9i8');
  await bob.context().close();
  await ann.waitForFunction(() => document.getElementById('presence')?.dataset.connected === 'false');
  await ann.reload();
  await waitGame(ann, { ply: 2 });
  assert.ok(await hidden(), 'the links came back after a reload, with the friend gone');
  // A game whose friend never came: links until it is over.
  const d = await createGame(ann, { variant: 'hasami', opponent: 'online', side: 'black' });
  await ann.evaluate(([id, links]) => {
    const t = JSON.parse(localStorage.getItem('hasami.links') || '{}'); t[id] = links;
    localStorage.setItem('hasami.links', JSON.stringify(t));
  }, [d.id, d.links]);
  await ann.goto(`${BASE}/#/game/${d.id}?token=${d.token}`);
  await ann.waitForSelector('#invite-white');
  await ann.click('#btn-abort');
  await waitGame(ann, { status: 'over' });
  assert.ok(await hidden(), 'the links stay after the game ended');
  assert.equal((await view(ann, d.id)).status, 'over');
  await ann.context().close();
});

test('variant text: a Shogun game\'s options wrap between options, never inside one', async () => {
  const page = await newPage('variant-wrap');
  await page.goto(BASE + '/#/rules');
  const c = await createGame(page, { variant: 'shogun+seed=12345678901234567890+rotation=1+setup=shuffle+first=red', opponent: 'local' });
  assert.ok(c.id, JSON.stringify(c));
  const bad = [];
  for (const width of [320, 390, 844, 1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('about:blank');
    await page.goto(`${BASE}/#/game/${c.id}?token=${c.token}`);
    await page.waitForSelector('#game[data-status]');
    // Each line break: the characters either side of it.
    const breaks = await page.evaluate(() => {
      const el = document.getElementById('game-variant');
      const chars = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        for (let i = 0; i < n.length; i++) {
          const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1);
          chars.push([n.data[i], r.getBoundingClientRect().top]);
        }
      }
      const out = [];
      for (let i = 1; i < chars.length; i++) if (chars[i][1] > chars[i - 1][1] + 2) out.push(chars[i - 1][0] + '|' + chars[i][0]);
      return { text: el.textContent, out };
    });
    for (const b of breaks.out) if (!/^[+,:]\|/.test(b)) bad.push(`${width} px: "${breaks.text}" breaks at ${b}`);
  }
  assert.deepEqual(bad, []);
  await page.context().close();
});
