// The page's weight (every byte the first screen downloads) stays under 150 KB; the first paint on
// loopback is measured (median of several cold loads) and written to
// target/test-output/first-paint.txt: a figure for docs/web.md, not a pass/fail (timings vary).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { BASE, SHOTS, newPage } from './helpers.mjs';

test('page weight under 150 KB; first paint measured', async () => {
  const weights = [], paints = [];
  for (let i = 0; i < 7; i++) {
    const page = await newPage('weight-' + i, { width: 390, height: 844 });
    let bytes = 0;
    const files = [];
    page.on('response', async (r) => {
      try { const b = await r.body(); bytes += b.length; files.push(`${new URL(r.url()).pathname} ${b.length}`); } catch { /* redirects have no body */ }
    });
    await page.goto(BASE + '/', { waitUntil: 'networkidle' });
    await page.waitForSelector('#quick-play');
    const fcp = await page.evaluate(() => {
      const e = performance.getEntriesByName('first-contentful-paint')[0];
      return e ? e.startTime : null;
    });
    weights.push(bytes);
    if (fcp !== null) paints.push(fcp);
    if (i === 0) console.log(files.sort().join('\n'));
    await page.context().close();
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const kb = Math.max(...weights) / 1024;
  const line = `page weight ${kb.toFixed(1)} KB (first screen, uncompressed); first contentful paint median ${median(paints).toFixed(0)} ms of ${paints.length} loads (${paints.map((p) => p.toFixed(0)).join(', ')})`;
  console.log(line);
  writeFileSync(join(dirname(SHOTS), 'first-paint.txt'), line + '\n');
  assert.ok(kb < 150, `the first screen downloads ${kb.toFixed(1)} KB`);
});
