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
// Every level of four games, each with its own seed and a node limit: compared with the server's
// engine by crates/wasm/tests/browser.rs.
const levels = [];
for (const [variant, moves] of [['hasami', 'e1e5 a9a5'], ['mak-yek', 'a3a4'], ['dai-hasami', ''], ['shogun', '']]) {
  for (let level = 1; level <= 10; level++) {
    levels.push(`variant ${variant}\n${moves ? `moves ${moves}\n` : ''}level ${level}\nseed ${level * 7919}\nnodes 30000\n`);
  }
}
const views = [
  JSON.stringify({ variant: 'hasami', moves: ['e1e5', 'a9a5', 'f1f5'] }),
  JSON.stringify({ variant: 'shogun', moves: [] }),
  JSON.stringify({ variant: 'hasami', moves: ['e1e9'] }),
];
const records = [JSON.stringify({ variant: 'mak-yek', moves: ['a3a4'], names: ['Ann', 'hasami level 5'], ended: ['0-1', 'Black resigned'] })];
// A shipped puzzle file's puzzles, and lines played on its first puzzle: its first move, a wrong
// one, giving up, a hint.
const file = readFileSync(new URL('../suites/puzzles/hasami.txt', import.meta.url), 'utf8');
const [puzzleId, , puzzleLine] = file.split('\n').find((l) => /^hasami-\d+ ;/.test(l)).split(';').map((f) => f.trim());
const firstMove = puzzleLine.split(/\s+/)[0];
const puzzles = [JSON.stringify({ file })];
const attempts = [
  { moves: [firstMove] }, { moves: ['a1a2'] }, { moves: [], give_up: true }, { moves: [], hint: true },
].map((a) => JSON.stringify({ file, id: puzzleId, ...a }));

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  await page.goto('about:blank');
  const out = await page.evaluate(async ({ wasm, worker, depth, requests, views, records, puzzles, attempts }) => {
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
    const viewed = [];
    for (const request of views) viewed.push((await ask({ type: 'view', request })).result);
    const recorded = [];
    for (const request of records) recorded.push((await ask({ type: 'record', request })).result);
    const puzzled = [];
    for (const request of puzzles) puzzled.push((await ask({ type: 'puzzles', request })).result);
    const attempted = [];
    for (const request of attempts) attempted.push((await ask({ type: 'attempt', request })).result);
    w.terminate();
    return { bench: bench.result, answers, viewed, recorded, puzzled, attempted, ticks };
  }, { wasm, worker, depth, requests: [...requests, ...levels], views, records, puzzles, attempts });
  console.log(JSON.stringify({ ...out, requests: [...requests, ...levels], views, records, puzzles, attempts }));
} finally {
  await browser.close();
}
