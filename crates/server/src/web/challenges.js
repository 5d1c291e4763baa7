// Challenges between accounts: the form (#/challenge, #/challenge/NAME from a player's page) and,
// on every page while signed in, a banner of the challenges received ("Ann challenges you: Hasami
// Shogi, 5+3, rated — Accept / Decline") and sent. GET /api/challenges is asked every 10 s while
// the tab is visible; when a challenge this browser sent is accepted, its game opens here.

import { api, holdKey } from './api.js';
import { h, plain, notice, dropNotice, announce } from './dom.js';
import { gameName } from './rules.js';
import { account, loadAccount, onAccount, syncAccountGames } from './session.js';
import { PRESETS, playerLink } from './ratings.js';
import { QUICK_CLOCKS } from './lobby.js';

/** Correspondence choices: days a move. */
export const DAYS = [1, 2, 3, 5, 7, 14];

/** Milliseconds in one unit of a clock's `initial` and `increment`: seconds, as POST /api/games
 * takes them. */
const CLOCK_UNIT_MS = 1000;

/** The clock of a choice of the form's menu ("5+3", "days:3", "none"), as the API takes it. */
export function clockFromChoice(choice) {
  if (choice.startsWith('days:')) return { days: Number(choice.slice(5)) };
  if (!choice.includes('+')) return null;
  const [minutes, seconds] = choice.split('+').map(Number);
  return { initial: (minutes * 60000) / CLOCK_UNIT_MS, increment: (seconds * 1000) / CLOCK_UNIT_MS };
}

/** A challenge's clock in words: "5+3" (minutes + seconds a move), "3 days a move", "no clock". */
export function clockWords(clock) {
  if (!clock) return 'no clock';
  if (clock.days !== undefined) return Number(clock.days) === 1 ? '1 day a move' : `${clock.days} days a move`;
  const minutes = (Number(clock.initial) * CLOCK_UNIT_MS) / 60000, seconds = (Number(clock.increment || 0) * CLOCK_UNIT_MS) / 1000;
  return `${Number.isInteger(minutes) ? minutes : minutes.toFixed(1)}+${seconds}`;
}

/** What a challenge is: "Hasami Shogi, 5+3, rated". */
export function challengeWords(c) {
  return `${gameName(c.variant)}, ${clockWords(c.clock)}, ${c.rated ? 'rated' : 'casual'}`;
}

/** The side this player gets in challenge `c`, in words ("you play White"); '' when drawn at
 * random. `sent`: this player is the challenger, whose side `side` is. */
function sideWords(c, sent) {
  if (c.side !== 'black' && c.side !== 'white') return '';
  const names = String(c.variant).startsWith('shogun') ? { black: 'White', white: 'Red' } : { black: 'Black', white: 'White' };
  const yours = sent ? c.side : c.side === 'black' ? 'white' : 'black';
  return `you play ${names[yours]}`;
}

// ---------------------------------------------------------------- the form

/** The clock menu: the real-time choices of "Play someone online", correspondence, none. */
function clockMenu() {
  return h('select', { id: 'ch-clock', name: 'clock' },
    h('optgroup', { label: 'Real time (minutes + seconds a move)' }, QUICK_CLOCKS.map((c) => h('option', { value: c, selected: c === '5+3' }, c.replace('+', ' + ')))),
    h('optgroup', { label: 'Correspondence' }, DAYS.map((d) => h('option', { value: 'days:' + d }, d === 1 ? '1 day a move' : `${d} days a move`))),
    h('option', { value: 'none' }, 'No clock'));
}

/** The request the form describes. */
function challengeRequest(form) {
  const req = { to: form.elements['ch-to'].value.trim(), variant: form.elements['ch-variant'].value, side: form.elements['ch-side'].value,
    rated: form.elements['ch-rated'].checked };
  const clock = clockFromChoice(form.elements['ch-clock'].value);
  if (clock) req.clock = clock;
  return req;
}

