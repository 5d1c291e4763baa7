// The app: routes (#/ new game, #/lobby, #/games, #/import, #/game/ID, #/analysis, #/rules/PRESET,
// #/puzzles[/ID], #/signup, #/login, #/account, #/@/NAME, #/leaderboard/PRESET, #/now, #/challenge/NAME, #/learn); the game
// screen is game-screen.js, the lobby (and "Play someone online") lobby.js, the analysis board
// analysis-board.js, the account screens account.js (who is signed in: session.js), a player's page
// players.js, the leaderboards and the games in play leaderboard.js, challenges challenges.js, the
// lessons (#/learn) learn.js, the puzzles puzzles.js.
// Screens other than the first are loaded when first opened, so the first screen stays light.

import { translateMarkup, t, tn, LANGUAGES, language, setLanguage } from './i18n.js';
import { api, call, tokens, invites, sides, holdKey, noServer } from './api.js';
import { renderRules, gameName } from './rules.js';
import { h, plain, setIcon, fillIn } from './dom.js';
import { setUpSoundToggle } from './sounds.js';
import { lobbyScreen, playSomeoneOnline, QUICK_CLOCKS, quickClock } from './lobby.js';
import { account, loadAccount, onAccount, syncAccountGames } from './session.js';
import { nameFromPath } from './ratings.js';

/** The modules loaded when their screen is first opened. */
const screens = {
  game: () => import('./game-screen.js'),
  analysis: () => import('./analysis-board.js'),
  account: () => import('./account.js'),
  player: () => import('./players.js'),
  leaderboard: () => import('./leaderboard.js'),
  challenges: () => import('./challenges.js'),
  learn: () => import('./learn.js'),
  puzzles: () => import('./puzzles.js'),
  local: () => import('./local-games.js'),
};
import { CORRESPONDENCE_DAYS, daysPerMove } from './days.js';
import { yourTurnsFirst, showYourTurns } from './turns.js';
import { sideWord, playerName, reasonText } from './game-words.js';
import { aboutText } from './variant-words.js';

translateMarkup();
// The header's language switch (i18n.js: the choice is remembered and the page shown again in it).
const langSelect = document.getElementById('lang-select');
if (langSelect) {
  langSelect.append(...LANGUAGES.map(([code, name]) => h('option', { value: code, lang: code, selected: code === language() }, name)));
  langSelect.addEventListener('change', () => setLanguage(langSelect.value));
}
// The theme toggle's words (theme.js runs before the catalogue is loaded).
const themeToggle = document.getElementById('theme-toggle');
if (themeToggle) {
  themeToggle.dataset.labelDark = t('page.theme.dark');
  themeToggle.dataset.labelLight = t('page.theme.light');
  if (window.hasamiTheme) window.hasamiTheme.relabel();
}
const view = document.getElementById('view');
let cleanup = () => {};
let variantsCache = null;
setUpSoundToggle();
// The header's Board button: the piece set and board theme panel (looks.js, loaded when opened).
const lookToggle = document.getElementById('look-toggle');
lookToggle.addEventListener('click', () => import('./looks.js').then((m) => m.toggleLookPanel(lookToggle)));
// Who is signed in; the account's games join this browser's list; its challenges are watched.
onAccount((a) => { if (a) screens.challenges().then((m) => m.watchChallenges(), () => {}); });
loadAccount().then((a) => { if (a) syncAccountGames(); });

// The games, options and names the server knows, kept here for a visit without the server; a static
// copy of the app has them in variants.json beside its files.
const VARIANTS = 'hasami.variants';
export async function variants() {
  if (!variantsCache) {
    variantsCache = await api.variants().then((v) => { try { localStorage.setItem(VARIANTS, JSON.stringify(v)); } catch {} return v; },
      async (e) => {
        let kept = null; try { kept = JSON.parse(localStorage.getItem(VARIANTS)); } catch {}
        if (kept) return kept;
        const res = await fetch(new URL('./variants.json', import.meta.url)).catch(() => null);
        if (!res || !res.ok) throw e;
        return res.json();
      });
  }
  return variantsCache;
}

