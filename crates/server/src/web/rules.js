// Rules pages for players, one per preset, with a diagram of the start and of a capture; Shogun's
// page also shows the three worked examples of the 1979 rules (shogun-examples.json), each playable.

import { Board } from './board.js';
import { api, holdKey } from './api.js';

const COMMON = {
  move: 'On your turn move one of your pieces any number of empty squares in a straight line, forwards, backwards or sideways, like a rook in chess. You may not jump over pieces (unless the game says so) and you may not pass.',
  capture: 'Capture by sandwiching: when your move puts enemy pieces in a straight line between the piece you moved and another of your pieces, with no gap, those enemy pieces are taken off. Only the move that closes the sandwich captures. You can safely move into a gap between two enemy pieces.',
  corner: 'A piece in a corner is captured when you block both squares next to it (one of them with the piece you just moved).',
};

const MAK_YEK = [COMMON.move, COMMON.capture, 'Intervention: moving into a gap between two enemy pieces captures both of them.', COMMON.corner, 'Capture every enemy piece to win.'];

const RULES = {
  'hasami': {
    title: 'Hasami Shogi',
    intro: 'The classic Japanese sandwich game, played with shogi pieces on a 9×9 board. Each side starts with 9 pieces on its first row. Black moves first.',
    rules: [COMMON.move, COMMON.capture, COMMON.corner,
      'You win when your opponent has only one piece left. A position seen for the third time is a draw, and so are 100 moves in a row (both sides counted) without a capture.'],
    capture: { size: 9, position: '9/9/9/9/2wwb4/9/1b7/9/9 b 0 1', move: 'b3b5', after: '9/9/9/9/1b2b4/9/9/9/9 w 0 1', note: 'Black plays b3–b5: the two White pieces on c5 and d5 are now between b5 and e5 and are captured.' },
  },
  'hasami-chess': {
    title: 'Hasami Chess',
    intro: 'Hasami Shogi on an 8×8 chessboard with 8 pieces each, as K. Seki describes it.',
    rules: [COMMON.move, COMMON.capture, COMMON.corner, 'You win when your opponent has only one piece left.'],
  },
  'dai-hasami': {
    title: 'Dai Hasami Shogi',
    intro: '“Big” Hasami Shogi: 18 pieces each on the first two rows, often played with Go stones on the points of a Go board. Two ways to play a move, and a different goal.',
    rules: [COMMON.move, 'Instead of sliding you may jump over one piece next to yours (of either colour) onto the empty square right behind it. The jumped piece stays.', COMMON.capture, COMMON.corner,
      'You win by making five in a row: five of your pieces next to each other in a straight line, across or up and down, all outside your own two starting rows.'],
  },
  'dai-hasami-captures': {
    title: 'Dai Hasami Shogi (captures)',
    intro: 'The 18-piece game decided by captures, without jumps.',
    rules: [COMMON.move, COMMON.capture, COMMON.corner, 'When one side has no pieces left it loses. When both are down to one piece, or after 100 moves without a capture, whoever has more pieces wins; equal is a draw.'],
  },
  'agon': {
    title: 'AGON (Ludos)',
    intro: 'A modern rulebook of the big game: 18 pieces each, two home rows (the “house”) and the battlefield between them.',
    rules: [COMMON.move + ' You may also jump over a piece next to yours.', 'Houses: you may never move into your opponent’s house, and a piece that has left your own house cannot come back into it.', COMMON.capture, 'Corner captures happen at the corners of the battlefield.',
      'You win with five in a row in the battlefield (diagonals count too), or by capturing 14 pieces (leaving your opponent 4).'],
  },
  'mak-yek': {
    title: 'Mak-yek',
    intro: 'A Thai game on 8×8: 16 pieces each, on the first and third rows. In Malaysia it is called Apit-sodok.',
    rules: MAK_YEK,
  },
  'apit-sodok': {
    title: 'Apit-sodok',
    intro: 'Apit-sodok is the Malay name of Mak-yek: the same game, with the same rules. 16 pieces each on 8×8, on the first and third rows.',
    rules: MAK_YEK,
  },
  'shogun': {
    title: 'Shogun',
    intro: 'Ravensburger’s game of 1979 on an 8×8 board. Each side has seven pieces and a Shogun (marked with a crown). White starts on the first row, Red on the last; the players decide who moves first (White unless the game says first=red). Every piece shows a number, and the number changes as the piece moves: magnets under the board turn a disc inside each piece.',
    rules: [
      'A piece must move exactly as many squares as the number it shows (1–4; the Shogun 1 or 2), forwards, backwards or sideways, and may turn a corner once on the way. It never jumps: every square it passes must be empty.',
      'Landing on an enemy piece captures it. After landing, the piece shows the number of its new square: the same square always gives the same number to the same piece, but each piece reacts differently, so learning the board pays. The learning view of the game screen shows the number a picked piece would get on each destination.',
      '“Shogun!”: you may never make a move after which an enemy piece could capture your Shogun with the number it shows now. If your Shogun is attacked and no move saves it, you lose (checkmate). If you cannot move at all, you lose too.',
      'A side left with only its Shogun and one other piece loses at once. A position seen for the third time is a draw, and so are 100 moves in a row (both sides counted) without a capture.',
      '1976 rules (option capture=allowed): the Shogun may be captured, and capturing it wins; the “Shogun!” rule does not apply.',
      'The magnet board is set by a seed and a rotation; the new-game screen draws them at random unless you choose them. Other options: random numbers after every move (numbers=random), a shuffled setup (setup=shuffle), and Red moving first (first=red).',
      'Arranging your pieces (setup=choose): the rules let each player place its seven pieces on its first row as it likes, the Shogun on its own square. Before the first move each player arranges its row; in an online game neither sees the other’s row until both are done. Each piece keeps its own disc, so where you put it decides the number it shows.',
    ],
  },
};

