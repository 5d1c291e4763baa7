// The leaderboards (#/leaderboard/PRESET, best first, with a game chooser) and "Now playing": the
// online games in play that anyone may watch (on the first screen and at #/now).

import { api } from './api.js';
import { h, plain } from './dom.js';
import { gameName } from './rules.js';
import { PRESETS, ratingText, provisional, playerLink, playersText } from './ratings.js';
import { t, tn } from './i18n.js';

/** Draws the leaderboard of `preset` into `view`; `#/leaderboard` (or an unknown game) goes to
 * Hasami Shogi's. */
export async function leaderboardScreen(view, preset) {
  if (!PRESETS.includes(preset)) { location.replace('#/leaderboard/' + PRESETS[0]); return; }
  document.title = t('leaderboard.title', { game: gameName(preset) });
  const here = location.hash;
  const chooser = h('select', { id: 'lb-preset', 'aria-label': t('leaderboard.game') },
    PRESETS.map((p) => h('option', { value: p, selected: p === preset }, gameName(p))));
  chooser.addEventListener('change', () => { location.hash = '#/leaderboard/' + chooser.value; });
  const box = h('section', { class: 'card', id: 'leaderboard', 'data-preset': preset, 'aria-labelledby': 'lb-title' },
    h('h1', { id: 'lb-title' }, t('leaderboard.heading')), h('label', {}, t('leaderboard.game'), ' ', chooser));
  view.append(box);
  let players;
  try { ({ players } = await api.leaderboard(preset)); } catch (e) {
    if (location.hash === here) box.append(h('p', { class: 'error', id: 'lb-error' }, plain(e.message)));
    return;
  }
  if (location.hash !== here) return;
  if (!Array.isArray(players) || !players.length) { box.append(h('p', { id: 'lb-empty' }, t('leaderboard.empty'))); return; }
  box.append(h('table', { class: 'list', id: 'leaderboard-list', 'aria-labelledby': 'lb-title' },
    h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, t('leaderboard.col.player')), h('th', {}, t('player.col.rating')), h('th', {}, t('player.col.games')))),
    h('tbody', {}, players.map((p, i) => h('tr', { 'data-player': p.username },
      h('td', {}, String(i + 1)),
      h('td', {}, playerLink(p.username)),
      h('td', { class: provisional(p) ? 'provisional' : null }, ratingText(p)),
      h('td', {}, String(p.games ?? '')))))),
  h('p', { class: 'hint-text' }, t('rating.provisional-hint')));
}

/** The table of games in play (at most `limit`, 0: all the server lists). */
function nowTable(games, limit) {
  const shown = limit ? games.slice(0, limit) : games;
  return h('table', { class: 'list', id: 'now-playing-list', 'aria-label': t('leaderboard.now.label') },
    h('thead', {}, h('tr', {}, h('th', {}, t('player.col.game')), h('th', {}, t('player.col.players')), h('th', { class: 'wide' }, t('leaderboard.col.moves')), h('th', {}, h('span', { class: 'sr-only' }, t('leaderboard.watch'))))),
    h('tbody', {}, shown.map((g) => h('tr', { 'data-game-id': g.id },
      h('td', { class: 'variant', title: g.variant }, gameName(g.variant), g.rated ? h('span', { class: 'rated-badge' }, t('leaderboard.rated')) : null),
      h('td', {}, playersText(g)),
      h('td', { class: 'wide' }, tn('leaderboard.plies', g.plies)),
      h('td', {}, h('a', { href: `#/game/${encodeURIComponent(g.id)}`, class: 'button', 'aria-label': t('leaderboard.watch-game', { id: g.id }) }, t('leaderboard.watch')))))));
}

/** "Now playing" for the first screen: a card with the first `limit` games in play, or null when
 * none is (or the list cannot be had). */
export async function nowPlayingCard(limit) {
  let games;
  try { ({ games } = await api.nowPlaying()); } catch { return null; }
  if (!Array.isArray(games) || !games.length) return null;
  const box = h('section', { class: 'card', id: 'now-playing', 'aria-labelledby': 'now-title' },
    h('h2', { id: 'now-title' }, t('leaderboard.now')), nowTable(games, limit));
  if (games.length > limit) box.append(h('p', {}, h('a', { href: '#/now', id: 'now-all' }, tn('leaderboard.now.all', games.length))));
  return box;
}

/** #/now: every game in play that anyone may watch, asked for again every 10 s. */
export async function nowScreen(view, onLeave) {
  document.title = t('leaderboard.now.title');
  const body = h('div', { id: 'now-body' });
  view.append(h('section', { class: 'card', id: 'now-playing', 'aria-labelledby': 'now-title' },
    h('h1', { id: 'now-title' }, t('leaderboard.now')),
    h('p', { class: 'hint-text' }, t('leaderboard.now.hint')), body));
  async function refresh() {
    let games;
    try { ({ games } = await api.nowPlaying()); } catch (e) { body.textContent = ''; body.append(h('p', { class: 'error' }, plain(e.message))); return; }
    body.textContent = '';
    body.append(Array.isArray(games) && games.length ? nowTable(games, 0) : h('p', { id: 'now-empty' }, t('leaderboard.now.empty')));
  }
  let timer = null, left = false;
  onLeave(() => { left = true; clearInterval(timer); });
  await refresh();
  if (!left) timer = setInterval(() => { if (document.visibilityState === 'visible') refresh(); }, 10000);
}
