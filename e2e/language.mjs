// The language test: every screen shows only catalogue texts, in English and in Japanese.
//
//   1. (no server) lang-ja.js with lang-ja-more.js has exactly the keys of lang-en.js with lang-en-more.js, and every `{param}` of an English
//      text is in its Japanese text;
//   2. the pseudo-language (`/?lang=qps#/…`, every catalogue text inside ⟦ ⟧): on every screen, each
//      visible text and each aria-label, title and placeholder is inside ⟦ ⟧ or is data (numbers,
//      clock times, squares and moves, variant texts, the names this test chose, the brand, the
//      languages' own names, symbols); the test lists the strings that are neither;
//   3. Japanese (`/?lang=ja#/…`, and a browser whose language is ja-JP with no `?lang`): no key fell
//      back to English (`window.hasamiI18n.missing` stays empty), no visible text is an English
//      catalogue text (of 4 letters or more) that differs in Japanese, and no visible text is in Latin
//      letters only (a word of 4 or more) unless it is data;
//   4. every form of the reason a game ended that the server writes is said in Japanese;
//   5. the server's refusals on the account screens (server-words.js) are said in Japanese.
//
// The screens: the new-game form with each preset and with Shogun's settings, the lobby, the games
// list, import, the rules page of every preset, a game against the engine of every preset, a
// finished game with its result, review and record, an online game with invite links, offers and a
// premove, a correspondence game, a spectator's view, Shogun's arranging, the analysis board, the
// lessons (a wrong move's reason, a Shogun move refused), sign-up, login, the account page, a
// player's page, the leaderboard and challenges.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BASE, ONLINE_START, newPage, createGame, apiMove, waitGame, openGame } from './helpers.mjs';

const WEB = new URL('../crates/server/src/web/', import.meta.url);

/** A catalogue module (`export default {…}`) read from the web folder. */
async function catalogue(file) {
  const text = readFileSync(new URL(file, WEB), 'utf8');
  return (await import('data:text/javascript,' + encodeURIComponent(text))).default;
}

const params = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('language: lang-ja.js has the keys of lang-en.js, each with the English text\'s {params}', async () => {
  const en = { ...await catalogue('lang-en.js'), ...await catalogue('lang-en-more.js') };
  const ja = { ...await catalogue('lang-ja.js'), ...await catalogue('lang-ja-more.js') };
  const missing = Object.keys(en).filter((k) => !(k in ja));
  const extra = Object.keys(ja).filter((k) => !(k in en));
  assert.deepEqual(missing, [], 'keys of lang-en.js missing in lang-ja.js');
  assert.deepEqual(extra, [], 'keys of lang-ja.js that lang-en.js lacks');
  const lost = Object.keys(en).filter((k) => k in ja && params(en[k]).some((p) => !params(ja[k]).includes(p)))
    .map((k) => `${k}: ${en[k]} → ${ja[k]}`);
  assert.deepEqual(lost, [], 'Japanese texts missing a {param} of their English text');
  for (const [k, v] of Object.entries(ja)) assert.equal(typeof v, 'string', k);
});

// ---------------------------------------------------------------- what is on the screen

/** Everything the screen shows a player, read in the page: each visible text node (of a visible
 * element; a select's options count when the select is visible) with the part outside ⟦ ⟧ (the
 * marks are counted across text nodes in document order, so a link inside a sentence stays
 * inside its sentence's marks), each aria-label, title and placeholder of a visible element, and
 * the tab's title. [{where, text, outside}] */
function onScreen() {
  const out = [];
  const visible = (el) => {
    if (!el) return false;
    if (el.closest('option')) return visible(el.closest('select'));
    if (el.closest('textarea, script, style, noscript')) return false;
    if (el.closest('#announce')) return true;
    return el.checkVisibility ? el.checkVisibility({ checkVisibilityCSS: true }) : true;
  };
  const strip = (text, state) => {
    let outside = '';
    for (const ch of text) {
      if (ch === '⟦') state.depth += 1;
      else if (ch === '⟧') state.depth = Math.max(0, state.depth - 1);
      else if (state.depth === 0) outside += ch;
    }
    return outside;
  };
  const where = (el) => (el.id ? `#${el.id}` : el.closest('[id]') ? `#${el.closest('[id]').id} ${el.tagName.toLowerCase()}` : el.tagName.toLowerCase());
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const state = { depth: 0 };
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const outside = strip(n.nodeValue, state);
    if (n.nodeValue.trim() && visible(n.parentElement)) out.push({ where: where(n.parentElement), text: n.nodeValue.trim(), outside });
  }
  for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder]')) {
    if (!visible(el)) continue;
    for (const a of ['aria-label', 'title', 'placeholder']) {
      const v = el.getAttribute(a);
      if (v && v.trim()) out.push({ where: `${where(el)} [${a}]`, text: v.trim(), outside: strip(v, { depth: 0 }) });
    }
  }
  out.push({ where: 'title', text: document.title, outside: strip(document.title, { depth: 0 }) });
  return out;
}

