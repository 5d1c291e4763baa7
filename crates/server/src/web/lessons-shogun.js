// The lessons of Shogun (lessons.js): the number a piece shows, the path with one turn, taking by
// landing, Shogun safety (S5), the three worked examples of the 1979 rules (shogun-examples.json,
// here as steps to play) and how the game is won. White (the API's `black`, who moves first) is the
// learner. Every position is on the magnet board of the plain variant `shogun` (seed 1979, rotation
// 0): the server refuses a number that board does not give.

/** The lessons of Shogun: [{ id, key, steps }] as in lessons-family.js. */
export function shogunLessons() {
  return [
    { id: 'number', key: 'shogun-number', steps: [
      { position: 'p6:3p7:41s:14/8/8/8/8/2P1:35/8/P6:13S:13 w 1979 0 0 20',
        goal: { kind: 'reach', from: 'c3', to: 'c6' }, solution: ['c3c6'] },
      { position: 'p6:3p7:41s:14/8/8/3P2:44/8/8/8/P6:13S:13 w 1979 0 0 20',
        goal: { kind: 'reach', from: 'd5', to: 'h5' }, solution: ['d5h5'] },
    ] },
    { id: 'turn', key: 'shogun-turn', steps: [
      { position: 'p6:3p7:41s:14/8/8/8/8/2P1:35/8/P6:13S:13 w 1979 0 0 20',
        goal: { kind: 'reach', from: 'c3', to: 'd5' }, solution: ['c3d5'] },
      { position: 'p6:3p7:41s:14/8/8/8/5P1:32/8/8/P6:13S:13 w 1979 0 0 20',
        goal: { kind: 'reach', from: 'f4', to: 'h5' }, solution: ['f4h5'] },
    ] },
    { id: 'capture', key: 'shogun-capture', steps: [
      { position: 'p6:3p7:41s:14/8/2p1:15/8/2P3:25/8/8/P6:13S:13 w 1979 0 0 20',
        goal: { kind: 'capture', squares: ['c6'] }, solution: ['c4c6'] },
      { position: 'p6:3p7:41s:14/8/6p2:21/8/5P1:32/8/8/P6:13S:13 w 1979 0 0 20',
        goal: { kind: 'capture', squares: ['g6'] }, solution: ['f4g6'] },
    ] },
    { id: 'safety', key: 'shogun-safety', steps: [
      { position: 'p6:3p7:41s:14/8/8/4p4:41p3:41/8/4P4:43/6P1:31/P6:13S:13 w 1979 0 0 20',
        goal: { kind: 'capture', squares: ['g5'] }, solution: ['g2g5'] },
      { position: 'p6:3p7:41s:14/8/8/8/8/1P2:32p4:23/8/P6:13S:13 w 1979 0 0 20',
        goal: { kind: 'capture', squares: ['e3'] }, solution: ['b3e3'] },
    ] },
    // The worked examples of the 1979 rules sheet, in the order of shogun-examples.json.
    { id: 'examples', key: 'shogun-examples', steps: [
      { position: '8/p6:43s:23/4p3:32p2:4/p1:47/4P5:23/7P2:2/7P6:2/2S:11P4:33 w 1979 0 0 20',
        goal: { kind: 'capture', squares: ['e6'], safe: true }, solution: ['e4e6'] },
      { position: '5p6:22/3s:24/7p7:2/2P5:25/P7:3P6:15p4:4/6p1:11/8/1S:25P4:3 w 1979 0 0 20',
        goal: { kind: 'capture', squares: ['g3'], safe: true }, solution: ['h1g3'], replies: { h1h4: 'h6h4' } },
      { position: '8/8/7p4:3/P6:23p1:23/2P1:31P5:23/P4:2s:16/3p5:14/4S:13 w 1979 0 0 20',
        goal: { kind: 'win' }, solution: ['a5b4', 'a5b6'] },
    ] },
    { id: 'win', key: 'shogun-win', steps: [
      { position: 'p6:32s:14/8/2p1:15/8/2P3:25/8/8/P6:13S:13 w 1979 0 0 20',
        goal: { kind: 'win' }, solution: ['c4c6'] },
    ] },
  ];
}
