// The lobby (#/lobby): online games that wait for anyone; Join takes the free seat. The list is
// asked for again every 5 s while the screen is open.

import { api, tokens, invites } from './api.js';
import { h, plain } from './dom.js';
import { gameName } from './rules.js';

const NAME = 'hasami.name';

function clockText(g) {
  if (g.clock_initial === null || g.clock_initial === undefined) return 'no clock';
  const min = g.clock_initial / 60000;
  return `${Number.isInteger(min) ? min : min.toFixed(1)} min + ${g.clock_increment / 1000} s`;
}

/** The free seat as the game calls it (Shogun: White and Red). */
function sideName(g) {
  const [first, second] = g.variant.startsWith('shogun') ? ['White', 'Red'] : ['Black', 'White'];
  return g.seat === 'black' ? `${first} (first)` : second;
}

function age(ms) {
  const s = Math.max(0, Math.round((Date.now() - ms) / 1000));
  return s < 60 ? 'just now' : `${Math.round(s / 60)} min ago`;
}

/** The name this browser last joined or played under (may be empty). */
function rememberedName() {
  try { return localStorage.getItem(NAME) || ''; } catch { return ''; }
}

/** The time control of a game made by "Play someone online": 5 minutes + 3 s a move. */
export const QUICK_CLOCK = { initial: 300, increment: 3 };

/**
 * "Play someone online": joins the longest-waiting game of `preset` in the lobby that this browser
 * did not create; when there is none (or every one is taken first), creates one that waits there
 * (your side drawn at random, 5 min + 3 s). Resolves to the game's id once this browser holds its key.
 */
export async function playSomeoneOnline(preset) {
  const { games } = await api.lobby();
  const same = (g) => (preset === 'shogun' ? g.variant.startsWith('shogun') : g.variant === preset);
  const candidates = games.filter((g) => same(g) && !tokens.get(g.id)).reverse();
  const name = rememberedName();
  for (const g of candidates) {
    try {
      const j = await api.join(g.id, name || undefined);
      tokens.set(j.id, j.token);
      return j.id;
    } catch (e) {
      if (e.status !== 409) throw e; // taken meanwhile: the next one
    }
  }
  const req = { variant: preset, opponent: 'online', side: 'random', open: true, clock: QUICK_CLOCK };
  if (preset === 'shogun') req.random_board = true;
  const c = await api.create(req);
  tokens.set(c.id, c.token);
  invites.set(c.id, c.links);
  if (name) {
    try { await api.name(c.id, name, c.token); } catch { /* the game page offers the name again */ }
  }
  return c.id;
}

/** Draws the lobby into `view`; `onLeave` gets the function that stops its refreshing. */
export async function lobbyScreen(view, onLeave) {
  document.title = 'hasami: lobby';
  const err = h('p', { class: 'error', role: 'alert', id: 'lobby-error' });
  const remembered = rememberedName();
  const name = h('input', { type: 'text', id: 'lobby-name', maxlength: 40, placeholder: 'Your name (optional)', autocomplete: 'nickname', value: remembered, class: 'short' });
  const body = h('tbody', {});
  const empty = h('p', { id: 'lobby-empty', hidden: true }, 'No games are waiting. ',
    h('a', { href: '#/?open=1', id: 'lobby-create' }, 'Create one'), ' and it appears here for anyone to join.');
  const table = h('table', { class: 'list', id: 'lobby-list', 'aria-label': 'Games waiting for a player' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Game'), h('th', {}, 'Player'), h('th', {}, 'You play'), h('th', {}, 'Clock'),
      h('th', { class: 'wide' }, 'Waiting since'), h('th', {}, h('span', { class: 'sr-only' }, 'Join')))),
    body);
  view.append(h('section', { class: 'card', 'aria-labelledby': 'lobby-title' },
    h('h1', { id: 'lobby-title' }, 'Lobby'),
    h('p', { class: 'hint-text' }, 'Online games waiting for an opponent. The first to join plays. A game waits here for 20 minutes while its page stays open. ',
      h('a', { href: '#/?open=1' }, 'Create a game in the lobby')),
    h('label', {}, 'Your name ', name), err, table, empty));

  async function join(g, button) {
    button.disabled = true;
    const n = name.value.trim();
    try { localStorage.setItem(NAME, n); } catch {}
    try {
      const j = await api.join(g.id, n || undefined);
      tokens.set(j.id, j.token);
      location.hash = `#/game/${j.id}`;
    } catch (e) {
      err.textContent = plain(e.message);
      button.disabled = false;
      refresh();
    }
  }

  async function refresh() {
    let games;
    try { ({ games } = await api.lobby()); } catch (e) { err.textContent = plain(e.message); return; }
    body.textContent = '';
    for (const g of games) {
      const mine = !!tokens.get(g.id);
      const action = mine
        ? h('a', { href: `#/game/${g.id}`, class: 'button', 'aria-label': `Your game ${g.id}, waiting` }, 'Yours: waiting')
        : h('button', { type: 'button', class: 'primary join', 'data-game-id': g.id, 'aria-label': `Join game ${g.id} against ${g.creator}` }, 'Join');
      if (!mine) action.addEventListener('click', () => join(g, action));
      body.append(h('tr', { 'data-game-id': g.id },
        h('td', { class: 'variant', title: g.variant }, gameName(g.variant)),
        h('td', {}, g.creator),
        h('td', {}, sideName(g)),
        h('td', {}, clockText(g)),
        h('td', { class: 'wide' }, age(g.created)),
        h('td', {}, action)));
    }
    table.hidden = !games.length;
    empty.hidden = !!games.length;
  }
  await refresh();
  const timer = setInterval(refresh, 5000);
  onLeave(() => clearInterval(timer));
}