/** The names this test gives players and accounts (data on every screen). */
const NAMES = new Set();
/** The presets' ids: a variant text (`hasami`, `shogun+seed=5`) is data. */
const PRESETS = new Set();
const stamp = String(Date.now() % 1_000_000);

/** The players' names in the lists of games (data: people chose them), not the names the server
 * gives (the sides', "You", the engine's), which the page translates. */
async function listedNames(page) {
  const lists = await page.evaluate(async () => Promise.all(['/api/lobby', '/api/now-playing', '/api/games']
    .map(async (u) => (await (await fetch(u)).json()).games)));
  const given = /^(Black|White|Red|You|Anonymous|hasami level \d+)$/;
  for (const g of lists.flat()) {
    for (const n of [g.creator, g.black, g.white]) if (typeof n === 'string' && n.length >= 3 && !given.test(n)) NAMES.add(n);
  }
}

/** Whether `outside` (a text's part outside ⟦ ⟧) is data: once squares and moves, variant texts,
 * dates' AM/PM, the brand, the chosen names and the languages' names are taken out, no letter is
 * left (numbers, clock times, symbols and punctuation are data). */
function isData(outside) {
  const variant = /^([a-z][a-z0-9-]*)(\+[a-z0-9-]+(=[a-z0-9:.-]+)?)*$/.exec(outside.trim());
  if (variant && PRESETS.has(variant[1])) return true;
  let s = ` ${outside} `;
  for (const name of NAMES) {
    const re = new RegExp(`(?<![\\p{L}\\d])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\d])`, 'gu');
    s = s.replace(re, ' ');
  }
  for (const p of [...PRESETS].sort((a, b) => b.length - a.length)) s = s.replace(new RegExp(`(?<![\\p{L}-])${p}(?![\\p{L}-])`, 'gu'), ' ');
  s = s.replace(/日本語|English/g, ' ')
    // Variant texts (hasami+win=captures:5, shogun+seed=12+rotation=3) and the brand.
    .replace(/(?<![\p{L}\d])[a-z][a-z-]*(\+[a-z0-9-]+(=[a-z0-9:.-]+)?)+/gu, ' ')
    .replace(/(?<!\p{L})hasami(?!\p{L})/gu, ' ')
    // Options as written in a variant text or the options list: seed=22+, setup=fixed|shuffle|choose.
    .replace(/(?<![\p{L}\d])[a-z][a-z-]*=[a-zA-Z0-9:.|-]+\+?/gu, ' ')
    // Squares and moves: e5, e1e5, e1–e5; a board's file letters a–i alone.
    .replace(/(?<![\p{L}\d])([a-i](?:1[0-9]|[1-9]))+(?![\p{L}\d])/gu, ' ')
    .replace(/(?<![\p{L}\d])[a-i](?![\p{L}\d])/gu, ' ')
    .replace(/(?<!\p{L})(AM|PM)(?!\p{L})/gu, ' ');
  return !/\p{L}/u.test(s);
}

/** The strings on the screen that are neither inside ⟦ ⟧ nor data: ["where: text"]. */
async function untranslated(page) {
  const shown = await page.evaluate(onScreen);
  return shown.filter((s) => !isData(s.outside)).map((s) => `${s.where}: ${s.text}`);
}