/** #/challenge and #/challenge/NAME: challenge a player to a game. */
export async function challengeScreen(view, to) {
  document.title = 'hasami: challenge';
  const me = await loadAccount();
  if (!me) {
    view.append(h('section', { class: 'card' }, h('p', {}, 'Sign in to challenge a player. ',
      h('a', { href: '#/login' }, 'Sign in'), ' or ', h('a', { href: '#/signup' }, 'create an account'), '.')));
    return;
  }
  const err = h('p', { class: 'error', role: 'alert', id: 'ch-error' });
  const done = h('p', { class: 'ok', role: 'status', id: 'ch-sent' });
  const side = h('select', { id: 'ch-side', name: 'side' }, h('option', { value: 'random' }, 'Random'),
    h('option', { value: 'black' }, 'Black (moves first)'), h('option', { value: 'white' }, 'White'));
  const variant = h('select', { id: 'ch-variant', name: 'variant' }, PRESETS.map((p) => h('option', { value: p }, gameName(p))));
  // Shogun's sides are White (first) and Red.
  variant.addEventListener('change', () => {
    const shogun = variant.value === 'shogun';
    side.options[1].textContent = shogun ? 'White (moves first)' : 'Black (moves first)';
    side.options[2].textContent = shogun ? 'Red' : 'White';
  });
  const send = h('button', { type: 'submit', class: 'primary', id: 'ch-send' }, 'Send challenge');
  const form = h('form', { class: 'card account-form', id: 'challenge-form', 'aria-labelledby': 'ch-title' },
    h('h1', { id: 'ch-title' }, 'Challenge a player'),
    h('label', { for: 'ch-to' }, 'Player'), h('input', { type: 'text', id: 'ch-to', name: 'to', value: to || '', required: true, maxlength: 20, spellcheck: 'false', autocomplete: 'off', class: 'short' }),
    h('label', {}, 'Game ', variant), h('label', {}, 'Clock ', clockMenu()), h('label', {}, 'Your side ', side),
    h('label', {}, h('input', { type: 'checkbox', id: 'ch-rated', name: 'rated', checked: true }), ' Rated: the result changes both players’ ratings'),
    err, done, h('p', {}, send));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    err.textContent = ''; done.textContent = '';
    const req = challengeRequest(form);
    if (!req.to) { err.textContent = 'Whom do you challenge?'; return; }
    if (req.to.toLowerCase() === me.username.toLowerCase()) { err.textContent = 'You cannot challenge yourself.'; return; }
    send.disabled = true;
    try {
      const { id } = await api.challenge(req);
      waiting.add(id);
      done.textContent = `Challenge sent to ${req.to}. The game opens here when they accept.`;
      announce(`Challenge sent to ${req.to}`);
      poll();
    } catch (ex) {
      err.textContent = ex.status === 404 ? `There is no player called ${req.to}.` : plain(ex.message);
    } finally { send.disabled = false; }
  });
  view.append(form);
}

// ---------------------------------------------------------------- the banner and its polling

/** The challenges this browser sent and saw open, kept across reloads (20 at most), so the game of
 * one accepted later opens here, once. */
const WAITING = 'hasami.challenges-waiting';
const waiting = {
  list() { try { const l = JSON.parse(localStorage.getItem(WAITING)); return Array.isArray(l) ? l : []; } catch { return []; } },
  has(id) { return this.list().includes(id); },
  add(id) { const l = this.list().filter((x) => x !== id); l.push(id); try { localStorage.setItem(WAITING, JSON.stringify(l.slice(-20))); } catch {} },
  drop(id) { try { localStorage.setItem(WAITING, JSON.stringify(this.list().filter((x) => x !== id))); } catch {} },
};

/** The most challenges of each kind the banner shows. */
const SHOWN = 5;

