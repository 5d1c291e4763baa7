// The engine in a Web Worker (docs/wasm.md): the page sends the module's bytes once, then requests;
// the search runs here, so the page never freezes.
//
//   → {type: 'init', wasm: ArrayBuffer}          ← {type: 'ready'} or {type: 'error', error}
//   → {type: 'search', id, request: TEXT}        ← {type: 'result', id, result: {best, score, depth, nodes, pv} | {error}}
//   → {type: 'bench', id, depth}                 ← {type: 'result', id, result: {depth, nodes, ms, positions: […]}}
//   → {type: 'view', id, request: JSON}          ← {type: 'result', id, result: the board (as POST /api/analysis) | {error, code, …}}
//   → {type: 'record', id, request: JSON}        ← {type: 'result', id, result: {record} | {error}}
//   → {type: 'puzzles', id, request: JSON}       ← {type: 'result', id, result: {puzzles: […]} | {error}}
//   → {type: 'attempt', id, request: JSON}       ← {type: 'result', id, result: {correct, complete, …} | {error}}
//
// A search request's text: lines `variant V`, `position P`, `moves M1 M2 …`, `level L`, `seed S`,
// `omniscient 1`, `nodes N`, `depth D`, `movetime MS`. A view or record request: JSON (docs/wasm.md).

let engine = null;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The last answer of the module, parsed. */
function answer(len) {
  const bytes = new Uint8Array(engine.memory.buffer, engine.hasami_out_ptr(), len);
  return JSON.parse(decoder.decode(bytes));
}

/** The answer of the module's function `call` (hasami_search, hasami_view, hasami_record) to `text`. */
function run(call, text) {
  const bytes = encoder.encode(text);
  const ptr = engine.hasami_alloc(bytes.length);
  new Uint8Array(engine.memory.buffer, ptr, bytes.length).set(bytes);
  try {
    return answer(call(ptr, bytes.length));
  } finally {
    engine.hasami_free(ptr, bytes.length);
  }
}

self.onmessage = async (event) => {
  const m = event.data;
  try {
    if (m.type === 'init') {
      const { instance } = await WebAssembly.instantiate(m.wasm, { env: { hasami_now_ms: () => performance.now() } });
      engine = instance.exports;
      self.postMessage({ type: 'ready' });
    } else if (!engine) {
      self.postMessage({ type: 'error', id: m.id, error: 'the engine is not loaded yet' });
    } else if (m.type === 'search') {
      self.postMessage({ type: 'result', id: m.id, result: run(engine.hasami_search, String(m.request)) });
    } else if (m.type === 'view') {
      self.postMessage({ type: 'result', id: m.id, result: run(engine.hasami_view, String(m.request)) });
    } else if (m.type === 'record') {
      self.postMessage({ type: 'result', id: m.id, result: run(engine.hasami_record, String(m.request)) });
    } else if (m.type === 'puzzles') {
      self.postMessage({ type: 'result', id: m.id, result: run(engine.hasami_puzzles, String(m.request)) });
    } else if (m.type === 'attempt') {
      self.postMessage({ type: 'result', id: m.id, result: run(engine.hasami_attempt, String(m.request)) });
    } else if (m.type === 'bench') {
      self.postMessage({ type: 'result', id: m.id, result: answer(engine.hasami_bench(m.depth | 0)) });
    }
  } catch (e) {
    self.postMessage({ type: 'error', id: m.id, error: String(e && e.message || e) });
  }
};