/** English catalogue texts that a Japanese screen must not show: [key, RegExp]. */
async function englishMatchers() {
  const en = { ...await catalogue('lang-en.js'), ...await catalogue('lang-en-more.js') };
  const ja = { ...await catalogue('lang-ja.js'), ...await catalogue('lang-ja-more.js') };
  const out = [];
  for (const [k, v] of Object.entries(en)) {
    const letters = (v.replace(/\{\w+\}/g, '').match(/\p{L}/gu) || []).length;
    if (letters < 4 || ja[k] === v) continue;
    const re = v.trim().split(/\{\w+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^.。]{1,40}?');
    out.push([k, new RegExp(`^${re}$`)]);
  }
  return out;
}

/** On a Japanese screen: the keys that fell back to English, and the texts that are English
 * catalogue texts. */
async function english(page, matchers) {
  const missing = await page.evaluate(() => [...(window.hasamiI18n?.missing || [])]);
  const shown = await page.evaluate(onScreen);
  const found = [];
  const japanese = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
  for (const s of shown) {
    const m = matchers.find(([, re]) => re.test(s.text));
    if (m) found.push(`${s.where}: ${s.text} (${m[0]})`);
    // A text in Latin letters only, with a word of 4 or more, that is not data: English the
    // catalogue does not have yet.
    else if (!japanese.test(s.text) && /[A-Za-z]{4}/.test(s.text) && !isData(s.text)) found.push(`${s.where}: ${s.text} (not Japanese)`);
    // The server's English side names inside a Japanese sentence ("Blackの手番").
    else if (/(?<![A-Za-z])(Black|White|Red|Sente|Gote)(?![A-Za-z])/.test(s.text) && !isData(s.text)) found.push(`${s.where}: ${s.text} (an English side name)`);
  }
  return { missing, found };
}

// ---------------------------------------------------------------- the games the screens show

/** Keeps a game's key (and invite links) in the page's browser, as creating it in the page would. */
async function hold(page, c, token = c.token) {
  await page.evaluate(([id, t, links]) => {
    const get = (k) => { try { return JSON.parse(localStorage.getItem(k)) || {}; } catch { return {}; } };
    const tokens = get('hasami.tokens'); tokens[id] = t; localStorage.setItem('hasami.tokens', JSON.stringify(tokens));
    if (links) { const l = get('hasami.links'); l[id] = links; localStorage.setItem('hasami.links', JSON.stringify(l)); }
  }, [c.id, token, c.links || null]);
}

const post = (page, path, body) => page.evaluate(async ([p, b]) => {
  const r = await fetch(p, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) });
  return { status: r.status, body: await r.json().catch(() => null) };
}, [path, body]);

const PASSWORD = 'a good long password';

/**
 * The screens, each `{name, open(page)}`: `open` goes there (with `lang` in the address, or none)
 * and waits until it is drawn. `other` is a second browser that makes the games and the account
 * that the screens show someone else's.
 */
