// The lessons (#/learn; docs/learn.md):
//   1. every step of every lesson (lessons.js, loaded from the server as the page loads it): its
//      position is accepted with the learner to move; every legal move is played against the server
//      (with the step's scripted reply) and judged by learn-goals.js: each stored solution reaches
//      the goal, every other legal move does not (so a solution missing from the data, or a goal
//      that any move reaches, fails), and at least one legal move is wrong; each lesson's title and
//      introduction are in both catalogues;
//   2. in English: a lesson opened from its game's list, a refused move (its reason from the
//      refusal code), a legal move that misses the goal (its reason), the right moves, the lesson
//      complete with a link to the next, and marked done after a reload; "Show me" draws the move;
//   3. the same in Japanese with a Shogun lesson, no key missing; the header's link and the rules
//      page's link lead to the lessons. (language.mjs walks the lesson screens in the
//      pseudo-language and in Japanese.)
//   4. no horizontal scroll on the lesson screens at 320, 390 and 1280 px.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BASE, newPage, overflow } from './helpers.mjs';

const WEB = new URL('../crates/server/src/web/', import.meta.url);

async function catalogue(file) {
  const text = readFileSync(new URL(file, WEB), 'utf8');
  return (await import('data:text/javascript,' + encodeURIComponent(text))).default;
}

