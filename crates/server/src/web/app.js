// The app: routes (#/ new game, #/games, #/import, #/game/ID, #/rules/PRESET) and the game screen.

import { api, tokens, invites } from './api.js';
import { Board } from './board.js';
import { renderRules, gameName } from './rules.js';

const view = document.getElementById('view');
const live = document.getElementById('announce');
let cleanup = () => {};
let variantsCache = null;

export function announce(text) { live.textContent = ''; setTimeout(() => { live.textContent = text; }, 30); }

export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'class') e.className = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c.nodeType ? c : String(c));
  return e;
}

export async function variants() {
  if (!variantsCache) variantsCache = await api.variants();
  return variantsCache;
}

function route() {
  setIcon(false);
  cleanup(); cleanup = () => {};
  const hash = location.hash.replace(/^#/, '') || '/';
  const [path, query] = hash.split('?');
  const params = new URLSearchParams(query || '');
  const parts = path.split('/').filter(Boolean);
  for (const a of document.querySelectorAll('nav a'))
    a.toggleAttribute('aria-current', a.getAttribute('href') === '#/' + (parts[0] || ''));
  for (const a of document.querySelectorAll('nav a[aria-current]')) a.setAttribute('aria-current', 'page');
  view.textContent = '';
  if (parts[0] === 'game' && parts[1]) return gameScreen(parts[1], params.get('token'));
  if (parts[0] === 'games') return gamesScreen();
  if (parts[0] === 'import') return importScreen();
  if (parts[0] === 'rules') return renderRules(view, parts[1], { h, variants });
  return newGameScreen();
}
window.addEventListener('hashchange', route);
route();

// ---------------------------------------------------------------- new game
async function newGameScreen() {
  document.title = 'hasami: new game';
  const { presets } = await variants();
  const err = h('p', { id: 'ng-error', class: 'error', role: 'alert' });
  const about = h('p', { id: 'ng-about', class: 'hint-text' });
  const preset = h('select', { id: 'ng-variant', name: 'variant' },
    presets.map((p) => h('option', { value: p.name }, gameName(p.name))));
  const options = h('input', { type: 'text', id: 'ng-options', name: 'options', placeholder: 'e.g. +win=captures:5 or +movement=step', autocomplete: 'off', spellcheck: 'false' });
  const level = h('select', { id: 'ng-level', name: 'level' },
    [...Array(10)].map((_, i) => h('option', { value: i + 1, selected: i + 1 === 3 }, `Level ${i + 1}`)));
  const side = h('select', { id: 'ng-side', name: 'side' },
    h('option', { value: 'black' }, 'Black (moves first)'), h('option', { value: 'white' }, 'White'), h('option', { value: 'random' }, 'Random'));
  const start = h('input', { type: 'text', id: 'ng-position', name: 'position', placeholder: 'optional: position text, e.g. wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 1', spellcheck: 'false' });
  const opp = (value, label, checked) => h('label', {},
    h('input', { type: 'radio', name: 'opponent', value, id: 'ng-opponent-' + value, checked }), ' ', label);
  // Shogun settings (RULES.md S3, S7, S9).
  const seed = h('input', { type: 'text', id: 'ng-seed', inputmode: 'numeric', value: '1979', size: 12, 'aria-label': 'Seed' });
  const rotation = h('select', { id: 'ng-rotation', 'aria-label': 'Rotation' }, [0, 1, 2, 3].map((r) => h('option', { value: r }, String(r))));
  const check = (id, label) => h('label', {}, h('input', { type: 'checkbox', id }), ' ', label);
  const engineMode = h('select', { id: 'ng-engine', name: 'engine' },
    h('option', { value: 'fair' }, 'fair (does not know the magnets)'), h('option', { value: 'omniscient' }, 'omniscient (reads the magnet board)'));
  const shogunBox = h('fieldset', { id: 'ng-shogun', hidden: true }, h('legend', {}, 'Shogun'),
    h('label', {}, h('input', { type: 'radio', name: 'board', value: 'random', id: 'ng-board-random', checked: true }), ' Random magnet board (seed and rotation drawn for this game)'),
    h('div', { class: 'row' }, h('label', {}, h('input', { type: 'radio', name: 'board', value: 'chosen', id: 'ng-board-chosen' }), ' Chosen board: seed '), seed, h('span', {}, 'rotation'), rotation),
    check('ng-1976', '1976 rules: the Shogun may be captured, and capturing it wins'),
    check('ng-numbers-random', 'Random numbers after every move (numbers=random)'),
    check('ng-shuffle', 'Shuffled setup (setup=shuffle)'));
  const engineOnly = h('div', { id: 'ng-engine-settings' }, h('label', {}, 'Engine strength ', level),
    h('label', { id: 'ng-engine-box', hidden: true }, 'Engine ', engineMode));
  const sideBox = h('div', { id: 'ng-side-box' }, h('label', {}, 'Your side ', side));
  // Names and clocks (issue 4).
  const myName = h('input', { type: 'text', id: 'ng-name', maxlength: 40, placeholder: 'optional', autocomplete: 'nickname' });
  const nameBlack = h('input', { type: 'text', id: 'ng-name-black', maxlength: 40, placeholder: 'optional' });
  const nameWhite = h('input', { type: 'text', id: 'ng-name-white', maxlength: 40, placeholder: 'optional' });
  const nameBlackLabel = h('span', {}, 'Black'), nameWhiteLabel = h('span', {}, 'White');
  const oneName = h('label', { id: 'ng-name-box' }, 'Your name ', myName);
  const twoNames = h('div', { id: 'ng-names-box', class: 'row' }, h('label', {}, nameBlackLabel, ' ', nameBlack), h('label', {}, nameWhiteLabel, ' ', nameWhite));
  const clockOn = h('input', { type: 'checkbox', id: 'ng-clock' });
  const minutes = h('input', { type: 'number', id: 'ng-clock-minutes', min: 0.1, max: 180, step: 'any', value: 5, 'aria-label': 'Minutes per side' });
  const increment = h('input', { type: 'number', id: 'ng-clock-increment', min: 0, max: 60, step: 'any', value: 3, 'aria-label': 'Increment in seconds' });
  const clockBox = h('div', { id: 'ng-clock-box', class: 'row' }, h('label', {}, clockOn, ' Clock:'), minutes, h('span', {}, 'minutes per side +'), increment, h('span', {}, 'seconds per move'));
  const isShogun = () => preset.value === 'shogun';
  const variantText = () => {
    const extra = options.value.trim() ? (options.value.trim().startsWith('+') ? '' : '+') + options.value.trim() : '';
    if (!isShogun()) return preset.value + extra;
    let v = 'shogun';
    if (document.getElementById('ng-1976').checked) v += '+capture=allowed';
    if (document.getElementById('ng-numbers-random').checked) v += '+numbers=random';
    if (document.getElementById('ng-board-chosen').checked) v += `+seed=${seed.value.trim() || '1979'}+rotation=${rotation.value}`;
    if (document.getElementById('ng-shuffle').checked) v += '+setup=shuffle';
    return v + extra;
  };
  let checkSeq = 0;
  async function checkVariant() {
    const seq = ++checkSeq;
    try {
      const v = await api.checkVariant(variantText());
      if (seq !== checkSeq) return;
      about.textContent = `${v.variant}: ${v.about}`; err.textContent = '';
      return true;
    } catch (e) { if (seq === checkSeq) { err.textContent = plain(e.message); about.textContent = ''; } return false; }
  }
  options.addEventListener('input', checkVariant);
  const form = h('form', { class: 'new-game card', id: 'new-game-form', 'aria-labelledby': 'ng-title' },
    h('h1', { id: 'ng-title' }, 'New game'),
    h('label', {}, 'Game ', preset, ' ', h('a', { href: '#/rules/' + preset.value, id: 'ng-rules-link' }, 'rules')),
    shogunBox,
    h('label', {}, 'Rule options (optional) ', options), about,
    h('fieldset', {}, h('legend', {}, 'Opponent'),
      opp('engine', 'The engine', true), opp('local', 'A friend on this device'), opp('online', 'A friend online (invite link)')),
    engineOnly, sideBox, oneName, twoNames, clockBox,
    h('details', {}, h('summary', {}, 'Start from a position'), h('label', {}, 'Position text ', start)),
    err,
    // The start button stays in view at the bottom of the screen while the form scrolls.
    h('div', { class: 'start-bar' }, h('button', { type: 'submit', class: 'primary', id: 'ng-start' }, 'Start game')));
  const sync = () => {
    const o = form.opponent.value, shogun = isShogun();
    engineOnly.hidden = o !== 'engine';
    sideBox.hidden = o === 'local';
    oneName.hidden = o === 'local';
    twoNames.hidden = o !== 'local';
    clockBox.hidden = o === 'local';
    shogunBox.hidden = !shogun;
    document.getElementById('ng-engine-box').hidden = !shogun;
    const [first, second] = shogun ? ['White', 'Red'] : ['Black', 'White'];
    side.options[0].textContent = `${first} (moves first)`; side.options[1].textContent = second;
    nameBlackLabel.textContent = first; nameWhiteLabel.textContent = second;
    form.querySelector('#ng-rules-link').href = '#/rules/' + preset.value;
    options.placeholder = shogun ? 'e.g. +quiet=200 or +repetition=0' : 'e.g. +win=captures:5 or +movement=step';
  };
  form.addEventListener('change', (e) => { sync(); if (e.target !== options) checkVariant(); });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const req = { variant: variantText(), opponent: form.opponent.value };
    if (req.opponent === 'engine') req.level = Number(level.value);
    if (req.opponent !== 'local') req.side = side.value;
    if (isShogun() && document.getElementById('ng-board-random').checked) req.random_board = true;
    if (isShogun() && req.opponent === 'engine') req.engine = engineMode.value;
    if (req.opponent !== 'local' && clockOn.checked)
      req.clock = { initial: Number(minutes.value) * 60, increment: Number(increment.value) };
    if (req.opponent === 'local') {
      const players = {};
      if (nameBlack.value.trim()) players.black = nameBlack.value.trim();
      if (nameWhite.value.trim()) players.white = nameWhite.value.trim();
      if (Object.keys(players).length) req.players = players;
    }
    if (start.value.trim()) req.position = start.value.trim();
    try {
      const c = await api.create(req);
      tokens.set(c.id, c.token);
      invites.set(c.id, c.links);
      if (req.opponent !== 'local' && myName.value.trim()) {
        try { await api.name(c.id, myName.value.trim(), c.token); } catch (ex) { /* shown in the game */ }
      }
      location.hash = `#/game/${c.id}`;
    } catch (ex) { err.textContent = ex.message; }
  });
  // A newcomer's first choice: one click to a game against the computer, beginner strength.
  const quickGame = h('select', { id: 'quick-variant', 'aria-label': 'Game' },
    presets.map((p) => h('option', { value: p.name }, gameName(p.name))));
  const quick = h('section', { class: 'card quick', id: 'quick-start', 'aria-labelledby': 'quick-title' },
    h('h1', { id: 'quick-title' }, 'Play'),
    h('div', { class: 'row' }, quickGame,
      h('button', { type: 'button', class: 'primary', id: 'quick-play', onclick: async () => {
        const req = { variant: quickGame.value, opponent: 'engine', level: 2, side: 'black' };
        if (quickGame.value === 'shogun') req.random_board = true;
        try {
          const c = await api.create(req);
          tokens.set(c.id, c.token);
          location.hash = `#/game/${c.id}`;
        } catch (ex) { err.textContent = plain(ex.message); }
      } }, 'Play the computer')),
    h('p', { class: 'hint-text' }, 'You move first, against an easy engine. For a friend, a clock, another strength or rule options, set up a game below. ',
      h('a', { href: '#/rules' }, 'How to play')));
  form.querySelector('#ng-title').textContent = 'Set up a game';
  view.append(quick, form);
  sync();
  checkVariant();
  view.append(await recentGames(5));
}