function screens(presets, other, lang, me) {
  const q = lang ? `?lang=${lang}` : '';
  const go = async (page, hash, ready) => {
    await page.goto(`${BASE}/${q}#${hash}`);
    if (ready) await page.waitForSelector(ready);
  };
  const game = async (page, id, attrs = {}) => { await go(page, `/game/${id}`); await waitGame(page, attrs); };
  const list = [];
  const add = (name, open) => list.push({ name, open });
  for (const p of presets) {
    add(`new game form: ${p}`, async (page) => {
      await go(page, '/', '#new-game-form');
      await page.selectOption('#ng-variant', p);
      await page.waitForFunction((v) => document.getElementById('ng-about').textContent.startsWith(`${v}:`) || document.getElementById('ng-error').textContent, p);
    });
  }
  add('new game form: Shogun settings, online, correspondence', async (page) => {
    await go(page, '/', '#new-game-form');
    await page.selectOption('#ng-variant', 'shogun');
    await page.waitForSelector('#ng-shogun:not([hidden])');
    await page.check('#ng-board-chosen');
    await page.check('#ng-opponent-online');
    await page.click('#new-game-form summary');
  });
  add('new game form: a friend on this device', async (page) => {
    await go(page, '/', '#new-game-form');
    await page.check('#ng-opponent-local');
    await page.selectOption('#ng-variant', 'hasami');
  });
  add('lobby', async (page) => {
    // A clock that Play someone online never offers, so no other test pairs with this game.
    const c = await createGame(other, { variant: 'hasami', opponent: 'online', side: 'random', open: true, clock: { initial: 420, increment: 7 } });
    await post(other, `/api/games/${c.id}/name`, { token: c.token, name: `Lobby${stamp}` });
    // A game waits in the lobby while its creator's page is open.
    await openGame(other, c.id, c.token);
    await go(page, '/lobby', `#lobby-list tr[data-game-id="${c.id}"]`);
    other.waiting = c;
  });
  add('games list', async (page) => {
    const done = await createGame(page, { variant: 'hasami', opponent: 'online', side: 'black', position: ONLINE_START });
    await hold(page, done);
    await apiMove(page, done.id, done.token, 'f1f5');
    const aborted = await createGame(page, { variant: 'hasami', opponent: 'online', side: 'black' });
    await hold(page, aborted);
    await post(page, `/api/games/${aborted.id}/abort`, { token: aborted.token });
    await go(page, '/games', `#games-list tr[data-game-id="${aborted.id}"]`);
  });
  add('import', (page) => go(page, '/import', '#import-form'));
  for (const p of presets) add(`rules: ${p}`, (page) => go(page, `/rules/${p}`, 'h1'));
  for (const p of presets) {
    add(`against the engine: ${p}`, async (page) => {
      const c = await createGame(page, { variant: p, opponent: 'engine', level: 1, side: 'black', ...(p === 'shogun' ? { random_board: true } : {}) });
      await hold(page, c);
      await game(page, c.id, { status: 'playing', you: 'black' });
      // A piece picked up: its destinations are labelled.
      const from = c.game.legal_moves[0].slice(0, 2);
      await page.locator(`#sq-${from}`).click();
      await page.waitForSelector('circle.target');
      if (p !== 'hasami') return;
      // The engine's help: a hint in the status line, the analysis line.
      await page.click('#btn-hint');
      await page.waitForSelector('rect.hintmark, .hintmark');
      await page.click('#btn-analysis');
      await page.waitForFunction(() => /\d/.test(document.getElementById('analysis-text').textContent));
    });
  }
  add('a finished game: result, after the game, review, record', async (page) => {
    const c = await createGame(page, { variant: 'hasami', opponent: 'online', side: 'black', position: ONLINE_START });
    await hold(page, c);
    await apiMove(page, c.id, c.token, 'f1f5');
    await game(page, c.id, { status: 'over' });
    await page.click('#btn-review');
    await page.waitForSelector('#review-comment');
    await page.click('#btn-record');
    await page.waitForSelector('#export-record');
  });
  add('an online game: invite links (shown until the friend has come)', async (page) => {
    const c = await createGame(page, { variant: 'hasami', opponent: 'online', side: 'black', clock: { initial: 600, increment: 5 } });
    await hold(page, c);
    await game(page, c.id, { ply: 0, you: 'black' });
    await page.waitForSelector('#invite-links:not([hidden])');
  });
  add('an online game: offers, a premove', async (page) => {
    const c = await createGame(page, { variant: 'hasami', opponent: 'online', side: 'black', position: ONLINE_START, clock: { initial: 600, increment: 5 } });
    const white = new URL(c.links.white, BASE).hash.split('token=')[1];
    await hold(page, c);
    await apiMove(page, c.id, c.token, 'f1f2');
    await apiMove(page, c.id, white, 'e9e8');
    await apiMove(page, c.id, c.token, 'f2f3');
    await post(page, `/api/games/${c.id}/draw`, { token: white, action: 'offer' });
    await post(page, `/api/games/${c.id}/takeback`, { token: white, action: 'offer' });
    await game(page, c.id, { ply: 3, you: 'black' });
    await page.locator('#sq-f3').click();
    await page.locator('#sq-f4').click();
    await page.waitForSelector('#premove:not([hidden])');
  });
  add('a correspondence game', async (page) => {
    const c = await createGame(page, { variant: 'hasami', opponent: 'online', side: 'black', clock: { days: 2 } });
    await hold(page, c);
    await apiMove(page, c.id, c.token, c.game.legal_moves[0]);
    await game(page, c.id, { ply: 1 });
    await page.waitForSelector('#btn-extend:not([hidden])');
  });
  add('a spectator', async (page) => {
    const c = await createGame(other, { variant: 'hasami', opponent: 'online', side: 'black', players: undefined });
    const white = new URL(c.links.white, BASE).hash.split('token=')[1];
    const g = await apiMove(other, c.id, c.token, c.game.legal_moves[0]);
    await apiMove(other, c.id, white, g.legal_moves[0]);
    await game(page, c.id, { you: 'spectator', ply: 2 });
  });
  add('Shogun: arranging the pieces', async (page) => {
    const c = await createGame(page, { variant: 'shogun+setup=choose', opponent: 'engine', level: 1, side: 'black', random_board: true });
    await hold(page, c);
    await game(page, c.id, { arranging: 'true' });
    await page.waitForSelector('#arrange');
  });
  add('analysis board', (page) => go(page, '/analysis?variant=hasami', '#analysis-board'));
  add('puzzles: a hint, the solution played out', async (page) => {
    await go(page, '/puzzles', '#puzzles[data-state="solving"]');
    await page.click('#pz-hint');
    await page.waitForSelector('.hintmark');
    await page.click('#pz-solution');
    await page.waitForSelector('#puzzles[data-shown="solution"]');
  });
  add('lessons', (page) => go(page, '/learn', '#learn-game-list'));
  add('lessons of a game under another name (Apit-sodok)', (page) => go(page, '/learn/apit-sodok', '#learn-lesson-list'));
  add('a lesson: a wrong move and its reason, the move shown', async (page) => {
    await go(page, '/learn/hasami/capture', '#learn-lesson[data-state="waiting"]');
    await page.locator('#sq-f2').click();
    await page.locator('#sq-f4').click();
    await page.waitForFunction(() => document.getElementById('learn-feedback').textContent);
    await page.click('#learn-show');
  });
  add('a Shogun lesson: a move refused by Shogun safety, a step done', async (page) => {
    await go(page, '/learn/shogun/safety', '#learn-lesson[data-state="waiting"]');
    await page.locator('#sq-e3').click();
    await page.locator('#sq-g5').click();
    await page.waitForFunction(() => document.getElementById('learn-feedback').textContent);
    await page.locator('#sq-g2').click();
    await page.locator('#sq-g5').click();
    await page.waitForSelector('#learn-lesson[data-state="done"]');
  });
  add('sign up', (page) => go(page, '/signup', '#signup-form'));
  add('login', (page) => go(page, '/login', '#login-form'));
  add('account', async (page) => {
    await post(page, '/api/account/signup', { username: me, password: PASSWORD });
    // A challenge from the other player: its banner shows on every page.
    await post(other, '/api/challenges', { to: me, variant: 'hasami', clock: { initial: 300, increment: 3 } });
    await go(page, '/account');
    await page.reload();
    await page.waitForSelector('#password-form');
  });
  add('a player\'s page', (page) => go(page, `/@/${me}`, '#player'));
  add('leaderboard', (page) => go(page, '/leaderboard', '#leaderboard'));
  add('challenges', (page) => go(page, `/challenge/${other.account}`, '#challenge-form'));
  return list;
}

