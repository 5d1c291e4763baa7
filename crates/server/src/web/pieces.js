// Piece sets and board themes, drawn as SVG inside the board (board.js asks `look.piece` to draw
// each piece and `look.board` to dress the board; the colours are CSS, injected once by this module,
// so that each set and theme follows the page's light or dark theme). Nothing is fetched: every
// drawing is made here.
//
// Sets (the piece <g> keeps its classes `piece black|white` and data-*; the set is the board's
// data-pieces):
// - koma: shogi pawns, the pentagonal piece pointing at the opponent (the far side's drawn upside
//   down); Black's show the pawn's face 歩, White's the promoted face と in red ink (`001`: one side
//   shows its pawns turned over, their characters usually printed in red; Black stands on rank 1,
//   the side `001` gives the unpromoted pawns). The face is drawn as brush strokes (no font needed),
//   and the piece's <g> says which in data-face.
// - stones: black and white Go stones (`003`: Dai Hasami is usually played with Go stones).
// - agon: the AGON/Ludos set's red and green Samurai (`000`: Red moves first, so Black is red).
// - shapes: the plain drawing (a pentagon, or a disc on a Go-style board) in black and white.
// Shogun keeps its round numbered pieces and the Shogun's crown in every set; the set gives them its
// material: koma boxwood discs inked black (White) and red (Red), stones white (White) and black
// (Red), agon green (White) and red (Red), shapes ivory and red.
//
// Themes (the board's data-board): wood (a kaya shogi board: grain, black lines, the four star
// points of a 9×9 board), plain (a flat board with brown lines), contrast (for low vision: a white
// board with black lines on a light page, black with white lines on a dark one; every piece pure
// black or white with an outline in the page's text colour, so a white piece shows as a ring on the
// white board and a black one as a ring on the black board).

const NS = 'http://www.w3.org/2000/svg';

/** The piece sets, in the order the settings list them. */
export const SETS = ['koma', 'stones', 'agon', 'shapes'];
/** The board themes, in the order the settings list them. */
export const THEMES = ['wood', 'plain', 'contrast'];

