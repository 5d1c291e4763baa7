// A player's page (#/@/NAME): ratings per game, the rating history as graphs, recent games,
// results against the engine's levels, and "Challenge" for a signed-in visitor.

import { reasonText } from './game-words.js';
import { api } from './api.js';
import { h, plain } from './dom.js';
import { gameName } from './rules.js';
import { loadAccount } from './session.js';
import { PRESETS, ratingText, provisional, playersText } from './ratings.js';
import { ratingGraph } from './rating-graph.js';
import { t, tn, isJapanese } from './i18n.js';
import { tNodes } from './tnodes.js';

/** The presets of `byPreset` (an object keyed by preset), the rated games' order first. */
function presetsOf(byPreset) {
  const keys = Object.keys(byPreset || {});
  return [...PRESETS.filter((p) => keys.includes(p)), ...keys.filter((p) => !PRESETS.includes(p))];
}

/** A date (ms) as players read it; '' for none. */
const day = (ms) => (Number.isFinite(Number(ms)) && ms ? new Date(Number(ms)).toLocaleDateString(isJapanese() ? 'ja-JP' : undefined) : '');

/** A game's state in words: "playing, 12 plies", or its result and why (the server's words, in
 * English, marked as such for the language test). */
export function gameState(g) {
  if (g.result === '*' && !g.reason) return tn('player.playing', g.plies);
  // A reason the page knows is written in the page's language (game-words.js); another stays as the
  // server wrote it, marked as English.
  const said = g.reason ? reasonText(g.reason) : '';
  return [g.result, ' ', said ? h('span', { class: 'game-reason', lang: said === g.reason ? 'en' : null }, said) : null];
}

/** The heading: the name, since when, and the challenge button. */
function headCard(p, me) {
  const self = me && me.username.toLowerCase() === p.username.toLowerCase();
  const challenge = me && !self
    ? h('a', { href: '#/challenge/' + encodeURIComponent(p.username), class: 'button primary', id: 'player-challenge' }, t('player.challenge'))
    : null;
  const since = day(p.created);
  return h('section', { class: 'card player-head', 'aria-labelledby': 'player-name' },
    h('h1', { id: 'player-name' }, p.username),
    since ? h('p', { class: 'hint-text' }, t('player.since', { date: since })) : null,
    self ? h('p', {}, ...tNodes('player.self', { link: h('a', { href: '#/account' }, t('player.settings')) })) : null,
    challenge);
}

/** The ratings per game: the rating ("?" while provisional) and the games rated. */
function ratingsCard(p) {
  const presets = presetsOf(p.ratings);
  const box = h('section', { class: 'card', 'aria-labelledby': 'player-ratings-title' }, h('h2', { id: 'player-ratings-title' }, t('player.ratings')));
  if (!presets.length) { box.append(h('p', { id: 'player-no-ratings' }, t('player.no-ratings'))); return box; }
  box.append(h('table', { class: 'list', id: 'player-ratings', 'aria-labelledby': 'player-ratings-title' },
    h('thead', {}, h('tr', {}, h('th', {}, t('player.col.game')), h('th', {}, t('player.col.rating')), h('th', {}, t('player.col.games')), h('th', {}, h('span', { class: 'sr-only' }, t('player.col.leaderboard'))))),
    h('tbody', {}, presets.map((preset) => {
      const r = p.ratings[preset];
      return h('tr', { 'data-preset': preset },
        h('td', {}, gameName(preset)),
        h('td', { class: provisional(r) ? 'provisional' : null, title: provisional(r) ? t('rating.provisional-title') : null }, ratingText(r)),
        h('td', {}, String(r.games ?? '')),
        h('td', {}, h('a', { href: '#/leaderboard/' + encodeURIComponent(preset) }, t('player.col.leaderboard'))));
    }))),
  h('p', { class: 'hint-text' }, t('rating.provisional-hint')));
  return box;
}

/** A graph of the rating over time for each game with a history. */
function historyCard(p) {
  const box = h('section', { class: 'card', id: 'player-history', 'aria-labelledby': 'player-history-title' },
    h('h2', { id: 'player-history-title' }, t('player.history')));
  let any = false;
  for (const preset of presetsOf(p.history)) {
    const graph = ratingGraph(p.history[preset], t('rating.graph.title', { game: gameName(preset) }));
    if (!graph) continue;
    any = true;
    graph.setAttribute('data-preset', preset);
    box.append(h('h3', {}, gameName(preset)), graph);
  }
  if (!any) return null;
  box.append(h('p', { class: 'hint-text' }, t('player.history-hint')));
  return box;
}

/** The player's recent games, each a link to its page. */
function gamesCard(p) {
  const games = Array.isArray(p.games) ? p.games : [];
  const box = h('section', { class: 'card', 'aria-labelledby': 'player-games-title' }, h('h2', { id: 'player-games-title' }, t('player.recent')));
  if (!games.length) { box.append(h('p', {}, t('player.no-games'))); return box; }
  box.append(h('table', { class: 'list', id: 'player-games', 'aria-labelledby': 'player-games-title' },
    h('thead', {}, h('tr', {}, h('th', {}, t('player.col.game')), h('th', {}, t('player.col.variant')), h('th', { class: 'wide' }, t('player.col.players')), h('th', {}, t('player.col.state')), h('th', { class: 'wide' }, t('player.col.date')))),
    h('tbody', {}, games.map((g) => h('tr', { 'data-game-id': g.id },
      h('td', {}, h('a', { href: `#/game/${encodeURIComponent(g.id)}` }, '#' + g.id)),
      h('td', { class: 'variant', title: g.variant }, gameName(g.variant)),
      h('td', { class: 'wide' }, playersText(g)),
      h('td', {}, gameState(g)),
      h('td', { class: 'wide' }, day(g.updated)))))));
  return box;
}

/** Results against the engine, level by level. */
function engineCard(p) {
  const rows = (Array.isArray(p.engine) ? p.engine : []).filter((e) => e.won || e.lost || e.drawn);
  if (!rows.length) return null;
  rows.sort((a, b) => a.level - b.level);
  return h('section', { class: 'card', 'aria-labelledby': 'player-engine-title' }, h('h2', { id: 'player-engine-title' }, t('player.engine')),
    h('table', { class: 'list', id: 'player-engine', 'aria-labelledby': 'player-engine-title' },
      h('thead', {}, h('tr', {}, h('th', {}, t('player.col.level')), h('th', {}, t('player.col.won')), h('th', {}, t('player.col.lost')), h('th', {}, t('player.col.drawn')))),
      h('tbody', {}, rows.map((e) => h('tr', { 'data-level': e.level },
        h('td', {}, t('player.level', { n: e.level })), h('td', {}, String(e.won)), h('td', {}, String(e.lost)), h('td', {}, String(e.drawn)))))));
}

/** Draws the page of the player `name` into `view`. */
export async function playerScreen(view, name) {
  document.title = `hasami: ${name}`;
  const here = location.hash;
  let p, me;
  try {
    [p, me] = await Promise.all([api.player(name), loadAccount()]);
  } catch (e) {
    if (location.hash !== here) return;
    view.append(h('section', { class: 'card' }, h('p', { class: 'error', id: 'player-error' },
      e.status === 404 ? t('player.none', { name }) : plain(e.message))));
    return;
  }
  if (location.hash !== here) return;
  document.title = `hasami: ${p.username}`;
  view.append(h('div', { class: 'player', id: 'player', 'data-player': p.username },
    headCard(p, me), ratingsCard(p), historyCard(p), gamesCard(p), engineCard(p)));
}
