// Hints, the analysis board's engine and the board after some moves from the engine in the page
// (page-engine.js) when the browser can run it, answered in the shapes the server's answers have
// (docs/web.md: the hint, POST /api/analysis/search, POST /api/analysis), so the screens read
// either the same way; the server's own answer (a function the screen gives) where the page has no
// engine. Nothing here knows the server's API.

import { pageEngine } from './page-engine.js';
import { t } from './i18n.js';
import { serverText } from './server-words.js';

/** A random 32-bit seed for a search's level choice. */
const seed = () => crypto.getRandomValues(new Uint32Array(1))[0];

/** What the engine in the page finds for `req` ({variant, position, moves, movetime, omniscient}):
 * the server's analysis, {best, score, mate, depth, pv, captured, nodes, lines} (the module answers
 * in its shape, docs/wasm.md). Searched at full strength (level 10) with a random seed, as the
 * server's hints and analysis are. */
export function pageAnalysis(engine, req) {
  return engine.search({ ...req, level: 10, seed: seed() });
}

/** The error of a search whose answer is no longer wanted (as api.js's for a stopped request). */
function stopped() { return Object.assign(new Error(t('error.stopped')), { status: 0, details: {}, code: null }); }

// Analyses that follow the position shown (the analysis board's, the game screen's): a search in
// the worker cannot be stopped, so one runs and at most one waits (a newer one takes the waiting
// one's place, which fails as stopped); a stopped one's answer is dropped.
let running = null, waiting = null;

/** Runs the waiting search, if any, once none runs. */
function next() {
  if (running || !waiting) return;
  const job = waiting;
  waiting = null;
  running = pageAnalysis(job.engine, job.req).then(job.resolve, job.reject).finally(() => { running = null; next(); });
}

/** `req` analysed by `engine` after the search running and in place of any waiting; `signal`
 * stops it (its answer is dropped). */
function queued(engine, req, signal) {
  if (signal && signal.aborted) return Promise.reject(stopped());
  return new Promise((resolve, reject) => {
    const job = { engine, req, resolve, reject };
    if (waiting) waiting.reject(stopped());
    waiting = job;
    if (signal) signal.addEventListener('abort', () => {
      if (waiting === job) waiting = null;
      reject(stopped());
    }, { once: true });
    next();
  });
}

/**
 * The hint for game view `g` (as GET /api/games/{id}/hint answers it): the engine's analysis of
 * the position after ply `ply` (null: the current one) searched for `ms` milliseconds, in the page
 * when it can, else `fromServer()`. `follow`: an analysis that follows the position shown (one
 * waits at most, as the analysis board's).
 */
export async function gameHint(g, ms, ply, fromServer, follow = false) {
  const engine = await pageEngine();
  if (!engine) return fromServer();
  const req = {
    variant: g.variant, position: g.start, moves: g.moves.slice(0, ply ?? g.ply).map((m) => m.move),
    movetime: ms, omniscient: g.engine === 'omniscient',
  };
  return follow ? queued(engine, req) : pageAnalysis(engine, req);
}

/**
 * The analysis board's search (POST /api/analysis/search's request and answer: {variant, position,
 * moves, ms, lines}); stopped by `signal`. In the page when it can, else `fromServer()`.
 */
export async function boardSearch(req, signal, fromServer) {
  const engine = await pageEngine();
  if (!engine) return fromServer();
  return queued(engine, { variant: req.variant, position: req.position, moves: req.moves || [], lines: req.lines || 1, movetime: req.ms || 1000 }, signal);
}

/**
 * The board after `req`'s moves (POST /api/analysis's request and answer, without `analysis`), from
 * the rules in the page when it can, else `fromServer()`. A refused move throws as api.js's
 * ApiError does: {status: 400, message, code, details}.
 */
export async function boardView(req, fromServer) {
  const engine = await pageEngine();
  if (!engine) return fromServer();
  try { return await engine.view(req); } catch (e) {
    if (e && e.status === 400 && e.message) e.message = serverText(e.message);
    throw e;
  }
}
