// The games kept in this browser (local-store.js), played with the engine in the page
// (page-engine.js): `localGames` answers the calls the game screen makes of api.js (game, move,
// undo, resign, abort, name, record, hint) with views of the shape the server's game view
// has (GET /api/games/ID; docs/web.md), so the same screen plays them. `createLocalGame(req)` makes
// one from the new-game form's request (POST /api/games's fields) when no server can be reached.
// The computer's replies are the game screen's (engine-reply.js), as for a server game whose engine
// is in the page: a move of either side is taken here, the engine's posted by the player's page.

import { t, loadMore } from './i18n.js';
import { ApiError, api } from './api.js';
import { pageEngine } from './page-engine.js';
import { getGame, putGame, deleteGame, newId } from './local-store.js';

await loadMore();

/** The engine in the page, or an error saying this browser cannot play offline. */
async function engineHere() {
  const engine = await pageEngine();
  if (!engine) throw new ApiError(0, t('offline.no-engine'));
  return engine;
}

/** Game `id` kept here, or an error. */
async function kept(id) {
  const g = await getGame(id);
  if (!g) throw new ApiError(404, t('offline.not-found', { id }));
  return g;
}

const RESULT_WINNER = { '1-0': 'black', '0-1': 'white' };

/** The view of kept game `g` (the server's game view's fields the game screen reads). */
async function viewOf(g) {
  const engine = await engineHere();
  const b = await engine.view({ variant: g.variant, position: g.start, moves: g.moves });
  const over = b.status === 'over' || !!g.ended;
  const engineSide = g.opponent === 'engine' ? g.engine_side : null;
  const you = g.opponent === 'engine' ? (engineSide === 'black' ? 'white' : 'black') : 'both';
  const name = (s) => s === engineSide ? `hasami level ${g.level}` : g.names[s] || (g.opponent === 'engine' ? 'You' : b.side_names[s]);
  const v = {
    ...b,
    id: g.id, engine_in: 'page', local: true,
    opponent: g.opponent, level: g.level || 0, engine_side: engineSide, engine: g.engine || 'fair',
    players: { black: name('black'), white: name('white') },
    accounts: { black: null, white: null }, rated: false, clock: null,
    draw_offer: null, takeback_offer: null, open_seat: null, paired: false, rematch: null,
    connected: { black: false, white: false },
    thinking: false,
    you, synced: g.synced || null,
  };
  if (b.status !== 'over' && g.ended) {
    Object.assign(v, { status: 'over', result: g.ended[0], reason: g.ended[1], winner: RESULT_WINNER[g.ended[0]] || null, legal_moves: [] });
  }
  return v;
}

/** Keeps `g` (its end noted when its last move ended it) and answers its view. */
async function settle(g) {
  const v = await viewOf(g);
  const ends = v.status === 'over' && !g.ended;
  if (ends) g.ended = [v.result, v.reason];
  await putGame(g);
  // A finished game goes to the server when it answers (local-sync.js).
  if (ends) import('./local-sync.js').then((m) => m.syncLocalGames()).catch(() => {});
  return v;
}

// ------------------------------------------------------------------ the game screen's calls