/** Counts the routes taken: a screen whose module arrives after another route was taken is not
 * drawn. */
let routes = 0;

/** The modules of `screens` loaded so far, by name. */
const loaded = new Map();

/** Draws a screen of a module loaded on demand: `draw(module)` at once when `screens[name]` is
 * loaded already (as if it were imported with the app), else once it is, unless the player has
 * gone elsewhere meanwhile. */
function later(name, draw) {
  if (loaded.has(name)) return draw(loaded.get(name));
  const at = routes;
  return screens[name]().then((m) => { loaded.set(name, m); if (at === routes) return draw(m); },
    () => { if (at === routes) view.append(h('p', { class: 'error', role: 'alert' }, t('page.load-failed'))); });
}

function route() {
  routes++;
  setIcon(false);
  cleanup(); cleanup = () => {};
  const onLeave = (fn) => { cleanup = fn; };
  const hash = location.hash.replace(/^#/, '') || '/';
  const [path, query] = hash.split('?');
  const params = new URLSearchParams(query || '');
  const parts = path.split('/').filter(Boolean);
  for (const a of document.querySelectorAll('nav a'))
    a.toggleAttribute('aria-current', a.getAttribute('href') === '#/' + (parts[0] || ''));
  for (const a of document.querySelectorAll('nav a[aria-current]')) a.setAttribute('aria-current', 'page');
  view.textContent = '';
  if (parts[0] === 'game' && parts[1]) return later('game', (m) => m.gameScreen(view, parts[1], params.get('token'), onLeave));
  // A game kept in this browser (local-games.js), on the same screen.
  if (parts[0] === 'local' && parts[1]) return later('local', (l) => later('game', (m) => m.gameScreen(view, parts[1], null, onLeave, l.localGames)));
  if (parts[0] === 'analysis') return later('analysis', (m) => m.analysisScreen(view, params, onLeave));
  if (parts[0] === 'games') return gamesScreen();
  if (parts[0] === 'lobby') return lobbyScreen(view, onLeave);
  if (parts[0] === 'import') return importScreen();
  if (parts[0] === 'rules') return renderRules(view, parts[1], { h, variants });
  if (parts[0] === 'learn') return later('learn', (m) => m.learnScreen(view, parts.slice(1), onLeave));
  if (parts[0] === 'signup') return later('account', (m) => m.signupScreen(view));
  if (parts[0] === 'login') return later('account', (m) => m.loginScreen(view));
  if (parts[0] === 'account') return later('account', (m) => m.accountScreen(view));
  if (parts[0] === '@' && nameFromPath(parts[1])) return later('player', (m) => m.playerScreen(view, nameFromPath(parts[1])));
  if (parts[0] === 'leaderboard') return later('leaderboard', (m) => m.leaderboardScreen(view, parts[1] || ''));
  if (parts[0] === 'now') return later('leaderboard', (m) => m.nowScreen(view, onLeave));
  if (parts[0] === 'puzzles') return later('puzzles', (m) => m.puzzlesScreen(view, parts[1] ? decodeURIComponent(parts[1]) : null, onLeave));
  if (parts[0] === 'challenge') return later('challenges', (m) => m.challengeScreen(view, nameFromPath(parts[1]) || params.get('to') || ''));
  return newGameScreen(params);
}
window.addEventListener('hashchange', route);
route();

// Offline (docs/web.md): the service worker keeps the app's files once the first screen is drawn;
// the games kept in this browser while no server answered go to it when it is back.
const registerWorker = () => navigator.serviceWorker.register('/sw.js').catch(() => {});
if ('serviceWorker' in navigator) { if (document.readyState === 'complete') registerWorker(); else addEventListener('load', registerWorker); }
/** Whether this browser keeps games not yet on the server (local-store.js counts them). */
function keepsLocal() { try { return Number(localStorage.getItem('hasami.local')) > 0; } catch { return false; } }
const syncLocal = () => { if (keepsLocal()) import('./local-sync.js').then((m) => m.syncLocalGames()).catch(() => {}); };
addEventListener('online', syncLocal);
syncLocal();

/** Starts game `req` (POST /api/games's fields) on the server, or, against the computer or
 * hot-seat when no server answers (offline, or a static copy of the app), in this browser:
 * `{id, token, …}` as the server answers, or `{local: id}`. */
async function startGame(req) {
  if (req.opponent === 'online' || navigator.onLine !== false) {
    try { return await api.create(req); } catch (e) { if (req.opponent === 'online' || !noServer(e)) throw e; }
  }
  const { createLocalGame } = await screens.local();
  return { local: await createLocalGame(req) };
}

// ---------------------------------------------------------------- new game
/** Asks for a game against the computer whose engine plays in this page (`engine_in: "page"`) when
 * the browser can run it (page-engine.js, loaded only now: the first screen stays light). An engine
 * that is not ready within a few seconds leaves the game to the server's engine. */
async function pageEngineFor(req) {
  const ready = import('./page-engine.js').then((m) => m.pageEngine()).catch(() => null);
  if (await Promise.race([ready, new Promise((r) => setTimeout(() => r(null), 5000))])) req.engine_in = 'page';
}

async function newGameScreen(params) {
  document.title = t('page.title.new');
  const here = location.hash;
  const [{ presets }] = await Promise.all([variants(), loadAccount()]);
  // Each level in words, as the engine describes it ("1 — Beginner: …"; docs/engine.md), from
  // the catalogue (the server's `levels` say the same in English).
  const levelText = (n) => `${n} — ${t(`new.level.${n}`)}`;
  const err = h('p', { id: 'ng-error', class: 'error', role: 'alert' });
  const about = h('p', { id: 'ng-about', class: 'hint-text' });
  const preset = h('select', { id: 'ng-variant', name: 'variant' },
    presets.map((p) => h('option', { value: p.name }, gameName(p.name))));
  const options = h('input', { type: 'text', id: 'ng-options', name: 'options', placeholder: t('new.options.placeholder'), autocomplete: 'off', spellcheck: 'false' });
  const level = h('select', { id: 'ng-level', name: 'level' },
    [...Array(10)].map((_, i) => h('option', { value: i + 1, selected: i + 1 === 3 }, levelText(i + 1))));
  const side = h('select', { id: 'ng-side', name: 'side' },
    h('option', { value: 'black' }, t('new.side.first', { side: sideWord('Black') })), h('option', { value: 'white' }, sideWord('White')), h('option', { value: 'random' }, t('new.side.random')));
  const start = h('input', { type: 'text', id: 'ng-position', name: 'position', placeholder: t('new.position.placeholder', { example: 'wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 1' }), spellcheck: 'false' });
  const opp = (value, label, checked) => h('label', {},
    h('input', { type: 'radio', name: 'opponent', value, id: 'ng-opponent-' + value, checked }), ' ', label);
  // Shogun settings (RULES.md S3, S7, S9).
  const seed = h('input', { type: 'text', id: 'ng-seed', inputmode: 'numeric', value: '1979', size: 12, 'aria-label': t('new.shogun.seed') });
  const rotation = h('select', { id: 'ng-rotation', 'aria-label': t('new.shogun.rotation') }, [0, 1, 2, 3].map((r) => h('option', { value: r }, String(r))));
  const check = (id, label) => h('label', {}, h('input', { type: 'checkbox', id }), ' ', label);
  // Who moves first (S1) and how the pieces stand at the start (S2).
  const first = h('select', { id: 'ng-first' }, h('option', { value: 'white' }, sideWord('White')), h('option', { value: 'red' }, sideWord('Red')));
  const setup = h('select', { id: 'ng-setup' }, h('option', { value: 'fixed' }, t('new.shogun.setup.fixed')),
    h('option', { value: 'shuffle' }, t('new.shogun.setup.shuffle')), h('option', { value: 'choose' }, t('new.shogun.setup.choose')));
  const engineMode = h('select', { id: 'ng-engine', name: 'engine' },
    h('option', { value: 'fair' }, t('new.shogun.engine.fair')), h('option', { value: 'omniscient' }, t('new.shogun.engine.omniscient')));
  const shogunBox = h('fieldset', { id: 'ng-shogun', hidden: true }, h('legend', {}, gameName('shogun')),
    h('label', {}, h('input', { type: 'radio', name: 'board', value: 'random', id: 'ng-board-random', checked: true }), ' ', t('new.shogun.random-board')),
    h('div', { class: 'row' }, h('label', {}, h('input', { type: 'radio', name: 'board', value: 'chosen', id: 'ng-board-chosen' }), ' ', t('new.shogun.chosen-board'), ' '), seed, h('span', {}, t('new.shogun.rotation')), rotation),
    check('ng-1976', t('new.shogun.1976')),
    check('ng-numbers-random', t('new.shogun.numbers-random')),
    h('label', {}, t('new.shogun.first'), ' ', first),
    h('label', {}, t('new.shogun.setup'), ' ', setup));
  // The chosen level's words in full (a phone cuts the menu's text short).
  const levelWords = h('p', { id: 'ng-level-words', class: 'hint-text' });
  const showLevel = () => { levelWords.textContent = levelText(Number(level.value)).replace(/^\d+ — /, ''); };
  level.addEventListener('change', showLevel);
  showLevel();
  const engineOnly = h('div', { id: 'ng-engine-settings' }, h('label', {}, t('new.level'), ' ', level), levelWords,
    h('label', { id: 'ng-engine-box', hidden: true }, t('new.shogun.engine'), ' ', engineMode));
  const sideBox = h('div', { id: 'ng-side-box' }, h('label', {}, t('new.side'), ' ', side));
  // Names and clocks (issue 4).
  const myName = h('input', { type: 'text', id: 'ng-name', maxlength: 40, placeholder: t('new.optional'), autocomplete: 'nickname' });
  const nameBlack = h('input', { type: 'text', id: 'ng-name-black', maxlength: 40, placeholder: t('new.optional') });
  const nameWhite = h('input', { type: 'text', id: 'ng-name-white', maxlength: 40, placeholder: t('new.optional') });
  const nameBlackLabel = h('span', {}, sideWord('Black')), nameWhiteLabel = h('span', {}, sideWord('White'));
  const oneName = h('label', { id: 'ng-name-box' }, t('new.name'), ' ', myName);
  const twoNames = h('div', { id: 'ng-names-box', class: 'row' }, h('label', {}, nameBlackLabel, ' ', nameBlack), h('label', {}, nameWhiteLabel, ' ', nameWhite));
  const clockOn = h('input', { type: 'checkbox', id: 'ng-clock' });
  const minutes = h('input', { type: 'number', id: 'ng-clock-minutes', min: 0.1, max: 180, step: 'any', value: 5, 'aria-label': t('new.clock.minutes') });
  const increment = h('input', { type: 'number', id: 'ng-clock-increment', min: 0, max: 60, step: 'any', value: 3, 'aria-label': t('new.clock.increment') });
  // Online: listed in the lobby for anyone, besides the invite links.
  const openOn = h('input', { type: 'checkbox', id: 'ng-open' });
  const openBox = h('div', { id: 'ng-open-box' }, h('label', {}, openOn, ' ', t('new.open')));
  // Rated: only for a signed-in player's online game.
  const ratedOn = h('input', { type: 'checkbox', id: 'ng-rated' });
  const ratedBox = h('div', { id: 'ng-rated-box', hidden: true }, h('label', {}, ratedOn, ' ', t('new.rated')));
  const clockBox = h('div', { id: 'ng-clock-box', class: 'row' }, h('label', {}, clockOn, ' ', t('new.clock')), minutes, h('span', {}, t('new.clock.minutes-plus')), increment, h('span', {}, t('new.clock.seconds')));
  // Online: days per move instead of a clock (a correspondence game); one or the other.
  const days = h('select', { id: 'ng-days', 'aria-label': t('new.days.label') },
    h('option', { value: '' }, t('new.days.off')), CORRESPONDENCE_DAYS.map((d) => h('option', { value: d }, daysPerMove(d))));
  const daysBox = h('div', { id: 'ng-days-box', class: 'row' }, h('label', {}, t('new.days'), ' ', days));
  days.addEventListener('change', () => { if (days.value) clockOn.checked = false; });
  clockOn.addEventListener('change', () => { if (clockOn.checked) days.value = ''; });
  const isShogun = () => preset.value === 'shogun';
  const variantText = () => {
    const extra = options.value.trim() ? (options.value.trim().startsWith('+') ? '' : '+') + options.value.trim() : '';
    if (!isShogun()) return preset.value + extra;
    let v = 'shogun';
    if (document.getElementById('ng-1976').checked) v += '+capture=allowed';
    if (document.getElementById('ng-numbers-random').checked) v += '+numbers=random';
    if (document.getElementById('ng-board-chosen').checked) v += `+seed=${seed.value.trim() || '1979'}+rotation=${rotation.value}`;
    if (setup.value !== 'fixed') v += '+setup=' + setup.value;
    if (first.value === 'red') v += '+first=red';
    return v + extra;
  };
  let checkSeq = 0;
  async function checkVariant() {
    const seq = ++checkSeq;
    try {
      const v = await api.checkVariant(variantText());
      if (seq !== checkSeq) return;
      about.textContent = `${v.variant}: ${aboutText(v.about)}`; err.textContent = '';
      return true;
    } catch (e) { if (seq === checkSeq) { err.textContent = noServer(e) ? '' : plain(e.message); about.textContent = ''; } return false; }
  }
  options.addEventListener('input', checkVariant);
  const form = h('form', { class: 'new-game card', id: 'new-game-form', 'aria-labelledby': 'ng-title' },
    h('h1', { id: 'ng-title' }, t('new.title')),
    h('label', {}, t('new.game'), ' ', preset, ' ', h('a', { href: '#/rules/' + preset.value, id: 'ng-rules-link' }, t('new.rules-link'))),
    shogunBox,
    h('label', {}, t('new.options'), ' ', options), about,
    h('fieldset', {}, h('legend', {}, t('new.opponent')),
      opp('engine', t('new.opponent.engine'), true), opp('local', t('new.opponent.local')), opp('online', t('new.opponent.online'))),
    openBox, ratedBox, engineOnly, sideBox, oneName, twoNames, clockBox, daysBox,
    h('details', {}, h('summary', {}, t('new.position')), h('label', {}, t('new.position.text'), ' ', start)),
    err,
    // The start button stays in view at the bottom of the screen while the form scrolls.
    h('div', { class: 'start-bar' }, h('button', { type: 'submit', class: 'primary', id: 'ng-start' }, t('new.start'))));
  const sync = () => {
    const o = form.opponent.value, shogun = isShogun();
    engineOnly.hidden = o !== 'engine';
    sideBox.hidden = o === 'local';
    oneName.hidden = o === 'local';
    twoNames.hidden = o !== 'local';
    openBox.hidden = o !== 'online';
    ratedBox.hidden = !(o === 'online' && account());
    daysBox.hidden = o !== 'online';
    shogunBox.hidden = !shogun;
    document.getElementById('ng-engine-box').hidden = !shogun;
    const [one, two] = (shogun ? ['White', 'Red'] : ['Black', 'White']).map(sideWord);
    // Shogun's `first=red`: Red (the API's "white") moves first.
    const redFirst = shogun && first.value === 'red';
    side.options[0].textContent = redFirst ? one : t('new.side.first', { side: one });
    side.options[1].textContent = redFirst ? t('new.side.first', { side: two }) : two;
    nameBlackLabel.textContent = one; nameWhiteLabel.textContent = two;
    form.querySelector('#ng-rules-link').href = '#/rules/' + preset.value;
    options.placeholder = t(shogun ? 'new.options.placeholder-shogun' : 'new.options.placeholder');
  };
  form.addEventListener('change', (e) => { sync(); if (e.target !== options) checkVariant(); });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const req = { variant: variantText(), opponent: form.opponent.value };
    if (req.opponent === 'engine') req.level = Number(level.value);
    if (req.opponent !== 'local') req.side = side.value;
    if (req.opponent === 'online' && openOn.checked) req.open = true;
    if (req.opponent === 'online' && !ratedBox.hidden) req.rated = ratedOn.checked;
    if (isShogun() && document.getElementById('ng-board-random').checked) req.random_board = true;
    if (isShogun() && req.opponent === 'engine') req.engine = engineMode.value;
    if (clockOn.checked)
      req.clock = { initial: Number(minutes.value) * 60, increment: Number(increment.value) };
    else if (req.opponent === 'online' && days.value) req.clock = { days: Number(days.value) };
    if (req.opponent === 'local') {
      const players = {};
      if (nameBlack.value.trim()) players.black = nameBlack.value.trim();
      if (nameWhite.value.trim()) players.white = nameWhite.value.trim();
      if (Object.keys(players).length) req.players = players;
    }
    if (start.value.trim()) req.position = start.value.trim();
    try {
      if (req.opponent === 'engine') await pageEngineFor(req);
      const c = await startGame(req);
      if (c.local) { location.hash = `#/local/${c.local}`; return; }
      holdKey(c);
      invites.set(c.id, c.links);
      if (req.opponent !== 'local' && myName.value.trim()) {
        try { await api.name(c.id, myName.value.trim(), c.token); } catch (ex) { /* shown in the game */ }
      }
      location.hash = `#/game/${c.id}`;
    } catch (ex) { err.textContent = ex.message; }
  });
  // A newcomer's first choice: one click to a game against the computer, beginner strength.
  const quickGame = h('select', { id: 'quick-variant', 'aria-label': t('new.game') },
    presets.map((p) => h('option', { value: p.name }, gameName(p.name))));
  const quickTime = h('select', { id: 'quick-clock', 'aria-label': t('new.quick.clock'),
    onchange: () => quickClock(quickTime.value) },
    QUICK_CLOCKS.map((c) => h('option', { value: c }, c.replace('+', ' + '))));
  quickTime.value = quickClock();
  const quick = h('section', { class: 'card quick', id: 'quick-start', 'aria-labelledby': 'quick-title' },
    h('h1', { id: 'quick-title' }, t('new.quick.title')),
    // The clock is for the game online only, so it sits beside that button, not the computer's.
    h('div', { class: 'row' }, quickGame,
      h('button', { type: 'button', class: 'primary', id: 'quick-play', onclick: async () => {
        const req = { variant: quickGame.value, opponent: 'engine', level: 2, side: 'black' };
        if (quickGame.value === 'shogun') req.random_board = true;
        try {
          await pageEngineFor(req);
          const c = await startGame(req);
          if (c.local) { location.hash = `#/local/${c.local}`; return; }
          holdKey(c);
          location.hash = `#/game/${c.id}`;
        } catch (ex) { err.textContent = plain(ex.message); }
      } }, t('new.quick.computer')),
      quickTime,
      h('button', { type: 'button', id: 'quick-online', onclick: async (e) => {
        e.target.disabled = true;
        try {
          location.hash = `#/game/${await playSomeoneOnline(quickGame.value, quickClock(quickTime.value))}`;
        } catch (ex) { err.textContent = plain(ex.message); e.target.disabled = false; }
      } }, t('new.quick.online'))),
    h('p', { class: 'hint-text' }, ...fillIn(t('new.quick.hint'), { lobby: h('a', { href: '#/lobby' }, t('new.quick.lobby')) }), ' ',
      h('a', { href: '#/rules' }, t('new.quick.how'))));
  view.append(quick, form);
  // `#/?open=1` (the lobby's "create one"): an online game listed in the lobby.
  if (params.get('open') === '1') {
    form.querySelector('#ng-opponent-online').checked = true;
    openOn.checked = true;
  }
  sync();
  checkVariant();
  dailyCard(quick, here);
  const [games, now] = await Promise.all([recentGames(5), screens.leaderboard().then((m) => m.nowPlayingCard(5), () => null)]);
  // Not when another screen was opened meanwhile.
  if (location.hash !== here) return;
  showGames(games);
  localGamesCard();
  if (now) view.append(now);
}

