// The engine as WebAssembly in headless Chromium, in a Web Worker (crates/wasm/js/engine-worker.js):
// runs `hasami bench`'s positions to a depth and a few requests, and prints the answers as one JSON
// line for crates/wasm/tests/browser.rs, which compares them with the native engine.
//
//   node e2e/wasm-engine.mjs WASM_FILE DEPTH
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

const [wasmFile, depth] = process.argv.slice(2);
const wasm = readFileSync(wasmFile).toString('base64');
const worker = readFileSync(new URL('../crates/wasm/js/engine-worker.js', import.meta.url), 'utf8');
const requests = [
  'variant hasami\nnodes 20000\n',
  'variant shogun\nnodes 5000\n',
  'variant mak-yek\nmoves a3a4\ndepth 4\n',
  'variant nope\nnodes 5\n',
];

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  await page.goto('about:blank');
  const out = await page.evaluate(async ({ wasm, worker, depth, requests }) => {
    const bytes = Uint8Array.from(atob(wasm), (c) => c.charCodeAt(0)).buffer;
    const w = new Worker(URL.createObjectURL(new Blob([worker], { type: 'text/javascript' })));
    let next = 0;
    const pending = new Map();
    let ready;
    const loaded = new Promise((resolve, reject) => { ready = { resolve, reject }; });
    w.onmessage = (e) => {
      const m = e.data;
      if (m.type === 'ready') ready.resolve();
      else if (m.type === 'error' && m.id === undefined) ready.reject(new Error(m.error));
      else pending.get(m.id)?.(m);
    };
    const ask = (message) => new Promise((resolve) => { const id = next++; pending.set(id, resolve); w.postMessage({ ...message, id }); });
    w.postMessage({ type: 'init', wasm: bytes }, [bytes]);
    await loaded;
    // The page stays responsive while the worker searches: a timer keeps firing.
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const bench = await ask({ type: 'bench', depth: Number(depth) });
    clearInterval(timer);
    const answers = [];
    for (const request of requests) answers.push((await ask({ type: 'search', request })).result);
    w.terminate();
    return { bench: bench.result, answers, ticks };
  }, { wasm, worker, depth, requests });
  console.log(JSON.stringify({ ...out, requests }));
} finally {
  await browser.close();
}