export const localGames = {
  /** Kept here: nothing changes it but the screen's own calls (no WebSocket to follow). */
  local: true,
  async game(id) {
    const g = await kept(id);
    return viewOf(g);
  },
  async move(id, mv) {
    const g = await kept(id);
    const v = await viewOf(g);
    if (v.status !== 'playing') throw new ApiError(409, t('offline.over'));
    const engine = await engineHere();
    await engine.view({ variant: g.variant, position: g.start, moves: [...g.moves, mv] });
    g.moves.push(mv);
    return settle(g);
  },
  /** Hot-seat: the last move back; against the computer: back to the player's last turn. */
  async undo(id) {
    const g = await kept(id);
    if (!g.moves.length) throw new ApiError(409, t('offline.nothing-to-undo'));
    if (g.opponent === 'engine' && g.ended) throw new ApiError(409, t('offline.over'));
    g.ended = null;
    g.moves.pop();
    if (g.opponent === 'engine' && g.moves.length) {
      const v = await viewOf(g);
      if (v.turn === g.engine_side) g.moves.pop();
    }
    return settle(g);
  },
  async resign(id) {
    const g = await kept(id);
    const v = await viewOf(g);
    if (v.status !== 'playing') throw new ApiError(409, t('offline.over'));
    // Against the computer the player resigns; in hot-seat the side to move.
    const loser = g.opponent === 'engine' ? (g.engine_side === 'black' ? 'white' : 'black') : v.turn;
    const names = v.side_names, winner = loser === 'black' ? 'white' : 'black';
    g.ended = [loser === 'black' ? '0-1' : '1-0', `${names[winner]} wins: ${names[loser]} resigned`];
    const after = await settle(g);
    import('./local-sync.js').then((m) => m.syncLocalGames()).catch(() => {});
    return after;
  },
  /** Before each side has moved: the game ends with no result and is not kept. */
  async abort(id) {
    const g = await kept(id);
    g.ended = ['*', 'Game aborted'];
    const v = await viewOf(g);
    await deleteGame(id);
    return v;
  },
  async name(id, name, _token, side) {
    const g = await kept(id);
    const s = side || (g.opponent === 'engine' ? (g.engine_side === 'black' ? 'white' : 'black') : 'black');
    g.names[s] = String(name || '').trim().slice(0, 40) || null;
    return settle(g);
  },
  async record(id) {
    const g = await kept(id);
    return recordOf(g);
  },
  async hint(id, ms, ply = null) {
    const g = await kept(id);
    const engine = await engineHere();
    const moves = ply === null ? g.moves : g.moves.slice(0, ply);
    return engine.search({ variant: g.variant, position: g.start, moves, movetime: Math.max(20, Math.min(ms, 5000)) });
  },
  review: async () => { throw new ApiError(0, t('offline.review')); },
  storedReview: async () => { throw new ApiError(404, ''); },
  checkVariant: (v) => api.checkVariant(v),
};

/** The player's side in kept game `g` (`black` in hot-seat). */
export function playerSide(g) {
  return g.opponent === 'engine' && g.engine_side === 'black' ? 'white' : 'black';
}

/** The record text of kept game `g` (docs/records.md). The computer's name is left to the server
 * (it gives "hasami level N"). */
export async function recordOf(g) {
  const engine = await engineHere();
  const name = (s) => (g.opponent === 'engine' && s === g.engine_side ? '' : g.names[s] || '');
  const text = await engine.record({ variant: g.variant, position: g.start, moves: g.moves, names: [name('black'), name('white')], ended: g.ended });
  // A side with no name has no tag (the server names it: "You", the engine, the side).
  return text.replace(/^\[[A-Za-z]+ ""\]\r?\n/gm, '');
}

/** A game kept here from the new-game request `req` (opponent `engine` or `local`); its id. */
export async function createLocalGame(req) {
  if (req.opponent !== 'engine' && req.opponent !== 'local') throw new ApiError(0, t('offline.online'));
  const engine = await engineHere();
  let variant = req.variant || 'hasami';
  if (/(^|\+)setup=choose/.test(variant)) throw new ApiError(0, t('offline.arrange'));
  if (req.random_board && variant.startsWith('shogun')) {
    const [seed, turn] = crypto.getRandomValues(new Uint32Array(2));
    variant += `+seed=${seed % 256}` + (/numbers=random/.test(variant) ? '' : `+rotation=${turn % 4}`);
  }
  // The board at the start: the variant and position checked (a bad one throws the engine's error).
  const b = await engine.view({ variant, position: req.position || undefined, moves: [] });
  let side = req.side === 'white' || req.side === 'black' ? req.side : (Math.random() < 0.5 ? 'black' : 'white');
  const g = {
    id: newId(), variant: b.variant, position: req.position || null, start: b.start, moves: [],
    opponent: req.opponent, level: req.opponent === 'engine' ? req.level || 3 : null,
    engine_side: req.opponent === 'engine' ? (side === 'black' ? 'white' : 'black') : null,
    engine: req.engine === 'omniscient' ? 'omniscient' : 'fair',
    names: { black: (req.players && req.players.black) || null, white: (req.players && req.players.white) || null },
    created: Date.now(), ended: null, synced: null,
  };
  await settle(g);
  return g.id;
}
