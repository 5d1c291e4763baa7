// Calls to the server's JSON API (docs/web.md) and the tokens this browser holds. The server's
// error texts are said in the page's language where server-words.js knows their form (else as the
// server wrote them); the network's own failures are in the page's language.

import { t } from './i18n.js';
import { serverText } from './server-words.js';

// `code` and `details`: a refused move's reason and facts (docs/web.md, "Refusal codes").
export class ApiError extends Error {
  constructor(status, message, details) { super(message); this.status = status; this.details = details || {}; this.code = this.details.code || null; }
}

/** Whether `e` (an ApiError) says that no server's API answered: the network failed (status 0), or
 * the answer is not the API's JSON error (a static copy of the app: 404 or 405; a proxy's error page). */
export function noServer(e) {
  return !!e && (e.status === 0 || !(e.details && e.details.error));
}

export async function call(method, path, body, signal) {
  const opts = { method, headers: {}, signal };
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  let res;
  try { res = await fetch(path, opts); } catch (e) { throw new ApiError(0, t(signal && signal.aborted ? 'error.stopped' : 'error.offline')); }
  const type = res.headers.get('Content-Type') || '';
  const data = type.includes('json') ? await res.json() : await res.text();
  if (!res.ok) throw new ApiError(res.status, (data && data.error && serverText(data.error)) || t('error.http', { status: res.status }), data && typeof data === 'object' ? data : null);
  return data;
}

export const api = {
  variants: () => call('GET', '/api/variants'),
  checkVariant: (v) => call('GET', '/api/variants/check?variant=' + encodeURIComponent(v)),
  games: () => call('GET', '/api/games'),
  // The games with these ids (at most 200), however many newer games others started since.
  gamesById: (ids) => call('GET', '/api/games?ids=' + ids.join(',')),
  lobby: () => call('GET', '/api/lobby'),
  join: (id, name) => call('POST', `/api/games/${id}/join`, name ? { name } : {}),
  create: (req) => call('POST', '/api/games', req),
  importRecord: (req) => call('POST', '/api/games/import', req),
  game: (id, token) => call('GET', `/api/games/${id}` + (token ? '?token=' + encodeURIComponent(token) : '')),
  move: (id, move, token) => call('POST', `/api/games/${id}/moves`, { move, token }),
  // Shogun setup=choose: the seven piece ids on the setup squares, from the player's left (`side`
  // for a hot-seat token, which plays both).
  arrange: (id, arrangement, token, side) => call('POST', `/api/games/${id}/arrange`, side ? { arrangement, token, side } : { arrangement, token }),
  undo: (id, token) => call('POST', `/api/games/${id}/undo`, { token }),
  resign: (id, token) => call('POST', `/api/games/${id}/resign`, { token }),
  draw: (id, action, token) => call('POST', `/api/games/${id}/draw`, { action, token }),
  takeback: (id, action, token) => call('POST', `/api/games/${id}/takeback`, { action, token }),
  name: (id, name, token, side) => call('POST', `/api/games/${id}/name`, side ? { name, token, side } : { name, token }),
  hint: (id, ms, ply = null) => call('GET', `/api/games/${id}/hint?ms=${ms}` + (ply === null ? '' : `&ply=${ply}`)),
  record: (id) => call('GET', `/api/games/${id}/record`),
  abort: (id, token) => call('POST', `/api/games/${id}/abort`, { token }),
  // Correspondence games: the waiting player gives the side to move another period of days.
  extend: (id, token) => call('POST', `/api/games/${id}/extend`, { token }),
  rematch: (id, token) => call('POST', `/api/games/${id}/rematch`, { token }),
  review: (id) => call('POST', `/api/games/${id}/review`),
  storedReview: (id) => call('GET', `/api/games/${id}/review`),
  // The analysis board: {variant, position?, moves} → the board after the moves; with ms, the
  // engine's analysis of it (stopped by `signal`).
  analysis: (req) => call('POST', '/api/analysis', req),
  analysisSearch: (req, signal) => call('POST', '/api/analysis/search', req, signal),
  // Accounts. The session is an HttpOnly cookie: the page learns who is signed in from `account()`
  // (401 when nobody is).
  account: () => call('GET', '/api/account'),
  signup: (username, password) => call('POST', '/api/account/signup', { username, password }),
  login: (username, password) => call('POST', '/api/account/login', { username, password }),
  logout: () => call('POST', '/api/account/logout', {}),
  logoutAll: () => call('POST', '/api/account/logout-all', {}),
  changePassword: (password, newPassword) => call('POST', '/api/account/password', { password, new_password: newPassword }),
  deleteAccount: (password) => call('POST', '/api/account/delete', { password }),
  // The seats the account holds, with their keys.
  accountGames: () => call('GET', '/api/account/games'),
  // This browser's games ([{id, token}]) added to the account → {claimed: [id…]}.
  claim: (games) => call('POST', '/api/account/claim', { games }),
  player: (name) => call('GET', '/api/players/' + encodeURIComponent(name)),
  leaderboard: (preset) => call('GET', '/api/leaderboard/' + encodeURIComponent(preset)),
  nowPlaying: () => call('GET', '/api/now-playing'),
  challenges: () => call('GET', '/api/challenges'),
  challenge: (req) => call('POST', '/api/challenges', req),
  // `action`: "accept" (→ {game, side, token}), "decline" or "cancel".
  answerChallenge: (id, action) => call('POST', `/api/challenges/${encodeURIComponent(id)}/${action}`, {}),
};

