// The analysis board (#/analysis?variant=…&position=…&moves=e1e5,a9a5): any position of any
// variant, both sides moved freely, the engine's evaluation and best lines, and a link that carries
// the line shown. A move from an earlier position keeps the moves after it: the moves make a tree
// (move-tree.js), its variations kept until deleted. The server stores nothing: each position
// shown is asked of it (the board after the moves to it).

import { api } from './api.js';
import { Board } from './board.js';
import { lookFor, onLookChange } from './looks.js';
import { gameName } from './rules.js';
import { h, announce, plain } from './dom.js';
import { t, tn, loadMore } from './i18n.js';
import { evalBar, moveText, squareText, sideText, refusalText, coordsButton } from './notation.js';
import { MoveTree } from './move-tree.js';
import { drawMoveTree } from './move-tree-view.js';
import { showEngineLine, otherLine, slotted, SLOT, barResult, barWaits } from './engine-line.js';
import { typedMoveBox } from './typed-move.js';
import { sideNames } from './game-words.js';
import { BoardLayout, variantText } from './layout.js';
import { boardSearch } from './page-analysis.js';

// This screen's texts (lang-LANG-more.js) are in the catalogue before anything here runs.
await loadMore();

const LINES = 'hasami.lines';
/** The most boards kept for going back and forth without asking the server again. */
const KEPT_BOARDS = 200;

/** The link of a board: `variant`, start `position` and `moves` (an array of move texts). */
export function analysisLink(variant, position, moves) {
  const q = new URLSearchParams({ variant });
  if (position) q.set('position', position);
  if (moves.length) q.set('moves', moves.join(','));
  return '#/analysis?' + q.toString().replace(/%2C/g, ',').replace(/%2F/g, '/');
}

