// The game screen (#/game/ID): the board, the players and clocks, the actions, the move list,
// hints and analysis, live updates over a WebSocket; while a Shogun game's players arrange their
// pieces (setup=choose), the arranging panel (arrange.js) in the board's place.

import { api as serverApi, tokens, invites, sides } from './api.js';
import { Board } from './board.js';
import { lookFor, onLookChange } from './looks.js';
import { gameName } from './rules.js';
import { h, announce, plain, setIcon, fillIn, showInList } from './dom.js';
import { reviewGraph, reviewSummary, moveComment, reviewArrows, reviewHeading, reviewLegend, MARKS } from './review.js';
import { afterGameActions } from './after-game.js';
import { sound } from './sounds.js';
import { scoreText, evalBar, fillMoveList, moveText, squareText, sideText, refusalText, coordsButton } from './notation.js';
import { playerLink } from './ratings.js';
import { daysLeftText, daysPerMove, daysWord, mayGiveTime } from './days.js';
import { showEngineLine, barResult, barWaits } from './engine-line.js';
import { typedMoveBox, gameTypedState } from './typed-move.js';
import { BoardLayout, variantText } from './layout.js';
import { t, tn } from './i18n.js';
import { sideNames, playerName, reasonText } from './game-words.js';
import { goalText } from './variant-words.js';
import { EngineReply } from './engine-reply.js';
import { gameHint } from './page-analysis.js';

/** Whether side `s` of game `g` has a name nobody chose: its side's name, or "You". */
function defaultName(g, s) {
  return g.players[s] === g.side_names[s] || g.players[s] === 'You';
}

/** Shows game `id` in `view`; `onCleanup` receives what to run when the screen is left. `api`: where
 * the game is kept (api.js's server calls, or local-games.js's for a game kept in this browser,
 * which no one else changes: `api.local`, no WebSocket). */
