// Browser tests of the translated screens of accounts, players, ratings, leaderboards, challenges,
// chat, the rules pages and Shogun's arranging: walked in the pseudo-language `qps` (every catalogue
// text is shown inside ⟦ ⟧, so a text without the marks did not come from the catalogue) and in
// Japanese (no key of these screens may fall back to English: `hasamiI18n.missing`). Player names, times,
// chat messages, variant and position texts (in <code>) and the board's drawing are data, not words.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, newPage, createGame, waitGame } from './helpers.mjs';

const PASSWORD = 'a good long password';
/** The players' names end with this run's tag. */
const TAG = 'x' + Date.now().toString(36).slice(-6);
const PRESETS = ['hasami', 'hasami-chess', 'dai-hasami', 'dai-hasami-captures', 'agon', 'mak-yek', 'apit-sodok', 'shogun'];
/** The games' names in Japanese. */
const JAPANESE = { 'hasami': 'はさみ将棋', 'hasami-chess': 'はさみチェス', 'dai-hasami': '大はさみ将棋', 'dai-hasami-captures': '大はさみ将棋（取り合い）',
  'agon': 'アゴン（Ludos）', 'mak-yek': 'マクイェク', 'apit-sodok': 'アピットソドック', 'shogun': '将軍' };
/** The catalogue groups of these screens. */
const MINE = /^(rules|name|account|player|rating|leaderboard|challenge|chat|shogun)\./;

/**
 * The texts inside `selector` (text, aria-label, title, placeholder, optgroup labels) that still
 * hold words once the ⟦…⟧ of the catalogue and the `allowed` words (names) are taken out.
 */
async function untranslated(page, selector, allowed) {
  return page.$$eval(selector, (roots, names) => {
    const skip = (el) => !el || el.closest('code, svg, time, .player-link, .chat-text, #player-name, .game-reason');
    const words = (s) => {
      let rest = s;
      for (let before = ''; before !== rest;) { before = rest; rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' '); }
      for (const n of names) rest = rest.split(n).join(' ');
      // (the players of earlier runs of these tests, listed among the games in play)
      rest = rest.replace(/\b[AB]x[0-9a-z]{6}\b/g, ' ');
      return /[A-Za-z]{2,}/.test(rest) ? s.trim() : null;
    };
    const bad = new Set();
    for (const root of roots) {
      // The text in page order (a sentence of the catalogue may hold a link: its ⟦ ⟧ spans nodes);
      // data (names, code) counts as a space.
      let all = '';
      const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) all += skip(n.parentElement) ? ' ' : n.textContent;
      // Catalogue texts nest (a sentence holding a link's text): the innermost first.
      for (let before = ''; before !== all;) { before = all; all = all.replace(/⟦[^⟦⟧]*⟧/g, '\n'); }
      for (const part of all.split('\n')) {
        const w = words(part);
        if (w) bad.add(`text: ${w}`);
      }
      for (const el of [root, ...root.querySelectorAll('*')]) {
        if (skip(el)) continue;
        for (const a of ['aria-label', 'title', 'placeholder', 'label']) {
          if (a === 'title' && el.classList.contains('variant')) continue;
          const v = el.getAttribute(a);
          const w = v && words(v);
          if (w) bad.add(`${el.tagName.toLowerCase()}[${a}]: ${w}`);
        }
      }
    }
    return [...bad];
  }, ['hasami', ...allowed]);
}

/** The keys of these screens' groups that the page asked for and its language lacks. */
async function missing(page) {
  return page.evaluate((mine) => [...globalThis.hasamiI18n.missing].filter((k) => new RegExp(mine).test(k)), MINE.source);
}

/** Checks `selector` on `page` in language `lang`: in qps, no word outside the catalogue; in
 * every language, no key of these screens missing. */
async function check(page, lang, selector, what, allowed = []) {
  await page.waitForSelector(selector);
  if (lang === 'qps') assert.deepEqual(await untranslated(page, selector, allowed), [], `${what}: text not from the catalogue`);
  assert.deepEqual(await missing(page), [], `${what}: keys missing in ${lang}`);
}

async function signUp(page, lang, name) {
  await page.goto(`${BASE}/?lang=${lang}#/signup`);
  await page.fill('#signup-name', name);
  await page.fill('#signup-password', PASSWORD);
  await page.fill('#signup-repeat', PASSWORD);
  await page.click('#signup-submit');
  await page.waitForFunction((n) => document.getElementById('nav-user')?.textContent.includes(n), name);
}

/** Signs `name` in on `page` through the sign-in form; signs it up when it has no account yet
 * (the qps walk did not run). */
