// The games kept in this browser (IndexedDB `hasami`, store `games`): games against the computer and
// hot-seat games made while no server could be reached (docs/web.md, "Offline"). A game:
//   {id: 'l…', variant, position (the start given, or null), start (its text), moves: [move…],
//    opponent: 'engine' | 'local', level, engine_side ('black' | 'white' | null), engine ('fair' |
//    'omniscient'), names: {black, white}, created (Unix ms), ended: [result, reason] | null,
//    synced: the server's id once stored there, or null}
// localStorage `hasami.local` counts the games not yet on the server, so the first screen knows
// whether to load anything of this without opening the database.

const DB = 'hasami';
const STORE = 'games';
const PENDING = 'hasami.local';

let opening = null;

function open() {
  if (!opening) opening = new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => { req.result.createObjectStore(STORE, { keyPath: 'id' }); };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  }).catch((e) => { opening = null; throw e; });
  return opening;
}

/** The result of `fn(store)` (an IDBRequest) in a transaction of `mode`. */
async function run(mode, fn) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const req = fn(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

/** A new game's id: `l` and a random base-36 text. */
export function newId() {
  const n = crypto.getRandomValues(new Uint32Array(2));
  return 'l' + n[0].toString(36) + n[1].toString(36);
}

/** Game `id`, or null. */
export async function getGame(id) {
  return (await run('readonly', (s) => s.get(String(id)))) || null;
}

/** Every game kept here, newest first. */
export async function allGames() {
  const list = (await run('readonly', (s) => s.getAll())) || [];
  return list.sort((a, b) => b.created - a.created);
}

/** Keeps `game` (a new one or a change). */
export async function putGame(game) {
  await run('readwrite', (s) => s.put(game));
  await countPending();
}

/** Forgets game `id`. */
export async function deleteGame(id) {
  await run('readwrite', (s) => s.delete(String(id)));
  await countPending();
}

/** How many games wait to be stored on the server (ongoing ones included), kept in localStorage. */
export async function countPending() {
  const n = (await allGames()).filter((g) => !g.synced).length;
  try { if (n) localStorage.setItem(PENDING, String(n)); else localStorage.removeItem(PENDING); } catch { /* private mode */ }
  return n;
}

/** Whether this browser keeps games not yet on the server (without opening the database). */
export function anyPending() {
  try { return Number(localStorage.getItem(PENDING)) > 0; } catch { return false; }
}