/** The puzzle of the day (its game and rating, a link to it): a small card after `after`, asked
 * for once the screen is drawn (unless the screen was left meanwhile). */
async function dailyCard(after, here) {
  let p;
  try { p = await call('GET', '/api/puzzles/daily'); } catch { return; }
  if (location.hash !== here || !after.isConnected) return;
  after.after(h('section', { class: 'card daily', id: 'daily-puzzle', 'aria-labelledby': 'daily-title' },
    h('h2', { id: 'daily-title' }, t('home.daily.title')),
    h('p', {}, h('a', { href: '#/puzzles/' + encodeURIComponent(p.id), id: 'daily-link', 'data-puzzle': p.id },
      t('home.daily.line', { game: gameName(p.variant), rating: p.rating })))));
}

/** Shows the list of games `box` made, and in the tab how many wait for your move (unless the
 * screen was left meanwhile). */
function showGames(box) {
  const title = document.title;
  view.append(box);
  if (box.isConnected) showYourTurns(Number(box.dataset.yourTurns || 0), title);
}




// ---------------------------------------------------------------- stored games
// An aborted game has no result either ("*") but says why it ended.
const inProgress = (g) => g.result === '*' && !g.reason;

/** A listed game's player name: "You" (the server's word for the player of an engine game who gave
 * no name) is "Anonymous" in a game this browser does not hold. */
