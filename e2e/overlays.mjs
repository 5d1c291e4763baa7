// The board's overlays (issue 52, item 6): the last move, the selection, the hint, the engine's best
// move and a review's move played each have their own colour, told apart by hue in the light and
// the dark theme; the hint and the best-move arrow are drawn where they belong.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, ONLINE_START, newPage, pageErrors, createGame, apiMove, waitGame } from './helpers.mjs';

/** The hue (0–360) of a CSS colour `rgb(…)` / `rgba(…)`. */
function hue(css) {
  const [r, g, b] = css.match(/[\d.]+/g).slice(0, 3).map((v) => Number(v) / 255);
  const max = Math.max(r, g, b), min = Math.min(r, g, b), d = max - min;
  assert.ok(d > 0.15, `${css} has a colour`);
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

for (const scheme of ['light', 'dark']) {
  test(`board overlays have distinct colours (${scheme}): last move, selection, hint, best move, move played`, async () => {
    const page = await newPage(`overlays-${scheme}`, { width: 1200, height: 860 }, scheme);
    await page.goto(BASE + '/#/rules/hasami');
    const c = await createGame(page, { variant: 'hasami', opponent: 'local', position: ONLINE_START });
    await apiMove(page, c.id, c.token, 'f1f2');
    await page.goto(`${BASE}/#/game/${c.id}?token=${c.token}`);
    await waitGame(page, { ply: 1 });
    // A hint, the last move, a piece picked up: all on the board at once.
    await page.click('#btn-hint');
    await page.waitForSelector('.hintmark');
    await page.locator('#sq-e9').click();
    await page.waitForSelector('rect.sel');
    const colours = await page.evaluate(() => {
      const board = document.getElementById('board');
      const probe = (cls, part) => {
        // Arrows are drawn only in analysis and review: a probe of the same classes reads their colour.
        let el = board.querySelector(`.${cls.replace(/ /g, '.')}${part ? ' ' + part : ''}`);
        if (!el) {
          const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');
          g.setAttribute('class', cls);
          el = g.appendChild(document.createElementNS('http://www.w3.org/2000/svg', part || 'rect'));
          board.append(g);
        }
        const st = getComputedStyle(el);
        return part === 'line' || cls === 'hintmark' ? st.stroke : st.fill;
      };
      return { last: probe('last'), selection: probe('sel'), hint: probe('hintmark'),
        best: probe('arrow best', 'line'), played: probe('arrow played', 'line') };
    });
    const hues = Object.fromEntries(Object.entries(colours).map(([k, v]) => [k, hue(v)]));
    const close = [];
    const names = Object.keys(hues);
    for (let i = 0; i < names.length; i++) for (let j = i + 1; j < names.length; j++) {
      const d = Math.abs(hues[names[i]] - hues[names[j]]), apart = Math.min(d, 360 - d);
      if (apart < 40) close.push(`${names[i]} ${colours[names[i]]} and ${names[j]} ${colours[names[j]]}: ${Math.round(apart)}°`);
    }
    assert.deepEqual(close, []);
    await page.context().close();
  });
}

test('overlays: no script errors', () => {
  assert.deepEqual(pageErrors.filter((e) => e.startsWith('overlays')), []);
});
