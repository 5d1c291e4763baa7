// "Your turn": which of this browser's games wait for its move, listed first, and counted in the
// tab (its title starts with "(N)" and its icon has a red dot). Used by the home page's list of
// games; any other list of the browser's games (an account page) can use it the same way.

import { setIcon } from './dom.js';

/** Whether listed game `g` (a line of GET /api/games, with its `turn`) waits for the move of the
 * player holding `side` (`black` or `white`; a hot-seat key, `both`, is never waited for). */
export function isYourTurn(g, side) {
  return g.result === '*' && !g.reason && !!g.turn && (side === 'black' || side === 'white') && g.turn === side;
}

/** The games `games` with the ones where it is your turn first (each part in its order), and how
 * many those are; `sideOf(id)` is the side this browser holds in a game, if any. */
export function yourTurnsFirst(games, sideOf) {
  const yours = games.filter((g) => isYourTurn(g, sideOf(g.id)));
  const others = games.filter((g) => !yours.includes(g));
  return { games: [...yours, ...others], count: yours.length, ids: new Set(yours.map((g) => g.id)) };
}

/** Shows `count` games waiting for your move in the tab: "(N) title" and the icon with the dot
 * when there are any; `title` alone and the plain icon when none. */
export function showYourTurns(count, title) {
  document.title = count > 0 ? `(${count}) ${title}` : title;
  setIcon(count > 0);
}
