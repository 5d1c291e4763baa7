// The analysis board (#/analysis?variant=…&position=…&moves=e1e5,a9a5): any position of any
// variant, both sides moved freely, the engine's evaluation and best line, and a link that carries
// it all. The server stores nothing: every change asks it for the board after the moves.

import { api } from './api.js';
import { Board } from './board.js';
import { gameName } from './rules.js';
import { h, announce, plain } from './dom.js';
import { lineText, scoreText, evalBar, fillMoveList, moveText, squareText, sideText, refusalText, coordsButton } from './notation.js';

const LINES = 'hasami.lines';

/** The link of a board: `variant`, start `position` and `moves` (an array of move texts). */
export function analysisLink(variant, position, moves) {
  const q = new URLSearchParams({ variant });
  if (position) q.set('position', position);
  if (moves.length) q.set('moves', moves.join(','));
  return '#/analysis?' + q.toString().replace(/%2C/g, ',').replace(/%2F/g, '/');
}

/** Shows the analysis board of `params` in `view`; `onCleanup` receives what to run when the screen is left. */
export function analysisScreen(view, params, onCleanup) {
  document.title = 'hasami: analysis board';
  let variant = params.get('variant') || 'hasami';
  let start = params.get('position') || null;
  let line = (params.get('moves') || '').split(',').map((m) => m.trim()).filter(Boolean);
  let shown = line.length; // the ply shown
  let full = null; // the board after the whole line (its moves make the move list)
  let cur = null; // the board after the ply shown
  let flipped = false, engine = false, viewSeq = 0, searchSeq = 0, searchTimer = null, searchAbort = null, closed = false;

  const errorLine = h('p', { class: 'error', id: 'ab-error', role: 'alert' });
  const status = h('p', { class: 'status', id: 'ab-status', role: 'status' });
  const over = h('div', { class: 'over', id: 'ab-over', hidden: true, role: 'status' });
  const select = h('select', { id: 'ab-variant', 'aria-label': 'Game' });
  const posInput = h('input', { type: 'text', id: 'ab-position', spellcheck: 'false', autocomplete: 'off',
    'aria-label': 'Start position text', placeholder: 'Position text (empty: the start of the game)' });
  const setupForm = h('form', { class: 'ab-setup', id: 'ab-setup' },
    h('label', { for: 'ab-variant' }, 'Game'), select,
    h('label', { for: 'ab-position' }, 'Position'),
    h('span', { class: 'ab-row' }, posInput, h('button', { type: 'submit', id: 'ab-setup-go' }, 'Set up')));
  setupForm.addEventListener('submit', (e) => { e.preventDefault(); setUp(select.value, posInput.value.trim() || null); });
  select.addEventListener('change', () => { posInput.value = ''; setUp(select.value, null); });

  const bar = evalBar();
  const engineText = h('p', { class: 'pv', id: 'ab-engine-text' });
  // How many best lines the engine shows (MultiPV), remembered; the others under the first.
  let kept = 1;
  try { kept = Number(localStorage.getItem(LINES)) || 1; } catch {}
  const linesSelect = h('select', { id: 'ab-lines', 'aria-label': 'Lines the engine shows',
    onchange: () => { try { localStorage.setItem(LINES, linesSelect.value); } catch {} search(); } },
  [1, 2, 3, 4, 5].map((n) => h('option', { value: n }, n === 1 ? '1 line' : `${n} lines`)));
  linesSelect.value = String(Math.min(5, Math.max(1, kept)));
  const otherLines = h('ul', { class: 'pv lines', id: 'ab-lines-list', 'aria-label': 'The next best lines' });
  const engineBox = h('div', { id: 'ab-engine', hidden: true }, h('label', {}, 'Show ', linesSelect), engineText, otherLines);
  const btn = (id, label, onclick, aria) => h('button', { type: 'button', id, onclick, 'aria-label': aria || label }, label);
  const bEngine = btn('btn-engine', 'Engine', () => {
    engine = !engine;
    bEngine.setAttribute('aria-pressed', engine);
    bar.show(engine);
    engineBox.hidden = !engine;
    if (engine) search(); else stopSearch();
  }, 'Engine: evaluation bar and best line');
  bEngine.setAttribute('aria-pressed', 'false');
  const bFlip = btn('btn-flip', 'Flip', () => { flipped = !flipped; render(false); }, 'Flip the board');
  const bCoords = coordsButton(() => { render(false); if (engine) search(); });
  const copyNote = h('span', { class: 'hint-text', id: 'ab-copied', role: 'status' });
  const bCopy = btn('btn-copy-link', 'Copy link', copyLink, 'Copy a link to this board');
  const nav = (label, aria, fn, idn) => h('button', { type: 'button', id: idn, 'aria-label': aria, onclick: fn }, label);
  const navBox = h('div', { class: 'nav-buttons', role: 'group', 'aria-label': 'Move navigation' },
    nav('«', 'First position', () => goto(0), 'nav-first'), nav('◀', 'Previous move', () => goto(shown - 1), 'nav-prev'),
    nav('▶', 'Next move', () => goto(shown + 1), 'nav-next'), nav('»', 'Last move', () => goto(line.length), 'nav-last'));
  const moveList = h('div', { class: 'moves', id: 'move-list', role: 'region', 'aria-label': 'Moves', tabindex: '-1' });
  moveList.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') { goto(shown - 1); e.preventDefault(); }
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') { goto(shown + 1); e.preventDefault(); }
  });
  const variantLine = h('p', { class: 'variant-text', id: 'ab-variant-text' });
  const boardBox = h('div', { class: 'board-box' });
  const board = new Board(boardBox, { onMove: play, announce, label: 'Analysis board' });
  const root = h('div', { class: 'game analysis-board', id: 'analysis-board' },
    h('div', { class: 'board-wrap' }, bar.el, boardBox),
    h('div', { class: 'side' },
      h('h1', { id: 'ab-title' }, 'Analysis board'), variantLine, setupForm, status, over, errorLine,
      h('div', { class: 'buttons', role: 'toolbar', 'aria-label': 'Board actions' }, bEngine, bFlip, bCoords, bCopy, copyNote),
      engineBox, navBox, moveList));
  view.append(root);

  api.variants().then(({ presets }) => {
    select.textContent = '';
    for (const p of presets) select.append(h('option', { value: p.name }, gameName(p.name)));
    showVariant();
  }).catch(() => {});
  load(line, shown, false);
  onCleanup(() => { closed = true; stopSearch(); });

  // The variant select shows the board's variant (a variant with options gets its own entry).
  function showVariant() {
    const v = full ? full.variant : variant;
    if (![...select.options].some((o) => o.value === v)) {
      // (A Shogun board's seed is not in its name: "Shogun (this board)" tells it from the preset.)
      const name = gameName(v), same = [...select.options].some((o) => o.textContent === name);
      select.append(h('option', { value: v, 'data-custom': '1' }, same ? `${name} (this board)` : name));
    }
    select.value = v;
  }

  async function setUp(v, position) {
    errorLine.textContent = '';
    try {
      const b = await api.analysis({ variant: v, position: position || undefined, moves: [] });
      variant = b.variant; start = b.start; line = []; shown = 0; full = cur = b;
      ++viewSeq;
      posInput.value = b.start;
      showVariant();
      saveUrl(); render(false); if (engine) search();
      announce('Board set up');
    } catch (e) { errorLine.textContent = plain(e.message); announce(plain(e.message)); }
  }

  // Asks for the board after `moves` and shows ply `ply` (a fallback keeps the error that led to it).
  async function load(moves, ply, animate, fallback = false) {
    const seq = ++viewSeq;
    if (!fallback) errorLine.textContent = '';
    try {
      const b = await api.analysis({ variant, position: start || undefined, moves });
      if (seq !== viewSeq || closed) return;
      line = moves; full = b; variant = b.variant; start = b.start;
      if (document.activeElement !== posInput) posInput.value = b.start;
      showVariant();
      await show(ply, animate, seq);
    } catch (e) {
      if (seq !== viewSeq || closed) return;
      if (!fallback) { const why = refusalText(e, full ? full.size : 0); errorLine.textContent = why; announce(why); }
      if (!full) {
        // A link that does not replay: its start with none of its moves, the game's start, or Hasami Shogi.
        if (moves.length) return load([], 0, false, true);
        if (start) { start = null; return load([], 0, false, true); }
        if (variant !== 'hasami') { variant = 'hasami'; return load([], 0, false, true); }
      }
    }
  }

  // Shows ply `ply` of the line (asks for the board at that ply, for its legal moves).
  async function show(ply, animate, seq = ++viewSeq) {
    ply = Math.max(0, Math.min(line.length, ply));
    const b = ply === line.length ? full
      : await api.analysis({ variant, position: start || undefined, moves: line.slice(0, ply) }).catch((e) => { errorLine.textContent = plain(e.message); return null; });
    if (!b || seq !== viewSeq || closed) return;
    shown = ply; cur = b;
    saveUrl(); render(animate);
    if (engine) search();
  }

  function goto(ply) {
    if (!full) return;
    ply = Math.max(0, Math.min(line.length, ply));
    if (ply === shown) return;
    show(ply, ply === shown + 1).then(() => {
      const b = moveList.querySelector(`[data-ply="${shown}"]`);
      if (b) b.focus({ preventScroll: true }); else if (shown === 0) announce('start position');
    });
  }

  // A move on the board: from an earlier ply it replaces the moves after it.
  function play(mv) {
    const moves = line.slice(0, shown).concat([mv]);
    load(moves, moves.length, true).then(() => {
      const m = cur && cur.moves[cur.ply - 1];
      if (m && cur.ply === moves.length) announce(`${sideText(cur.side_names, m.side, cur.size).toLowerCase()} played ${moveText(m.move, cur.size)}`
        + (m.captured.length ? `, capturing ${m.captured.map((c) => squareText(c, cur.size)).join(' ')}` : '') + (cur.status === 'over' ? `. ${cur.reason}` : ''));
    });
  }

  function link() { return analysisLink(variant, start, line); }
  function saveUrl() { if (!closed) history.replaceState(null, '', link()); }

  async function copyLink() {
    const url = location.origin + location.pathname + link();
    try { await navigator.clipboard.writeText(url); } catch {
      const t = h('textarea', { class: 'sr-only' }, url); document.body.append(t); t.select(); document.execCommand('copy'); t.remove();
    }
    bCopy.dataset.link = url;
    copyNote.textContent = 'Link copied'; announce('Link copied');
    setTimeout(() => { copyNote.textContent = ''; }, 2500);
  }

  // ------------------------------------------------------------ the engine
  function stopSearch() {
    ++searchSeq;
    clearTimeout(searchTimer);
    if (searchAbort) { searchAbort.abort(); searchAbort = null; }
  }

  // Searches the position shown (after a short pause, so that stepping through moves does not
  // start a search per step); an answer for a position no longer shown is dropped.
  function search() {
    stopSearch();
    if (!engine || !cur) return;
    const seq = searchSeq, b = cur, ply = shown, moves = line.slice(0, shown);
    if (b.status === 'over') {
      engineText.textContent = `The game is over here: ${b.reason}`;
      otherLines.textContent = '';
      const share = b.winner === 'black' ? 100 : b.winner === 'white' ? 0 : 50;
      bar.fixed(share, b.winner ? (b.winner === 'black' ? '1-0' : '0-1') : '½');
      return;
    }
    engineText.textContent = 'Thinking…';
    otherLines.textContent = '';
    searchTimer = setTimeout(async () => {
      const abort = new AbortController();
      searchAbort = abort;
      for (let attempt = 0; attempt < 5; attempt++) {
        try {
          const a = await api.analysisSearch({ variant, position: start || undefined, moves, ms: 1000, lines: Number(linesSelect.value) }, abort.signal);
          if (seq !== searchSeq) return;
          const turn = b.turn, first = full.moves.length ? full.moves[0].side : full.turn;
          bar.set(a, turn);
          engineText.textContent = `Depth ${a.depth}: ${scoreText(a)} (${sideText(b.side_names, turn, b.size)}). Best line: ${lineText(a.pv, first, ply, turn, b.size, a.captured) || '—'}`;
          otherLines.textContent = '';
          for (const l of a.lines.slice(1))
            otherLines.append(h('li', { 'data-move': l.pv[0] }, `${scoreText(l).replace(' for the side to move', '')}: ${lineText(l.pv, first, ply, turn, b.size, l.captured)}`));
          return;
        } catch (e) {
          if (seq !== searchSeq) return;
          // The previous search may still hold this browser's share of the engine for a moment.
          if (e.status === 429 && attempt < 4) { await new Promise((r) => setTimeout(r, 400)); if (seq !== searchSeq) return; continue; }
          engineText.textContent = plain(e.message);
          return;
        }
      }
    }, 150);
  }

  // ------------------------------------------------------------ drawing
  function render(animate) {
    if (!cur || !full) return;
    const b = cur, ply = shown;
    const last = ply > 0 ? b.moves[ply - 1] : null;
    root.dataset.status = b.status; root.dataset.turn = b.turn; root.dataset.ply = ply; root.dataset.plies = line.length;
    bar.sides(b.side_names, b.shogun);
    board.set({
      size: b.size, position: b.position, go: b.preset === 'dai-hasami' || b.preset === 'dai-hasami-captures',
      houseRows: b.preset === 'agon' || /\+house(=on)?(\+|$)/.test(b.variant) ? 2 : 0,
      flipped, interactive: b.status === 'playing', legal: b.legal_moves, animate,
      lastMove: last ? { from: last.move.slice(0, last.move.length / 2), to: last.move.slice(last.move.length / 2) } : null,
      captured: last ? last.captured : [], capturedSide: last ? (last.side === 'black' ? 'white' : 'black') : null,
      prevCaptured: ply > 1 ? b.moves[ply - 2].captured : [],
      winningLine: b.winning_line, hint: null,
      shogun: !!b.shogun, sideNames: b.side_names, learn: false,
      arrivals: b.shogun ? b.shogun.arrivals : null, refused: b.shogun ? b.shogun.refused : null,
      checkSide: b.shogun && b.shogun.attacked ? b.turn : null,
    });
    document.getElementById('ab-title').textContent = `Analysis board: ${gameName(b.variant)}`;
    variantLine.textContent = b.variant;
    if (b.status === 'over') {
      over.hidden = false; over.textContent = `Game over (${b.result}): ${b.reason}`;
      status.textContent = ply < line.length ? `Move ${ply} of ${line.length}` : '';
    } else {
      over.hidden = true;
      const sh = b.shogun && b.shogun.attacked ? ` — Shogun! (attacked by ${b.shogun.attackers.join(', ')})` : '';
      status.textContent = `${b.side_names[b.turn]} to move` + (ply < line.length ? ` · move ${ply} of ${line.length}` : '') + sh;
    }
    // The move list: the whole line, the move shown marked.
    bCoords.hidden = b.size !== 9;
    fillMoveList(moveList, full.moves, full.side_names, ply, goto, { empty: 'No moves yet: move either side on the board.', size: full.size });
  }
}
