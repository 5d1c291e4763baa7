// The lessons of the Hasami family (lessons.js): Hasami Shogi, Hasami Chess, Dai Hasami Shogi (both
// ways of winning), AGON and Mak-yek. The same lesson (moving, capturing, two at once, the corner,
// landing safely) is laid out for each game's board; what only some games have (jumps, houses,
// five in a row, intervention) has its own lessons. Black (the first player) is the learner.
//
// Every position gets a few spare pieces far from the action (`SPARE`), so that each side has
// enough pieces for the game not to be over already (Dai Hasami: both sides under five is a draw;
// AGON: a side with four or fewer has lost).

/** A Hasami position text (RULES.md A7) of a board of `size`: the squares of Black's and White's
 * pieces, and the side to move (`b` or `w`). */
export function place(size, black, white, side = 'b') {
  const at = new Map([...black.map((s) => [s, 'b']), ...white.map((s) => [s, 'w'])]);
  const ranks = [];
  for (let r = size; r >= 1; r--) {
    let row = '', empty = 0;
    for (let f = 0; f < size; f++) {
      const p = at.get(String.fromCharCode(97 + f) + r);
      if (p) { row += (empty || '') + p; empty = 0; } else empty++;
    }
    ranks.push(row + (empty || ''));
  }
  return `${ranks.join('/')} ${side} 0 1`;
}

/** The spare pieces of each game: Black's in the bottom left corner, White's in the top right. */
function spare(preset, size) {
  const n = size, file = (i) => String.fromCharCode(97 + i);
  const many = preset === 'agon' || preset.startsWith('dai-hasami');
  const black = ['a1', 'b1', 'c1'].concat(many ? ['a3'] : []);
  const white = [0, 1, 2].concat(preset === 'agon' ? [3, 4] : []).map((i) => file(n - 1 - i) + n);
  return { black, white };
}

/**
 * The lessons of one game of the family (`preset`, board `size`): [{ id, key, steps }], `key`
 * naming the catalogue's texts (`learn.lesson.KEY.title`, `.intro`, and `.1`, `.2`, … for the
 * steps that have words of their own).
 */