/** The second browser: signed up as `Other…`, it makes what the screens show of someone else. */
async function otherBrowser() {
  const other = await newPage('language-other');
  await other.goto(BASE + '/#/rules');
  other.account = `LangO${stamp}`;
  NAMES.add(other.account);
  await post(other, '/api/account/signup', { username: other.account, password: PASSWORD });
  return other;
}

async function presetNames(page) {
  return page.evaluate(async () => (await (await fetch('/api/variants')).json()).presets.map((p) => p.name));
}

/** Walks every screen with `check(page)` → its faults; the faults, each once, with the screens
 * where it was seen (a header's or a list's text is on many). */
async function walk(page, lang, me, check) {
  const other = await otherBrowser();
  NAMES.add(me); NAMES.add(`Lobby${stamp}`);
  const seen = new Map();
  const fault = (text, screen) => { if (!seen.has(text)) seen.set(text, []); seen.get(text).push(screen); };
  const presets = await presetNames(other);
  for (const p of presets) PRESETS.add(p);
  for (const s of screens(presets, other, lang, me)) {
    try {
      // Keys asked for on this screen only.
      await page.evaluate(() => window.hasamiI18n?.missing.clear()).catch(() => {});
      await s.open(page);
      await listedNames(page);
      for (const f of new Set(await check(page))) fault(f, s.name);
    } catch (e) {
      fault(`could not be opened: ${e.message.split('\n')[0]}`, s.name);
    }
  }
  // The lobby's game goes: nobody is left waiting for it.
  if (other.waiting) await post(other, `/api/games/${other.waiting.id}/abort`, { token: other.waiting.token });
  await other.context().close();
  return [...seen].map(([text, where]) => `${text}    [${where.length > 3 ? `${where.slice(0, 3).join('; ')} and ${where.length - 3} more` : where.join('; ')}]`);
}

test('language: in the pseudo-language every text on every screen comes from the catalogue', async () => {
  const page = await newPage('language-qps');
  const faults = await walk(page, 'qps', `LangQ${stamp}`, untranslated);
  await page.context().close();
  assert.deepEqual(faults, [], `texts not from the catalogue:\n${faults.join('\n')}`);
});

test('language: in Japanese no screen falls back to English', async () => {
  const matchers = await englishMatchers();
  const page = await newPage('language-ja');
  const faults = await walk(page, 'ja', `LangJ${stamp}`, async (p) => {
    const { missing, found } = await english(p, matchers);
    return [...missing.map((k) => `missing key ${k}`), ...found];
  });
  await page.context().close();
  assert.deepEqual(faults, [], `English on Japanese screens:\n${faults.join('\n')}`);
});