function el(name, attrs = {}, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// The faces of a shogi pawn as brush strokes in a 100×100 box: 歩 (fu) and と (tokin).
const FACES = {
  歩: ['M50 5V37', 'M50 20H71', 'M29 17V37', 'M11 38H89', 'M50 44V70L43 65', 'M34 50L25 62',
    'M65 48L74 58', 'M78 58Q64 86 15 94'],
  と: ['M37 8L45 42', 'M74 26Q44 44 36 62Q28 86 56 89H82'],
};
// A pawn's outline pointing up (the far side's is turned half round), and Shogun's crown.
const KOMA = '0,-0.46 0.29,-0.32 0.37,0.43 -0.37,0.43 -0.29,-0.32';
const CROWN = 'M-0.2,-0.13 L-0.2,-0.33 L-0.1,-0.22 L0,-0.36 L0.1,-0.22 L0.2,-0.33 L0.2,-0.13 Z';

/** Draws one piece of `set` into the piece's <g> `g` (at the origin, a square 1 wide). `p`: side
 * (black|white), up (it points up the screen), go (on an intersection), and for Shogun number and
 * crowned (the Shogun). */
function drawPiece(set, g, p) {
  if (p.number !== undefined) {
    el('circle', { class: 'disc' + (p.crowned ? ' shogun-disc' : ''), r: 0.42 }, g);
    if (set === 'stones') el('ellipse', { class: 'shine', cx: -0.13, cy: 0.2, rx: 0.15, ry: 0.07 }, g);
    if (set === 'agon') el('circle', { class: 'ring', r: 0.34 }, g);
    if (p.crowned) el('path', { class: 'crown', d: CROWN }, g);
    el('text', { class: 'num', y: p.crowned ? 0.1 : 0 }, g).textContent = String(p.number);
    return;
  }
  if (set === 'koma') {
    const face = p.side === 'black' ? '歩' : 'と';
    g.dataset.face = face;
    const body = el('g', p.up ? {} : { transform: 'rotate(180)' }, g);
    el('polygon', { class: 'koma', points: KOMA }, body);
    const strokes = el('g', { class: 'face', transform: 'translate(-0.22 -0.2) scale(0.0044 0.005)' }, body);
    for (const d of FACES[face]) el('path', { d }, strokes);
  } else if (set === 'stones') {
    el('circle', { class: 'stone', r: 0.45 }, g);
    el('ellipse', { class: 'shine', cx: -0.14, cy: -0.17, rx: 0.14, ry: 0.08, transform: 'rotate(-35 -0.14 -0.17)' }, g);
  } else if (set === 'agon') {
    el('circle', { class: 'agon', r: 0.42 }, g);
    el('circle', { class: 'ring', r: 0.29 }, g);
  } else if (p.go) {
    el('circle', { class: 'disc-' + p.side, r: 0.45 }, g);
  } else {
    const pts = [[0, -0.43], [0.3, -0.27], [0.36, 0.4], [-0.36, 0.4], [-0.3, -0.27]]
      .map(([x, y]) => `${x},${p.up ? y : -y}`).join(' ');
    el('polygon', { class: 'disc-' + p.side, points: pts }, g);
  }
}

/** The grain of a wooden board `w` wide and `h` high: gently waving lines along it, spaced
 * unevenly as a board's grain is. */
function grain(w, h) {
  const g = el('g', { class: 'grain', 'aria-hidden': 'true' });
  const f = (x) => x.toFixed(2);
  for (let i = 0, y = 0.17; y < h; i++, y += 0.23 + 0.17 * ((i * 7) % 5) / 4) {
    const bend = ((i * 3) % 4 - 1.5) * 0.05;
    el('path', { d: `M0 ${f(y)} Q${f(w / 3)} ${f(y + bend)} ${f(w / 2)} ${f(y)} T${f(w)} ${f(y - bend / 2)}` }, g);
  }
  return g;
}

/** Dresses the board of `theme`: `geo` gives its size n, the margin pad, the whole width w and
 * whether it is Go-style. Wood grain goes under the lines, the frame and star points over them. */
function drawBoard(theme, svg, geo) {
  if (theme === 'plain') return;
  const { n, pad, w, go } = geo;
  if (theme === 'wood') svg.insertBefore(grain(w, w), svg.querySelector('.grid'));
  const lo = go ? pad + 0.5 : pad, side = go ? n - 1 : n;
  el('rect', { class: 'frame', x: lo, y: lo, width: side, height: side, 'aria-hidden': 'true' }, svg);
  // The four star points of a shogi board (the corners of its middle nine squares).
  if (!go && n === 9) for (const x of [3, 6]) for (const y of [3, 6]) el('circle', { class: 'star', cx: pad + x, cy: pad + y, r: 0.07 }, svg);
}

/** The look of a board: `set` and `theme`, with the drawing functions board.js calls. */
export function makeLook(set, theme) {
  addStyle();
  const s = SETS.includes(set) ? set : 'shapes', th = THEMES.includes(theme) ? theme : 'plain';
  return { set: s, theme: th, piece: (g, p) => { drawPiece(s, g, p); return true; }, board: (svg, geo) => drawBoard(th, svg, geo) };
}

/** A small drawing of `set` on `theme`: a Black and a White piece side by side (the settings'
 * samples); `shogun` draws Shogun's pieces. */
export function sample(set, theme, shogun = false) {
  addStyle();
  const svg = el('svg', { class: 'board look-sample' + (shogun ? ' shogun' : ''), viewBox: '0 0 2.4 1.2', 'aria-hidden': 'true', 'data-pieces': set, 'data-board': theme });
  el('rect', { class: 'cell', x: 0, y: 0, width: 2.4, height: 1.2, rx: 0.08 }, svg);
  if (theme === 'wood') svg.append(grain(2.4, 1.2));
  const grid = el('g', { class: 'grid' }, svg);
  el('line', { x1: 1.2, y1: 0.1, x2: 1.2, y2: 1.1 }, grid);
  if (theme !== 'plain') el('rect', { class: 'frame', x: 0.2, y: 0.1, width: 2, height: 1 }, svg);
  else el('rect', { x: 0.2, y: 0.1, width: 2, height: 1, fill: 'none' }, grid);
  ['black', 'white'].forEach((side, i) => {
    const g = el('g', { class: 'piece ' + side, transform: `translate(${0.7 + i},0.6)` }, svg);
    drawPiece(set, g, { side, up: side === 'black', ...(shogun ? { number: i + 2, crowned: i === 0 } : {}) });
  });
  return svg;
}

// The colours. A "dark" piece is Black's, or in Shogun Red's; a "light" one White's (Shogun: White's).
const B = 'svg.board', DARK = `${B}:not(.shogun) .piece.black`, LIGHT = `${B}:not(.shogun) .piece.white`;
const SDARK = `${B}.shogun .piece.white`, SLIGHT = `${B}.shogun .piece.black`;
const HC = `${B}[data-board=contrast]`;
const CSS = `
${B}[data-board=wood] .cell { fill: light-dark(#e4bd72, #c9a054); }
${B}[data-board=wood] .grain path { fill: none; stroke: rgba(120, 70, 20, .13); stroke-width: .06; }
${B}[data-board=wood] .grid { stroke: #21170b; stroke-width: .028; }
${B}[data-board=wood] .frame { fill: none; stroke: #21170b; stroke-width: .06; }
${B}[data-board=wood] .star { fill: #21170b; }
${B}[data-board=wood] .coord { fill: #3b2812; }
${HC} .cell { fill: light-dark(#fff, #000); }
${HC} .grid { stroke: light-dark(#000, #fff); stroke-width: .05; }
${HC} .frame { fill: none; stroke: light-dark(#000, #fff); stroke-width: .1; }
${HC} .star { fill: light-dark(#000, #fff); }
${HC} .coord { fill: light-dark(#000, #fff); font-weight: 700; }
${HC} .house { fill: light-dark(rgba(0, 0, 0, .16), rgba(255, 255, 255, .22)); }
${B} .piece .koma { fill: #f2d8a0; stroke: #6b4b1f; stroke-width: .025; stroke-linejoin: round; }
${B} .piece .face { fill: none; stroke-width: 9; stroke-linecap: round; stroke-linejoin: round; }
${B} .piece.black .face { stroke: #1a1209; } ${B} .piece.white .face { stroke: #b3140e; }
${B} .piece .stone { stroke-width: .03; }
${B} .piece.black .stone { fill: #1e1e1e; stroke: #000; } ${B} .piece.white .stone { fill: #f7f6f0; stroke: #85857c; }
${B} .piece .shine { fill: rgba(255, 255, 255, .24); } ${B} .piece.white .shine { fill: rgba(0, 0, 0, .05); }
${B} .piece .agon { stroke-width: .035; } ${B} .piece .ring { fill: none; stroke: rgba(255, 255, 255, .45); stroke-width: .035; }
${DARK} .agon { fill: #c62828; stroke: #6a0d0d; } ${SDARK} .disc { fill: #b3261e; stroke: #5a0f0a; }
${LIGHT} .agon { fill: #2e7d32; stroke: #0f4213; }
${B}.shogun .piece .disc { stroke-width: .04; } ${B}.shogun .piece .shogun-disc { stroke-width: .07; }
${SLIGHT} .disc { fill: #f8f4ea; stroke: #3a3128; }
${B}.shogun .piece .num { fill: #1d1b19; } ${SDARK} .num { fill: #fff; }
${B}.shogun[data-pieces=koma] .piece .disc { fill: #f2d8a0; stroke: #6b4b1f; }
${B}.shogun[data-pieces=koma] .piece.white .num { fill: #b3140e; }
${B}.shogun[data-pieces=stones] .piece.black .disc { fill: #f7f6f0; stroke: #85857c; }
${B}.shogun[data-pieces=stones] .piece.white .disc { fill: #1e1e1e; stroke: #000; }
${B}.shogun[data-pieces=stones] .piece.white .num { fill: #ff8f85; }
${B}.shogun[data-pieces=agon] .piece.black .disc { fill: #2e7d32; stroke: #0f4213; }
${B}.shogun[data-pieces=agon] .piece .num { fill: #fff; }
${HC} .piece :is(.koma, .stone, .agon, .disc, .disc-black, .disc-white) { stroke: light-dark(#000, #fff) !important; stroke-width: .07 !important; }
${HC}:not(.shogun) .piece.black :is(.koma, .stone, .agon, .disc-black), ${HC}.shogun .piece.white :is(.disc, .disc-white) { fill: #000 !important; }
${HC}:not(.shogun) .piece.white :is(.koma, .stone, .agon, .disc-white), ${HC}.shogun .piece.black :is(.disc, .disc-black) { fill: #fff !important; }
${HC}:not(.shogun) .piece.black :is(.face, .ring), ${HC}.shogun .piece.white .ring { stroke: #fff !important; }
${HC}:not(.shogun) .piece.white :is(.face, .ring), ${HC}.shogun .piece.black .ring { stroke: #000 !important; }
${HC}.shogun .piece.white .num { fill: #fff !important; } ${HC}.shogun .piece.black .num { fill: #000 !important; }
${HC} .piece .shine { display: none; }
svg.look-sample { width: 4.8rem; height: auto; flex: none; }
`;

/** Adds the sets' and themes' colours to the page once. */
function addStyle() {
  if (document.getElementById('look-style')) return;
  const style = document.createElement('style');
  style.id = 'look-style';
  style.textContent = CSS;
  document.head.append(style);
}
