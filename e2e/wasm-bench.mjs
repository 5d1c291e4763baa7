// Builds of the engine's WebAssembly module against each other (and the native `hasami bench`) in
// headless Chromium: each module in a Web Worker of its own (crates/wasm/js/engine-worker.js) in one
// page, loaded and warmed by one bench first; then ROUNDS rounds in which each runs `hasami bench`'s
// positions to DEPTH once, one after the other, the order turned by one each round, so that a busy
// machine slows every build alike. Besides the bench's own time (wall clock), each run's processor
// time is read from /proc (Linux): the browser's processes' for a module, the finished child's for the
// native build; on a machine shared with other work it moves far less than the wall clock. It counts
// the whole call (the tables' setup too), the bench's own time only the searches. Prints a line a run
// and the medians; exits 1 if the builds' node counts differ (not the same search).
//
//   node e2e/wasm-bench.mjs DEPTH ROUNDS A.wasm B.wasm … [--native PATH/TO/hasami]
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { basename } from 'node:path';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

const args = process.argv.slice(2);
const nativeAt = args.indexOf('--native');
const native = nativeAt >= 0 ? args.splice(nativeAt, 2)[1] : null;
const [depth, rounds, ...files] = args;
const worker = readFileSync(new URL('../crates/wasm/js/engine-worker.js', import.meta.url), 'utf8');
const names = files.map((f) => basename(f, '.wasm'));
const builds = native ? [...names, 'native'] : names;

/** Processor time in ms (user and system) of this process's descendants, and of its waited-for children. */
function cpuMs() {
  const tick = 10; // USER_HZ is 100 on Linux
  const stats = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      // After the name: state ppid … utime (14th field of the line) stime cutime cstime.
      stats.set(Number(pid), { ppid: Number(fields[1]), own: Number(fields[11]) + Number(fields[12]), children: Number(fields[13]) + Number(fields[14]) });
    } catch { /* gone */ }
  }
  let descendants = 0;
  const inTree = (pid) => { for (let p = pid; p > 1; p = stats.get(p)?.ppid ?? 0) if (p === process.pid) return true; return false; };
  for (const [pid, s] of stats) if (pid !== process.pid && inTree(pid)) descendants += s.own;
  return { tree: descendants * tick, children: stats.get(process.pid).children * tick };
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
const runs = Object.fromEntries(builds.map((b) => [b, []]));
try {
  const page = await browser.newPage();
  await page.goto('about:blank');
  await page.evaluate(async ({ worker, modules }) => {
    const source = URL.createObjectURL(new Blob([worker], { type: 'text/javascript' }));
    self.engines = [];
    for (const wasm of modules) {
      const bytes = Uint8Array.from(atob(wasm), (c) => c.charCodeAt(0)).buffer;
      const w = new Worker(source);
      const pending = new Map();
      let next = 0;
      await new Promise((resolve, reject) => {
        w.onmessage = (e) => {
          const m = e.data;
          if (m.type === 'ready') resolve();
          else if (m.type === 'error' && m.id === undefined) reject(new Error(m.error));
          else pending.get(m.id)?.(m);
        };
        w.postMessage({ type: 'init', wasm: bytes }, [bytes]);
      });
      const ask = (message) => new Promise((resolve) => { const id = next++; pending.set(id, resolve); w.postMessage({ ...message, id }); });
      self.engines.push((depth) => ask({ type: 'bench', depth }).then((m) => m.result));
    }
  }, { worker, modules: files.map((f) => readFileSync(f).toString('base64')) });
  const bench = async (i) => {
    const before = cpuMs().tree;
    const r = await page.evaluate(async ({ i, depth }) => {
      const r = await self.engines[i](depth);
      return { nodes: r.nodes, ms: r.ms };
    }, { i, depth: Number(depth) });
    return { ...r, cpu: cpuMs().tree - before };
  };
  const nativeBench = () => {
    const before = cpuMs().children;
    const out = execFileSync(native, ['bench', '--depth', depth], { encoding: 'utf8' });
    const field = (key) => Number(out.match(new RegExp(`^${key} (\\S+)`, 'm'))[1]);
    return { nodes: field('nodes'), ms: field('time') * 1000, cpu: cpuMs().children - before };
  };
  for (let i = 0; i < files.length; i++) await bench(i); // warm-up: the optimising compiler's tier
  for (let round = 1; round <= Number(rounds); round++) {
    for (let k = 0; k < builds.length; k++) {
      const b = (k + round - 1) % builds.length;
      const r = builds[b] === 'native' ? nativeBench() : await bench(b);
      runs[builds[b]].push(r);
      console.log(`round ${round} ${builds[b]} nodes ${r.nodes} ms ${r.ms.toFixed(1)} nps ${Math.round(r.nodes * 1000 / r.ms)} cpu_ms ${r.cpu} cpu_nps ${Math.round(r.nodes * 1000 / r.cpu)}`);
    }
  }
} finally {
  await browser.close();
}
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const nodes = new Set(Object.values(runs).flat().map((r) => r.nodes));
for (const b of builds) {
  const nps = (key) => Math.round(median(runs[b].map((r) => r.nodes * 1000 / r[key])));
  console.log(`median ${b} nps ${nps('ms')} cpu_nps ${nps('cpu')}`);
}
console.log(nodes.size === 1 ? `nodes ${[...nodes][0]} in every run` : `NODE COUNTS DIFFER: ${[...nodes].join(' ')}`);
process.exit(nodes.size === 1 ? 0 : 1);
