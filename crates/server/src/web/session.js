// Who is signed in. The session cookie is HttpOnly, so the page asks GET /api/account; the header
// shows "Sign in" or the account's name and "Sign out". The account's games (their keys) join this
// browser's own list, and after signing in the page offers once to add this browser's games to the
// account.

import { api, tokens, holdAccountKeys, dropAccountKeys } from './api.js';
import { h, notice, dropNotice, announce, plain } from './dom.js';
import { playerHref } from './ratings.js';
import { t, tn } from './i18n.js';

let current = null;
let known = null;
const listeners = new Set();

/** The signed-in account (`{username, ratings}`) as last known, or null. */
export function account() { return current; }

/** Calls `fn(account or null)` whenever the signed-in account changes; returns the way to stop. */
export function onAccount(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function setAccount(a) {
  const before = current && current.username;
  current = a && typeof a.username === 'string' ? { username: a.username, ratings: a.ratings || {} } : null;
  known = Promise.resolve(current);
  // Signed out (or the session ended): the account's keys leave this browser with it.
  if (before && !current) dropAccountKeys();
  renderHeader();
  if ((current && current.username) !== before) for (const fn of [...listeners]) fn(current);
}

/** Asks the server who is signed in (once per page load; `again` asks again). Resolves to the
 * account or null; never rejects. */
export function loadAccount(again = false) {
  if (!known || again) {
    known = api.account().then((a) => { setAccount(a); return current; }, () => { setAccount(null); return null; });
  }
  return known;
}

/** Fetches the account's games and keeps their keys here; resolves to the games ([] on failure). */
export async function syncAccountGames() {
  if (!current) return [];
  try {
    const { games } = await api.accountGames();
    const list = Array.isArray(games) ? games : [];
    holdAccountKeys(list);
    return list;
  } catch (e) {
    if (e.status === 401) setAccount(null);
    return [];
  }
}

/** After a sign-up or sign-in answered `a`: the header, the account's games, the offer. */
export async function signedIn(a) {
  setAccount(a);
  const games = await syncAccountGames();
  offerClaim(games);
}

/** After signing out (or deleting the account) here. */
export function signedOut() {
  setAccount(null);
  dropNotice('claim-offer');
}

/** The accounts this browser has been offered to claim its games for (at most 20 kept). */
const OFFERED = 'hasami.claim-offered';
function offeredTo() {
  try { const l = JSON.parse(localStorage.getItem(OFFERED)); return Array.isArray(l) ? l : []; } catch { return []; }
}
function markOffered(name) {
  const l = offeredTo().filter((n) => n !== name);
  l.push(name);
  try { localStorage.setItem(OFFERED, JSON.stringify(l.slice(-20))); } catch {}
}

/** The games this browser holds keys for that the account does not have (200 newest at most). */
export function unclaimedGames(accountGames) {
  const theirs = new Set(accountGames.map((g) => Number(g.id)));
  return tokens.ids(200).filter((id) => !theirs.has(id)).map((id) => ({ id, token: tokens.get(id) }));
}

/** Offers once per account to add this browser's games to it. */
function offerClaim(accountGames) {
  if (!current) return;
  const name = current.username;
  const games = unclaimedGames(accountGames);
  if (!games.length || offeredTo().includes(name)) return;
  markOffered(name);
  const n = games.length;
  const text = h('span', {}, tn('account.claim', n));
  const yes = h('button', { type: 'button', class: 'primary', id: 'claim-yes' }, t('account.claim.yes'));
  const no = h('button', { type: 'button', id: 'claim-no', onclick: () => dropNotice('claim-offer') }, t('account.claim.no'));
  yes.addEventListener('click', async () => {
    yes.disabled = true;
    try {
      const { claimed } = await api.claim(games);
      const k = Array.isArray(claimed) ? claimed.length : 0;
      notice('claim-offer', h('span', { id: 'claim-done' }, tn('account.claimed', k)),
        h('button', { type: 'button', onclick: () => dropNotice('claim-offer') }, t('account.ok')));
      announce(tn('account.claimed', k));
    } catch (e) {
      notice('claim-offer', h('span', { class: 'error' }, plain(e.message)),
        h('button', { type: 'button', onclick: () => dropNotice('claim-offer') }, t('account.ok')));
    }
  });
  notice('claim-offer', text, ' ', yes, ' ', no);
}

/** Signs out this browser's session. */
async function signOut() {
  try { await api.logout(); } catch { /* the session may be gone already */ }
  signedOut();
  announce(t('account.signed-out'));
  if (/^#\/account/.test(location.hash)) location.hash = '#/';
}

/** The header's account links: "Sign in", or the account's name and "Sign out". */
function renderHeader() {
  const box = document.getElementById('account-nav');
  if (!box) return;
  box.textContent = '';
  if (!current) {
    box.append(h('a', { href: '#/login', id: 'nav-login' }, t('account.sign-in')));
    return;
  }
  box.append(
    h('a', { href: playerHref(current.username), id: 'nav-user', title: t('account.nav.your-page') }, current.username),
    h('a', { href: '#/account', id: 'nav-account' }, t('account.nav.account')),
    h('button', { type: 'button', id: 'nav-logout', class: 'link-button', onclick: signOut }, t('account.nav.logout')));
}
