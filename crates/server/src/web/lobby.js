// The lobby (#/lobby): online games that wait for anyone; Join takes the free seat. The list is
// asked for again every 5 s while the screen is open.

import { api, tokens, invites, holdKey } from './api.js';
import { h, plain, fillIn } from './dom.js';
import { gameName } from './rules.js';
import { account } from './session.js';
import { daysPerMove } from './days.js';
import { t, tn } from './i18n.js';
import { sideWord, playerName } from './game-words.js';

const NAME = 'hasami.name';

function clockText(g) {
  const min = g.clock_initial / 60000;
  const clock = g.clock_days ? daysPerMove(g.clock_days)
    : g.clock_initial === null || g.clock_initial === undefined ? t('lobby.no-clock')
    : t('lobby.clock', { min: Number.isInteger(min) ? min : min.toFixed(1), inc: g.clock_increment / 1000 });
  return g.rated ? t('lobby.rated', { clock }) : clock;
}

/** The waiting player, with their rating when they are signed in: "Ann (1623)". */
function creatorText(g) {
  const name = playerName(g.creator);
  return Number.isFinite(g.rating) ? `${name} (${Math.round(g.rating)})` : name;
}

/** The free seat as the game calls it (Shogun: White and Red). */
function sideName(g) {
  const [first, second] = (g.variant.startsWith('shogun') ? ['White', 'Red'] : ['Black', 'White']).map(sideWord);
  // Shogun's `first=red`: Red moves first.
  if (/\+first=red(\+|$)/.test(g.variant)) return g.seat === 'black' ? first : t('lobby.seat-first', { side: second });
  return g.seat === 'black' ? t('lobby.seat-first', { side: first }) : second;
}

function age(ms) {
  const s = Math.max(0, Math.round((Date.now() - ms) / 1000));
  return s < 60 ? t('lobby.just-now') : tn('lobby.minutes-ago', Math.round(s / 60));
}

/** The name this browser last joined or played under (may be empty). */
function rememberedName() {
  try { return localStorage.getItem(NAME) || ''; } catch { return ''; }
}

/** The time controls "Play someone online" pairs by (minutes + seconds a move), as the select
 * shows them; players are paired only within one. */
export const QUICK_CLOCKS = ['1+0', '3+0', '3+2', '5+0', '5+3', '10+0', '10+5', '15+10', '30+0'];
const QUICK_CLOCK = 'hasami.quick-clock';

/** The time control this browser last chose for quick pairing (5+3 at first); with `choice`,
 * remembers that one. */
export function quickClock(choice) {
  if (choice) { try { localStorage.setItem(QUICK_CLOCK, choice); } catch {} return choice; }
  let kept = null;
  try { kept = localStorage.getItem(QUICK_CLOCK); } catch {}
  return QUICK_CLOCKS.includes(kept) ? kept : '5+3';
}

/** The rating difference within which Play someone online pairs rated players first. */
const RATING_BAND = 300;

/**
 * "Play someone online": joins the longest-waiting game of `preset` with the time control `clock`
 * ("5+3": 5 minutes + 3 s a move) in the lobby that this browser did not create; when there is
 * none (or every one is taken first), creates one that waits there (your side drawn at random).
 * A signed-in player plays rated games, paired by rating when it can be. Resolves to the game's id once
 * this browser holds its key.
 */
