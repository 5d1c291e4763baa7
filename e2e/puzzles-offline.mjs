// Puzzles with no network (issue 54): the page opened once (the service worker installed and
// controlling it), the network cut, the puzzles screen opened: it says the puzzles are played
// offline, gives a puzzle from the app's own puzzle files, checks the lines played with the engine
// in the page (the opponent's reply played, the puzzle solved, the player's rating up), and a
// second puzzle missed by a wrong first move shows its solution played out.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BASE, newPage, pageErrors, waitPuzzle, clickPiece } from './helpers.mjs';

/** The solution of puzzle `id`, read from its file (suites/puzzles/PRESET.txt). */
function solutionOf(id) {
  const preset = id.replace(/-\d+$/, '');
  const text = readFileSync(new URL(`../suites/puzzles/${preset}.txt`, import.meta.url), 'utf8');
  const line = text.split('\n').find((l) => l.split(';')[0].trim() === id);
  assert.ok(line, `${id} is in ${preset}.txt`);
  return line.split(';')[2].trim().split(/\s+/);
}


/** The legal moves at puzzle `p`'s position (the engine in the page). */
async function legalMoves(page, variant, position) {
  return page.evaluate(async ([v, pos]) => {
    const base = document.querySelector('script[type=module]').src.replace(/app\.js$/, '');
    const { pageEngine } = await import(base + 'page-engine.js');
    return (await (await pageEngine()).view({ variant: v, position: pos, moves: [] })).legal_moves;
  }, [variant, position]);
}

test('puzzles offline: a puzzle solved and one missed with no network, checked in the page', { timeout: 180_000 }, async () => {
  const page = await newPage('puzzles-offline', undefined, undefined, { serviceWorkers: 'allow' });
  const context = page.context();
  await page.goto(BASE + '/');
  await page.waitForSelector('#quick-play');
  await page.waitForFunction(() => navigator.serviceWorker && navigator.serviceWorker.controller, null, { timeout: 60_000 });
  await context.setOffline(true);
  try {
    await page.goto(BASE + '/#/puzzles');
    await waitPuzzle(page, { state: 'solving', ply: 0, offline: 'yes' });
    assert.ok(await page.isVisible('#pz-offline'), 'the screen says the puzzles are played offline');
    assert.match(await page.textContent('#pz-offline'), /offline/);
    assert.ok(await page.locator('#pz-game option').count() >= 1, 'the games with puzzle files are listed');

    // Solved by clicking: each correct move answered by the opponent's reply, then complete.
    const first = await page.getAttribute('#puzzles', 'data-puzzle');
    const solution = solutionOf(first);
    const before = Number(await page.getAttribute('#pz-rating', 'data-rating'));
    for (let i = 0; i < solution.length; i += 2) {
      await clickPiece(page, solution[i]);
      if (i + 1 < solution.length) await waitPuzzle(page, { state: 'solving', moves: solution.slice(0, i + 2).join(',') });
    }
    await waitPuzzle(page, { state: 'done', result: 'solved', moves: solution.join(',') });
    const change = Number(await page.getAttribute('#pz-rating', 'data-change'));
    assert.ok(change > 0, `the rating goes up: ${change}`);
    assert.equal(Number(await page.getAttribute('#pz-rating', 'data-rating')), before + change);

    // Another puzzle, missed: a legal move that is not the solution's; the solution is played out.
    await page.click('#pz-next');
    await page.waitForFunction((id) => {
      const p = document.getElementById('puzzles');
      return p.dataset.puzzle !== id && p.dataset.state === 'solving' && p.dataset.ply === '0';
    }, first);
    const second = await page.getAttribute('#puzzles', 'data-puzzle');
    const right = solutionOf(second);
    const variant = await page.getAttribute('#puzzles', 'data-variant');
    const position = await page.evaluate(async (id) => {
      const base = document.querySelector('script[type=module]').src.replace(/app\.js$/, '');
      return fetch(new URL(`puzzles-${id.replace(/-\d+$/, '')}.txt`, base)).then((r) => r.text())
        .then((t) => t.split('\n').find((l) => l.split(';')[0].trim() === id).split(';')[1].trim());
    }, second);
    const wrong = (await legalMoves(page, variant, position)).find((m) => m !== right[0]);
    await clickPiece(page, wrong);
    await waitPuzzle(page, { result: 'failed', shown: 'solution', state: 'done', moves: right.join(',') });
    assert.ok(Number(await page.getAttribute('#pz-rating', 'data-change')) < 0, 'the rating goes down');
  } finally {
    await context.setOffline(false);
    await page.close();
  }
  // The requests the cut network fails are expected; nothing else may go wrong.
  for (let i = pageErrors.length - 1; i >= 0; i--) if (/^puzzles-offline console: .*(ERR_INTERNET_DISCONNECTED|ERR_FAILED)/.test(pageErrors[i])) pageErrors.splice(i, 1);
  assert.deepEqual(pageErrors.filter((e) => e.startsWith('puzzles-offline')), []);
});