/** Shows the analysis board of `params` in `view`; `onCleanup` receives what to run when the screen is left. */
export function analysisScreen(view, params, onCleanup) {
  document.title = t('analysis.pageTitle');
  let variant = params.get('variant') || 'hasami';
  let start = params.get('position') || null;
  const linked = (params.get('moves') || '').split(',').map((m) => m.trim()).filter(Boolean);
  let tree = new MoveTree(), node = tree.root; // the moves, and the node shown
  let boards = new Map(); // node id → the board after the moves to it
  let cur = null; // the board of the node shown
  let first = 'black'; // the side that moves first from the start
  let best = null; // the engine's best move: {node id, move}
  let flipped = false, engine = false, viewSeq = 0, searchSeq = 0, searchTimer = null, searchAbort = null, closed = false;

  const errorLine = h('p', { class: 'error', id: 'ab-error', role: 'alert' });
  const status = h('p', { class: 'status', id: 'ab-status', role: 'status' });
  const over = h('div', { class: 'over', id: 'ab-over', hidden: true, role: 'status' });
  const select = h('select', { id: 'ab-variant', 'aria-label': t('analysis.game') });
  const posInput = h('input', { type: 'text', id: 'ab-position', spellcheck: 'false', autocomplete: 'off',
    'aria-label': t('analysis.positionLabel'), placeholder: t('analysis.positionPlaceholder') });
  const setupForm = h('form', { class: 'ab-setup', id: 'ab-setup' },
    h('label', { for: 'ab-variant' }, t('analysis.game')), select,
    h('label', { for: 'ab-position' }, t('analysis.position')),
    h('span', { class: 'ab-row' }, posInput, h('button', { type: 'submit', id: 'ab-setup-go' }, t('analysis.setUp'))));
  setupForm.addEventListener('submit', (e) => { e.preventDefault(); setUp(select.value, posInput.value.trim() || null); });
  select.addEventListener('change', () => { posInput.value = ''; setUp(select.value, null); });

  const bar = evalBar();
  const engineText = h('p', { class: 'pv', id: 'ab-engine-text' });
  // How many best lines the engine shows (MultiPV), remembered; the others under the first.
  let kept = 1;
  try { kept = Number(localStorage.getItem(LINES)) || 1; } catch {}
  const linesSelect = h('select', { id: 'ab-lines', 'aria-label': t('analysis.linesLabel'),
    onchange: () => { try { localStorage.setItem(LINES, linesSelect.value); } catch {} search(); } },
  [1, 2, 3, 4, 5].map((n) => h('option', { value: n }, tn('analysis.lines', n))));
  linesSelect.value = String(Math.min(5, Math.max(1, kept)));
  const otherLines = h('ul', { class: 'pv lines', id: 'ab-lines-list', 'aria-label': t('analysis.otherLinesLabel') });
  const showLabel = h('label', {});
  slotted(showLabel, t('analysis.showLines', { lines: SLOT }), [linesSelect]);
  const engineBox = h('div', { id: 'ab-engine', hidden: true }, showLabel, engineText, otherLines);
  const btn = (id, label, onclick, aria) => h('button', { type: 'button', id, onclick, 'aria-label': aria || label }, label);
  const bEngine = btn('btn-engine', t('analysis.engine'), () => {
    engine = !engine;
    bEngine.setAttribute('aria-pressed', engine);
    bar.show(engine);
    engineBox.hidden = !engine;
    if (engine) search(); else { stopSearch(); best = null; render(false); }
  }, t('analysis.engineAria'));
  bEngine.setAttribute('aria-pressed', 'false');
  const bFlip = btn('btn-flip', t('analysis.flip'), () => { flipped = !flipped; render(false); }, t('analysis.flipAria'));
  const bCoords = coordsButton(() => { render(false); if (engine) search(); });
  const copyNote = h('span', { class: 'hint-text', id: 'ab-copied', role: 'status' });
  const bCopy = btn('btn-copy-link', t('analysis.copyLink'), copyLink, t('analysis.copyLinkAria'));
  const nav = (label, aria, fn, idn) => h('button', { type: 'button', id: idn, 'aria-label': aria, onclick: fn }, label);
  const navBox = h('div', { class: 'nav-buttons', role: 'group', 'aria-label': t('analysis.navigation') },
    nav('«', t('analysis.first'), () => goto(tree.root), 'nav-first'), nav('◀', t('analysis.previous'), back, 'nav-prev'),
    nav('▶', t('analysis.next'), forward, 'nav-next'), nav('»', t('analysis.last'), () => goto(tree.end(node)), 'nav-last'));
  // What can be done with the variation shown: make it the main line, or delete it.
  const bPromote = btn('btn-promote', t('analysis.promote'), promote, t('analysis.promoteAria'));
  const bDelete = btn('btn-delete-moves', t('analysis.delete'), deleteHere, t('analysis.deleteAria'));
  const treeBox = h('div', { class: 'tree-actions', role: 'group', 'aria-label': t('analysis.treeActions') }, bPromote, bDelete);
  const moveList = h('div', { class: 'moves', id: 'move-list', role: 'region', 'aria-label': t('analysis.moves'), tabindex: '-1' });
  const typed = typedMoveBox({ state: typedState, play });
  const variantLine = h('p', { class: 'variant-text', id: 'ab-variant-text' });
  const title = h('h1', { id: 'ab-title' }, t('analysis.title'));
  const boardBox = h('div', { class: 'board-box' });
  const board = new Board(boardBox, { onMove: play, announce, label: t('analysis.boardLabel') });
  onLookChange(board.svg, () => render(false));
  const root = h('div', { class: 'game analysis-board', id: 'analysis-board' },
    h('div', { class: 'board-wrap' }, bar.el, boardBox),
    h('div', { class: 'side' },
      title, variantLine, setupForm, status, over, errorLine,
      h('div', { class: 'buttons', role: 'toolbar', 'aria-label': t('analysis.actions') }, bEngine, bFlip, bCoords, bCopy, copyNote),
      engineBox, typed.el, navBox, moveList, treeBox));
  view.append(root);
  const layout = new BoardLayout(root);

  // ←/→ go back and forward anywhere on the screen but in a text box, a select or the board (whose
  // arrow keys move its cursor); ↑/↓ too inside the move list.
  const onKey = (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || !cur) return;
    const el = e.target;
    if (el.closest && (el.closest('input, textarea, select, svg#board'))) return;
    const inList = moveList.contains(el);
    if (e.key === 'ArrowLeft' || (inList && e.key === 'ArrowUp')) { back(); e.preventDefault(); }
    if (e.key === 'ArrowRight' || (inList && e.key === 'ArrowDown')) { forward(); e.preventDefault(); }
  };
  document.addEventListener('keydown', onKey);

  api.variants().then(({ presets }) => {
    select.textContent = '';
    for (const p of presets) select.append(h('option', { value: p.name }, gameName(p.name)));
    showVariant();
  }).catch(() => {});
  load(linked, false);
  onCleanup(() => { closed = true; stopSearch(); layout.close(); document.removeEventListener('keydown', onKey); });

  // The variant select shows the board's variant (a variant with options gets its own entry).
  function showVariant() {
    const v = cur ? cur.variant : variant;
    if (![...select.options].some((o) => o.value === v)) {
      // (A Shogun board's seed is not in its name: "Shogun (this board)" tells it from the preset.)
      const name = gameName(v), same = [...select.options].some((o) => o.textContent === name);
      select.append(h('option', { value: v, 'data-custom': '1' }, same ? t('analysis.thisBoard', { name }) : name));
    }
    select.value = v;
  }

  // A new tree from the board `b` (after a link's moves, or a set-up), shown at its last move.
  function plant(b) {
    variant = b.variant; start = b.start;
    tree = new MoveTree(); boards = new Map(); best = null;
    first = b.moves.length ? b.moves[0].side : b.turn;
    node = tree.addLine(tree.root, b.moves.map((m) => m.move), b.moves); // (as the server writes them)
    keep(node, b);
    cur = b;
    if (document.activeElement !== posInput) posInput.value = b.start;
    showVariant();
  }

  async function setUp(v, position) {
    errorLine.textContent = '';
    const seq = ++viewSeq;
    try {
      const b = await api.analysis({ variant: v, position: position || undefined, moves: [] });
      if (seq !== viewSeq || closed) return;
      plant(b);
      posInput.value = b.start;
      saveUrl(); render(false); if (engine) search();
      announce(t('analysis.setUpDone'));
    } catch (e) { errorLine.textContent = plain(e.message); announce(plain(e.message)); }
  }

  // The board of a link's moves (a fallback keeps the error that led to it).
  async function load(moves, fallback) {
    const seq = ++viewSeq;
    if (!fallback) errorLine.textContent = '';
    try {
      const b = await api.analysis({ variant, position: start || undefined, moves });
      if (seq !== viewSeq || closed) return;
      plant(b);
      saveUrl(); render(false); if (engine) search();
    } catch (e) {
      if (seq !== viewSeq || closed) return;
      if (!fallback) { const why = refusalText(e, cur ? cur.size : 0); errorLine.textContent = why; announce(why); }
      if (!cur) {
        // A link that does not replay: its start with none of its moves, the game's start, or Hasami Shogi.
        if (moves.length) return load([], true);
        if (start) { start = null; return load([], true); }
        if (variant !== 'hasami') { variant = 'hasami'; return load([], true); }
      }
    }
  }

  // Keeps the board of `n` (the oldest goes when too many are kept).
  function keep(n, b) {
    boards.delete(n.id);
    boards.set(n.id, b);
    if (boards.size > KEPT_BOARDS) boards.delete(boards.keys().next().value);
  }

  // The board after the moves to `n` (asked of the server unless kept); null when refused.
  async function boardOf(n) {
    if (boards.has(n.id)) return boards.get(n.id);
    const b = await api.analysis({ variant, position: start || undefined, moves: tree.movesTo(n) });
    keep(n, b);
    return b;
  }

  // Shows node `n`; `animate` slides its move's piece.
  async function goto(n, animate = false) {
    if (!cur || !n) return;
    const seq = ++viewSeq;
    let b;
    try { b = await boardOf(n); } catch (e) { if (seq === viewSeq) errorLine.textContent = plain(e.message); return; }
    if (seq !== viewSeq || closed || !tree.find(n.id) && n !== tree.root) return;
    // The focus stays in the move list when it was there (the list is drawn anew).
    const inList = moveList.contains(document.activeElement) || document.activeElement === document.body;
    node = n; cur = b;
    saveUrl(); render(animate);
    if (engine) search();
    const el = moveList.querySelector(`[data-node="${n.id}"]`);
    if (!n.parent) announce(t('analysis.startPosition'));
    else if (el && inList) el.focus({ preventScroll: true });
  }
  function back() { if (node.parent) goto(node.parent); }
  function forward() { if (node.children.length) goto(node.children[0], true); }

  // Plays `moves` from the node shown: moves already in the tree are followed, new ones are added
  // (a variation where the line goes on otherwise). The last is shown.
  async function playLine(moves) {
    if (!cur || !moves.length) return;
    const from = node, seq = ++viewSeq;
    errorLine.textContent = '';
    let b;
    try { b = await api.analysis({ variant, position: start || undefined, moves: tree.movesTo(from).concat(moves) }); }
    catch (e) { if (seq === viewSeq) { const why = refusalText(e, cur ? cur.size : 0); errorLine.textContent = why; announce(why); } return; }
    if (seq !== viewSeq || closed) return;
    let n;
    try { n = tree.addLine(from, moves, b.moves.slice(from.ply)); } catch { errorLine.textContent = t('analysis.tooManyMoves'); return; }
    keep(n, b);
    node = n; cur = b;
    saveUrl(); render(moves.length === 1);
    if (engine) search();
    const m = b.moves[b.ply - 1];
    if (m) {
      const side = sideText(sideNames(b), m.side, b.size).toLowerCase();
      const move = moveText(m.move, b.size);
      const said = m.captured.length ? t('analysis.playedCapturing', { side, move, captured: m.captured.map((c) => squareText(c, b.size)).join(' ') })
        : t('analysis.played', { side, move });
      announce(b.status === 'over' ? `${said} ${b.reason}` : said);
    }
  }
  function play(mv) { playLine([mv]); }

  // The typed-move box's view of the position shown.
  function typedState() {
    if (!cur) return null;
    return { size: cur.size, position: cur.position, legal: cur.legal_moves, turn: cur.turn, sideNames: sideNames(cur),
      refused: cur.shogun ? cur.shogun.refused : null, refusal: cur.status === 'over' ? t('typed.over') : null };
  }

  function promote() {
    if (tree.onMainLine(node)) return;
    tree.promote(node);
    saveUrl(); render(false);
    announce(t('analysis.promoted'));
  }
  function deleteHere() {
    if (!node.parent) return;
    const parent = tree.delete(node);
    for (const id of [...boards.keys()]) if (!tree.find(id) && id !== tree.root.id) boards.delete(id);
    announce(t('analysis.deleted'));
    goto(parent);
  }

  function link() { return analysisLink(variant, start, tree.lineThrough(node)); }
  function saveUrl() { if (!closed) history.replaceState(null, '', link()); }

  async function copyLink() {
    const url = location.origin + location.pathname + link();
    try { await navigator.clipboard.writeText(url); } catch {
      const ta = h('textarea', { class: 'sr-only' }, url); document.body.append(ta); ta.select(); document.execCommand('copy'); ta.remove();
    }
    bCopy.dataset.link = url;
    copyNote.textContent = t('analysis.linkCopied'); announce(t('analysis.linkCopied'));
    setTimeout(() => { copyNote.textContent = ''; }, 2500);
  }

  // ------------------------------------------------------------ the engine
  function stopSearch() {
    ++searchSeq;
    clearTimeout(searchTimer);
    if (searchAbort) { searchAbort.abort(); searchAbort = null; }
  }

  // Searches the position shown (after a short pause, so that stepping through moves does not
  // start a search per step); an answer for a position no longer shown is dropped. Until it comes
  // the bar is marked as waiting (its figure is the last position's).
  function search() {
    stopSearch();
    if (!engine || !cur) return;
    const seq = searchSeq, b = cur, at = node, ply = node.ply, moves = tree.movesTo(node);
    if (b.status === 'over') {
      engineText.textContent = t('analysis.overHere', { reason: b.reason });
      otherLines.textContent = '';
      barResult(bar, b.winner);
      return;
    }
    engineText.textContent = t('analysis.thinking');
    otherLines.textContent = '';
    barWaits(bar);
    searchTimer = setTimeout(async () => {
      const abort = new AbortController();
      searchAbort = abort;
      for (let attempt = 0; attempt < 5; attempt++) {
        try {
          // (In the page when it can: page-analysis.js.)
          const req = { variant, position: start || undefined, moves, ms: 1000, lines: Number(linesSelect.value) };
          const a = await boardSearch(req, abort.signal, () => api.analysisSearch(req, abort.signal));
          if (seq !== searchSeq) return;
          const turn = b.turn, pick = (pv) => { if (node === at) playLine(pv); };
          showEngineLine(engineText, a, { first, ply, turn, sideNames: sideNames(b), onPick: pick, bar, size: b.size });
          otherLines.textContent = '';
          for (const l of a.lines.slice(1)) otherLines.append(otherLine(l, { first, ply, turn, onPick: pick, size: b.size }));
          // (The first move of the line shown: the answer's `best` can differ from it.)
          best = a.pv[0] || a.best ? { node: at.id, move: a.pv[0] || a.best } : null;
          render(false, false);
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
  function render(animate, list = true) {
    if (!cur) return;
    const b = cur, ply = node.ply, plies = tree.end(node).ply;
    const last = ply > 0 ? b.moves[ply - 1] : null;
    root.dataset.status = b.status; root.dataset.turn = b.turn; root.dataset.ply = ply; root.dataset.plies = plies;
    root.dataset.node = node.id; root.dataset.mainLine = tree.onMainLine(node);
    bar.sides(sideNames(b), b.shogun);
    board.set({
      size: b.size, position: b.position, go: b.preset === 'dai-hasami' || b.preset === 'dai-hasami-captures',
      houseRows: b.preset === 'agon' || /\+house(=on)?(\+|$)/.test(b.variant) ? 2 : 0,
      flipped, interactive: b.status === 'playing', legal: b.legal_moves, animate,
      lastMove: last ? { from: last.move.slice(0, last.move.length / 2), to: last.move.slice(last.move.length / 2) } : null,
      captured: last ? last.captured : [], capturedSide: last ? (last.side === 'black' ? 'white' : 'black') : null,
      prevCaptured: ply > 1 ? b.moves[ply - 2].captured : [],
      winningLine: b.winning_line, hint: null,
      // The engine's best move in the position shown: an arrow.
      arrows: engine && best && best.node === node.id ? [{ move: best.move, kind: 'best' }] : [],
      shogun: !!b.shogun, sideNames: sideNames(b), learn: false,
      arrivals: b.shogun ? b.shogun.arrivals : null, refused: b.shogun ? b.shogun.refused : null,
      checkSide: b.shogun && b.shogun.attacked ? b.turn : null,
      look: lookFor(b),
    });
    if (!list) return;
    title.textContent = t('analysis.titleOf', { game: gameName(b.variant) });
    variantText(variantLine, b.variant);
    if (b.status === 'over') {
      over.hidden = false; over.textContent = t('analysis.over', { result: b.result, reason: b.reason });
      status.textContent = ply < plies ? t('analysis.moveOf', { ply, plies }) : '';
    } else {
      over.hidden = true;
      const parts = [ply < plies ? t('analysis.toMoveAt', { side: sideNames(b)[b.turn], ply, plies }) : t('analysis.toMove', { side: sideNames(b)[b.turn] })];
      if (b.shogun && b.shogun.attacked) parts.push(t('analysis.shogunAttacked', { attackers: b.shogun.attackers.join(', ') }));
      status.textContent = parts.join(' — ');
    }
    bPromote.disabled = tree.onMainLine(node);
    bDelete.disabled = !node.parent;
    bCoords.hidden = b.size !== 9;
    drawMoveTree(moveList, tree, node, { first, sideNames: sideNames(b), onPick: (n) => goto(n, n.parent === node), empty: t('analysis.empty'), size: b.size });
  }
}
