// The page's weight (every byte the first screen downloads, the catalogue of the language shown
// included) stays under 220 KB, and on the wire (compressed: brotli, or gzip; headers aside) under
// 60 KB, and a reload, which the server answers with 304s, under 5 KB, in English and in Japanese,
// of bodies and headers; the first paint on loopback is measured (median of several cold loads) and
// written to target/test-output/first-paint.txt: a figure for docs/web.md, not a pass/fail (timings
// vary).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { BASE, SHOTS, newPage } from './helpers.mjs';

/** The first load of `url` in a fresh browser counted on the wire (bodies as sent), then a reload
 * in the same browser (bodies and headers: the server answers 304 for what the browser has). */
async function onTheWire(url) {
  const cold = await newPage('weight-wire', { width: 390, height: 844 });
  const counted = async (load) => {
    const sizes = [];
    const listen = (r) => sizes.push(r.request().sizes().then((z) => ({ ...z, url: r.url(), status: r.status() })).catch(() => null));
    cold.on('response', listen);
    await load();
    await cold.waitForSelector('#quick-play');
    cold.off('response', listen);
    return (await Promise.all(sizes)).filter(Boolean);
  };
  const first = await counted(() => cold.goto(url, { waitUntil: 'networkidle' }));
  const again = await counted(() => cold.reload({ waitUntil: 'networkidle' }));
  console.log('reload: ' + again.map((x) => `${new URL(x.url).pathname} ${x.status} ${x.responseBodySize}+${x.responseHeadersSize}`).join(', '));
  await cold.context().close();
  return {
    wire: first.reduce((n, x) => n + x.responseBodySize, 0),
    reload: again.reduce((n, x) => n + x.responseBodySize + x.responseHeadersSize, 0),
  };
}

test('page weight under 220 KB; first paint measured', async () => {
  const weights = [], paints = [];
  let wire = 0, reload = 0, wireJa = 0, reloadJa = 0;
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
    if (i === 0) {
      console.log(files.sort().join('\n'));
      ({ wire, reload } = await onTheWire(BASE + '/'));
      ({ wire: wireJa, reload: reloadJa } = await onTheWire(BASE + '/?lang=ja'));
    }
    await page.context().close();
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const kb = Math.max(...weights) / 1024;
  const line = `page weight ${kb.toFixed(1)} KB (first screen, uncompressed), ${(wire / 1024).toFixed(1)} KB on the wire, a reload ${(reload / 1024).toFixed(1)} KB; in Japanese ${(wireJa / 1024).toFixed(1)} KB on the wire, a reload ${(reloadJa / 1024).toFixed(1)} KB; first contentful paint median ${median(paints).toFixed(0)} ms of ${paints.length} loads (${paints.map((p) => p.toFixed(0)).join(', ')})`;
  console.log(line);
  writeFileSync(join(dirname(SHOTS), 'first-paint.txt'), line + '\n');
  assert.ok(kb < 220, `the first screen downloads ${kb.toFixed(1)} KB`);
  assert.ok(wire > 0 && wire / 1024 < 60, `the first screen takes ${(wire / 1024).toFixed(1)} KB on the wire`);
  assert.ok(reload > 0 && reload / 1024 < 5, `a reload takes ${(reload / 1024).toFixed(1)} KB`);
  assert.ok(wireJa > 0 && wireJa / 1024 < 60, `the first screen in Japanese takes ${(wireJa / 1024).toFixed(1)} KB on the wire`);
  assert.ok(reloadJa > 0 && reloadJa / 1024 < 5, `a reload in Japanese takes ${(reloadJa / 1024).toFixed(1)} KB`);
});
