// The server's CPU time for games against the computer (docs/web.md, "The engine in the page"):
// plays GAMES games on a running server through its API and prints the CPU seconds the server's
// process spent, read from /proc/PID/stat before and after.
//
//   node scripts/server-cpu.mjs URL PID MODE [GAMES] [LEVEL] [VARIANT]
//
// MODE `server`: the server's engine replies (as browsers without WebAssembly play).
// MODE `page`:   the game is made with engine_in: page and the engine's replies are searched here,
//                by the WebAssembly module (as the page does), then posted: the server only stores.
// The player's own moves are searched here by the module at level 3 in both modes, seeded, so both
// modes play comparable games. Needs the module built (target/wasm/…/hasami_wasm.wasm).
import { readFileSync } from 'node:fs';

const [url, pid, mode, games = '20', level = '5', variant = 'hasami'] = process.argv.slice(2);
if (!url || !pid || !['server', 'page'].includes(mode)) {
  console.error('usage: node scripts/server-cpu.mjs URL PID server|page [GAMES] [LEVEL] [VARIANT]');
  process.exit(2);
}
const WASM = new URL('../target/wasm/wasm32-unknown-unknown/release/hasami_wasm.wasm', import.meta.url);
const { instance } = await WebAssembly.instantiate(readFileSync(WASM), { env: { hasami_now_ms: () => performance.now() } });
const m = instance.exports;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
function search(text) {
  const bytes = encoder.encode(text);
  const ptr = m.hasami_alloc(bytes.length);
  new Uint8Array(m.memory.buffer, ptr, bytes.length).set(bytes);
  const len = m.hasami_search(ptr, bytes.length);
  m.hasami_free(ptr, bytes.length);
  return JSON.parse(decoder.decode(new Uint8Array(m.memory.buffer, m.hasami_out_ptr(), len)));
}

/** The server process's CPU seconds so far (user + system). */
function cpu() {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function call(method, path, body) {
  const res = await fetch(url + path, { method, headers: { 'Content-Type': 'application/json' }, body: body && JSON.stringify(body) });
  const data = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

const started = cpu();
let plies = 0;
for (let n = 0; n < Number(games); n++) {
  const created = await call('POST', '/api/games', { variant, level: Number(level), side: 'black', ...(mode === 'page' ? { engine_in: 'page' } : {}) });
  const { id, token } = created;
  let view = await call('GET', `/api/games/${id}?token=${token}`);
  let seed = n * 1000;
  while (view.status === 'playing') {
    const moves = view.moves.map((mv) => mv.move);
    const engineTurn = view.turn === view.engine_side;
    if (engineTurn && mode === 'server') {
      // The server's reply: wait for it.
      // Polled every 20 ms: about one view per reply, as the WebSocket push a page gets.
      await new Promise((r) => setTimeout(r, 20));
      view = await call('GET', `/api/games/${id}?token=${token}`);
      continue;
    }
    const req = `variant ${view.variant}\nposition ${view.start}\n${moves.length ? `moves ${moves.join(' ')}\n` : ''}level ${engineTurn ? level : 3}\nseed ${seed++}\nmovetime 1500\n`;
    const answer = search(req);
    if (!answer.best) break;
    view = await call('POST', `/api/games/${id}/moves`, { move: answer.best, token });
    if (view.ply > 600) { view = await call('POST', `/api/games/${id}/resign`, { token }); break; }
  }
  plies += view.ply;
  console.log(`game ${id}: ${view.ply} plies, ${view.result} (${view.reason})`);
}
const spent = cpu() - started;
console.log(`mode ${mode}: ${games} games, ${plies} plies, server CPU ${spent.toFixed(2)} s (${((spent * 1000) / plies).toFixed(2)} ms a ply)`);