export function familyLessons(preset, size) {
  const n = size, last = String.fromCharCode(96 + n), before = String.fromCharCode(95 + n);
  const extra = spare(preset, n);
  // A step of this game: its own pieces besides the spare ones (`noSpareWhite`: White has only
  // the pieces given, for the lessons that end the game).
  const step = (black, white, goal, solution, more = {}) => ({
    position: place(n, black.concat(extra.black), white.concat(more.noSpareWhite ? [] : extra.white)),
    goal, solution, ...(more.replies ? { replies: more.replies } : {}),
  });
  const lessons = {
    move: [
      step(['e2'], [], { kind: 'reach', from: 'e2', to: 'e6' }, ['e2e6']),
      step(['e3'], ['e7'], { kind: 'reach', from: 'e3', to: 'e6' }, ['e3e6']),
      step(['c4'], ['c7'], { kind: 'reach', from: 'c4', to: 'h4' }, ['c4h4']),
    ],
    houses: [
      step(['e2'], [], { kind: 'reach', from: 'e2', to: 'e6' }, ['e2e6']),
      step(['d7', 'f3'], ['e7'], { kind: 'capture', squares: ['e7'] }, ['f3f7']),
    ],
    jump: [
      step(['e3'], ['e4'], { kind: 'reach', from: 'e3', to: 'e5' }, ['e3e5']),
      step(['e4', 'g6'], ['e5', 'f6'], { kind: 'capture', squares: ['f6'] }, ['e4e6']),
    ],
    capture: [
      step(['d5', 'f2'], ['e5'], { kind: 'capture', squares: ['e5'] }, ['f2f5']),
      step(['e4', 'b6'], ['e5'], { kind: 'capture', squares: ['e5'] }, ['b6e6']),
      step(['f5', 'b4', 'd7'], ['e5', 'c4'], { kind: 'capture', squares: ['e5'] }, ['d7d5']),
    ],
    two: [
      step(['c5', 'f2'], ['d5', 'e5'], { kind: 'count', n: 2 }, ['f2f5']),
      step(['d5', 'f7', 'h5'], ['e5', 'f6'], { kind: 'count', n: 2 }, ['h5f5']),
    ],
    corner: [
      step([before + '1', last + '5'], [last + '1'], { kind: 'capture', squares: [last + '1'] }, [`${last}5${last}2`]),
      step(['b' + n, 'a5'], ['a' + n], { kind: 'capture', squares: ['a' + n] }, [`a5a${n - 1}`]),
    ],
    'corner-agon': [
      step(['h3', 'i6'], ['i3'], { kind: 'capture', squares: ['i3'] }, ['i6i4']),
      step(['b7', 'a4'], ['a7'], { kind: 'capture', squares: ['a7'] }, ['a4a6']),
    ],
    safe: [
      step(['e2'], ['d5', 'f5'], { kind: 'reach', from: 'e2', to: 'e5', safe: true }, ['e2e5']),
      step(['e2', 'e7'], ['d5', 'f5', 'e6'], { kind: 'capture', squares: ['e6'], safe: true }, ['e2e5']),
      step(['f5', 'e4', 'd2', 'b6'], ['c5', 'e5', 'e8'], { kind: 'capture', squares: ['e5'], safe: true }, ['b6e6'],
        { replies: { d2d5: 'e8e5' } }),
    ],
    intervention: [
      step(['e2'], ['d5', 'f5'], { kind: 'capture', squares: ['d5', 'f5'] }, ['e2e5']),
      step(['a5'], ['c6', 'c4'], { kind: 'capture', squares: ['c4', 'c6'] }, ['a5c5']),
      step(['e2', 'e7'], ['d5', 'f5', 'e6'], { kind: 'count', n: 3 }, ['e2e5']),
    ],
    five: [
      step(['c5', 'd5', 'e5', 'f5', 'g2'], [], { kind: 'five' }, ['g2g5', 'b1b5']),
      step(['c2', 'd2', 'e2', 'f2', 'c4', 'd4', 'e4', 'f4', 'g1'], [], { kind: 'five' }, ['g1g4', 'b1b4']),
    ],
    'five-agon': [
      step(['c3', 'd4', 'e5', 'f6', 'g3'], [], { kind: 'five' }, ['g3g7']),
      step(['c4', 'd4', 'e4', 'f4', 'g1'], [], { kind: 'five' }, ['g1g4', 'b1b4']),
    ],
    'win-hasami': [
      step(['d5', 'f2'], ['e5', last + n], { kind: 'win' }, ['f2f5'], { noSpareWhite: true }),
      step(['c5', 'f2'], ['d5', 'e5', last + n], { kind: 'win' }, ['f2f5'], { noSpareWhite: true }),
    ],
    'win-captures': [
      step(['d5', 'f2'], ['e5'], { kind: 'win' }, ['f2f5'], { noSpareWhite: true }),
      step(['c5', 'f2'], ['d5', 'e5'], { kind: 'win' }, ['f2f5'], { noSpareWhite: true }),
    ],
    'win-agon': [
      step(['d5', 'f2'], ['e5', 'f9', 'g9', 'h9', 'i9'], { kind: 'win' }, ['f2f5'], { noSpareWhite: true }),
    ],
    'win-mak-yek': [
      step(['e2'], ['d5', 'f5'], { kind: 'win' }, ['e2e5'], { noSpareWhite: true }),
      step(['d5', 'f2'], ['e5'], { kind: 'win' }, ['f2f5'], { noSpareWhite: true }),
    ],
  };
  const order = {
    'hasami': ['move', 'capture', 'two', 'corner', 'safe', 'win-hasami'],
    'hasami-chess': ['move', 'capture', 'two', 'corner', 'safe', 'win-hasami'],
    'dai-hasami': ['move', 'jump', 'capture', 'two', 'corner', 'safe', 'five'],
    'dai-hasami-captures': ['move', 'capture', 'two', 'corner', 'safe', 'win-captures'],
    'agon': ['move', 'houses', 'jump', 'capture', 'two', 'corner-agon', 'safe', 'five-agon', 'win-agon'],
    'mak-yek': ['move', 'capture', 'intervention', 'two', 'corner', 'win-mak-yek'],
  }[preset];
  return order.map((key) => ({ id: key, key, steps: lessons[key] }));
}
