// The piece set and board theme this browser chose (localStorage `hasami.pieces` and
// `hasami.board`), each game's own set until the player picks one, and the panel that picks them:
// the header's *Board* button (#look-toggle, on every page) opens it under the header. A choice
// applies at once to the board on the screen (and in this browser's other tabs) and is kept for
// every game. Loaded with the game screen and the analysis board, or when the panel is first opened.

import { t, loadMore } from './i18n.js';
import { h } from './dom.js';
import { SETS, THEMES, makeLook, sample } from './pieces.js';

// This screen's texts (lang-LANG-more.js) are in the catalogue before anything here runs.
await loadMore();

const PIECES = 'hasami.pieces', BOARD = 'hasami.board';
const AUTO = 'auto';

function stored(key, allowed) {
  try { const v = localStorage.getItem(key); return allowed.includes(v) ? v : null; } catch { return null; }
}
function store(key, value) {
  try { if (value === AUTO) localStorage.removeItem(key); else localStorage.setItem(key, value); } catch { /* private mode: this page only */ }
}

/** The set a game is drawn with until the player picks one: shogi pawns for the Hasami Shogi
 * games on 9×9, Go stones for Dai Hasami and Mak-yek, red and green for AGON, and the plain shapes
 * for Hasami Chess (its pawns are chess pawns) and Shogun (its own round pieces). `game`: a game
 * or board view (preset, size, shogun). */
export function defaultSet(game) {
  if (game.shogun || game.preset === 'shogun') return 'shapes';
  if (['dai-hasami', 'dai-hasami-captures', 'mak-yek'].includes(game.preset)) return 'stones';
  if (game.preset === 'agon') return 'agon';
  return game.size === 9 ? 'koma' : 'shapes';
}

/** The board theme until the player picks one: high contrast where the system asks for more
 * contrast, else wood. */
export function defaultTheme() {
  return matchMedia('(prefers-contrast: more)').matches ? 'contrast' : 'wood';
}

/** The look of `game`'s board (for board.js's `look`): the chosen set and theme, else the defaults. */
export function lookFor(game) {
  return makeLook(stored(PIECES, SETS) || defaultSet(game), stored(BOARD, THEMES) || defaultTheme());
}

// Who redraws when the choice changes: [node, redraw], dropped once the node has left the page.
const watchers = [];
function changed() {
  for (let i = watchers.length - 1; i >= 0; i--) {
    if (watchers[i][0].isConnected) watchers[i][1](); else watchers.splice(i, 1);
  }
}
addEventListener('storage', (e) => { if (e.key === PIECES || e.key === BOARD || e.key === null) changed(); });

/** Calls `redraw` whenever the player picks another set or theme, while `node` is on the page. */
export function onLookChange(node, redraw) {
  for (let i = watchers.length - 1; i >= 0; i--) if (!watchers[i][0].isConnected) watchers.splice(i, 1);
  watchers.push([node, redraw]);
}

/** Opens the panel under the header, or closes it when open; `button` is the header's. */
export function toggleLookPanel(button) {
  const open = document.getElementById('look-panel');
  if (open) { closePanel(open, button); return; }
  const panel = buildPanel(button);
  // Under the header at the right, over the page, so that the board stays in view.
  const top = document.querySelector('header.top');
  panel.style.top = `${(top ? top.getBoundingClientRect().bottom : 0) + scrollY}px`;
  document.body.append(panel);
  button.setAttribute('aria-expanded', 'true');
  panel.querySelector('input:checked').focus();
}

function closePanel(panel, button) {
  panel.remove();
  button.setAttribute('aria-expanded', 'false');
  button.focus();
}

function buildPanel(button) {
  addPanelStyle();
  const group = (key, name, values, current, draw) => {
    const box = h('fieldset', { id: 'look-' + name, class: 'look-group' }, h('legend', {}, t(key)));
    for (const v of values) {
      const input = h('input', { type: 'radio', name: 'look-' + name, value: v, id: `look-${name}-${v}`, checked: v === current });
      input.addEventListener('change', () => { store(name === 'pieces' ? PIECES : BOARD, v); redrawSamples(); changed(); });
      box.append(h('label', { class: 'look-choice', for: input.id }, input, h('span', { class: 'look-sample-box' }), h('span', {}, t(`${key}.${v}`))));
    }
    box.draw = draw;
    return box;
  };
  const pieces = group('look.pieces', 'pieces', [AUTO, ...SETS], stored(PIECES, SETS) || AUTO,
    (v) => (v === AUTO ? null : sample(v, currentTheme())));
  const board = group('look.board', 'board', [AUTO, ...THEMES], stored(BOARD, THEMES) || AUTO,
    (v) => sample(currentSet(), v === AUTO ? defaultTheme() : v));
  function currentTheme() { return stored(BOARD, THEMES) || defaultTheme(); }
  function currentSet() { return stored(PIECES, SETS) || 'koma'; }
  function redrawSamples() {
    for (const g of [pieces, board]) for (const input of g.querySelectorAll('input')) {
      const slot = input.parentNode.querySelector('.look-sample-box');
      slot.textContent = '';
      const svg = g.draw(input.value);
      if (svg) slot.append(svg);
    }
  }
  redrawSamples();
  const close = h('button', { type: 'button', id: 'look-close' }, t('look.close'));
  const panel = h('section', { id: 'look-panel', class: 'look-panel card', 'aria-labelledby': 'look-title' },
    h('h2', { id: 'look-title' }, t('look.title')), pieces, board,
    h('p', { class: 'hint-text', id: 'look-about' }, t('look.about')),
    h('p', { class: 'hint-text' }, t('look.board.about')), h('p', { class: 'hint-text' }, t('look.shogun')), close);
  close.addEventListener('click', () => closePanel(panel, button));
  panel.addEventListener('keydown', (e) => { if (e.key === 'Escape') { e.preventDefault(); closePanel(panel, button); } });
  return panel;
}

function addPanelStyle() {
  if (document.getElementById('look-panel-style')) return;
  const style = document.createElement('style');
  style.id = 'look-panel-style';
  style.textContent = `
.look-panel { position: absolute; right: .5rem; z-index: 20; width: min(24rem, calc(100vw - 1rem)); margin: .3rem 0 0;
  max-height: calc(100vh - 6rem); overflow: auto; box-shadow: 0 6px 24px rgba(0, 0, 0, .35); }
.look-panel h2 { margin: 0 0 .4rem; }
.look-panel p { margin: .3rem 0; font-size: .85rem; }
.look-group { display: grid; gap: .15rem; margin: 0 0 .5rem; }
.look-choice { display: flex; align-items: center; gap: .5rem; min-height: 2.5rem; cursor: pointer; }
.look-sample-box { display: inline-flex; min-width: 4.8rem; }
.look-sample-box:empty { display: none; }`;
  document.head.append(style);
}