const shownName = (g, side) => (g[side] === 'You' && !tokens.get(g.id) ? t('games.anonymous') : playerName(g[side]));

async function recentGames(limit) {
  // "Your games" are the ones this browser plays or played (it holds their keys); of the others
  // only finished games are listed, never another player's game in progress.
  const box = h('section', { class: 'card', 'aria-labelledby': 'gl-title' }, h('h2', { id: 'gl-title' }, t('games.yours')));
  try {
    // This browser's games are asked for by id (the 200 newest keys): the server's latest 200
    // would lose them on a busy server.
    const held = tokens.ids(200);
    const [{ games: mine }, latest] = await Promise.all([
      held.length ? api.gamesById(held) : { games: [] },
      limit ? null : api.games(),
    ]);
    const others = latest ? latest.games.filter((g) => !tokens.get(g.id) && !inProgress(g)) : [];
    const table = (id, list, label) => {
      const rows = list.map((g) => {
        const playing = inProgress(g);
        const resume = tokens.get(g.id) && playing;
        const yourMove = resume && turns.ids.has(g.id);
        return h('tr', { 'data-game-id': g.id, class: yourMove ? 'your-turn' : null },
          h('td', {}, '#' + g.id),
          h('td', { class: 'variant', title: g.variant }, gameName(g.variant)),
          h('td', { class: 'wide' }, `${shownName(g, 'black')} – ${shownName(g, 'white')}`),
          h('td', { class: yourMove ? 'your-move' : null }, yourMove ? tn('games.your-turn', g.plies) : playing ? tn('games.playing', g.plies) : `${g.result} ${reasonText(g.reason)}`),
          h('td', { class: 'wide' }, new Date(g.updated).toLocaleString(language() === 'qps' ? 'en' : language())),
          h('td', {}, h('a', { href: `#/game/${g.id}`, class: 'button', 'aria-label': t(resume ? 'games.resume.label' : 'games.review.label', { id: g.id }) }, t(resume ? 'games.resume' : 'games.review'))));
      });
      return h('table', { class: 'list', id, 'aria-label': label },
        h('thead', {}, h('tr', {}, h('th', {}, t('games.game')), h('th', {}, t('games.variant')), h('th', { class: 'wide' }, t('games.players')), h('th', {}, t('games.state')), h('th', { class: 'wide' }, t('games.updated')), h('th', {}, h('span', { class: 'sr-only' }, t('games.open'))))),
        h('tbody', {}, rows));
    };
    // The games where it is your turn come first (and are counted in the tab).
    const turns = yourTurnsFirst(mine, (id) => tokens.get(id) && sides.get(id));
    const shownMine = limit ? turns.games.slice(0, Math.max(limit, turns.count)) : turns.games;
    // A key whose side this browser never learnt (its game page not opened since) is asked of
    // the server once, before the rows are drawn.
    await Promise.all(shownMine.filter((g) => inProgress(g) && g.turn && !sides.get(g.id)).map(async (g) => {
      try { const v = await api.game(g.id, tokens.get(g.id)); if (v.you) sides.set(g.id, v.you); } catch { /* shown without */ }
    }));
    // Sides learnt just now count too.
    Object.assign(turns, yourTurnsFirst(shownMine, (id) => tokens.get(id) && sides.get(id)));
    box.dataset.yourTurns = turns.count;
    box.append(table('games-list', turns.games, t('games.yours')));
    if (!mine.length) box.append(h('p', {}, t('games.none')));
    if (limit && mine.length > limit) box.append(h('p', {}, h('a', { href: '#/games' }, t('games.all'))));
    if (!limit && others.length) {
      box.append(h('h2', { id: 'others-title' }, t('games.others')), table('others-list', others, t('games.others')));
    }
  } catch (e) { box.append(h('p', { class: 'error' }, e.message)); }
  return box;
}