async function logIn(page, lang, name) {
  await page.goto(`${BASE}/?lang=${lang}#/login`);
  await page.fill('#login-name', name);
  await page.fill('#login-password', PASSWORD);
  await page.click('#login-submit');
  await page.waitForFunction((n) => document.getElementById('nav-user')?.textContent.includes(n)
    || document.getElementById('login-error')?.textContent, name);
  if (!(await page.$('#nav-user'))) await signUp(page, lang, name);
}

/** Calls the API from `page` (its cookies: its account). */
function call(page, method, path, body) {
  return page.evaluate(async ([m, p, b]) => {
    const r = await fetch(p, { method: m, headers: { 'Content-Type': 'application/json' }, body: b ? JSON.stringify(b) : undefined });
    return r.json();
  }, [method, path, body]);
}

for (const lang of ['qps', 'ja']) {
  test(`translated screens (${lang}): rules pages of every game and Shogun's examples`, async () => {
    const page = await newPage('i18n-rules-' + lang);
    await page.goto(`${BASE}/?lang=${lang}#/rules`);
    await page.waitForSelector('#rules-list li');
    await check(page, lang, '#view', 'the rules list');
    for (const p of PRESETS) {
      await page.goto(`${BASE}/?lang=${lang}#/rules/${p}`);
      await page.waitForSelector(`#rules-${p} svg`);
      if (p === 'shogun') await page.waitForSelector('#shogun-examples .shogun-example');
      await check(page, lang, '#view', `the rules of ${p}`);
      if (lang === 'ja') assert.equal(await page.textContent(`#rules-${p} h1`), JAPANESE[p]);
    }
    if (lang === 'ja') {
      await page.goto(`${BASE}/?lang=ja#/rules/hasami`);
      await page.waitForSelector('#rules-hasami ol');
      assert.match(await page.textContent('#rules-hasami ol'), /挟/);
    }
    await page.context().close();
  });

  test(`translated screens (${lang}): accounts, player page, leaderboard, challenges, chat`, async () => {
    const annName = 'A' + TAG, bobName = 'B' + TAG;
    const ann = await newPage('i18n-ann-' + lang);
    const bob = await newPage('i18n-bob-' + lang);
    const names = [annName, bobName];
    // Signed out: sign-up, sign-in and the account screen.
    for (const [hash, sel] of [['#/signup', '#signup-form'], ['#/login', '#login-form'], ['#/account', '#view .card'], ['#/challenge', '#view .card']]) {
      await ann.goto(`${BASE}/?lang=${lang}${hash}`);
      await check(ann, lang, sel, hash + ' signed out');
      await check(ann, lang, '#account-nav', hash + ' header');
    }
    await ann.goto(`${BASE}/?lang=${lang}#/login`);
    await ann.click('#login-submit');
    await ann.fill('#login-name', 'nobody-here');
    await ann.fill('#login-password', 'wrong password');
    await ann.click('#login-submit');
    // The qps walk signs the two players up (the server allows few sign-ups an address); the
    // Japanese one signs them in.
    await (lang === 'qps' ? signUp : logIn)(ann, lang, annName);
    await (lang === 'qps' ? signUp : logIn)(bob, lang, bobName);
    await check(ann, lang, '#account-nav', 'the header signed in', names);
    await ann.goto(`${BASE}/?lang=${lang}#/account`);
    await check(ann, lang, '#view', 'the account', names);

    // A challenge: the form, the banners of both sides, then the game and its chat.
    await ann.goto(`${BASE}/?lang=${lang}#/@/${bobName}`);
    await ann.click('#player-challenge');
    await ann.waitForSelector('#challenge-form');
    await ann.selectOption('#ch-variant', 'shogun');
    await ann.selectOption('#ch-clock', 'days:3');
    await check(ann, lang, '#challenge-form', 'the challenge form', names);
    await ann.selectOption('#ch-variant', 'hasami');
    await ann.selectOption('#ch-side', 'black');
    await ann.click('#ch-send');
    await ann.waitForFunction(() => document.getElementById('ch-sent').textContent);
    await check(ann, lang, '#challenge-form', 'the challenge sent', names);
    await ann.waitForSelector('#challenges-banner .challenge.outgoing');
    await check(ann, lang, '#challenges-banner', 'the banner of a sent challenge', names);
    await bob.goto(`${BASE}/?lang=${lang}#/leaderboard/hasami`);
    const incoming = bob.locator('#challenges-banner .challenge.incoming');
    await incoming.waitFor({ timeout: 30_000 });
    await check(bob, lang, '#challenges-banner', 'the banner of a received challenge', names);
    await incoming.locator('button[data-action=accept]').click();
    await bob.waitForSelector('#game[data-game-id]');
    const id = await bob.getAttribute('#game', 'data-game-id');
    await ann.waitForFunction((gid) => document.querySelector(`#game[data-game-id="${gid}"][data-you]`), id, { timeout: 30_000 });
    await ann.waitForSelector('#chat-input');
    await ann.fill('#chat-input', 'hello there');
    await ann.press('#chat-input', 'Enter');
    await bob.waitForSelector('#chat-list .chat-text');
    await ann.check('#chat-public');
    await bob.waitForFunction(() => document.getElementById('chat-public-note').textContent);
    for (const p of [ann, bob]) await check(p, lang, '#chat', 'the chat', names);
    await bob.click('#chat-toggle');
    await check(bob, lang, '#chat', 'the chat hidden', names);
    await bob.click('#chat-toggle');

    // Now playing lists the game; then Bob resigns it: ratings, history, games on the player page.
    // A game between players who gave no names: the server names them after their sides.
    const anon = await newPage('i18n-anon-' + lang);
    await anon.goto(`${BASE}/?lang=${lang}#/rules`);
    const nameless = await createGame(anon, { variant: 'hasami', opponent: 'online', side: 'black' });
    await call(anon, 'POST', `/api/games/${nameless.id}/join`, {});
    await anon.context().close();
    await ann.goto(`${BASE}/?lang=${lang}#/now`);
    await ann.waitForSelector(`#now-playing-list tr[data-game-id="${id}"]`);
    await ann.waitForSelector(`#now-playing-list tr[data-game-id="${nameless.id}"]`);
    // (the games of other tests in the list have players' names of their own)
    const rows = `#now-playing-list tr[data-game-id="${id}"], #now-playing-list tr[data-game-id="${nameless.id}"]`;
    await check(ann, lang, `#now-playing > :not(#now-body), #now-playing-list thead, ${rows}`, 'now playing', names);
    if (lang === 'ja') assert.equal(await ann.textContent(`#now-playing-list tr[data-game-id="${nameless.id}"] td:nth-child(2)`), '黒 – 白');
    const games = await call(bob, 'GET', '/api/account/games');
    const g = games.games.find((x) => String(x.id) === String(id));
    const r = await call(bob, 'POST', `/api/games/${id}/resign`, { token: g.token });
    assert.ok(!r.error, JSON.stringify(r));
    await ann.goto(`${BASE}/?lang=${lang}#/@/${annName}`);
    await ann.waitForSelector('#player-ratings tr[data-preset="hasami"]');
    await ann.waitForSelector('#player-history svg.rating-graph');
    await check(ann, lang, '#view', 'the player page', names);
    await bob.goto(`${BASE}/?lang=${lang}#/@/${annName}`);
    await bob.waitForSelector('#player-challenge');
    await check(bob, lang, '#view', "another player's page", names);
    await ann.goto(`${BASE}/?lang=${lang}#/@/no-such-player`);
    await ann.waitForSelector('#player-error');
    await check(ann, lang, '#view', 'an unknown player', names.concat('no-such-player'));
    // (a player is listed after a few rated games: one game leaves the board empty)
    await ann.goto(`${BASE}/?lang=${lang}#/leaderboard/hasami`);
    await ann.waitForSelector('#lb-empty, #leaderboard-list');
    await check(ann, lang, '#view', 'the leaderboard', names);
    for (const p of [ann, bob]) await p.context().close();
  });

  test(`translated screens (${lang}): Shogun's arranging`, async () => {
    const page = await newPage('i18n-arrange-' + lang);
    await page.goto(`${BASE}/?lang=${lang}#/rules`);
    const c = await createGame(page, { variant: 'shogun+setup=choose', opponent: 'local' });
    await page.goto(`${BASE}/?lang=${lang}#/game/${c.id}?token=${c.token}`);
    await waitGame(page, { you: 'both', arranging: 'true' });
    await page.waitForSelector('#arrange[data-side="black"] #arrange-a1');
    await page.click('#arrange-a1');
    await check(page, lang, '#arrange', 'arranging White');
    await page.click('#arrange-done');
    await page.waitForSelector('#arrange[data-side="white"] #arrange-h8');
    await check(page, lang, '#arrange', 'arranging Red in turn');
    if (lang === 'ja') assert.match(await page.textContent('#arrange-other'), /白は並べ終えました/);
    const spectator = await newPage('i18n-arrange-watch-' + lang);
    await spectator.goto(`${BASE}/?lang=${lang}#/game/${c.id}`);
    await spectator.waitForSelector('#arrange[data-side=""]');
    await check(spectator, lang, '#arrange', 'watching the arranging');
    for (const p of [page, spectator]) await p.context().close();
  });
}
