// Puzzles (#/puzzles): in English and in Japanese, a puzzle solved by clicking (its solution
// learnt through the API by giving up), the opponent's reply played by the page, the puzzle
// complete and the puzzle rating changed; a wrong first move ("not it", the solution played out on
// the board, the rating down, the puzzle's own rating up on the server); a puzzle of every game
// solved; the puzzle of the day on the home page opens its puzzle; the filters change the game and
// the theme; the browser's Glicko-2 gives Glickman's example; the phone widths.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, newPage, shot, overflow, waitPuzzle, clickPiece } from './helpers.mjs';

const LANGS = [['en', ''], ['ja', '?lang=ja']];
const WORDS = {
  en: { right: 'Best move!', solved: 'Solved!', wrong: "That's not it." },
  ja: { right: '正解！最善手です。', solved: '正解！問題を解きました。', wrong: '不正解です。' },
};

const get = (page, path) => page.evaluate(async (p) => {
  const r = await fetch(p);
  return { status: r.status, body: await r.json() };
}, path);
const post = (page, path, body) => page.evaluate(async ([p, b]) => {
  const r = await fetch(p, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) });
  return r.json();
}, [path, body]);

/** A puzzle to play: of two solver moves when one is shipped (so the opponent replies), else any;
 * {puzzle, solution}. */
async function somePuzzle(page) {
  const { body: { variants } } = await get(page, '/api/puzzles');
  assert.ok(variants.length, 'some game has puzzles');
  const longer = variants.find((v) => v.themes.in2);
  const q = longer ? `variant=${longer.variant}&theme=in2` : `variant=${variants[0].variant}`;
  const { body: puzzle } = await get(page, `/api/puzzles/next?${q}`);
  const { solution } = await post(page, `/api/puzzles/${puzzle.id}/attempt`, { moves: [], give_up: true });
  return { puzzle, solution };
}