test('language: a browser whose language is Japanese gets the page in Japanese', async () => {
  const page = await newPage('language-ja-jp', undefined, 'light', { locale: 'ja-JP' });
  await page.goto(BASE + '/#/');
  await page.waitForSelector('#new-game-form');
  assert.equal(await page.evaluate(() => window.hasamiI18n.lang), 'ja');
  assert.equal(await page.getAttribute('html', 'lang'), 'ja');
  assert.equal(await page.inputValue('#lang-select'), 'ja');
  const { missing, found } = await english(page, await englishMatchers());
  assert.deepEqual([...missing, ...found], [], 'English on the first screen');
  // The switch: English is chosen, remembered, and the page shown in it.
  await Promise.all([page.waitForEvent('load'), page.selectOption('#lang-select', 'en')]);
  await page.waitForSelector('#new-game-form');
  assert.equal(await page.evaluate(() => window.hasamiI18n.lang), 'en');
  await page.goto(BASE + '/#/lobby');
  await page.waitForSelector('#lobby-title');
  assert.equal(await page.evaluate(() => window.hasamiI18n.lang), 'en', 'the choice is remembered');
  await page.context().close();
});

test('language: every reason the server writes for the end of a game is said in Japanese', async () => {
  const page = await newPage('language-reasons');
  await page.goto(BASE + '/?lang=ja#/rules');
  await page.waitForSelector('h1');
  // The server's forms (crates/core outcome.rs and shogun/mod.rs, the server's live/finish.rs,
  // days.rs, draw.rs, end.rs), one of each.
  const reasons = [
    'Black wins: White resigned', 'White wins on time: Black ran out of time',
    'Red wins on time: White did not move in time', 'Black wins: White has 1 piece left',
    'White wins: misère, White is down to 2 pieces', 'Black wins: lead of 3 pieces',
    'Black wins: five in a row c3–g3', 'White wins: Black has no pieces left',
    'Black wins: more pieces left (5 to 3)', 'Black wins: White has no legal move',
    'Red wins: Red captured the White Shogun', 'White wins: Red is down to 1 piece',
    'White wins: the Red Shogun is attacked and cannot be saved', 'draw: agreed',
    'draw: both sides have fewer than 5 pieces, no five is possible', 'draw: third repetition',
    'draw: position repeated 3 times', 'draw: 100 plies without a capture', 'draw: equal pieces left',
    "draw: the server's limit of 2000 plies", 'Game aborted', 'Game aborted: White did not make a first move',
    'Game aborted: Red did not move in time',
  ];
  const said = await page.evaluate(async (list) => {
    const { reasonText } = await import('/assets/game-words.js');
    return list.map((r) => [r, reasonText(r)]);
  }, reasons);
  const english = said.filter(([, ja]) => /[A-Za-z]{3}/.test(ja.replace(/[a-i]\d/g, ''))).map(([r, ja]) => `${r} → ${ja}`);
  assert.deepEqual(english, [], 'reasons left in English');
  await page.context().close();
});

test('language: the server\'s refusals on the account screens are said in Japanese', async () => {
  const page = await newPage('language-refusals', undefined, 'light', { locale: 'ja-JP' });
  await page.goto(`${BASE}/?lang=ja#/login`);
  await page.fill('#login-name', `nobody${stamp}`);
  await page.fill('#login-password', 'not the password');
  await page.click('#login-submit');
  await page.waitForFunction(() => document.getElementById('login-error')?.textContent);
  assert.equal(await page.textContent('#login-error'), 'ユーザー名またはパスワードが違います。');
  // Every form the server writes (crates/server/src/accounts/) has its Japanese.
  const said = await page.evaluate(async () => {
    const { serverText } = await import('/assets/server-words.js');
    return ["that user name is taken; choose another", "that user name is reserved; choose another",
      'a user name has 3 to 20 characters', "a user name has only letters A–Z and a–z, digits, '_' and '-'",
      'a password has 8 to 256 characters', 'the server is busy checking passwords; try again in a moment',
      'wrong user name or password', 'too many tries from your address; wait 30 seconds and try again',
      'not logged in', "no player named 'ann'", 'you cannot challenge yourself',
      'you have 5 open challenges; wait for answers or cancel some', 'no open challenge 7 for you'].map(serverText);
  });
  for (const s of said) assert.match(s, /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u, s);
  await page.context().close();
});
