// At the result: a rematch with colours swapped (POST /api/games/ID/rematch: the first player to ask
// creates it, the other joins it) and a new game with the same settings.

import { api, tokens, invites, holdKey } from './api.js';
import { h, plain } from './dom.js';
import { playSomeoneOnline } from './lobby.js';
import { t } from './i18n.js';

/** The request for a new game like `g` (same game, opponent, strength, side and clock). */
export function likeThis(g, you) {
  const req = { variant: g.variant, opponent: g.opponent };
  if (g.opponent === 'engine') req.level = g.level;
  if (g.opponent !== 'local' && (you === 'black' || you === 'white')) req.side = you;
  if (g.opponent !== 'local' && g.clock) {
    req.clock = g.clock.days ? { days: g.clock.days } : { initial: g.clock.initial_ms / 1000, increment: g.clock.increment_ms / 1000 };
  }
  if (g.shogun) {
    // A new magnet board: the seed and rotation of this one are left out.
    req.variant = g.variant.replace(/\+seed=\d+/, '').replace(/\+rotation=\d/, '');
    req.random_board = true;
    if (g.opponent === 'engine') req.engine = g.engine;
  } else req.position = g.start;
  return req;
}

/**
 * The buttons under a finished game's result, for a player of it (spectators get none):
 * "Rematch" (or, with a line saying so, "Join the rematch" once the opponent asked; none for a game
 * aborted before anyone moved), "New game like this", and after a timed game paired in the lobby
 * "New opponent" (Play someone online with the same game and clock).
 */
export function afterGameActions(g, you, token, onError) {
  const player = you === 'black' || you === 'white' || you === 'both';
  if (g.status !== 'over' || !player) return null;
  const go = async (fn) => {
    try {
      const c = await fn();
      holdKey(c);
      if (c.links) invites.set(c.id, c.links);
      location.hash = `#/game/${c.id}`;
    } catch (e) { onError(plain(e.message)); }
  };
  const box = h('div', { class: 'after-game', id: 'after-game', role: 'group', 'aria-label': t('game.after') });
  const mine = g.rematch && tokens.get(g.rematch);
  // A game aborted before anyone moved was never played: nothing to play again.
  const unplayed = g.ply === 0 && g.result === '*';
  if (g.rematch && !mine) box.append(h('p', { id: 'rematch-offer', role: 'status' }, t('game.rematch.asked')));
  const which = mine ? 'game.rematch.go' : g.rematch ? 'game.rematch.join' : 'game.rematch';
  const label = t(which);
  if (!unplayed || g.rematch) {
    box.append(h('button', { type: 'button', class: g.rematch && !mine ? 'primary' : '', id: 'btn-rematch',
      'aria-label': t(`${which}.label`), onclick: () => go(() => api.rematch(g.id, token)) }, label));
  }
  box.append(h('button', { type: 'button', id: 'btn-like-this', onclick: () => go(() => api.create(likeThis(g, you))) }, t('game.like-this')));
  if (g.paired && g.clock && !g.clock.days) {
    const clock = `${g.clock.initial_ms / 60000}+${g.clock.increment_ms / 1000}`;
    const game = g.shogun ? 'shogun' : g.variant;
    box.append(h('button', { type: 'button', class: 'primary', id: 'btn-new-opponent', onclick: async (e) => {
      e.target.disabled = true;
      try { location.hash = `#/game/${await playSomeoneOnline(game, clock)}`; } catch (ex) { onError(plain(ex.message)); e.target.disabled = false; }
    } }, t('game.new-opponent')));
  }
  return box;
}
