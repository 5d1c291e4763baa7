// Details players hit: in the dark theme Black's player dot stands out from the page (its rim's
// contrast with what is behind it at least 3:1, WCAG's floor for a graphic).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, newPage, createGame, waitGame } from './helpers.mjs';

test("dark theme: Black's player dot stands out from the page", async () => {
  const page = await newPage('dark-dot', { width: 1200, height: 860 }, 'dark');
  await page.goto(BASE + '/#/rules');
  const c = await createGame(page, { variant: 'hasami', opponent: 'online', side: 'black' });
  await page.goto(`${BASE}/#/game/${c.id}?token=${c.token}`);
  await waitGame(page, { ply: 0 });
  const ratio = await page.evaluate(() => {
    const rgb = (text) => (text.match(/[\d.]+/g) || []).map(Number);
    const lum = ([r, g, b]) => {
      const f = (v) => { const c = v / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const dot = document.querySelector('#player-black .dot, .dot.black');
    let behind = dot.parentElement;
    while (behind && (getComputedStyle(behind).backgroundColor === 'rgba(0, 0, 0, 0)' || getComputedStyle(behind).backgroundColor === 'transparent')) behind = behind.parentElement;
    const bg = rgb(getComputedStyle(behind || document.body).backgroundColor);
    const rim = rgb(getComputedStyle(dot).borderTopColor);
    const [a, b] = [lum(rim), lum(bg)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
  });
  assert.ok(ratio >= 3, `the dot's rim has a contrast of ${ratio.toFixed(2)}:1 with the page`);
  await page.context().close();
});