for (const [lang, q] of LANGS) {
  test(`puzzles (${lang}): a puzzle solved by clicking, the reply played, the rating up`, async () => {
    const page = await newPage(`puzzles-solve-${lang}`);
    await page.goto(`${BASE}/${q}#/rules`);
    const { puzzle, solution } = await somePuzzle(page);
    await page.goto(`${BASE}/${q}#/puzzles/${puzzle.id}`);
    await waitPuzzle(page, { puzzle: puzzle.id, state: 'solving', ply: 0 });
    assert.equal(await page.getAttribute('#nav-puzzles', 'aria-current'), 'page');
    const before = Number(await page.getAttribute('#pz-rating', 'data-rating'));
    assert.ok(before > 0);
    assert.ok((await page.textContent('#pz-prompt')).length > 5);
    for (let i = 0; i < solution.length; i += 2) {
      await clickPiece(page, solution[i]);
      if (i + 1 < solution.length) {
        await page.waitForFunction((w) => document.getElementById('pz-feedback').textContent === w, WORDS[lang].right);
        // The opponent's reply comes by itself, marked as the last move.
        await waitPuzzle(page, { state: 'solving', moves: solution.slice(0, i + 2).join(',') });
        const to = solution[i + 1].slice(solution[i + 1].length / 2);
        await page.waitForSelector(`svg#board .last[data-square="${to}"]`);
      }
    }
    await waitPuzzle(page, { state: 'done', result: 'solved', moves: solution.join(',') });
    assert.equal(await page.textContent('#pz-feedback'), WORDS[lang].solved);
    const change = Number(await page.getAttribute('#pz-rating', 'data-change'));
    assert.ok(change > 0, `the rating goes up: ${change}`);
    assert.equal(Number(await page.getAttribute('#pz-rating', 'data-rating')), before + change);
    assert.match(await page.textContent('#pz-rating'), new RegExp(`\\+${change}`));
    if (lang === 'ja') assert.deepEqual(await page.evaluate(() => [...window.hasamiI18n.missing]), []);
    await shot(page, `puzzle-solved-${lang}.png`);
    // The next puzzle: another one (or the same when it is the only one), ready to solve.
    await page.click('#pz-next');
    await waitPuzzle(page, { state: 'solving', ply: 0 });
    await page.context().close();
  });

  test(`puzzles (${lang}): a wrong first move shows "not it" and the solution`, async () => {
    const page = await newPage(`puzzles-fail-${lang}`);
    await page.goto(`${BASE}/${q}#/rules`);
    const { puzzle, solution } = await somePuzzle(page);
    const board = await post(page, '/api/analysis', { variant: puzzle.variant, position: puzzle.position, moves: [] });
    const wrong = board.legal_moves.find((m) => m !== solution[0]);
    await page.goto(`${BASE}/${q}#/puzzles/${puzzle.id}`);
    await waitPuzzle(page, { puzzle: puzzle.id, state: 'solving' });
    const { body: { rating: puzzleBefore } } = await get(page, `/api/puzzles/${puzzle.id}`);
    await clickPiece(page, wrong);
    await page.waitForFunction((w) => document.getElementById('pz-feedback').textContent === w, WORDS[lang].wrong);
    await waitPuzzle(page, { result: 'failed', shown: 'solution', state: 'done', moves: solution.join(',') });
    const last = solution[solution.length - 1];
    await page.waitForSelector(`svg#board .last[data-square="${last.slice(last.length / 2)}"]`);
    assert.ok(Number(await page.getAttribute('#pz-rating', 'data-change')) < 0, 'the rating goes down');
    // The miss counted on the server too: the puzzle's own rating went up.
    const { body: { rating: puzzleAfter } } = await get(page, `/api/puzzles/${puzzle.id}`);
    assert.ok(puzzleAfter > puzzleBefore, `the puzzle's rating: ${puzzleBefore} → ${puzzleAfter}`);
    // A miss is counted once: the buttons of a puzzle in play are off.
    assert.ok(await page.isDisabled('#pz-hint'));
    assert.ok(await page.isDisabled('#pz-solution'));
    await shot(page, `puzzle-failed-${lang}.png`);
    await page.context().close();
  });
}

test('puzzles: in every game that has puzzles, one is solved by clicking', async () => {
  const page = await newPage('puzzles-every-game');
  await page.goto(`${BASE}/#/rules`);
  const { body: { variants } } = await get(page, '/api/puzzles');
  for (const v of variants) {
    // The longest kind the game has, so that the opponent replies where it can.
    const theme = ['in3', 'in2', 'in1'].find((t) => v.themes[t]);
    const { body: puzzle } = await get(page, `/api/puzzles/next?variant=${v.variant}&theme=${theme}`);
    const { solution } = await post(page, `/api/puzzles/${puzzle.id}/attempt`, { moves: [], give_up: true });
    await page.goto(`${BASE}/#/puzzles/${puzzle.id}`);
    await waitPuzzle(page, { puzzle: puzzle.id, variant: v.variant, state: 'solving', ply: 0 });
    for (let i = 0; i < solution.length; i += 2) {
      await clickPiece(page, solution[i]);
      if (i + 1 < solution.length) await waitPuzzle(page, { state: 'solving', moves: solution.slice(0, i + 2).join(',') });
    }
    await waitPuzzle(page, { state: 'done', result: 'solved', moves: solution.join(',') });
    if (v.variant === 'shogun') await shot(page, 'puzzle-solved-shogun.png');
  }
  await page.context().close();
});

