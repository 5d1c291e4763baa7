// The finished games kept in this browser (local-store.js) stored on the server once it answers
// (tried at start, at the browser's `online` event, when such a game ends, and while the server does
// not answer, again after 3 s, 6 s, 12 s … at most every 30 s): each as a record (POST /api/games/import, with
// its opponent, level and the player's side), its key kept like any game made here (so it is
// listed among this browser's games and, signed in, can join the account), and marked with the
// server's id. Unfinished games stay in the browser.

import { api, holdKey, noServer } from './api.js';
import { allGames, putGame } from './local-store.js';
import { recordOf, playerSide } from './local-games.js';

let running = null;
/** The next try while no server answers: its delay and its timer. A server can be down while the
 * network is up, and the network can come back without an `online` event. */
let delay = 3000, timer = null;

/** Sends every finished game not yet on the server; the ids stored. Runs once at a time. */
export function syncLocalGames() {
  clearTimeout(timer); timer = null;
  if (!running) running = send().finally(() => { running = null; });
  return running;
}

function later() {
  timer = setTimeout(syncLocalGames, delay);
  delay = Math.min(delay * 2, 30_000);
}

async function send() {
  const stored = [];
  for (const g of await allGames()) {
    if (!g.ended || g.synced || g.refused || g.ended[0] === '*') continue;
    const req = { record: await recordOf(g), opponent: g.opponent };
    if (g.opponent === 'engine') { req.level = g.level; req.side = playerSide(g); }
    let c;
    try { c = await api.importRecord(req); } catch (e) {
      if (noServer(e)) { later(); break; }
      // A record the server refuses stays here, not sent again.
      g.refused = e.message;
      await putGame(g);
      continue;
    }
    delay = 3000;
    holdKey(c);
    g.synced = c.id;
    await putGame(g);
    stored.push(c.id);
  }
  if (stored.length) dispatchEvent(new CustomEvent('hasami-local-synced', { detail: stored }));
  return stored;
}
