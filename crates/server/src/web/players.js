// A player's page (#/@/NAME): ratings per game, the rating history as graphs, recent games,
// results against the engine's levels, and "Challenge" for a signed-in visitor.

import { api } from './api.js';
import { h, plain } from './dom.js';
import { gameName } from './rules.js';
import { loadAccount } from './session.js';
import { PRESETS, ratingText, provisional } from './ratings.js';
import { ratingGraph } from './rating-graph.js';

/** The presets of `byPreset` (an object keyed by preset), the rated games' order first. */
function presetsOf(byPreset) {
  const keys = Object.keys(byPreset || {});
  return [...PRESETS.filter((p) => keys.includes(p)), ...keys.filter((p) => !PRESETS.includes(p))];
}

/** A date (ms) as players read it; '' for none. */
const day = (ms) => (Number.isFinite(Number(ms)) && ms ? new Date(Number(ms)).toLocaleDateString() : '');

/** A game's state in words: "playing, 12 plies" or its result and why. */
export function gameState(g) {
  if (g.result === '*' && !g.reason) return `playing, ${g.plies} plies`;
  return `${g.result} ${g.reason || ''}`.trim();
}

/** The heading: the name, since when, and the challenge button. */
function headCard(p, me) {
  const self = me && me.username.toLowerCase() === p.username.toLowerCase();
  const challenge = me && !self
    ? h('a', { href: '#/challenge/' + encodeURIComponent(p.username), class: 'button primary', id: 'player-challenge' }, 'Challenge')
    : null;
  const since = day(p.created);
  return h('section', { class: 'card player-head', 'aria-labelledby': 'player-name' },
    h('h1', { id: 'player-name' }, p.username),
    since ? h('p', { class: 'hint-text' }, `Playing here since ${since}`) : null,
    self ? h('p', {}, 'This is your page. ', h('a', { href: '#/account' }, 'Account settings')) : null,
    challenge);
}

/** The ratings per game: the rating ("?" while provisional) and the games rated. */
function ratingsCard(p) {
  const presets = presetsOf(p.ratings);
  const box = h('section', { class: 'card', 'aria-labelledby': 'player-ratings-title' }, h('h2', { id: 'player-ratings-title' }, 'Ratings'));
  if (!presets.length) { box.append(h('p', { id: 'player-no-ratings' }, 'No rated games yet.')); return box; }
  box.append(h('table', { class: 'list', id: 'player-ratings', 'aria-labelledby': 'player-ratings-title' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Game'), h('th', {}, 'Rating'), h('th', {}, 'Games'), h('th', {}, h('span', { class: 'sr-only' }, 'Leaderboard')))),
    h('tbody', {}, presets.map((preset) => {
      const r = p.ratings[preset];
      return h('tr', { 'data-preset': preset },
        h('td', {}, gameName(preset)),
        h('td', { class: provisional(r) ? 'provisional' : null, title: provisional(r) ? 'Provisional: too few games to be sure' : null }, ratingText(r)),
        h('td', {}, String(r.games ?? '')),
        h('td', {}, h('a', { href: '#/leaderboard/' + encodeURIComponent(preset) }, 'Leaderboard')));
    }))),
  h('p', { class: 'hint-text' }, 'A rating with “?” is provisional: too few games to be sure of it.'));
  return box;
}

/** A graph of the rating over time for each game with a history. */
function historyCard(p) {
  const box = h('section', { class: 'card', id: 'player-history', 'aria-labelledby': 'player-history-title' },
    h('h2', { id: 'player-history-title' }, 'Rating history'));
  let any = false;
  for (const preset of presetsOf(p.history)) {
    const graph = ratingGraph(p.history[preset], `${gameName(preset)} rating`);
    if (!graph) continue;
    any = true;
    graph.setAttribute('data-preset', preset);
    box.append(h('h3', {}, gameName(preset)), graph);
  }
  if (!any) return null;
  box.append(h('p', { class: 'hint-text' }, 'The line is the rating after each rated game; the band around it, how sure it is (± the rating deviation).'));
  return box;
}

/** The player's recent games, each a link to its page. */
function gamesCard(p) {
  const games = Array.isArray(p.games) ? p.games : [];
  const box = h('section', { class: 'card', 'aria-labelledby': 'player-games-title' }, h('h2', { id: 'player-games-title' }, 'Recent games'));
  if (!games.length) { box.append(h('p', {}, 'No games yet.')); return box; }
  box.append(h('table', { class: 'list', id: 'player-games', 'aria-labelledby': 'player-games-title' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Game'), h('th', {}, 'Variant'), h('th', { class: 'wide' }, 'Players'), h('th', {}, 'State'), h('th', { class: 'wide' }, 'Date'))),
    h('tbody', {}, games.map((g) => h('tr', { 'data-game-id': g.id },
      h('td', {}, h('a', { href: `#/game/${encodeURIComponent(g.id)}` }, '#' + g.id)),
      h('td', { class: 'variant', title: g.variant }, gameName(g.variant)),
      h('td', { class: 'wide' }, `${g.black} – ${g.white}`),
      h('td', {}, gameState(g)),
      h('td', { class: 'wide' }, day(g.updated)))))));
  return box;
}

/** Results against the engine, level by level. */
function engineCard(p) {
  const rows = (Array.isArray(p.engine) ? p.engine : []).filter((e) => e.won || e.lost || e.drawn);
  if (!rows.length) return null;
  rows.sort((a, b) => a.level - b.level);
  return h('section', { class: 'card', 'aria-labelledby': 'player-engine-title' }, h('h2', { id: 'player-engine-title' }, 'Against the engine'),
    h('table', { class: 'list', id: 'player-engine', 'aria-labelledby': 'player-engine-title' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Level'), h('th', {}, 'Won'), h('th', {}, 'Lost'), h('th', {}, 'Drawn'))),
      h('tbody', {}, rows.map((e) => h('tr', { 'data-level': e.level },
        h('td', {}, `Level ${e.level}`), h('td', {}, String(e.won)), h('td', {}, String(e.lost)), h('td', {}, String(e.drawn)))))));
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
      e.status === 404 ? `There is no player called ${name}.` : plain(e.message))));
    return;
  }
  if (location.hash !== here) return;
  document.title = `hasami: ${p.username}`;
  view.append(h('div', { class: 'player', id: 'player', 'data-player': p.username },
    headCard(p, me), ratingsCard(p), historyCard(p), gamesCard(p), engineCard(p)));
}
