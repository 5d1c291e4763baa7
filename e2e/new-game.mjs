// Browser tests of the new game form's engine strength menu.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, newPage } from './helpers.mjs';

test('the strength menu says in words how each level plays', async () => {
  const page = await newPage('levels-menu', { width: 390, height: 844 });
  await page.goto(BASE + '/#/');
  await page.waitForSelector('#ng-level option', { state: 'attached' });
  const options = await page.$$eval('#ng-level option', (os) => os.map((o) => [o.value, o.textContent]));
  assert.equal(options.length, 10);
  options.forEach(([value, text], i) => {
    assert.equal(value, String(i + 1));
    // "3 — Casual: …": the number, then what a player meets at that level.
    assert.match(text, new RegExp(`^${i + 1} — \\S.{10,}`), text);
  });
  assert.equal(new Set(options.map((o) => o[1])).size, 10, 'every level has words of its own');
  // The chosen level's words in full under the menu.
  await page.selectOption('#ng-level', '1');
  assert.equal(await page.textContent('#ng-level-words'), options[0][1].replace(/^1 — /, ''));
  await page.context().close();
});