function diagram(h, size, position, label, go, lastMove, captured, shogun, extra = {}) {
  const box = h('div', { class: 'rules-diagram' });
  const b = new Board(box, { label });
  b.set({ size, position, go, flipped: false, interactive: false, legal: [], lastMove, captured: captured || [], capturedSide: 'white',
    shogun: !!shogun, sideNames: shogun ? { black: 'White', white: 'Red' } : { black: 'Black', white: 'White' }, ...extra });
  b.svg.removeAttribute('id');
  b.svg.setAttribute('role', 'img');
  b.svg.removeAttribute('tabindex');
  return box;
}

/**
 * A game's name for players: the preset's title and its options in words, like "Hasami Shogi
 * (win=captures:5)". Shogun's board seed and rotation are details of the board, not of the game,
 * and are left out (the full variant text is shown where it can wrap or be copied).
 */
export function gameName(variant) {
  const [preset, ...options] = String(variant).split('+');
  const title = RULES[preset]?.title || preset;
  const shown = options.filter((o) => !(preset === 'shogun' && /^(seed|rotation)=/.test(o)));
  return shown.length ? `${title} (${shown.join(', ')})` : title;
}

export async function renderRules(view, preset, { h, variants }) {
  const { presets, options, aliases = [] } = await variants();
  if (!preset || !RULES[preset]) {
    document.title = 'hasami: rules';
    view.append(h('div', { class: 'card' }, h('h1', {}, 'Rules'),
      h('p', {}, 'Pick a game. Every game can be changed with options, written after the name: ', h('code', {}, 'hasami+win=captures:5'), '.'),
      h('ul', { class: 'rules-grid', id: 'rules-list' }, presets.concat(aliases).map((p) => h('li', {}, h('a', { href: '#/rules/' + p.name }, RULES[p.name]?.title || p.name), h('br'), h('span', { class: 'hint-text' }, p.about)))),
      h('h2', {}, 'Options'),
      h('table', { class: 'list' }, h('tbody', {}, options.map((o) => h('tr', {}, h('td', {}, h('code', {}, o.option)), h('td', {}, o.about)))))));
    return;
  }
  const r = RULES[preset];
  // An alias (apit-sodok) shows its preset's game under its own name.
  const alias = aliases.find((a) => a.name === preset);
  const p = presets.find((x) => x.name === (alias ? alias.preset : preset));
  document.title = `hasami: rules of ${r.title}`;
  const go = preset.startsWith('dai-hasami');
  const card = h('article', { class: 'card', id: 'rules-' + preset },
    h('h1', {}, r.title), h('p', {}, r.intro),
    h('h2', {}, 'The start'), diagram(h, p.size, p.start, `Start of ${r.title}`, go, null, null, preset === 'shogun'),
    h('h2', {}, 'How to play'), h('ol', {}, r.rules.map((t) => h('li', {}, t))));
  if (r.capture) {
    const c = r.capture, half = c.move.length / 2;
    card.append(h('h2', {}, 'A capture'),
      diagram(h, c.size, c.after, c.note, go, { from: c.move.slice(0, half), to: c.move.slice(half) }, ['c5', 'd5']),
      h('p', {}, c.note));
  }
  if (preset === 'shogun') {
    const { shogun_options: opts } = await variants();
    card.append(h('h2', {}, 'Options'), h('table', { class: 'list', id: 'shogun-options' }, h('tbody', {}, (opts || []).map((o) => h('tr', {}, h('td', {}, h('code', {}, o.option)), h('td', {}, o.about))))));
  }
  card.append(h('p', { class: 'hint-text' }, alias ? `Variant text: ${preset}, ${alias.about} (${alias.preset}). ${p.about}` : `Variant text: ${preset}. ${p.about}`),
    h('p', {}, h('a', { href: '#/', class: 'button' }, 'Play it')));
  const examples = preset === 'shogun' ? await shogunExamples(h) : null;
  view.append(card);
  if (examples) view.append(examples);
}

