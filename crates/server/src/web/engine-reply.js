// The engine's replies searched in the page (docs/web.md, "The engine in the page"): in a game whose
// view says `engine_in: "page"`, the server never searches; the player's page finds the engine's move
// with the engine in the page (page-engine.js) and plays it with the player's key. One search at a
// time per game: a newer view (an undo, a takeback, a resignation, the end, another tab's move) drops
// the search in progress, whose move is then never played. Nothing here knows where the game is
// kept: the screen gives `play(move)`, so the same replies serve games kept on a server and games
// kept in the browser.
//
//   const reply = new EngineReply({ play, changed, failed });
//   reply.see(view, you);   // with every new view (`you`: the side this page plays): starts or
//                           // drops the search, marks view.thinking

import { pageEngine } from './page-engine.js';
import { t, loadMore } from './i18n.js';
import { refusalText } from './notation.js';

// This module's texts (lang-LANG-more.js) are in the catalogue before anything here runs.
await loadMore();

/** The longest an engine reply thinks, ms (the server's REPLY_TIME, crates/server/src/engine). */
export const REPLY_MS = 1500;

/** The engine's time for the reply to `view`, ms, as the server gives it: 1500, or with a clock
 * a twentieth of the engine's time left plus half the increment (at least 20, at most 1500). */
export function replyTime(view) {
  const c = view.clock;
  const left = c && view.engine_side ? c[view.engine_side + '_ms'] : undefined;
  if (typeof left !== 'number') return REPLY_MS;
  return Math.min(REPLY_MS, Math.max(20, Math.floor(Math.max(0, left) / 20 + (c.increment_ms || 0) / 2)));
}

/** Whether the player's page is to search the engine's move of `view` now: the game's engine is in
 * the page, it is playing (no pieces being arranged), the engine is to move, and the page plays a
 * side (`you`, as the view for the page's key says; a spectator's page never plays). */
export function pageToReply(view, you = view && view.you) {
  return !!view && view.engine_in === 'page' && view.status === 'playing' && !view.arranging
    && !!view.engine_side && view.turn === view.engine_side && (you === 'black' || you === 'white');
}

/** The search request of the engine's reply to `view` (page-engine.js's `search`), with a random
 * 32-bit seed for its level's choice. */
export function replyRequest(view) {
  return {
    variant: view.variant, position: view.start, moves: view.moves.map((m) => m.move),
    level: view.level, seed: crypto.getRandomValues(new Uint32Array(1))[0],
    movetime: replyTime(view), omniscient: view.engine === 'omniscient',
  };
}

/** What identifies the position a reply is for: the game's moves. */
const keyOf = (view) => view.moves.map((m) => m.move).join(' ');

/** The engine's replies of one game's screen. */
export class EngineReply {
  /**
   * `play(move)`: plays the engine's move (a promise; it rejects when refused). `changed()`: the
   * engine's thinking ended without a new view (the page cannot search, or the move was refused):
   * redraw. `failed(text)`: why, in words. `engine`: the engine's loader (page-engine.js's by default).
   */
  constructor({ play, changed = () => {}, failed = () => {}, engine = pageEngine }) {
    this.play = play; this.changed = changed; this.failed = failed; this.engine = engine;
    this.current = null; // the key of the reply the newest view asks for, or null
    this.view = null; // the newest view that asks for a reply
    this.busy = null; // the key the search (or the move being played) in progress is for, or null
    this.closed = false;
  }

  /** Takes the newest view (`you`: the side the page plays; the views sent to every watcher of
   * a game do not say it): a search for an older position is dropped, one for this view started
   * unless it runs already (a second waits for the first to end). While the page thinks,
   * `view.thinking` is true, as the server's is while its engine thinks. */
  see(view, you = view.you) {
    if (this.closed) return;
    const key = pageToReply(view, you) ? keyOf(view) : null;
    // A reply given up is tried again with the next view of the same position (a reconnection).
    if (key !== this.current || view !== this.view) { this.current = key; this.view = key === null ? null : view; this.given = false; }
    if (key === null) return;
    if (!this.given) view.thinking = true;
    if (this.busy === null && !this.given) this.run();
  }

  /** The screen is left: no move is played any more. */
  close() { this.closed = true; this.current = null; }

  /** Searches the reply the newest view asks for and plays it if that view is still the newest. */
  async run() {
    const key = this.current, view = this.view;
    this.busy = key;
    let found = null, error = null;
    try {
      const engine = await this.engine();
      if (!engine) throw new Error(t('engine.page.unavailable'));
      found = await engine.search(replyRequest(view));
    } catch (e) { error = e; }
    // A newer view that came meanwhile drops this move: it is not played.
    if (!this.closed && key === this.current) {
      if (error || !found || !found.best) this.giveUp(error);
      else {
        try { await this.play(found.best); } catch (e) { if (key === this.current) this.giveUp(e); }
      }
    }
    this.busy = null;
    // The newest view's reply, if it asks for another.
    if (!this.closed && this.current !== null && this.current !== key && !this.given) this.run();
  }

  /** The reply to the newest view could not be played: it no longer shows as thinking. */
  giveUp(error) {
    this.given = true;
    if (this.view) this.view.thinking = false;
    if (error) this.failed(refusalText(error, this.view ? this.view.size : 0));
    this.changed();
  }
}