/**
 * A message for players: the rule ids the rules library cites for developers ("(S5)", "(S5; …)",
 * "(A3.2)") are left out.
 */
export function plain(text) {
  return String(text).replace(/ ?\((?:[ASWCD]\d+(?:\.\d+)?)\)/g, '').replace(/\((?:[ASWCD]\d+(?:\.\d+)?); /g, '(');
}

/** Shows the tab icon with a red dot (your move) or without. */
function setIcon(dot) {
  const link = document.querySelector('link[rel="icon"]');
  const href = dot ? '/assets/favicon-turn.svg' : '/assets/favicon.svg';
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
}

/** Whether side `s` of game `g` has a name nobody chose: its side's name, or "You". */
function defaultName(g, s) {
  return g.players[s] === g.side_names[s] || g.players[s] === 'You';
}

// ---------------------------------------------------------------- stored games
async function recentGames(limit) {
  // "Your games" are the ones this browser plays or played (it holds their keys); of the others
  // only finished games are listed, never another player's game in progress.
  const box = h('section', { class: 'card', 'aria-labelledby': 'gl-title' }, h('h2', { id: 'gl-title' }, 'Your games'));
  try {
    const { games } = await api.games();
    const mine = games.filter((g) => tokens.get(g.id));
    const others = games.filter((g) => !tokens.get(g.id) && g.result !== '*');
    const table = (id, list, label) => {
      const rows = list.map((g) => {
        const playing = g.result === '*';
        const resume = tokens.get(g.id) && playing;
        return h('tr', { 'data-game-id': g.id },
          h('td', {}, '#' + g.id),
          h('td', { class: 'variant', title: g.variant }, gameName(g.variant)),
          h('td', { class: 'wide' }, `${g.black} – ${g.white}`),
          h('td', {}, playing ? `playing, ${g.plies} plies` : `${g.result} ${g.reason || ''}`),
          h('td', { class: 'wide' }, new Date(g.updated).toLocaleString()),
          h('td', {}, h('a', { href: `#/game/${g.id}`, class: 'button', 'aria-label': `${resume ? 'Resume' : 'Review'} game ${g.id}` }, resume ? 'Resume' : 'Review')));
      });
      return h('table', { class: 'list', id, 'aria-label': label },
        h('thead', {}, h('tr', {}, h('th', {}, 'Game'), h('th', {}, 'Variant'), h('th', { class: 'wide' }, 'Players'), h('th', {}, 'State'), h('th', { class: 'wide' }, 'Last change'), h('th', {}, h('span', { class: 'sr-only' }, 'Open')))),
        h('tbody', {}, rows));
    };
    const shownMine = limit ? mine.slice(0, limit) : mine;
    box.append(table('games-list', shownMine, 'Your games'));
    if (!mine.length) box.append(h('p', {}, 'No games yet.'));
    if (limit && mine.length > limit) box.append(h('p', {}, h('a', { href: '#/games' }, 'All your games')));
    if (!limit && others.length) {
      box.append(h('h2', { id: 'others-title' }, 'Finished games on this server'), table('others-list', others, 'Finished games on this server'));
    }
  } catch (e) { box.append(h('p', { class: 'error' }, e.message)); }
  return box;
}

async function gamesScreen() {
  document.title = 'hasami: games';
  view.append(await recentGames(0));
}

// ---------------------------------------------------------------- import
function importScreen() {
  document.title = 'hasami: import';
  const err = h('p', { class: 'error', role: 'alert', id: 'import-error' });
  const text = h('textarea', { id: 'import-record', rows: 12, 'aria-label': 'Game record', placeholder: '[Variant "hasami"]\n\n1. e1e5 a9a5 *' });
  const form = h('form', { class: 'card', id: 'import-form' },
    h('h1', {}, 'Import a game record'),
    h('p', { class: 'hint-text' }, 'Paste a record (docs/records.md). It is replayed and checked, then opens as a game you can continue on this device or review.'),
    text, err, h('p', {}, h('button', { class: 'primary', type: 'submit', id: 'import-submit' }, 'Import')));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    try {
      const c = await api.importRecord({ record: text.value });
      tokens.set(c.id, c.token);
      location.hash = `#/game/${c.id}`;
    } catch (ex) { err.textContent = ex.message; }
  });
  const hint = h('p', {}, 'To start from a position text instead, use ', h('a', { href: '#/' }, 'New game'), ' → “Start from a position”.');
  view.append(form, h('div', { class: 'card' }, hint));
}