export function gameScreen(view, id, tokenParam, onCleanup, api = serverApi) {
  if (tokenParam) {
    // A link with another key for a game this browser already plays must not silently take over.
    const stored = tokens.get(id);
    if (!stored || stored === tokenParam
        || confirm(t('game.other-key', { id }))) {
      tokens.set(id, tokenParam);
    }
    history.replaceState(null, '', `#/game/${id}`);
  }
  const token = tokens.get(id);
  document.title = t('page.title.game', { id });
  let game = null, you = null, shownPly = null, flipped = false, analysis = false, hint = null, hintPly = null, hintNote = '', learn = false;
  let clockBase = null, review = null, reviewing_ = false;
  let engineBest = null; // the analysis's best move, as an arrow: {ply, move}
  // A move made on the opponent's turn, sent as soon as it is this player's turn if legal then.
  let premove = null, premoveNote = '';
  let ws = null, closed = false, retry = 0, wsOpen = false, analysisSeq = 0;
  // A game whose engine is in the page: its replies are searched here and played with this key.
  const reply = new EngineReply({ play: async (mv) => { const g = await api.move(id, mv, token); if (!wsOpen) update(g, true); },
    changed: () => render(false), failed: (why) => { errorLine.textContent = why; announce(why); } });

  const status = h('p', { class: 'status', id: 'status', role: 'status', 'aria-live': 'polite' });
  const errorLine = h('p', { class: 'error', id: 'error', role: 'alert' });
  const over = h('div', { class: 'over', id: 'game-over', hidden: true, role: 'status' });
  // A game paired in the lobby, before each side has moved: the time left for the first move.
  const firstMove = h('p', { class: 'first-move', id: 'first-move', role: 'timer', hidden: true });
  const premoveText = h('span', { id: 'premove-text' });
  const premoveBox = h('p', { class: 'premove-line', id: 'premove', hidden: true }, premoveText, ' ',
    h('button', { type: 'button', id: 'btn-premove-cancel', onclick: () => cancelPremove() }, t('game.premove.cancel')));
  const conn = h('p', { class: 'hint-text', id: 'connection' });
  const players = h('div', { class: 'players', id: 'players' });
  const warning = h('p', { class: 'shogun-warning', id: 'shogun-warning', hidden: true, role: 'alert' });
  const nameInput = h('input', { type: 'text', id: 'name-input', maxlength: 40, 'aria-label': t('game.name'), placeholder: t('game.name'), autocomplete: 'nickname' });
  const nameForm = h('form', { class: 'inline-form', id: 'name-form', hidden: true },
    h('label', { for: 'name-input' }, t('game.name')), nameInput, h('button', { type: 'submit', id: 'name-save' }, t('game.name.save')));
  nameForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const side = you === 'both' ? game.turn : undefined;
    act(() => api.name(id, nameInput.value, token, side));
  });
  const moveList = h('div', { class: 'moves', id: 'move-list', role: 'region', 'aria-label': t('game.moves') });
  const bar = evalBar();
  const analysisBox = h('div', { id: 'analysis', hidden: true }, h('p', { class: 'pv', id: 'analysis-text' }));
  const btn = (id, label, onclick, aria) => h('button', { type: 'button', id, onclick, 'aria-label': aria || label }, label);
  const bUndo = btn('btn-undo', t('game.undo'), () => act(() => api.undo(id, token)), t('game.undo.label'));
  const bResign = btn('btn-resign', t('game.resign'), () => { if (confirm(t('game.resign.confirm'))) act(() => api.resign(id, token)); });
  const bDraw = btn('btn-draw', t('game.draw.offer'), () => act(() => api.draw(id, game.draw_offer && game.draw_offer !== you ? 'accept' : 'offer', token)));
  const bDecline = btn('btn-decline', t('game.draw.decline'), () => act(() => api.draw(id, 'decline', token)));
  // Online games take moves back when the opponent agrees (engine and hot-seat games: Undo).
  const bTakeback = btn('btn-takeback', t('game.takeback.ask'), () => act(() => api.takeback(id, game.takeback_offer && game.takeback_offer !== you ? 'accept' : 'offer', token)), t('game.takeback.ask.label'));
  const bTakebackDecline = btn('btn-takeback-decline', t('game.takeback.decline'), () => act(() => api.takeback(id, 'decline', token)));
  // Correspondence games: the waiting player gives the side to move another period of days.
  const bExtend = btn('btn-extend', t('game.extend'), () => act(() => api.extend(id, token)), t('game.extend.label'));
  const bAbort = btn('btn-abort', t('game.abort'), () => { if (confirm(t('game.abort.confirm'))) act(() => api.abort(id, token)); }, t('game.abort.label'));
  const bReview = btn('btn-review', t('game.review'), runReview, t('game.review.label'));
  const reviewBox = h('section', { class: 'review', id: 'review', hidden: true, 'aria-label': t('game.review') });
  const afterBox = h('div', { id: 'after-game-box' });
  // How the game is won, beside the board (from the server's words for the variant).
  const goalLine = h('p', { class: 'goal', id: 'goal', hidden: true });
  // Whether the opponent has the game open (online games).
  const presence = h('p', { class: 'presence', id: 'presence', hidden: true });
  const bHint = btn('btn-hint', t('game.hint'), showHint, t('game.hint.label'));
  const bAnalysis = btn('btn-analysis', t('game.analysis'), () => { analysis = !analysis; bAnalysis.setAttribute('aria-pressed', analysis); bar.show(analysis); analysisBox.hidden = !analysis; if (analysis) analyse(); else render(false); }, t('game.analysis.label'));
  bAnalysis.setAttribute('aria-pressed', 'false');
  const bLearn = btn('btn-learn', t('game.learn'), () => { learn = !learn; bLearn.setAttribute('aria-pressed', learn); render(false); }, t('game.learn.label'));
  bLearn.setAttribute('aria-pressed', 'false');
  const bFlip = btn('btn-flip', t('game.flip'), () => { flipped = !flipped; render(false); }, t('game.flip.label'));
  const bCoords = coordsButton(() => { render(false); if (analysis) analyse(); });
  const bRecord = btn('btn-record', t('game.record'), toggleExport, t('game.record.label'));
  const bBoard = btn('btn-analyse-board', t('game.analyse-here'), () => { location.hash = '#/analysis?' + new URLSearchParams({ variant: game.variant, position: shownPosition() }); }, t('game.analyse-here.label'));
  const exportBox = h('div', { id: 'export', hidden: true, class: 'card' });
  const linksBox = h('div', { id: 'invite-links', class: 'links', hidden: true });
  const nav = (label, aria, fn, idn) => h('button', { type: 'button', id: idn, 'aria-label': aria, onclick: fn }, label);
  const navBox = h('div', { class: 'nav-buttons', role: 'group', 'aria-label': t('game.nav') },
    nav('«', t('game.nav.first'), () => goto(0), 'nav-first'), nav('◀', t('game.nav.prev'), () => goto((shownPly ?? game.ply) - 1), 'nav-prev'),
    nav('▶', t('game.nav.next'), () => goto((shownPly ?? game.ply) + 1), 'nav-next'), nav('»', t('game.nav.last'), () => goto(game.ply), 'nav-last'));
  const typed = typedMoveBox({ state: () => gameTypedState(game, you, game && reviewing()), play });
  // The full variant text (Shogun's carries a 20-digit seed) wraps anywhere and can be selected.
  const variantLine = h('p', { class: 'variant-text', id: 'game-variant' });
  const ratedLine = h('p', { class: 'rated-line', id: 'game-rated', hidden: true }, ...fillIn(t('game.rated'), { badge: h('span', { class: 'rated-badge' }, t('game.rated.badge')) }));
  const boardBox = h('div', { class: 'board-box' });
  const board = new Board(boardBox, { onMove: play, announce, label: t('game.board', { id }) });
  onLookChange(board.svg, () => render(false));
  // Shogun setup=choose: the arrangements this screen has sent ({side: ids}), shown while waiting.
  // The panel's module is loaded only for such a game (the first screen stays light).
  const kept = {};
  let arrangePanel = null, arrangeLoading = null;
  let chat = null, chatLoading = null;
  const chatBox = h('div', { id: 'chat-box' });
  const arrangeBox = h('div', { class: 'arrange-box', hidden: true });
  const root = h('div', { class: 'game', id: 'game', 'data-game-id': id },
    h('div', { class: 'board-wrap' }, bar.el, boardBox, arrangeBox),
    h('div', { class: 'side' },
      h('h1', { id: 'game-title' }, t('game.title', { id })), variantLine, ratedLine, goalLine, players, presence, nameForm, warning, status, premoveBox, firstMove, over, afterBox, errorLine, conn,
      h('div', { class: 'buttons', role: 'toolbar', 'aria-label': t('game.actions') }, bUndo, bExtend, bAbort, bResign, bDraw, bDecline, bTakeback, bTakebackDecline, bHint, bAnalysis, bReview, bLearn, bFlip, bCoords, bRecord, bBoard),
      chatBox, reviewBox, analysisBox, linksBox, typed.el, navBox, moveList, exportBox));
  view.append(root);
  const layout = new BoardLayout(root);

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
    if (b) { b.focus({ preventScroll: true }); showInList(moveList, b); } else if (ply === 0) announce(t('game.start-position'));
  }

  async function act(fn) {
    errorLine.textContent = '';
    try { const g = await fn(); if (!wsOpen) update(g, true); }
    catch (e) { const why = refusalText(e, game && game.size); errorLine.textContent = why; announce(why); }
  }
  function play(mv) {
    if (game && game.status === 'playing' && (you === 'black' || you === 'white') && game.turn !== you) {
      premove = mv;
      render(false);
      announce(t('game.premove.kept', { move: written(mv) }));
      return;
    }
    hint = null; hintNote = ''; act(() => api.move(id, mv, token));
  }
  async function arrange(side, ids) {
    errorLine.textContent = '';
    try {
      const g = await api.arrange(id, ids, token, you === 'both' ? side : undefined);
      kept[side] = ids;
      announce(t('game.arranged', { side: sideNames(game)[side] }));
      if (!wsOpen) update(g, true); else render(false);
    } catch (e) { errorLine.textContent = plain(e.message); announce(plain(e.message)); }
  }
  function showArranging(g) {
    if (arrangePanel) { arrangePanel.show({ arranged: arranged(g), you: you || null, names: sideNames(g), kept }); return; }
    if (!arrangeLoading) arrangeLoading = import('./arrange.js').then(({ ArrangePanel }) => {
      arrangePanel = new ArrangePanel({ onDone: arrange, announce });
      arrangeBox.append(arrangePanel.el);
      if (game && game.arranging) render(false);
    }).catch((e) => { errorLine.textContent = plain(e.message); arrangeLoading = null; });
  }
  /** Who has arranged, as the view says and with what this screen has sent since. */
  function arranged(g) {
    return { black: g.arranging.black || !!kept.black, white: g.arranging.white || !!kept.white };
  }
  const written = (m) => moveText(m, game.size);
  function cancelPremove() { if (premove) { premove = null; render(false); announce(t('game.premove.cancelled')); } }

  // Hints and analysis are for the position shown: the current one, or the one after the move
  // being reviewed. A finished game's final position has nothing to suggest.
  function reviewing() { return shownPly !== null && shownPly !== game.ply; }
  function turnShown() { return reviewing() ? game.moves[shownPly].side : game.turn; }
  const OVER_TEXT = t('game.over.analyse');

  async function showHint() {
    errorLine.textContent = '';
    if (game.status === 'over' && !reviewing()) { status.textContent = OVER_TEXT; announce(OVER_TEXT); return; }
    bHint.disabled = true;
    try {
      const ply = reviewing() ? shownPly : null;
      const a = await gameHint(game, 800, ply, () => api.hint(id, 800, ply));
      hint = a.best; hintPly = ply ?? game.ply;
      hintNote = a.best ? t(ply === null ? 'game.hint.text' : 'game.hint.after', { ply, move: moveText(a.best, game.size, (a.captured || [])[0]), score: scoreText(a) }) : t('game.hint.none');
      render(false);
      announce(hintNote);
    } catch (e) { errorLine.textContent = plain(e.message); }
    bHint.disabled = false;
  }

  async function analyse() {
    if (!analysis || !game) return;
    const seq = ++analysisSeq;
    const text = document.getElementById('analysis-text');
    // The bar follows the position shown: the final one's figure is the result.
    if (game.status === 'over' && !reviewing()) { text.textContent = OVER_TEXT; barResult(bar, game.winner); return; }
    text.textContent = t('game.thinking');
    barWaits(bar);
    try {
      const turn = turnShown();
      const at = reviewing() ? shownPly : null;
      const a = await gameHint(game, 1000, at, () => api.hint(id, 1000, at), true);
      if (seq !== analysisSeq) return;
      const first = game.moves.length ? game.moves[0].side : game.turn, position = shownPosition();
      // A click on a move of the line opens the analysis board with the line played up to it.
      showEngineLine(text, a, { first, ply: reviewing() ? shownPly : game.ply, turn, sideNames: sideNames(game), bar, size: game.size,
        onPick: (moves) => { location.hash = '#/analysis?' + new URLSearchParams({ variant: game.variant, position, moves: moves.join(',') }).toString().replace(/%2C/g, ','); } });
      engineBest = a.pv[0] ? { ply: reviewing() ? shownPly : game.ply, move: a.pv[0] } : null;
      render(false);
    } catch (e) { if (seq === analysisSeq) text.textContent = e.message; }
  }

  // Post-game review: computed once on the server and stored with the game.
  async function runReview() {
    if (!game || reviewing_) return;
    reviewing_ = true; bReview.disabled = true;
    reviewBox.hidden = false; reviewBox.textContent = '';
    reviewBox.append(h('p', { class: 'hint-text', id: 'review-wait' }, t('game.review.wait')));
    try { review = await api.review(id); announce(t('game.review.ready')); }
    catch (e) { reviewBox.textContent = ''; reviewBox.append(h('p', { class: 'error' }, plain(e.message))); }
    reviewing_ = false; bReview.disabled = false;
    render(false);
  }

  // The review's parts that follow the position shown: the graph's line and the comment.
  function renderReview(ply) {
    if (!review || review.plies !== game.ply) return;
    reviewBox.hidden = false; reviewBox.textContent = '';
    const graph = reviewGraph(review, sideNames(game), ply, (p) => { goto(p); const gr = document.getElementById('review-graph'); if (gr) gr.focus(); });
    graph.classList.toggle('shogun', !!game.shogun);
    reviewBox.append(reviewHeading(), graph,
      h('p', { class: 'review-comment', id: 'review-comment', 'aria-live': 'polite' }, moveComment(review, sideNames(game), ply, game.size, ply > 0 ? game.moves[ply - 1].captured : [])),
      reviewSummary(review, sideNames(game)),
      reviewLegend(review));
  }

  function toggleExport() {
    exportBox.hidden = !exportBox.hidden;
    if (exportBox.hidden) return;
    exportBox.textContent = t('page.loading');
    api.record(id).then((rec) => {
      exportBox.textContent = '';
      exportBox.append(h('h2', {}, t('game.export')),
        h('label', {}, t('game.export.record'), h('textarea', { id: 'export-record', rows: 8, readonly: true }, rec)),
        h('p', {}, h('a', { href: api === serverApi ? `/api/games/${id}/record?download=1` : 'data:text/plain;charset=utf-8,' + encodeURIComponent(rec), id: 'export-download', download: `hasami-game-${id}.hrec` }, t('game.export.download'))),
        h('label', {}, t('game.export.position'), h('input', { type: 'text', id: 'export-position', readonly: true, value: shownPosition() })));
    }).catch((e) => { exportBox.textContent = e.message; });
  }

  function shownPosition() {
    if (shownPly === null) return game.position;
    return shownPly === 0 ? game.start : game.moves[shownPly - 1].position;
  }

  function update(g, fromAction) {
    const prevPly = game ? game.ply : null;
    const wasOver = game ? game.status === 'over' : null;
    const wasArranging = game ? !!game.arranging : false;
    game = g;
    clockBase = g.clock ? { ...g.clock, at: performance.now(), wall: Date.now() } : null;
    // The bar's two colours are the two sides' (White and Red in Shogun); it fills with the first's.
    bar.sides(sideNames(g), g.shogun);
    if (g.you !== undefined) { you = g.you; sides.set(g.id, you); }
    reply.see(g, you);
    if (g.opponent === 'online') chatOn();
    if (g.local) conn.textContent = t('offline.kept');
    if (g.arranging && g.arranging.yours && (you === 'black' || you === 'white')) kept[you] = g.arranging.yours;
    if (wasArranging && !g.arranging) announce(t('game.arranged.both'));
    const animate = prevPly !== null && g.ply === prevPly + 1;
    if (prevPly !== null && g.ply !== prevPly) { hint = null; hintNote = ''; shownPly = null; premoveNote = ''; }
    // A premove waits for this player's turn; a takeback or the end drops it.
    let send = null;
    if (premove && (g.status !== 'playing' || (prevPly !== null && g.ply < prevPly))) premove = null;
    else if (premove && g.turn === you) {
      send = premove; premove = null;
      if (!g.legal_moves.includes(send)) { premoveNote = t('game.premove.illegal', { move: written(send) }); send = null; }
    }
    render(animate);
    if (send) play(send);
    if (analysis && (prevPly === null || g.ply !== prevPly)) analyse();
    if (animate) {
      const m = g.moves[g.ply - 1];
      sound(g.status === 'over' ? 'end' : g.shogun && g.shogun.attacked ? 'warning' : m.captured.length ? 'capture' : 'move');
      const words = { side: sideText(sideNames(g), m.side, g.size), move: moveText(m.move, g.size), captured: m.captured.map((c) => squareText(c, g.size)).join(' '), reason: reasonText(g.reason) };
      announce(t(`game.played${m.captured.length ? '.capturing' : ''}${g.status === 'over' ? '.over' : ''}`, words));
    }
    // An end without a move (resigned, agreed, on time, aborted) sounds too.
    if (wasOver === false && g.status === 'over' && !animate) sound('end');
    if (wasOver === null) firstView(g);
    void fromAction;
  }

  // Once per screen: the win condition and a review made before.
  function firstView(g) {
    api.checkVariant(g.variant).then((v) => { if (v.goal) { goalLine.textContent = goalText(v.goal); goalLine.hidden = false; } }).catch(() => {});
    if (g.ply > 0) api.storedReview(id).then((r) => { review = r; render(false); }).catch(() => {});
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
      if (e) { const n = shownPieces()[s]; e.textContent = n; e.setAttribute('aria-label', tn('game.pieces', n)); }
    }
    const position = ply === g.ply ? g.position : (ply === 0 ? g.start : g.moves[ply - 1].position);
    const last = ply > 0 ? g.moves[ply - 1] : null;
    const mine = you === 'both' || you === g.turn;
    // On the opponent's turn a player may premove (not in hot-seat, where both sides are one's own).
    const premoving = shownPly === null && g.status === 'playing' && (you === 'black' || you === 'white') && you !== g.turn;
    const interactive = shownPly === null && g.status === 'playing' && ((mine && !g.thinking) || premoving);
    root.dataset.status = g.status; root.dataset.turn = g.turn; root.dataset.ply = g.ply;
    root.dataset.you = you || 'spectator'; root.dataset.thinking = g.thinking;
    // Shogun setup=choose: the panel takes the board's place until both have arranged (the board
    // would show the fixed order, which is nobody's arrangement).
    const arranging = !!g.arranging && g.status === 'playing';
    root.dataset.arranging = arranging;
    boardBox.hidden = arranging; arrangeBox.hidden = !arranging; bar.el.hidden = arranging;
    const toArrange = arranging ? (you === 'both' ? ['black', 'white'] : you === 'black' || you === 'white' ? [you] : []).find((s) => !arranged(g)[s]) : null;
    if (arranging) showArranging(g);
    if (!flipped && you === 'white' && !root.dataset.autoflipped) { flipped = true; root.dataset.autoflipped = '1'; }
    board.set({
      size: g.size, position, go: g.preset === 'dai-hasami' || g.preset === 'dai-hasami-captures',
      houseRows: g.preset === 'agon' || /\+house(=on)?(\+|$)/.test(g.variant) ? 2 : 0,
      flipped, interactive, legal: g.legal_moves, animate,
      premove: premoving ? you : null, premoveMove: premove,
      lastMove: last ? { from: last.move.slice(0, last.move.length / 2), to: last.move.slice(last.move.length / 2) } : null,
      captured: last ? last.captured : [], capturedSide: last ? (last.side === 'black' ? 'white' : 'black') : null,
      // The move before keeps its capture marks (fainter), so a fast reply does not hide them.
      prevCaptured: ply > 1 ? g.moves[ply - 2].captured : [],
      // The winning five, on the final position only.
      winningLine: shownPly === null ? g.winning_line : [],
      hint: hintPly === ply ? hint : null,
      arrows: review && review.plies === g.ply ? reviewArrows(review, ply)
        : analysis && engineBest && engineBest.ply === ply ? [{ move: engineBest.move, kind: 'best' }] : [],
      shogun: !!g.shogun, sideNames: sideNames(g), learn,
      arrivals: g.shogun && shownPly === null ? g.shogun.arrivals : null,
      refused: g.shogun && shownPly === null ? g.shogun.refused : null,
      checkSide: g.shogun && g.shogun.attacked && shownPly === null ? g.turn : null,
      look: lookFor(g),
    });
    const names = sideNames(g);
    document.getElementById('game-title').textContent = t('game.title.named', { id: g.id, game: gameName(g.variant) });
    variantText(variantLine, g.variant);
    ratedLine.hidden = !g.rated;
    // The tab says when it is your move (title and a dot on the icon), so a player in another tab
    // sees it; hot-seat games, where both sides are yours, do not.
    const myTurn = g.status === 'playing' && (you === 'black' || you === 'white') && (arranging ? !!toArrange : g.turn === you && !g.thinking);
    document.title = t(myTurn ? 'game.tab.your-move' : 'game.tab', { id: g.id, game: gameName(g.variant) });
    setIcon(myTurn);
    players.textContent = '';
    players.classList.toggle('shogun', !!g.shogun);
    for (const s of ['black', 'white']) {
      // "White (you)", "Black: Ann", "White: hasami level 3": a default name is not repeated. An
      // account's seat shows its name as a link to its page.
      const accountName = g.accounts && g.accounts[s];
      const label = accountName ? fillIn(t('game.player', { side: names[s] }), { name: playerLink(accountName) })
        : [defaultName(g, s) ? names[s] : t('game.player', { side: names[s], name: playerName(g.players[s]) })];
      players.append(h('span', { class: 'dot ' + s, 'aria-hidden': 'true' }),
        h('span', { class: g.turn === s && g.status === 'playing' ? 'turn' : '', id: 'player-' + s }, ...label, you === s ? t('game.player.you') : ''),
        h('span', { id: 'pieces-' + s, 'aria-label': tn('game.pieces', shownPieces()[s]) }, shownPieces()[s]),
        g.clock ? h('span', { class: 'clock', id: 'clock-' + s, role: 'timer', 'aria-label': t('game.clock', { side: names[s] }) }) : h('span', {}));
    }
    layout.clocks(g, flipped);
    tickClocks();
    const other = you === 'black' ? 'white' : you === 'white' ? 'black' : null;
    presence.hidden = !(g.opponent === 'online' && other && g.connected && g.status === 'playing');
    if (!presence.hidden) {
      const on = g.connected[other], who = defaultName(g, other) ? names[other] : playerName(g.players[other]);
      presence.dataset.connected = on;
      presence.textContent = t(on ? 'game.presence.here' : 'game.presence.away', { name: who });
    }
    const sh = g.shogun;
    warning.hidden = !(sh && sh.attacked && g.status === 'playing' && shownPly === null);
    if (!warning.hidden) warning.textContent = t('game.shogun-warning', { side: names[g.turn], by: sh.attackers.join(', ') });
    bLearn.hidden = !(sh && sh.numbers === 'magnets');
    // A player may name themselves before the game is under way (until each side has moved once);
    // the box starts empty rather than with a default like "White".
    const player = you === 'black' || you === 'white';
    const namable = g.status === 'playing' && player && (g.ply < 2 || document.activeElement === nameInput);
    nameForm.hidden = !namable;
    if (namable && document.activeElement !== nameInput) nameInput.value = defaultName(g, you) ? '' : g.players[you];
    if (g.status === 'over') {
      over.hidden = false; over.textContent = g.result === '*' ? reasonText(g.reason) : t('game.over', { result: g.result, reason: reasonText(g.reason) });
      status.textContent = '';
    } else {
      over.hidden = true;
      const turnName = names[g.turn];
      const waitingFor = arranging && ['black', 'white'].find((s) => !arranged(g)[s]);
      status.textContent = arranging
        ? (toArrange ? t('game.status.arrange', { side: names[toArrange] }) : you ? t('game.status.arrange-wait', { side: names[waitingFor] }) : t('game.status.arranging'))
        : g.thinking ? t('game.status.thinking')
        : shownPly !== null ? t('game.status.viewing', { ply, plies: g.ply })
        : mine ? t('game.status.your-move', { side: turnName }) : you ? t('game.status.waiting', { side: turnName }) : t('game.status.watching', { side: turnName });
      // Each further line of the status after a dash.
      const more = (text) => { status.textContent += ` — ${text}`; };
      if (g.draw_offer && g.draw_offer !== you && you) more(t('game.status.draw-offered'));
      else if (g.draw_offer) more(t('game.status.draw-offer', { side: names[g.draw_offer] }));
      if (g.open_seat) more(t('game.status.lobby'));
      if (g.takeback_offer && g.takeback_offer !== you && you) more(t('game.status.takeback-asked'));
      else if (g.takeback_offer) more(t('game.status.takeback', { side: names[g.takeback_offer] }));
    }
    // A hint stays in the status line while its position is shown.
    if (hintPly === ply && hintNote) status.textContent = hintNote;
    if (premoveNote && g.status === 'playing') status.textContent += ` — ${premoveNote}`;
    premoveBox.hidden = !premove;
    if (premove) premoveText.textContent = t('game.premove', { move: written(premove) });
    const playing = g.status === 'playing' && !!you;
    bUndo.hidden = g.opponent === 'online';
    // A finished engine game's result stands (the server refuses too); hot-seat games may go back.
    bUndo.disabled = !you || g.ply === 0 || (g.status === 'over' && (g.opponent === 'engine' || / resigned|agreed|on time/.test(g.reason || '')));
    bResign.disabled = !playing;
    // Before each side has moved a game is aborted, not resigned, and no draw is offered.
    const abortable = playing && g.ply < 2;
    bAbort.hidden = !abortable; bResign.hidden = abortable;
    bExtend.hidden = !mayGiveTime(g, you);
    if (!bExtend.hidden) bExtend.setAttribute('aria-label', t('game.extend.days', { days: daysWord(g.clock.days), left: g.clock.extensions_left }));
    afterBox.textContent = '';
    const after = g.local ? null : afterGameActions(g, you, token, (m) => { errorLine.textContent = m; });
    if (after) afterBox.append(after);
    bReview.hidden = !(g.ply > 0 && (g.status === 'over' || g.opponent !== 'online'));
    if (review && review.plies === g.ply) bReview.hidden = true;
    renderReview(ply);
    bDraw.hidden = g.opponent !== 'online' || abortable;
    bDraw.disabled = !playing || g.draw_offer === you;
    bDraw.textContent = t(g.draw_offer && g.draw_offer !== you ? 'game.draw.accept' : 'game.draw.offer');
    // A Decline button shows only while there is something to decline.
    bDecline.hidden = bDraw.hidden || !playing || !g.draw_offer || g.draw_offer === you;
    // A takeback request: your last move (and the reply to it, on your turn) once you have moved.
    const askedOfMe = !!g.takeback_offer && g.takeback_offer !== you;
    const myMoveMade = g.ply >= (g.turn === you ? 2 : 1);
    bTakeback.hidden = g.opponent !== 'online' || abortable;
    bTakeback.disabled = !playing || g.takeback_offer === you || (!askedOfMe && !myMoveMade);
    bTakeback.textContent = t(askedOfMe ? 'game.takeback.accept' : 'game.takeback.ask');
    bTakeback.setAttribute('aria-label', t(askedOfMe ? 'game.takeback.accept.label' : 'game.takeback.ask.label'));
    bTakebackDecline.hidden = bTakeback.hidden || !playing || !askedOfMe;
    // Fair play: no engine help in an online game until it is over (the server refuses it too, the
    // analysis board's search of the game's position included).
    const fairPlay = g.opponent === 'online' && g.status === 'playing';
    bHint.disabled = fairPlay || arranging;
    bAnalysis.disabled = bHint.disabled;
    // Nothing to look at on the board before the start.
    bLearn.hidden = bLearn.hidden || arranging; bFlip.hidden = arranging;
    bCoords.hidden = arranging || g.size !== 9;
    bRecord.hidden = arranging; bBoard.hidden = arranging || fairPlay;
    typed.el.hidden = !you || g.status !== 'playing' || arranging;
    // A spectator has no player's actions, and no engine help while an online game goes on: the
    // buttons go rather than stay greyed out.
    bHint.hidden = bAnalysis.hidden = !you && bHint.disabled;
    if (!you) for (const b of [bUndo, bAbort, bResign, bDraw, bDecline, bTakeback, bTakebackDecline, bExtend]) b.hidden = true;
    // invite links
    // They go once a stranger took the seat from the lobby (its link's key no longer works), once the
    // friend has come (connected, or has moved: kept with the links, so that they stay gone after
    // the friend has left), and when the game is over.
    const links = invites.get(g.id);
    const friend = you === 'black' ? 'white' : 'black';
    const came = you !== 'both' && ((g.connected && g.connected[friend]) || g.moves.some((m) => m.side === friend));
    if (came && links && !links.came) invites.set(g.id, { ...links, came: true });
    if (g.opponent === 'online' && links && links.black && !g.paired && g.status !== 'over' && !came && !links.came) {
      linksBox.hidden = false; linksBox.textContent = '';
      const abs = (p) => location.origin + p;
      // Each link in full (it wraps) with a button that copies it.
      const row = (key, text) => {
        const input = h('input', { type: 'text', readonly: true, id: 'invite-' + key, value: abs(links[key]) });
        const copy = h('button', { type: 'button', id: 'copy-' + key, 'aria-label': t('game.invite.copy.label', { link: text }) }, t('game.invite.copy'));
        copy.addEventListener('click', async () => {
          try { await navigator.clipboard.writeText(input.value); } catch { input.select(); document.execCommand('copy'); }
          copy.textContent = t('game.invite.copied'); announce(t('game.invite.copied.said'));
          setTimeout(() => { copy.textContent = t('game.invite.copy'); }, 2000);
        });
        return h('label', {}, text, h('span', { class: 'link-row' }, input, copy));
      };
      linksBox.append(h('h2', {}, t('game.invite')),
        ...['black', 'white'].map((s) => row(s, t(you === s ? 'game.invite.yours' : 'game.invite.friend', { side: names[s] }))),
        row('spectator', t('game.invite.spectators')));
    } else linksBox.hidden = true;
    // The move list, with the review's marks once there is one.
    const judged = review && review.plies === g.ply ? review.moves : null;
    fillMoveList(moveList, g.moves, names, ply, goto, {
      follow: shownPly === null, size: g.size,
      decorate: (b, m) => {
        const j = judged && judged[m.ply - 1].judgement;
        if (!j) return;
        b.classList.add('mark-' + j);
        b.append(h('span', { class: 'mark', 'aria-hidden': 'true' }, MARKS[j]));
        b.setAttribute('aria-label', t('game.move.judged', { move: b.getAttribute('aria-label'), mark: t(`game.mark.${j}`) }));
      },
    });
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
    // Correspondence: the time left to the side to move's deadline, in days and hours.
    if (clockBase.days) {
      for (const s of ['black', 'white']) {
        const e = document.getElementById('clock-' + s);
        if (!e) continue;
        const running = clockBase.running === s && clockBase.deadline;
        const left = running ? clockBase.deadline - (clockBase.wall + performance.now() - clockBase.at) : null;
        e.textContent = running ? daysLeftText(left) : daysPerMove(clockBase.days);
        e.classList.toggle('running', !!running);
        e.classList.toggle('low', !!running && left < 3_600_000);
        if (running) e.dataset.deadline = clockBase.deadline; else delete e.dataset.deadline;
      }
      firstMove.hidden = true;
      return;
    }
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
    const due = clockBase.first_move_ms;
    firstMove.hidden = due === null || due === undefined || !game || game.status !== 'playing';
    if (!firstMove.hidden) {
      const left = Math.max(0, Math.ceil((due - (performance.now() - clockBase.at)) / 1000));
      firstMove.textContent = t(you === game.turn ? 'game.first-move.yours' : 'game.first-move', { side: sideNames(game)[game.turn], s: left });
      firstMove.dataset.seconds = left;
    }
  }
  const ticker = setInterval(tickClocks, 100);

  /** Shows an online game's chat panel (chat.js, loaded the first time). */
  function chatOn() {
    if (chat) { chat.update(game); return; }
    if (!chatLoading) chatLoading = import('./chat.js').then(({ ChatPanel }) => {
      chat = new ChatPanel(id, token);
      chatBox.append(chat.el);
      chat.update(game);
    }).catch((e) => { errorLine.textContent = plain(e.message); chatLoading = null; });
  }

  // Live updates: the server sends the whole game on connect and after every change, so a
  // reconnect resumes where the game is.
  function connect() {
    if (closed) return;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    ws = new WebSocket(`${proto}//${location.host}/api/games/${id}/ws` + (token ? '?token=' + encodeURIComponent(token) : ''));
    // Each connection reads the chat again: nothing said meanwhile is missed.
    ws.onopen = () => { wsOpen = true; retry = 0; conn.textContent = ''; if (chat) chat.load(); };
    ws.onmessage = (e) => {
      let msg; try { msg = JSON.parse(e.data); } catch { return; }
      if (msg.type === 'game') update(msg.game, false);
      else if (String(msg.type).startsWith('chat')) { if (chat) chat.told(msg); }
      else if (msg.type === 'error') errorLine.textContent = refusalText(msg, game && game.size);
    };
    ws.onclose = () => {
      wsOpen = false;
      if (closed) return;
      retry = Math.min(retry + 1, 6);
      conn.textContent = t('game.reconnecting');
      setTimeout(connect, 300 * 2 ** retry);
    };
  }
  api.game(id, token).then((g) => { update(g, false); if (!api.local) connect(); }).catch((e) => {
    root.replaceWith(h('div', { class: 'card' }, h('h1', {}, t('game.title', { id })), h('p', { class: 'error', role: 'alert' }, e.message), h('a', { href: '#/' }, t('page.nav.new'))));
  });
  onCleanup(() => { closed = true; reply.close(); clearInterval(ticker); if (ws) ws.close(); layout.close(); });
}