/** A game from a worked example's position: against the engine (you play White, who is to move) or
 * hot-seat; then the game screen. */
async function playExample(ex, opponent, err) {
  const req = { variant: ex.variant, position: ex.position, opponent };
  if (opponent === 'engine') Object.assign(req, { level: 3, side: 'black' });
  try {
    const c = await api.create(req);
    holdKey(c);
    location.hash = `#/game/${c.id}`;
  } catch (e) { err.textContent = e.message; }
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
    h('h2', { id: 'shogun-examples-title' }, 'Three examples from the 1979 rules'),
    h('p', {}, 'The rulebook explains the game with three examples. Here each is a position on the magnet board of the standard game (variant text ',
      h('code', {}, 'shogun'), ': seed 1979, rotation 0), with White to move. “Play from here” starts a game from the position: you play White against the engine.'),
    data.examples.map((ex, i) => {
      const err = h('p', { class: 'error', role: 'alert' });
      const move = `White ${dash(ex.move)}` + (ex.captures ? `, taking Red’s ${ex.captures}` : '') + (ex.result === 'checkmate' ? ': Red has no move left and loses' : '');
      return h('article', { class: 'shogun-example', id: 'example-' + ex.id, 'data-example': ex.id, 'aria-labelledby': `example-${ex.id}-title` },
        h('h3', { id: `example-${ex.id}-title` }, `${i + 1}. ${ex.title}`),
        h('div', { class: 'example-boards' },
          h('figure', {}, diagram(h, 8, ex.position, `Example ${i + 1}: the position, White to move ${dash(ex.move)}`, false, null, null, true,
            { arrows: [{ move: ex.move, kind: 'best' }] }), h('figcaption', { class: 'hint-text' }, 'The position: White to move')),
          h('figure', {}, diagram(h, 8, ex.after, `Example ${i + 1}: after ${dash(ex.move)}`, false, { from: ex.move.slice(0, 2), to: ex.move.slice(2) }, null, true,
            ex.result === 'checkmate' ? { checkSide: 'white' } : {}), h('figcaption', { class: 'hint-text' }, `After ${dash(ex.move)}`))),
        h('p', {}, ex.text),
        h('p', { class: 'example-move' }, 'The move: ', h('strong', {}, move), '.'),
        h('div', { class: 'buttons' },
          h('button', { type: 'button', class: 'primary play-example', onclick: () => playExample(ex, 'engine', err) }, 'Play from here'),
          h('button', { type: 'button', class: 'play-example-local', onclick: () => playExample(ex, 'local', err) }, 'Two players on this device')),
        err,
        h('p', { class: 'hint-text' }, 'Position text (variant ', h('code', {}, ex.variant), '): ', h('code', { class: 'example-position' }, ex.position)));
    }));
}