// ---------------------------------------------------------------- game screen
function gameScreen(id, tokenParam) {
  if (tokenParam) {
    // A link with another key for a game this browser already plays must not silently take over.
    const stored = tokens.get(id);
    if (!stored || stored === tokenParam
        || confirm(`This link holds another player's key for game ${id}. Play with the link's key instead of yours?`)) {
      tokens.set(id, tokenParam);
    }
    history.replaceState(null, '', `#/game/${id}`);
  }
  const token = tokens.get(id);
  document.title = `hasami: game ${id}`;
  let game = null, you = null, shownPly = null, flipped = false, analysis = false, hint = null, hintPly = null, hintNote = '', learn = false;
  let clockBase = null;
  let ws = null, closed = false, retry = 0, wsOpen = false, analysisSeq = 0;

  const status = h('p', { class: 'status', id: 'status', role: 'status', 'aria-live': 'polite' });
  const errorLine = h('p', { class: 'error', id: 'error', role: 'alert' });
  const over = h('div', { class: 'over', id: 'game-over', hidden: true, role: 'status' });
  const conn = h('p', { class: 'hint-text', id: 'connection' });
  const players = h('div', { class: 'players', id: 'players' });
  const warning = h('p', { class: 'shogun-warning', id: 'shogun-warning', hidden: true, role: 'alert' });
  const nameInput = h('input', { type: 'text', id: 'name-input', maxlength: 40, 'aria-label': 'Your name', placeholder: 'Your name', autocomplete: 'nickname' });
  const nameForm = h('form', { class: 'inline-form', id: 'name-form', hidden: true },
    h('label', { for: 'name-input' }, 'Your name'), nameInput, h('button', { type: 'submit', id: 'name-save' }, 'Save'));
  nameForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const side = you === 'both' ? game.turn : undefined;
    act(() => api.name(id, nameInput.value, token, side));
  });
  const moveList = h('div', { class: 'moves', id: 'move-list', role: 'region', 'aria-label': 'Moves' });
  const evalFill = h('div', { class: 'fill' });
  // The figure on the bar: the first side's advantage in pieces (or a forced win) .
  const evalNum = h('span', { class: 'evalnum', id: 'eval-number', 'aria-hidden': 'true' });
  // The bar keeps its room while hidden, so turning Analysis on does not shrink the board.
  const evalBar = h('div', { class: 'evalbar off', id: 'eval-bar', role: 'meter', 'aria-label': 'Evaluation, Black share', 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-valuenow': 50 }, evalFill, evalNum);
  const analysisBox = h('div', { id: 'analysis', hidden: true }, h('p', { class: 'pv', id: 'analysis-text' }));
  const btn = (id, label, onclick, aria) => h('button', { type: 'button', id, onclick, 'aria-label': aria || label }, label);
  const bUndo = btn('btn-undo', 'Undo', () => act(() => api.undo(id, token)), 'Take back');
  const bResign = btn('btn-resign', 'Resign', () => { if (confirm('Resign this game?')) act(() => api.resign(id, token)); });
  const bDraw = btn('btn-draw', 'Offer draw', () => act(() => api.draw(id, game.draw_offer && game.draw_offer !== you ? 'accept' : 'offer', token)));
  const bDecline = btn('btn-decline', 'Decline draw', () => act(() => api.draw(id, 'decline', token)));
  const bHint = btn('btn-hint', 'Hint', showHint, 'Hint: show the engine’s best move');
  const bAnalysis = btn('btn-analysis', 'Analysis', () => { analysis = !analysis; bAnalysis.setAttribute('aria-pressed', analysis); evalBar.classList.toggle('off', !analysis); analysisBox.hidden = !analysis; if (analysis) analyse(); }, 'Analysis: evaluation bar and principal variation');
  bAnalysis.setAttribute('aria-pressed', 'false');
  const bLearn = btn('btn-learn', 'Learning view', () => { learn = !learn; bLearn.setAttribute('aria-pressed', learn); render(false); }, 'Learning view: show the number a picked piece would show on each destination');
  bLearn.setAttribute('aria-pressed', 'false');
  const bFlip = btn('btn-flip', 'Flip', () => { flipped = !flipped; render(false); }, 'Flip the board');
  const bRecord = btn('btn-record', 'Record', toggleExport, 'Export: game record and position text');
  const exportBox = h('div', { id: 'export', hidden: true, class: 'card' });
  const linksBox = h('div', { id: 'invite-links', class: 'links', hidden: true });
  const nav = (label, aria, fn, idn) => h('button', { type: 'button', id: idn, 'aria-label': aria, onclick: fn }, label);
  const navBox = h('div', { class: 'nav-buttons', role: 'group', 'aria-label': 'Move navigation' },
    nav('«', 'First position', () => goto(0), 'nav-first'), nav('◀', 'Previous move', () => goto((shownPly ?? game.ply) - 1), 'nav-prev'),
    nav('▶', 'Next move', () => goto((shownPly ?? game.ply) + 1), 'nav-next'), nav('»', 'Last move', () => goto(game.ply), 'nav-last'));
  // The full variant text (Shogun's carries a 20-digit seed) wraps anywhere and can be selected.
  const variantLine = h('p', { class: 'variant-text', id: 'game-variant' });
  const boardBox = h('div', { class: 'board-box' });
  const board = new Board(boardBox, { onMove: play, announce, label: `Board of game ${id}` });
  const root = h('div', { class: 'game', id: 'game', 'data-game-id': id },
    h('div', { class: 'board-wrap' }, evalBar, boardBox),
    h('div', { class: 'side' },
      h('h1', { id: 'game-title' }, `Game ${id}`), variantLine, players, nameForm, warning, status, over, errorLine, conn,
      h('div', { class: 'buttons', role: 'toolbar', 'aria-label': 'Game actions' }, bUndo, bResign, bDraw, bDecline, bHint, bAnalysis, bLearn, bFlip, bRecord),
      analysisBox, linksBox, navBox, moveList, exportBox));
  view.append(root);

  moveList.addEventListener('keydown', (e) => {
    if (!game) return;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') { goto((shownPly ?? game.ply) - 1); e.preventDefault(); }
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') { goto((shownPly ?? game.ply) + 1); e.preventDefault(); }
  });

  function goto(ply) {
    if (!game) return;
    ply = Math.max(0, Math.min(game.ply, ply));
    shownPly = ply === game.ply ? null : ply;
    render(false);
    if (analysis) analyse();
    const b = moveList.querySelector(`[data-ply="${ply}"]`);
    if (b) b.focus(); else if (ply === 0) announce('start position');
  }

  async function act(fn) {
    errorLine.textContent = '';
    try { const g = await fn(); if (!wsOpen) update(g, true); }
    catch (e) { errorLine.textContent = plain(e.message); announce(plain(e.message)); }
  }
  function play(mv) { hint = null; hintNote = ''; act(() => api.move(id, mv, token)); }

  // Hints and analysis are for the position shown: the current one, or the one after the move
  // being reviewed. A finished game's final position has nothing to suggest.
  function reviewing() { return shownPly !== null && shownPly !== game.ply; }
  function turnShown() { return reviewing() ? game.moves[shownPly].side : game.turn; }
  const OVER_TEXT = 'The game is over: step back through the moves to analyse them.';

  async function showHint() {
    errorLine.textContent = '';
    if (game.status === 'over' && !reviewing()) { status.textContent = OVER_TEXT; announce(OVER_TEXT); return; }
    bHint.disabled = true;
    try {
      const ply = reviewing() ? shownPly : null;
      const a = await api.hint(id, 800, ply);
      hint = a.best; hintPly = ply ?? game.ply;
      hintNote = a.best ? `Hint${ply === null ? '' : ` after move ${ply}`}: ${a.best} (${scoreText(a)})` : 'No move to suggest';
      render(false);
      announce(hintNote);
    } catch (e) { errorLine.textContent = plain(e.message); }
    bHint.disabled = false;
  }

  // A line of moves as players write it: numbered, the squares joined by a dash ("7. e1–e5 a9–a5
  // 8. …"), starting after ply `ply` with `turn` to move.
  function lineText(pv, ply, turn) {
    const first = game.moves.length ? game.moves[0].side : game.turn;
    const out = [];
    pv.forEach((m, i) => {
      const p = ply + i, side = i % 2 === 0 ? turn : (turn === 'black' ? 'white' : 'black');
      const number = Math.floor((p + (first === 'white' ? 1 : 0)) / 2) + 1;
      const half = m.length / 2, text = `${m.slice(0, half)}–${m.slice(half)}`;
      if (side === first || i === 0) out.push(`${number}.${side === first ? '' : '..'}`);
      out.push(text);
    });
    return out.join(' ');
  }

  function scoreText(a) {
    if (a.mate !== null && a.mate !== undefined) return a.mate > 0 ? `win in ${a.mate}` : `loss in ${-a.mate}`;
    return `${a.score >= 0 ? '+' : ''}${(a.score / 100).toFixed(2)} for the side to move`;
  }

  async function analyse() {
    if (!analysis || !game) return;
    const seq = ++analysisSeq;
    const text = document.getElementById('analysis-text');
    if (game.status === 'over' && !reviewing()) { text.textContent = OVER_TEXT; return; }
    text.textContent = 'Thinking…';
    try {
      const turn = turnShown();
      const a = await api.hint(id, 1000, reviewing() ? shownPly : null);
      if (seq !== analysisSeq) return;
      const black = turn === 'black' ? a.score : -a.score;
      const share = a.mate !== null && a.mate !== undefined ? ((a.mate > 0) === (turn === 'black') ? 100 : 0)
        : Math.round(100 / (1 + Math.exp(-black / 250)));
      evalFill.style.height = share + '%';
      evalBar.setAttribute('aria-valuenow', share);
      const mate = a.mate !== null && a.mate !== undefined;
      evalNum.textContent = mate ? `#${(a.mate > 0) === (turn === 'black') ? '' : '-'}${Math.abs(a.mate)}`
        : `${black >= 0 ? '+' : '−'}${Math.abs(black / 100).toFixed(1)}`;
      text.textContent = `Depth ${a.depth}: ${scoreText(a)} (${game.side_names[turn]}). Best line: ${lineText(a.pv, reviewing() ? shownPly : game.ply, turn) || '—'}`;
    } catch (e) { if (seq === analysisSeq) text.textContent = e.message; }
  }

  function toggleExport() {
    exportBox.hidden = !exportBox.hidden;
    if (exportBox.hidden) return;
    exportBox.textContent = 'Loading…';
    api.record(id).then((rec) => {
      exportBox.textContent = '';
      exportBox.append(h('h2', {}, 'Export'),
        h('label', {}, 'Game record', h('textarea', { id: 'export-record', rows: 8, readonly: true }, rec)),
        h('p', {}, h('a', { href: `/api/games/${id}/record?download=1`, id: 'export-download', download: `hasami-game-${id}.hrec` }, 'Download the record')),
        h('label', {}, 'Position text (shown position)', h('input', { type: 'text', id: 'export-position', readonly: true, value: shownPosition() })));
    }).catch((e) => { exportBox.textContent = e.message; });
  }

  function shownPosition() {
    if (shownPly === null) return game.position;
    return shownPly === 0 ? game.start : game.moves[shownPly - 1].position;
  }

  function update(g, fromAction) {
    const prevPly = game ? game.ply : null;
    game = g;
    clockBase = g.clock ? { ...g.clock, at: performance.now() } : null;
    // The bar's two colours are the two sides' (White and Red in Shogun); it fills with the first's.
    evalBar.classList.toggle('shogun', !!g.shogun);
    evalBar.setAttribute('aria-label', `Evaluation, ${g.side_names.black}'s share`);
    if (g.you !== undefined) you = g.you;
    const animate = prevPly !== null && g.ply === prevPly + 1;
    if (prevPly !== null && g.ply !== prevPly) { hint = null; hintNote = ''; shownPly = null; }
    render(animate);
    if (analysis && (prevPly === null || g.ply !== prevPly)) analyse();
    if (animate) {
      const m = g.moves[g.ply - 1];
      announce(`${g.side_names[m.side].toLowerCase()} played ${m.move}` + (m.captured.length ? `, capturing ${m.captured.join(' ')}` : '') + (g.status === 'over' ? `. ${g.reason}` : ''));
    }
    void fromAction;
  }

  // Piece counts of the position shown (the view's counts are those of the current position).
  function shownPieces() {
    if (!reviewing()) return game.pieces;
    const board = shownPosition().split(' ')[0];
    const count = (re) => (board.match(re) || []).length;
    return game.shogun ? { black: count(/[PS]/g), white: count(/[ps]/g) } : { black: count(/b/g), white: count(/w/g) };
  }

  function render(animate) {
    if (!game) return;
    const g = game;
    const ply = shownPly ?? g.ply;
    for (const s of ['black', 'white']) {
      const e = document.getElementById('pieces-' + s);
      if (e) { const n = shownPieces()[s]; e.textContent = n; e.setAttribute('aria-label', `${n} pieces`); }
    }
    const position = ply === g.ply ? g.position : (ply === 0 ? g.start : g.moves[ply - 1].position);
    const last = ply > 0 ? g.moves[ply - 1] : null;
    const mine = you === 'both' || you === g.turn;
    const interactive = shownPly === null && g.status === 'playing' && mine && !g.thinking;
    root.dataset.status = g.status; root.dataset.turn = g.turn; root.dataset.ply = g.ply;
    root.dataset.you = you || 'spectator'; root.dataset.thinking = g.thinking;
    if (!flipped && you === 'white' && !root.dataset.autoflipped) { flipped = true; root.dataset.autoflipped = '1'; }
    board.set({
      size: g.size, position, go: g.preset === 'dai-hasami' || g.preset === 'dai-hasami-captures',
      houseRows: g.preset === 'agon' || /\+house(=on)?(\+|$)/.test(g.variant) ? 2 : 0,
      flipped, interactive, legal: g.legal_moves, animate,
      lastMove: last ? { from: last.move.slice(0, last.move.length / 2), to: last.move.slice(last.move.length / 2) } : null,
      captured: last ? last.captured : [], capturedSide: last ? (last.side === 'black' ? 'white' : 'black') : null,
      // The move before keeps its capture marks (fainter), so a fast reply does not hide them.
      prevCaptured: ply > 1 ? g.moves[ply - 2].captured : [],
      // The winning five, on the final position only.
      winningLine: shownPly === null ? g.winning_line : [],
      hint: hintPly === ply ? hint : null,
      shogun: !!g.shogun, sideNames: g.side_names, learn,
      arrivals: g.shogun && shownPly === null ? g.shogun.arrivals : null,
      refused: g.shogun && shownPly === null ? g.shogun.refused : null,
      checkSide: g.shogun && g.shogun.attacked && shownPly === null ? g.turn : null,
    });
    document.getElementById('game-title').textContent = `Game ${g.id}: ${gameName(g.variant)}`;
    variantLine.textContent = g.variant;
    // The tab says when it is your move (title and a dot on the icon), so a player in another tab
    // sees it; hot-seat games, where both sides are yours, do not.
    const myTurn = g.status === 'playing' && (you === 'black' || you === 'white') && g.turn === you && !g.thinking;
    document.title = `${myTurn ? '● Your move · ' : ''}Game ${g.id}: ${gameName(g.variant)}`;
    setIcon(myTurn);
    players.textContent = '';
    players.classList.toggle('shogun', !!g.shogun);
    for (const s of ['black', 'white']) {
      // "White (you)", "Black: Ann", "White: hasami level 3": a default name is not repeated.
      const label = (defaultName(g, s) ? g.side_names[s] : `${g.side_names[s]}: ${g.players[s]}`) + (you === s ? ' (you)' : '');
      players.append(h('span', { class: 'dot ' + s, 'aria-hidden': 'true' }),
        h('span', { class: g.turn === s && g.status === 'playing' ? 'turn' : '', id: 'player-' + s }, label),
        h('span', { id: 'pieces-' + s, 'aria-label': `${shownPieces()[s]} pieces` }, shownPieces()[s]),
        g.clock ? h('span', { class: 'clock', id: 'clock-' + s, role: 'timer', 'aria-label': `${g.side_names[s]}'s clock` }) : h('span', {}));
    }
    tickClocks();
    const sh = g.shogun;
    warning.hidden = !(sh && sh.attacked && g.status === 'playing' && shownPly === null);
    if (!warning.hidden) warning.textContent = `Shogun! ${g.side_names[g.turn]}'s Shogun is attacked (by ${sh.attackers.join(', ')}).`;
    bLearn.hidden = !(sh && sh.numbers === 'magnets');
    // A player may name themselves before the game is under way (until each side has moved once);
    // the box starts empty rather than with a default like "White".
    const player = you === 'black' || you === 'white';
    const namable = g.status === 'playing' && player && (g.ply < 2 || document.activeElement === nameInput);
    nameForm.hidden = !namable;
    if (namable && document.activeElement !== nameInput) nameInput.value = defaultName(g, you) ? '' : g.players[you];
    if (g.status === 'over') {
      over.hidden = false; over.textContent = `Game over (${g.result}): ${g.reason}`;
      status.textContent = '';
    } else {
      over.hidden = true;
      const turnName = g.side_names[g.turn];
      status.textContent = g.thinking ? 'The engine is thinking…'
        : shownPly !== null ? `Viewing move ${ply} of ${g.ply}`
        : mine ? `Your move (${turnName})` : you ? `Waiting for ${turnName}` : `${turnName} to move (you are watching)`;
      if (g.draw_offer && g.draw_offer !== you && you) status.textContent += ' — your opponent offers a draw';
      else if (g.draw_offer) status.textContent += ` — ${g.side_names[g.draw_offer]} offers a draw`;
    }
    // A hint stays in the status line while its position is shown.
    if (hintPly === ply && hintNote) status.textContent = hintNote;
    const playing = g.status === 'playing' && !!you;
    bUndo.hidden = g.opponent === 'online';
    // A finished engine game's result stands (the server refuses too); hot-seat games may go back.
    bUndo.disabled = !you || g.ply === 0 || (g.status === 'over' && (g.opponent === 'engine' || / resigned|agreed|on time/.test(g.reason || '')));
    bResign.disabled = !playing;
    bDraw.hidden = bDecline.hidden = g.opponent !== 'online';
    bDraw.disabled = !playing || g.draw_offer === you;
    bDraw.textContent = g.draw_offer && g.draw_offer !== you ? 'Accept draw' : 'Offer draw';
    bDecline.disabled = !playing || !g.draw_offer || g.draw_offer === you;
    bHint.disabled = g.opponent === 'online' && g.status === 'playing';
    bAnalysis.disabled = bHint.disabled;
    // invite links
    const links = invites.get(g.id);
    if (g.opponent === 'online' && links && links.black) {
      linksBox.hidden = false; linksBox.textContent = '';
      const abs = (p) => location.origin + p;
      // Each link in full (it wraps) with a button that copies it.
      const row = (key, text) => {
        const input = h('input', { type: 'text', readonly: true, id: 'invite-' + key, value: abs(links[key]) });
        const copy = h('button', { type: 'button', id: 'copy-' + key, 'aria-label': `Copy: ${text}` }, 'Copy');
        copy.addEventListener('click', async () => {
          try { await navigator.clipboard.writeText(input.value); } catch { input.select(); document.execCommand('copy'); }
          copy.textContent = 'Copied'; announce('Link copied');
          setTimeout(() => { copy.textContent = 'Copy'; }, 2000);
        });
        return h('label', {}, text, h('span', { class: 'link-row' }, input, copy));
      };
      linksBox.append(h('h2', {}, 'Invite links'),
        ...['black', 'white'].map((s) => row(s, `${g.side_names[s]}${you === s ? ' (yours)' : ' (send to your friend)'}`)),
        row('spectator', 'Spectators (watch only)'));
    } else linksBox.hidden = true;
    // move list
    moveList.textContent = '';
    const ol = h('ol', {});
    let row = null;
    g.moves.forEach((m, i) => {
      const number = Math.floor((i + (g.moves[0].side === 'white' ? 1 : 0)) / 2) + 1;
      if (m.side === 'black' || !row) {
        row = h('li', {}, h('span', { class: 'num' }, number + '.'));
        if (m.side === 'white') row.append(h('span', {}, '…'));
        ol.append(row);
      }
      row.append(h('button', { type: 'button', 'data-ply': m.ply, 'aria-current': m.ply === ply ? 'true' : 'false',
        'aria-label': `${m.ply}: ${g.side_names[m.side].toLowerCase()} ${m.move}${m.captured.length ? ' captures ' + m.captured.join(' ') : ''}`,
        onclick: () => goto(m.ply) }, m.move + (m.captured.length ? '×' + m.captured.length : '')));
    });
    moveList.append(g.moves.length ? ol : h('p', { class: 'hint-text' }, 'No moves yet.'));
    // The newest move is scrolled into view inside the move list only: the page itself never moves
    // (on a phone, scrolling the page to the list would push the board off the screen).
    const cur = moveList.querySelector('[aria-current="true"]');
    if (cur && shownPly === null) {
      const r = cur.getBoundingClientRect(), box = moveList.getBoundingClientRect();
      if (r.bottom > box.bottom) moveList.scrollTop += r.bottom - box.bottom;
      else if (r.top < box.top) moveList.scrollTop -= box.top - r.top;
    }
    if (!exportBox.hidden) { const p = document.getElementById('export-position'); if (p) p.value = shownPosition(); }
  }

  // Clocks: the server sends the remaining times with every view; the running one counts down here.
  function clockText(ms) {
    ms = Math.max(0, ms);
    const total = Math.ceil(ms / 100) / 10;
    const m = Math.floor(total / 60), sec = total - m * 60;
    return ms < 10_000 ? `${m}:${sec.toFixed(1).padStart(4, '0')}` : `${m}:${String(Math.floor(sec)).padStart(2, '0')}`;
  }
  function tickClocks() {
    if (!clockBase) return;
    for (const s of ['black', 'white']) {
      const e = document.getElementById('clock-' + s);
      if (!e) continue;
      const running = clockBase.running === s;
      const ms = clockBase[s + '_ms'] - (running ? performance.now() - clockBase.at : 0);
      e.textContent = clockText(ms);
      e.dataset.ms = Math.max(0, Math.round(ms));
      e.classList.toggle('running', running);
      e.classList.toggle('low', running && ms < 10_000);
    }
  }
  const ticker = setInterval(tickClocks, 100);

  // Live updates: the server sends the whole game on connect and after every change, so a
  // reconnect resumes where the game is.
  function connect() {
    if (closed) return;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    ws = new WebSocket(`${proto}//${location.host}/api/games/${id}/ws` + (token ? '?token=' + encodeURIComponent(token) : ''));
    ws.onopen = () => { wsOpen = true; retry = 0; conn.textContent = ''; };
    ws.onmessage = (e) => {
      let msg; try { msg = JSON.parse(e.data); } catch { return; }
      if (msg.type === 'game') update(msg.game, false);
      else if (msg.type === 'error') errorLine.textContent = plain(msg.error);
    };
    ws.onclose = () => {
      wsOpen = false;
      if (closed) return;
      retry = Math.min(retry + 1, 6);
      conn.textContent = 'Connection lost; reconnecting…';
      setTimeout(connect, 300 * 2 ** retry);
    };
  }
  api.game(id, token).then((g) => { update(g, false); connect(); }).catch((e) => {
    root.replaceWith(h('div', { class: 'card' }, h('h1', {}, `Game ${id}`), h('p', { class: 'error', role: 'alert' }, e.message), h('a', { href: '#/' }, 'New game')));
  });
  cleanup = () => { closed = true; clearInterval(ticker); if (ws) ws.close(); };
}