/** Accepts, declines or cancels challenge `c`; accepting opens its game. */
async function answer(c, action, button) {
  button.disabled = true;
  try {
    const reply = await api.answerChallenge(c.id, action);
    if (action === 'accept' && reply && reply.game) {
      holdKey({ id: reply.game, token: reply.token, side: reply.side });
      dropNotice('challenges');
      shownKey = '';
      location.hash = `#/game/${reply.game}`;
      return;
    }
    announce(action === 'decline' ? 'Challenge declined' : 'Challenge cancelled');
  } catch (e) {
    notice('challenge-error', h('span', { class: 'error' }, plain(e.message)), ' ',
      h('button', { type: 'button', onclick: () => dropNotice('challenge-error') }, 'OK'));
  }
  poll();
}

/** One row of the banner. */
function bannerRow(c, incoming) {
  const button = (label, action, cls) => {
    const b = h('button', { type: 'button', class: cls, 'data-action': action }, label);
    b.addEventListener('click', () => answer(c, action, b));
    return b;
  };
  const side = sideWords(c, !incoming);
  const what = challengeWords(c) + (side ? `, ${side}` : '');
  return incoming
    ? h('div', { class: 'challenge incoming', 'data-challenge-id': c.id },
      playerLink(c.from), ` challenges you: ${what} — `, button('Accept', 'accept', 'primary'), ' ', button('Decline', 'decline'))
    : h('div', { class: 'challenge outgoing', 'data-challenge-id': c.id },
      'You challenged ', playerLink(c.to), `: ${what}; waiting for an answer — `, button('Cancel', 'cancel'));
}

/** What the banner shows, as text: it is drawn again only when this changes (a button keeps focus). */
let shownKey = '';

/** Draws the banner of open challenges (or takes it away). */
function showBanner(incoming, outgoing) {
  const key = JSON.stringify([incoming.map((c) => c.id), outgoing.map((c) => c.id)]);
  if (key === shownKey) return;
  shownKey = key;
  if (!incoming.length && !outgoing.length) { dropNotice('challenges'); return; }
  const more = (n) => (n > SHOWN ? h('div', { class: 'hint-text' }, `and ${n - SHOWN} more`) : null);
  notice('challenges', h('div', { id: 'challenges-banner' },
    incoming.slice(0, SHOWN).map((c) => bannerRow(c, true)), more(incoming.length),
    outgoing.slice(0, SHOWN).map((c) => bannerRow(c, false)), more(outgoing.length)));
  if (incoming.length) announce(`${incoming[0].from} challenges you`);
}

/** Follows the challenges this browser sent: an accepted one opens its game (its key comes with
 * the account's games), a declined one is said. */
async function followOutgoing(outgoing) {
  for (const c of outgoing) {
    if (c.status === 'open') continue;
    if (!waiting.has(c.id)) continue;
    waiting.drop(c.id);
    if (c.status === 'accepted' && c.game) {
      await syncAccountGames();
      announce(`${c.to} accepted your challenge`);
      location.hash = `#/game/${c.game}`;
      return;
    }
    if (c.status === 'declined') {
      notice('challenge-declined', h('span', {}, playerLink(c.to), ' declined your challenge.'), ' ',
        h('button', { type: 'button', onclick: () => dropNotice('challenge-declined') }, 'OK'));
    }
  }
}

let polling = false;

/** Asks for the account's challenges once and shows them. */
async function poll() {
  if (polling || !account()) return;
  polling = true;
  try {
    const { incoming = [], outgoing = [] } = await api.challenges();
    const open = (c) => c && c.status === 'open';
    for (const c of outgoing) if (open(c)) waiting.add(c.id);
    showBanner(incoming.filter(open), outgoing.filter(open));
    await followOutgoing(outgoing);
  } catch (e) {
    if (e.status === 401) loadAccount(true);
  } finally { polling = false; }
}

let watching = false;

/** Watches the account's challenges: asks at once, then every 10 s while the tab is visible and
 * someone is signed in, and at once when the tab comes back or someone signs in. */
export function watchChallenges() {
  poll();
  if (watching) return;
  watching = true;
  setInterval(() => { if (document.visibilityState === 'visible') poll(); }, 10000);
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') poll(); });
  onAccount((a) => {
    if (a) { poll(); return; }
    shownKey = '';
    dropNotice('challenges');
  });
}
