// Hints, the analysis board's engine and the board after some moves from the engine in the page
// (page-engine.js) when the browser can run it, answered in the shapes the server's answers have
// (docs/web.md: the hint, POST /api/analysis/search, POST /api/analysis), so the screens read
// either the same way; the server's own answer (a function the screen gives) where the page has no
// engine. Nothing here knows the server's API.

import { pageEngine } from './page-engine.js';
import { t } from './i18n.js';
import { serverText } from './server-words.js';

/** The engine's score of a won position (hasami_engine's WIN): mates are scored from it. */
const WIN = 30_000;

/** Moves to a forced win (positive) or loss (negative) when `score` is one, else null (as the
 * server's `mate`). */
export function mateOf(score) {
  if (Math.abs(score) < WIN - 1000) return null;
  const moves = Math.floor((WIN - Math.abs(score) + 1) / 2);
  return score > 0 ? moves : -moves;
}

/** A random 32-bit seed for a search's level choice. */
const seed = () => crypto.getRandomValues(new Uint32Array(1))[0];

/** The squares each move of `pv` captures after `moves` from `position` (empty lists for quiet
 * moves), asked of the engine's rules: as the server's `captured`, the lists end before a move of
 * the line that does not play there (a fair Shogun search of hidden numbers may give one). */
async function capturesAlong(engine, { variant, position, moves }, pv) {
  if (!pv.length) return [];
  const ask = async (line) => {
    const b = await engine.view({ variant, position, moves: moves.concat(line) });
    return b.moves.slice(moves.length).map((m) => m.captured);
  };
  try { return await ask(pv); } catch (e) {
    const ply = e.details && e.details.ply;
    const playable = Number.isInteger(ply) ? ply - 1 - moves.length : -1;
    if (playable < 0 || playable >= pv.length) return [];
    try { return await ask(pv.slice(0, playable)); } catch { return []; }
  }
}

/** What the engine in the page finds for `req` ({variant, position, moves, movetime, omniscient}),
 * as the server's analysis: {best, score, mate, depth, pv, captured, nodes, lines}. Searched at
 * full strength (level 10) with a random seed, as the server's hints and analysis are. */
export async function pageAnalysis(engine, req) {
  const found = await engine.search({ ...req, level: 10, seed: seed() });
  const pv = found.pv || [];
  const captured = await capturesAlong(engine, req, pv);
  const mate = mateOf(found.score);
  return {
    best: found.best, score: found.score, mate, depth: found.depth, pv, captured, nodes: found.nodes,
    lines: found.best ? [{ score: found.score, mate, pv, captured }] : [],
  };
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
 * moves, ms, lines}); stopped by `signal`. In the page when it can and one line is asked for (the
 * engine in the page gives one), else `fromServer()`.
 */
export async function boardSearch(req, signal, fromServer) {
  const engine = (req.lines || 1) === 1 ? await pageEngine() : null;
  if (!engine) return fromServer();
  return queued(engine, { variant: req.variant, position: req.position, moves: req.moves || [], movetime: req.ms || 1000 }, signal);
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