/** In the page: every step of every lesson checked against the server; the problems found. */
async function checkLessons() {
  const { GAMES } = await import('/assets/lessons.js');
  const { judge, movesToAsk } = await import('/assets/learn-goals.js');
  const ask = async (body) => {
    const r = await fetch('/api/analysis', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return { ok: r.ok, data: await r.json() };
  };
  const problems = [], keys = [];
  let steps = 0;
  for (const g of GAMES) for (const l of g.lessons) {
    keys.push(l.key);
    for (const [i, s] of l.steps.entries()) {
      steps++;
      const where = `${g.preset}/${l.id} step ${i + 1}`;
      const start = await ask({ variant: g.preset, position: s.position, moves: [] });
      if (!start.ok) { problems.push(`${where}: position refused: ${start.data.error}`); continue; }
      if (start.data.status !== 'playing' || start.data.turn !== g.learner) { problems.push(`${where}: not the learner's move`); continue; }
      if (!s.solution.length) problems.push(`${where}: no solution`);
      for (const m of s.solution) if (!start.data.legal_moves.includes(m)) problems.push(`${where}: solution ${m} is not legal`);
      let wrong = 0;
      for (const m of start.data.legal_moves) {
        const one = await ask({ variant: g.preset, position: s.position, moves: [m] });
        const moves = movesToAsk(s, m, one.data.legal_moves);
        const a = moves.length > 1 ? (await ask({ variant: g.preset, position: s.position, moves })).data : one.data;
        const v = judge(s, a, g.learner);
        if (v.done && !s.solution.includes(m)) problems.push(`${where}: ${m} reaches the goal but is not a solution`);
        if (!v.done && s.solution.includes(m)) problems.push(`${where}: the solution ${m} does not reach the goal (${v.why})`);
        if (!v.done) wrong++;
      }
      if (!wrong) problems.push(`${where}: no legal move misses the goal`);
    }
  }
  return { problems, keys: [...new Set(keys)], steps, games: GAMES.map((g) => g.preset) };
}

test('learn: every step of every lesson reaches its goal with its solution, and only with it', async () => {
  const page = await newPage('learn-data');
  await page.goto(BASE + '/#/learn');
  await page.waitForSelector('#learn-game-list');
  const { problems, keys, steps, games } = await page.evaluate(checkLessons);
  await page.context().close();
  assert.deepEqual(problems, [], `lesson data:\n${problems.join('\n')}`);
  assert.deepEqual(games, ['hasami', 'hasami-chess', 'dai-hasami', 'dai-hasami-captures', 'agon', 'mak-yek', 'shogun']);
  assert.ok(steps >= 60, `${steps} steps`);
  const en = await catalogue('lang-en-more.js'), ja = await catalogue('lang-ja-more.js');
  for (const k of keys) for (const part of ['title', 'intro']) {
    assert.ok(en[`learn.lesson.${k}.${part}`], `English learn.lesson.${k}.${part}`);
    assert.ok(ja[`learn.lesson.${k}.${part}`], `Japanese learn.lesson.${k}.${part}`);
  }
});

/** Picks up the piece on `from` and drops it on `to` by clicks. */
async function move(page, from, to) {
  await page.locator(`#sq-${from}`).click();
  await page.locator(`#sq-${to}`).click();
}

const state = (page, s, step) => page.waitForSelector(`#learn-lesson[data-state="${s}"]${step ? `[data-step="${step}"]` : ''}`);

test('learn: a lesson in English: a refused move, a wrong move, the right ones, done after a reload', async () => {
  const page = await newPage('learn-en');
  await page.goto(BASE + '/?lang=en#/');
  await page.click('#nav-learn');
  await page.waitForSelector('#learn-game-list');
  await page.click('#learn-game-list li[data-game="hasami"] a');
  await page.waitForSelector('#learn-lesson-list li[data-lesson="corner"][data-done="false"]');
  await page.click('#learn-lesson-list li[data-lesson="corner"] a');
  await state(page, 'waiting', 1);
  assert.match(await page.textContent('#learn-goal'), /Goal: capture the piece on i1\./);
  // A move the rules refuse: the server's reason, in the player's words; the step stays.
  await move(page, 'i5', 'h4');
  await page.waitForFunction(() => /straight line/.test(document.getElementById('learn-feedback').textContent));
  await state(page, 'waiting', 1);
  // A legal move that misses the goal: why, and the step starts again.
  await move(page, 'i5', 'i3');
  await page.waitForFunction(() => /That move captures nothing\./.test(document.getElementById('learn-feedback').textContent));
  await state(page, 'waiting', 1);
  assert.equal(await page.getAttribute('svg#board g.piece[data-square="i5"]', 'data-piece'), 'black', 'the step started again');
  // Show me: the move as an arrow.
  await page.click('#learn-show');
  await page.waitForSelector('g.arrow.best[data-move="i5i2"]');
  await move(page, 'i5', 'i2');
  await state(page, 'done', 1);
  assert.match(await page.textContent('#learn-feedback'), /Well done/);
  await page.click('#learn-next');
  await state(page, 'waiting', 2);
  await move(page, 'a5', 'a8');
  await state(page, 'complete', 2);
  await page.waitForSelector('#learn-complete:not([hidden]) #learn-next-lesson[href="#/learn/hasami/safe"]');
  // Kept in this browser.
  await page.reload();
  await page.goto(BASE + '/?lang=en#/learn/hasami');
  await page.waitForSelector('#learn-lesson-list li[data-lesson="corner"][data-done="true"]');
  assert.match(await page.textContent('#learn-lesson-list li[data-lesson="corner"]'), /done/);
  assert.match(await page.textContent('#learn-lesson-list li[data-lesson="move"]'), /0 of 3 steps done/);
  // "Land safely": a capture after which White takes the piece back (the scripted reply).
  await page.goto(BASE + '/?lang=en#/learn/hasami/safe');
  await state(page, 'waiting');
  await page.click('#learn-step-marks li[data-step="3"] button');
  await state(page, 'waiting', 3);
  await move(page, 'd2', 'd5');
  await page.waitForFunction(() => /Your piece on d5 was captured by the piece from e8\./.test(document.getElementById('learn-feedback').textContent));
  await state(page, 'waiting', 3);
  await page.context().close();
});

test('learn: a Shogun lesson in Japanese, and the links to the lessons', async () => {
  const page = await newPage('learn-ja');
  await page.goto(BASE + '/?lang=ja#/rules/shogun');
  await page.click('#rules-learn');
  await page.waitForSelector('#learn-lesson-list');
  assert.equal(await page.textContent('#nav-learn'), 'レッスン');
  await page.click('#learn-lesson-list li[data-lesson="number"] a');
  await state(page, 'waiting', 1);
  assert.match(await page.textContent('#learn-goal'), /目標：c3の駒をc6へ動かしましょう。/);
  // Two squares instead of three: refused (S4), said in Japanese.
  await move(page, 'c3', 'c5');
  await page.waitForFunction(() => /惜しい！.*c3.*3/.test(document.getElementById('learn-feedback').textContent));
  await state(page, 'waiting', 1);
  // A legal move elsewhere.
  await move(page, 'c3', 'f3');
  await page.waitForFunction(() => /c6へ動かすのはc3の駒です|c6で止まらなければなりません/.test(document.getElementById('learn-feedback').textContent));
  await state(page, 'waiting', 1);
  await move(page, 'c3', 'c6');
  await state(page, 'done', 1);
  assert.match(await page.textContent('#learn-feedback'), /お見事/);
  await page.click('#learn-next');
  await state(page, 'waiting', 2);
  await move(page, 'd5', 'h5');
  await state(page, 'complete', 2);
  await page.waitForSelector('#learn-complete:not([hidden]) #learn-next-lesson[href="#/learn/shogun/turn"]');
  assert.deepEqual(await page.evaluate(() => [...window.hasamiI18n.missing]), []);
  await page.reload();
  await page.goto(BASE + '/?lang=ja#/learn/shogun');
  await page.waitForSelector('#learn-lesson-list li[data-lesson="number"][data-done="true"]');
  assert.match(await page.textContent('#learn-lesson-list li[data-lesson="number"]'), /修了/);
  // Apit-sodok is found under its own name, with Mak-yek's lessons.
  await page.goto(BASE + '/?lang=ja#/learn');
  await page.click('#learn-game-list li[data-game="apit-sodok"] a');
  await page.waitForSelector('#learn-lessons[data-game="mak-yek"] li[data-lesson="intervention"]');
  assert.deepEqual(await page.evaluate(() => [...window.hasamiI18n.missing]), []);
  await page.context().close();
});

test('learn: no horizontal scroll at 320, 390 and 1280 px', async () => {
  for (const width of [320, 390, 1280]) {
    const page = await newPage(`learn-${width}`, { width, height: 800 });
    for (const [hash, ready] of [['/learn', '#learn-game-list'], ['/learn/dai-hasami-captures', '#learn-lesson-list'],
      ['/learn/agon/houses', '#learn-lesson[data-state="waiting"]'], ['/learn/shogun/examples', '#learn-lesson[data-state="waiting"]']]) {
      await page.goto(`${BASE}/?lang=ja#${hash}`);
      await page.waitForSelector(ready);
      assert.equal(await overflow(page), 0, `${hash} at ${width} px`);
    }
    await page.context().close();
  }
});
