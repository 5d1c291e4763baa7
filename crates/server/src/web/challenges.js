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
import { t, tn, loadMore } from './i18n.js';
import { tNodes } from './tnodes.js';

// This screen's texts (lang-LANG-more.js) are in the catalogue before anything here runs.
await loadMore();

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
  if (!clock) return t('challenge.clock.none');
  if (clock.days !== undefined) return tn('challenge.clock.days', Number(clock.days));
  const minutes = (Number(clock.initial) * CLOCK_UNIT_MS) / 60000, seconds = (Number(clock.increment || 0) * CLOCK_UNIT_MS) / 1000;
  return `${Number.isInteger(minutes) ? minutes : minutes.toFixed(1)}+${seconds}`;
}

/** What a challenge is: "Hasami Shogi, 5+3, rated". */
export function challengeWords(c) {
  return t(c.rated ? 'challenge.what.rated' : 'challenge.what.casual', { game: gameName(c.variant), clock: clockWords(c.clock) });
}

/** The side this player gets in challenge `c`, in words ("you play White"); '' when drawn at
 * random. `sent`: this player is the challenger, whose side `side` is. */
function sideWords(c, sent) {
  if (c.side !== 'black' && c.side !== 'white') return '';
  const shogun = String(c.variant).startsWith('shogun');
  const yours = sent ? c.side : c.side === 'black' ? 'white' : 'black';
  return t(`challenge.you-play.${shogun ? 'shogun-' : ''}${yours}`);
}

// ---------------------------------------------------------------- the form

/** The clock menu: the real-time choices of "Play someone online", correspondence, none. */
function clockMenu() {
  return h('select', { id: 'ch-clock', name: 'clock' },
    h('optgroup', { label: t('challenge.clock.real-time') }, QUICK_CLOCKS.map((c) => h('option', { value: c, selected: c === '5+3' }, c.replace('+', ' + ')))),
    h('optgroup', { label: t('challenge.clock.correspondence') }, DAYS.map((d) => h('option', { value: 'days:' + d }, tn('challenge.clock.days', d)))),
    h('option', { value: 'none' }, t('challenge.clock.no')));
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
  document.title = t('challenge.title');
  const me = await loadAccount();
  if (!me) {
    view.append(h('section', { class: 'card' }, h('p', {}, ...tNodes('challenge.sign-in', {
      login: h('a', { href: '#/login' }, t('account.sign-in')), signup: h('a', { href: '#/signup' }, t('account.create-an-account')) }))));
    return;
  }
  const err = h('p', { class: 'error', role: 'alert', id: 'ch-error' });
  const done = h('p', { class: 'ok', role: 'status', id: 'ch-sent' });
  const side = h('select', { id: 'ch-side', name: 'side' }, h('option', { value: 'random' }, t('challenge.side.random')),
    h('option', { value: 'black' }, t('challenge.side.black')), h('option', { value: 'white' }, t('challenge.side.white')));
  const variant = h('select', { id: 'ch-variant', name: 'variant' }, PRESETS.map((p) => h('option', { value: p }, gameName(p))));
  // Shogun's sides are White (first) and Red.
  variant.addEventListener('change', () => {
    const shogun = variant.value === 'shogun';
    side.options[1].textContent = t(shogun ? 'challenge.side.shogun-black' : 'challenge.side.black');
    side.options[2].textContent = t(shogun ? 'challenge.side.shogun-white' : 'challenge.side.white');
  });
  const send = h('button', { type: 'submit', class: 'primary', id: 'ch-send' }, t('challenge.send'));
  const form = h('form', { class: 'card account-form', id: 'challenge-form', 'aria-labelledby': 'ch-title' },
    h('h1', { id: 'ch-title' }, t('challenge.heading')),
    h('label', { for: 'ch-to' }, t('challenge.player')), h('input', { type: 'text', id: 'ch-to', name: 'to', value: to || '', required: true, maxlength: 20, spellcheck: 'false', autocomplete: 'off', class: 'short' }),
    h('label', {}, t('challenge.game'), ' ', variant), h('label', {}, t('challenge.clock'), ' ', clockMenu()), h('label', {}, t('challenge.your-side'), ' ', side),
    h('label', {}, h('input', { type: 'checkbox', id: 'ch-rated', name: 'rated', checked: true }), ' ', t('challenge.rated')),
    err, done, h('p', {}, send));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    err.textContent = ''; done.textContent = '';
    const req = challengeRequest(form);
    if (!req.to) { err.textContent = t('challenge.whom'); return; }
    if (req.to.toLowerCase() === me.username.toLowerCase()) { err.textContent = t('challenge.yourself'); return; }
    send.disabled = true;
    try {
      const { id } = await api.challenge(req);
      waiting.add(id);
      done.textContent = t('challenge.sent', { name: req.to });
      announce(t('challenge.sent.announce', { name: req.to }));
      poll();
    } catch (ex) {
      err.textContent = ex.status === 404 ? t('player.none', { name: req.to }) : plain(ex.message);
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
    announce(t(action === 'decline' ? 'challenge.declined' : 'challenge.cancelled'));
  } catch (e) {
    notice('challenge-error', h('span', { class: 'error' }, plain(e.message)), ' ',
      h('button', { type: 'button', onclick: () => dropNotice('challenge-error') }, t('account.ok')));
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
  const what = side ? t('challenge.what-side', { what: challengeWords(c), side }) : challengeWords(c);
  return incoming
    ? h('div', { class: 'challenge incoming', 'data-challenge-id': c.id },
      ...tNodes('challenge.incoming', { name: playerLink(c.from), what }), ' ',
      button(t('challenge.accept'), 'accept', 'primary'), ' ', button(t('challenge.decline'), 'decline'))
    : h('div', { class: 'challenge outgoing', 'data-challenge-id': c.id },
      ...tNodes('challenge.outgoing', { name: playerLink(c.to), what }), ' ', button(t('challenge.cancel'), 'cancel'));
}

/** What the banner shows, as text: it is drawn again only when this changes (a button keeps focus). */
let shownKey = '';

/** Draws the banner of open challenges (or takes it away). */
function showBanner(incoming, outgoing) {
  const key = JSON.stringify([incoming.map((c) => c.id), outgoing.map((c) => c.id)]);
  if (key === shownKey) return;
  shownKey = key;
  if (!incoming.length && !outgoing.length) { dropNotice('challenges'); return; }
  const more = (n) => (n > SHOWN ? h('div', { class: 'hint-text' }, t('challenge.more', { n: n - SHOWN })) : null);
  notice('challenges', h('div', { id: 'challenges-banner' },
    incoming.slice(0, SHOWN).map((c) => bannerRow(c, true)), more(incoming.length),
    outgoing.slice(0, SHOWN).map((c) => bannerRow(c, false)), more(outgoing.length)));
  if (incoming.length) announce(t('challenge.incoming.announce', { name: incoming[0].from }));
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
      announce(t('challenge.accepted', { name: c.to }));
      location.hash = `#/game/${c.game}`;
      return;
    }
    if (c.status === 'declined') {
      notice('challenge-declined', h('span', {}, ...tNodes('challenge.declined-by', { name: playerLink(c.to) })), ' ',
        h('button', { type: 'button', onclick: () => dropNotice('challenge-declined') }, t('account.ok')));
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