// Tokens are kept per game in localStorage, so a reload or the games list can resume a game.
const KEY = 'hasami.tokens';
function load() { try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch { return {}; } }
export const tokens = {
  get: (id) => load()[id] || null,
  /** The ids of the games held, newest (highest id) first, at most `n`. */
  ids: (n) => Object.keys(load()).map(Number).filter((id) => id > 0).sort((a, b) => b - a).slice(0, n),
  set(id, token) { const t = load(); t[id] = token; try { localStorage.setItem(KEY, JSON.stringify(t)); } catch {} },
};
// The side each held token plays ('black', 'white', or 'both' for hot-seat), learnt from the game's
// view, so the games list can say where it is your move.
const SIDES = 'hasami.sides';
export const sides = {
  get: (id) => { try { return (JSON.parse(localStorage.getItem(SIDES)) || {})[id] || null; } catch { return null; } },
  set(id, side) { let t = {}; try { t = JSON.parse(localStorage.getItem(SIDES)) || {}; } catch {} if (t[id] === side) return; t[id] = side; try { localStorage.setItem(SIDES, JSON.stringify(t)); } catch {} },
};
/** Keeps the key of a game this browser just made or joined (`{id, token, side?}` as the server
 * answers a create, join, import or rematch), with the side it plays when the answer says. */
export function holdKey(reply) {
  tokens.set(reply.id, reply.token);
  if (reply.side) sides.set(reply.id, reply.side);
}
/** The ids of the games whose keys came from the signed-in account (not held here before), so
 * signing out takes them away again (a shared computer keeps no one's keys). */
const FROM_ACCOUNT = 'hasami.account-keys';
function fromAccount() {
  try { const l = JSON.parse(localStorage.getItem(FROM_ACCOUNT)); return Array.isArray(l) ? l : []; } catch { return []; }
}

/** Keeps the keys of an account's seats (`GET /api/account/games`) beside this browser's own, so an
 * account's games are listed and resumed on every browser; a key this browser already holds for a
 * game stays. */
export function holdAccountKeys(games) {
  const held = load();
  const added = fromAccount();
  for (const g of games) {
    if (!(Number(g.id) > 0) || typeof g.token !== 'string' || !g.token) continue;
    if (!held[g.id]) { held[g.id] = g.token; added.push(Number(g.id)); }
    if (g.side && held[g.id] === g.token) sides.set(g.id, g.side);
  }
  try {
    localStorage.setItem(KEY, JSON.stringify(held));
    localStorage.setItem(FROM_ACCOUNT, JSON.stringify([...new Set(added)].slice(-2000)));
  } catch {}
}

/** Takes away the keys that came from the account (at signing out). */
export function dropAccountKeys() {
  const held = load();
  for (const id of fromAccount()) delete held[id];
  try { localStorage.setItem(KEY, JSON.stringify(held)); localStorage.removeItem(FROM_ACCOUNT); } catch {}
}
const LINKS = 'hasami.links';
export const invites = {
  get: (id) => { try { return (JSON.parse(localStorage.getItem(LINKS)) || {})[id] || null; } catch { return null; } },
  set(id, links) { let t = {}; try { t = JSON.parse(localStorage.getItem(LINKS)) || {}; } catch {} t[id] = links; try { localStorage.setItem(LINKS, JSON.stringify(t)); } catch {} },
};
