// Rules pages for players, one per preset, with a diagram of the start and of a capture; Shogun's
// page also shows the three worked examples of the 1979 rules (shogun-examples.json), each playable.
// Game names come from the catalogue (`name.PRESET` in lang-LANG.js); the pages' texts, long ones
// included, from rules-text-LANG.js, loaded when a rules page opens (rules-text.js). The server's
// descriptions of presets and options (GET /api/variants, English) are shown only for one the
// catalogue does not know yet.

import { Board } from './board.js';
import { api, holdKey, noServer } from './api.js';
import { t, has, loadMore } from './i18n.js';
import { loadRulesText, rt, rtNodes } from './rules-text.js';

/** Each game's rules page: the catalogue keys (rules-text-LANG.js) of its intro and of its rules,
 * in order; Hasami Shogi's page also shows a capture. */
const COMMON = ['rules.common.move', 'rules.common.capture', 'rules.common.corner'];
const MAK_YEK = ['rules.common.move', 'rules.common.capture', 'rules.mak-yek.intervention', 'rules.common.corner', 'rules.mak-yek.end'];

const RULES = {
  'hasami': {
    rules: [...COMMON, 'rules.hasami.end'],
    capture: { size: 9, position: '9/9/9/9/2wwb4/9/1b7/9/9 b 0 1', move: 'b3b5', after: '9/9/9/9/1b2b4/9/9/9/9 w 0 1', note: 'rules.hasami.capture-note' },
  },
  'hasami-chess': { rules: [...COMMON, 'rules.hasami-chess.end'] },
  'dai-hasami': { rules: ['rules.common.move', 'rules.dai-hasami.jump', 'rules.common.capture', 'rules.common.corner', 'rules.dai-hasami.end'] },
  'dai-hasami-captures': { rules: [...COMMON, 'rules.dai-hasami-captures.end'] },
  'agon': { rules: ['rules.agon.move', 'rules.agon.houses', 'rules.common.capture', 'rules.agon.corner', 'rules.agon.end'] },
  'mak-yek': { rules: MAK_YEK },
  'apit-sodok': { rules: MAK_YEK },
  'shogun': { rules: ['move', 'capture', 'check', 'end', '1976', 'board', 'arrange'].map((k) => 'rules.shogun.' + k) },
};

function diagram(h, size, position, label, go, lastMove, captured, shogun, extra = {}) {
  const box = h('div', { class: 'rules-diagram' });
  const b = new Board(box, { label });
  const side = (s) => rt(`rules.side.${shogun ? 'shogun-' : ''}${s}`);
  b.set({ size, position, go, flipped: false, interactive: false, legal: [], lastMove, captured: captured || [], capturedSide: 'white',
    shogun: !!shogun, sideNames: { black: side('black'), white: side('white') }, ...extra });
  b.svg.removeAttribute('id');
  b.svg.setAttribute('role', 'img');
  b.svg.removeAttribute('tabindex');
  return box;
}

/** A game's title in the language shown: "Hasami Shogi", "はさみ将棋" (catalogue `name.PRESET`); an
 * unknown preset as written. */
export function presetName(preset) {
  return has('name.' + preset) ? t('name.' + preset) : preset;
}

/**
 * A game's name for players: the preset's title and its options as written, like "Hasami Shogi
 * (win=captures:5)". Shogun's board seed and rotation are details of the board, not of the game,
 * and are left out (the full variant text is shown where it can wrap or be copied).
 */
export function gameName(variant) {
  const [preset, ...options] = String(variant).split('+');
  const title = presetName(preset);
  const shown = options.filter((o) => !(preset === 'shogun' && /^(seed|rotation)=/.test(o)));
  return shown.length ? t('name.with-options', { name: title, options: shown.join(', ') }) : title;
}

/** An option's description: the catalogue's by the option's name (`board` of `board=8|9`), else the
 * server's English (GET /api/variants). */