async function gamesScreen() {
  document.title = t('page.title.games');
  showGames(await recentGames(0));
  localGamesCard();
}

/** The games kept in this browser and not yet on the server (local-list.js), above the list. */
function localGamesCard() {
  if (!keepsLocal()) return;
  const here = location.hash;
  import('./local-list.js').then((m) => m.localGamesCard()).then((card) => {
    const list = view.querySelector('[aria-labelledby="gl-title"]');
    if (card && location.hash === here && list) list.before(card);
  }).catch(() => {});
}

// ---------------------------------------------------------------- import
function importScreen() {
  document.title = t('page.title.import');
  const err = h('p', { class: 'error', role: 'alert', id: 'import-error' });
  const text = h('textarea', { id: 'import-record', rows: 12, 'aria-label': t('import.record'), placeholder: t('import.placeholder') });
  const form = h('form', { class: 'card', id: 'import-form' },
    h('h1', {}, t('import.title')),
    h('p', { class: 'hint-text' }, t('import.hint')),
    text, err, h('p', {}, h('button', { class: 'primary', type: 'submit', id: 'import-submit' }, t('import.submit'))));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    try {
      const c = await api.importRecord({ record: text.value });
      holdKey(c);
      location.hash = `#/game/${c.id}`;
    } catch (ex) { err.textContent = ex.message; }
  });
  const hint = h('p', {}, ...fillIn(t('import.position'), { link: h('a', { href: '#/' }, t('page.nav.new')) }));
  view.append(form, h('div', { class: 'card' }, hint));
}