export async function playSomeoneOnline(preset, clock) {
  const [minutes, seconds] = clock.split('+').map(Number);
  const { games } = await api.lobby();
  const same = (g) => (preset === 'shogun' ? g.variant.startsWith('shogun') : g.variant === preset)
    && g.clock_initial === minutes * 60000 && g.clock_increment === seconds * 1000;
  const me = account();
  // A signed-in player plays rated and is paired by rating: the waiting rated games nearest its own
  // rating first (within RATING_BAND when there are such), then the casual ones. A rated game is for
  // signed-in players only.
  const mine = me?.ratings?.[preset]?.rating ?? 1500;
  const distance = (g) => Math.abs((g.rating ?? 1500) - mine);
  const open = games.filter((g) => same(g) && !tokens.get(g.id) && (!g.rated || me)).reverse();
  const rated = open.filter((g) => g.rated).sort((a, b) => distance(a) - distance(b));
  const candidates = me
    ? [...rated.filter((g) => distance(g) <= RATING_BAND), ...rated.filter((g) => distance(g) > RATING_BAND), ...open.filter((g) => !g.rated)]
    : open;
  const name = rememberedName();
  for (const g of candidates) {
    try {
      const j = await api.join(g.id, name || undefined);
      holdKey(j);
      return j.id;
    } catch (e) {
      if (e.status !== 409) throw e; // taken meanwhile: the next one
    }
  }
  const req = { variant: preset, opponent: 'online', side: 'random', open: true, rated: !!me, clock: { initial: minutes * 60, increment: seconds } };
  if (preset === 'shogun') req.random_board = true;
  const c = await api.create(req);
  holdKey(c);
  invites.set(c.id, c.links);
  if (name) {
    try { await api.name(c.id, name, c.token); } catch { /* the game page offers the name again */ }
  }
  return c.id;
}

/** Draws the lobby into `view`; `onLeave` gets the function that stops its refreshing. */
export async function lobbyScreen(view, onLeave) {
  document.title = t('page.title.lobby');
  const err = h('p', { class: 'error', role: 'alert', id: 'lobby-error' });
  const remembered = rememberedName();
  const name = h('input', { type: 'text', id: 'lobby-name', maxlength: 40, placeholder: t('lobby.name.placeholder'), autocomplete: 'nickname', value: remembered, class: 'short' });
  const body = h('tbody', {});
  const empty = h('p', { id: 'lobby-empty', hidden: true }, ...fillIn(t('lobby.empty'),
    { create: h('a', { href: '#/?open=1', id: 'lobby-create' }, t('lobby.empty.create')) }));
  const table = h('table', { class: 'list', id: 'lobby-list', 'aria-label': t('lobby.list') },
    h('thead', {}, h('tr', {}, h('th', {}, t('lobby.game')), h('th', {}, t('lobby.player')), h('th', {}, t('lobby.you-play')), h('th', {}, t('lobby.clock.title')),
      h('th', { class: 'wide' }, t('lobby.since')), h('th', {}, h('span', { class: 'sr-only' }, t('lobby.join'))))),
    body);
  view.append(h('section', { class: 'card', 'aria-labelledby': 'lobby-title' },
    h('h1', { id: 'lobby-title' }, t('lobby.title')),
    h('p', { class: 'hint-text' }, t('lobby.hint'), ' ',
      h('a', { href: '#/?open=1' }, t('lobby.create'))),
    h('label', {}, t('lobby.name'), ' ', name), err, table, empty));

  async function join(g, button) {
    button.disabled = true;
    const n = name.value.trim();
    try { localStorage.setItem(NAME, n); } catch {}
    try {
      const j = await api.join(g.id, n || undefined);
      holdKey(j);
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
        ? h('a', { href: `#/game/${g.id}`, class: 'button', 'aria-label': t('lobby.yours.label', { id: g.id }) }, t('lobby.yours'))
        : g.rated && !account()
          ? h('a', { href: '#/login', class: 'button', 'aria-label': t('lobby.sign-in.label', { id: g.id }) }, t('lobby.sign-in'))
          : h('button', { type: 'button', class: 'primary join', 'data-game-id': g.id, 'aria-label': t('lobby.join.label', { id: g.id, name: playerName(g.creator) }) }, t('lobby.join'));
      if (action.tagName === 'BUTTON') action.addEventListener('click', () => join(g, action));
      body.append(h('tr', { 'data-game-id': g.id },
        h('td', { class: 'variant', title: g.variant }, gameName(g.variant)),
        h('td', {}, creatorText(g)),
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