function optionAbout(prefix, o) {
  const name = String(o.option).split(/[=[]/)[0];
  return rt(`${prefix}.${name}`, null, o.about);
}

/** The options of a family as a table: the option as written, what it does. */
function optionsTable(h, id, prefix, options) {
  return h('table', { class: 'list', id }, h('tbody', {}, (options || []).map((o) => h('tr', {}, h('td', {}, h('code', {}, o.option)), h('td', {}, optionAbout(prefix, o))))));
}

export async function renderRules(view, preset, { h, variants }) {
  // The page is drawn once its texts are here, unless the player has gone elsewhere meanwhile.
  const here = location.hash;
  // (The later screens' texts too: the link to the game's lessons.)
  const [{ presets, options, aliases = [], shogun_options: shogunOptions }] = await Promise.all([variants(), loadRulesText(), loadMore()]);
  if (location.hash !== here) return;
  if (!preset || !RULES[preset]) {
    document.title = rt('rules.title');
    view.append(h('div', { class: 'card' }, h('h1', {}, rt('rules.heading')),
      h('p', {}, ...rtNodes('rules.pick', { example: h('code', {}, 'hasami+win=captures:5') })),
      h('ul', { class: 'rules-grid', id: 'rules-list' }, presets.concat(aliases).map((p) => h('li', {}, h('a', { href: '#/rules/' + p.name }, presetName(p.name)), h('br'),
        h('span', { class: 'hint-text' }, rt('rules.about.' + p.name, null, p.about))))),
      h('h2', {}, rt('rules.options')),
      optionsTable(h, null, 'rules.option', options)));
    return;
  }
  const r = RULES[preset];
  const title = presetName(preset);
  // An alias (apit-sodok) shows its preset's game under its own name.
  const alias = aliases.find((a) => a.name === preset);
  const p = presets.find((x) => x.name === (alias ? alias.preset : preset));
  document.title = rt('rules.page-title', { game: title });
  const go = preset.startsWith('dai-hasami');
  const card = h('article', { class: 'card', id: 'rules-' + preset },
    h('h1', {}, title), h('p', {}, rt(`rules.${preset}.intro`)),
    h('h2', {}, rt('rules.start')), diagram(h, p.size, p.start, rt('rules.start-label', { game: title }), go, null, null, preset === 'shogun'),
    h('h2', {}, rt('rules.how')), h('ol', {}, r.rules.map((key) => h('li', {}, rt(key)))));
  if (r.capture) {
    const c = r.capture, half = c.move.length / 2, note = rt(c.note);
    card.append(h('h2', {}, rt('rules.capture')),
      diagram(h, c.size, c.after, note, go, { from: c.move.slice(0, half), to: c.move.slice(half) }, ['c5', 'd5']),
      h('p', {}, note));
  }
  if (preset === 'shogun') card.append(h('h2', {}, rt('rules.options')), optionsTable(h, 'shogun-options', 'rules.shogun-option', shogunOptions));
  const about = rt('rules.about.' + p.name, null, p.about);
  const code = (text) => h('code', {}, text);
  card.append(h('p', { class: 'hint-text' }, ...(alias
    ? rtNodes('rules.variant-text-alias', { variant: code(preset), preset: code(alias.preset) }, { alias: rt('rules.about.' + preset, null, alias.about), about })
    : rtNodes('rules.variant-text', { variant: code(preset) }, { about }))),
  h('p', {}, h('a', { href: '#/', class: 'button' }, rt('rules.play')), ' ',
    h('a', { href: '#/learn/' + preset, class: 'button', id: 'rules-learn' }, t('learn.rules-page-link'))));
  const examples = preset === 'shogun' ? await shogunExamples(h) : null;
  if (location.hash !== here) return;
  view.append(card);
  if (examples) view.append(examples);
}

/** A game from a worked example's position: against the engine (you play White, who is to move) or
 * hot-seat, on the server or, when none answers, in this browser; then the game screen. */
async function playExample(ex, opponent, err) {
  const req = { variant: ex.variant, position: ex.position, opponent };
  if (opponent === 'engine') Object.assign(req, { level: 3, side: 'black' });
  try {
    const c = await api.create(req);
    holdKey(c);
    location.hash = `#/game/${c.id}`;
  } catch (e) {
    if (!noServer(e)) { err.textContent = e.message; return; }
    // No server: the game is kept in this browser (local-games.js).
    try { location.hash = `#/local/${await (await import('./local-games.js')).createLocalGame(req)}`; } catch (x) { err.textContent = x.message; }
  }
}

/** The worked examples of the 1979 rules (shogun-examples.json, checked by
 * crates/server/tests/shogun_examples.rs): for each, the position with the move drawn, the position
 * after it, what it shows, and buttons that start a game from the position. */
async function shogunExamples(h) {
  let data;
  try {
    data = await (await fetch(new URL('./shogun-examples.json', import.meta.url))).json();
  } catch { return null; }
  const dash = (m) => `${m.slice(0, 2)}–${m.slice(2)}`;
  return h('section', { class: 'card', id: 'shogun-examples', 'aria-labelledby': 'shogun-examples-title' },
    h('h2', { id: 'shogun-examples-title' }, rt('rules.examples.heading')),
    h('p', {}, ...rtNodes('rules.examples.intro', { variant: h('code', {}, 'shogun') })),
    data.examples.map((ex, i) => {
      const err = h('p', { class: 'error', role: 'alert' });
      const kind = (ex.captures ? 'takes' : '') + (ex.result === 'checkmate' ? (ex.captures ? '-mate' : 'mate') : '');
      const move = rt(`rules.example.move.${kind || 'plain'}`, { move: dash(ex.move), piece: ex.captures });
      const n = i + 1;
      return h('article', { class: 'shogun-example', id: 'example-' + ex.id, 'data-example': ex.id, 'aria-labelledby': `example-${ex.id}-title` },
        h('h3', { id: `example-${ex.id}-title` }, rt('rules.example.title', { n, title: rt(`rules.example.${ex.id}.title`, null, ex.title) })),
        h('div', { class: 'example-boards' },
          h('figure', {}, diagram(h, 8, ex.position, rt('rules.example.before-label', { n, move: dash(ex.move) }), false, null, null, true,
            { arrows: [{ move: ex.move, kind: 'best' }] }), h('figcaption', { class: 'hint-text' }, rt('rules.example.before'))),
          h('figure', {}, diagram(h, 8, ex.after, rt('rules.example.after-label', { n, move: dash(ex.move) }), false, { from: ex.move.slice(0, 2), to: ex.move.slice(2) }, null, true,
            ex.result === 'checkmate' ? { checkSide: 'white' } : {}), h('figcaption', { class: 'hint-text' }, rt('rules.example.after', { move: dash(ex.move) })))),
        h('p', {}, rt(`rules.example.${ex.id}.text`, null, ex.text)),
        h('p', { class: 'example-move' }, ...rtNodes('rules.example.move', { move: h('strong', {}, move) })),
        h('div', { class: 'buttons' },
          h('button', { type: 'button', class: 'primary play-example', onclick: () => playExample(ex, 'engine', err) }, rt('rules.example.play')),
          h('button', { type: 'button', class: 'play-example-local', onclick: () => playExample(ex, 'local', err) }, rt('rules.example.local'))),
        err,
        h('p', { class: 'hint-text' }, ...rtNodes('rules.example.position', { variant: h('code', {}, ex.variant), position: h('code', { class: 'example-position' }, ex.position) })));
    }));
}
