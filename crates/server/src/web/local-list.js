// The games kept in this browser and not yet on the server (local-store.js), as a card for the
// home page and the games list: ongoing ones to resume, finished ones waiting for the server.

import { t, tn, loadMore, language } from './i18n.js';
import { h } from './dom.js';
import { gameName } from './rules.js';
import { playerName, reasonText, sideWord } from './game-words.js';
import { allGames } from './local-store.js';

await loadMore();

/** The sides' words (the API's black and white) in the Hasami family and in Shogun. */
const SIDES = [{ black: 'Black', white: 'White' }, { black: 'White', white: 'Red' }];

/** The card, or null when every game kept here is on the server. */
export async function localGamesCard() {
  const games = (await allGames()).filter((g) => !g.synced);
  if (!games.length) return null;
  const lang = language() === 'qps' ? 'en' : language();
  const who = (g, s) => (g.opponent === 'engine' && s === g.engine_side ? `hasami level ${g.level}` : g.names[s] ? playerName(g.names[s]) : sideWord(SIDES[g.variant.startsWith('shogun') ? 1 : 0][s]));
  const rows = games.map((g) => h('tr', { 'data-local-id': g.id },
    h('td', { class: 'variant', title: g.variant }, gameName(g.variant)),
    h('td', { class: 'wide' }, `${who(g, 'black')} – ${who(g, 'white')}`),
    h('td', {}, g.ended ? `${g.ended[0]} ${reasonText(g.ended[1])}` : tn('games.playing', g.moves.length)),
    h('td', { class: 'wide' }, new Date(g.created).toLocaleString(lang)),
    h('td', {}, h('a', { href: `#/local/${g.id}`, class: 'button' }, t(g.ended ? 'games.review' : 'games.resume')))));
  return h('section', { class: 'card', id: 'local-games', 'aria-labelledby': 'local-title' },
    h('h2', { id: 'local-title' }, t('offline.list.title')),
    h('p', { class: 'hint-text' }, t('offline.list.hint')),
    h('table', { class: 'list', id: 'local-games-list', 'aria-label': t('offline.list.title') },
      h('thead', {}, h('tr', {}, h('th', {}, t('games.variant')), h('th', { class: 'wide' }, t('games.players')), h('th', {}, t('games.state')), h('th', { class: 'wide' }, t('offline.list.created')), h('th', {}, h('span', { class: 'sr-only' }, t('games.open'))))),
      h('tbody', {}, rows)));
}
