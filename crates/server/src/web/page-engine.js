// The engine in the page (docs/wasm.md): the WebAssembly build of the rules library and the engine,
// run in a Web Worker so the page never freezes. Loaded on first use; `pageEngine()` is null where
// the browser has no WebAssembly or the build serves no module (the server's engine is used then).
//
//   const engine = await pageEngine();
//   await engine.search({ variant, position, moves, level, seed, lines, nodes, depth, movetime, omniscient })
//     → the server's analysis {best, score, mate, depth, pv, captured, nodes, lines} (best null when
//       the game is over)
//   await engine.view({ variant, position, moves }) → the board as POST /api/analysis answers it
//     (without `analysis`), or throws an ApiError-like {status: 400, message, code, details}
//   await engine.record({ variant, position, moves, names: [first, second], ended: [result, reason] | null })
//     → the game's record text (docs/records.md)
//   await engine.puzzles({ file }) → {puzzles: [{id, variant, position, side, rating, themes, moves}]}
//     (a puzzle file's text, puzzles-PRESET.txt; no solutions)
//   await engine.attempt({ file, id, moves, hint, give_up }) → {correct, complete, reply?, hint?,
//     solution?}, as POST /api/puzzles/{id}/attempt checks a line

const WORKER = new URL('./engine-worker.js', import.meta.url);
const WASM = new URL('./hasami_wasm.wasm', import.meta.url);

let loading = null;

/** A search request's text (lines of `key value`, docs/wasm.md) from its fields. */
function requestText(r) {
  const lines = [`variant ${r.variant || 'hasami'}`];
  if (r.position) lines.push(`position ${r.position}`);
  if (r.moves && r.moves.length) lines.push(`moves ${r.moves.join(' ')}`);
  for (const key of ['level', 'seed', 'lines', 'nodes', 'depth', 'movetime']) if (r[key] !== undefined && r[key] !== null) lines.push(`${key} ${r[key]}`);
  if (r.omniscient) lines.push('omniscient 1');
  return lines.join('\n') + '\n';
}

/** The refusal of a `view` answer as an error the game screens already know (api.js's ApiError shape). */
class EngineRefusal extends Error {
  constructor(answer) { super(answer.error); this.status = 400; this.details = answer; this.code = answer.code || null; }
}

async function load() {
  if (typeof WebAssembly !== 'object' || typeof Worker !== 'function') return null;
  const res = await fetch(WASM).catch(() => null);
  if (!res || !res.ok) return null;
  const bytes = await res.arrayBuffer();
  const worker = new Worker(WORKER);
  const pending = new Map();
  let next = 0;
  const ready = new Promise((resolve, reject) => {
    worker.onmessage = (e) => {
      const m = e.data;
      if (m.type === 'ready') return resolve();
      if (m.id === undefined) return reject(new Error(m.error));
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (!p) return;
      if (m.type === 'error') p.reject(new Error(m.error)); else p.resolve(m.result);
    };
    worker.onerror = (e) => reject(e);
  });
  worker.postMessage({ type: 'init', wasm: bytes }, [bytes]);
  await ready;
  const ask = (message) => new Promise((resolve, reject) => {
    const id = next++;
    pending.set(id, { resolve, reject });
    worker.postMessage({ ...message, id });
  });
  const checked = (answer) => { if (answer && answer.error) throw new EngineRefusal(answer); return answer; };
  return {
    search: async (r) => checked(await ask({ type: 'search', request: requestText(r) })),
    view: async (r) => checked(await ask({ type: 'view', request: JSON.stringify(r) })),
    record: async (r) => checked(await ask({ type: 'record', request: JSON.stringify(r) })).record,
    puzzles: async (r) => checked(await ask({ type: 'puzzles', request: JSON.stringify(r) })),
    attempt: async (r) => checked(await ask({ type: 'attempt', request: JSON.stringify(r) })),
  };
}

/** The engine in the page, loaded once; null where it cannot run. */
export function pageEngine() {
  if (!loading) loading = load().catch(() => null);
  return loading;
}