test('puzzles: a hint marks the piece to move; the daily puzzle on the home page opens', async () => {
  const page = await newPage('puzzles-daily');
  await page.goto(`${BASE}/#/`);
  await page.waitForSelector('#daily-puzzle #daily-link');
  const { body: daily } = await get(page, '/api/puzzles/daily');
  assert.equal(await page.getAttribute('#daily-link', 'data-puzzle'), daily.id);
  assert.match(await page.textContent('#daily-puzzle h2'), /Puzzle of the day/);
  assert.match(await page.textContent('#daily-link'), new RegExp(String(daily.rating)));
  await page.click('#daily-link');
  await waitPuzzle(page, { puzzle: daily.id, state: 'solving' });
  assert.match(page.url(), new RegExp(`#/puzzles/${daily.id}$`));
  const { solution } = await post(page, `/api/puzzles/${daily.id}/attempt`, { moves: [], give_up: true });
  await page.click('#pz-hint');
  await page.waitForSelector(`svg#board .hintmark[data-square="${solution[0].slice(0, solution[0].length / 2)}"]`);
  await waitPuzzle(page, { result: 'failed', state: 'solving' });
  await page.context().close();
});

test('puzzles: the filters change the game and the theme', async () => {
  const page = await newPage('puzzles-filters');
  await page.goto(`${BASE}/#/puzzles`);
  await waitPuzzle(page, { state: 'solving' });
  const { body: { variants } } = await get(page, '/api/puzzles');
  const options = await page.$$eval('#pz-game option', (os) => os.map((o) => o.value));
  assert.deepEqual(options, variants.map((v) => v.variant));
  for (const v of variants.slice(0, 3)) {
    await page.selectOption('#pz-game', v.variant);
    await waitPuzzle(page, { variant: v.variant, state: 'solving', ply: 0 });
    const themes = await page.$$eval('#pz-theme option', (os) => os.map((o) => o.value));
    assert.deepEqual(themes, ['', ...['capture', 'win', 'double', 'corner', 'five', 'shogun', 'quiet', 'in1', 'in2', 'in3'].filter((t) => v.themes[t])]);
    const theme = themes[themes.length - 1];
    await page.selectOption('#pz-theme', theme);
    await page.waitForFunction(async (t) => {
      const id = document.getElementById('puzzles').dataset.puzzle;
      if (document.getElementById('puzzles').dataset.state !== 'solving') return false;
      return (await (await fetch('/api/puzzles/' + id)).json()).themes.includes(t);
    }, theme);
  }
  // The game is remembered for the next visit.
  const last = variants.slice(0, 3).pop().variant;
  await page.goto(`${BASE}/#/rules`);
  await page.goto(`${BASE}/#/puzzles`);
  await waitPuzzle(page, { variant: last, state: 'solving' });
  await page.context().close();
});

test('puzzles: the browser\'s Glicko-2 is the paper\'s', async () => {
  const page = await newPage('puzzles-glicko');
  await page.goto(`${BASE}/#/rules`);
  const r = await page.evaluate(async () => {
    const { ratingAfter } = await import('/assets/glicko2.js');
    const o = (rating, rd) => ({ rating, rd, volatility: 0.06 });
    return ratingAfter(o(1500, 200), [[o(1400, 30), 1], [o(1550, 100), 0], [o(1700, 300), 0]], 0.5);
  });
  assert.ok(Math.abs(r.rating - 1464.06) < 0.05, `${r.rating}`);
  assert.ok(Math.abs(r.rd - 151.52) < 0.05, `${r.rd}`);
  assert.ok(Math.abs(r.volatility - 0.05999) < 0.0001, `${r.volatility}`);
  await page.context().close();
});

test('puzzles: no horizontal scroll at 320, 390 and 1280 px, in English and Japanese', async () => {
  const page = await newPage('puzzles-widths');
  const wide = [];
  for (const [lang, q] of LANGS) {
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('about:blank');
      await page.goto(`${BASE}/${q}#/puzzles`);
      await waitPuzzle(page, { state: 'solving' });
      await page.click('#pz-solution');
      await waitPuzzle(page, { shown: 'solution' });
      if (width === 390) await shot(page, `puzzle-390-${lang}.png`);
      const over = await overflow(page);
      if (over > 0) wide.push(`${lang} at ${width} px: ${over} px too wide`);
    }
  }
  assert.deepEqual(wide, []);
  await page.context().close();
});
