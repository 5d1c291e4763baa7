// Puzzles (#/puzzles, #/puzzles/ID): one position at a time whose side to move has one best line.
// The player moves on the board, the server says whether the move is the solution's
// (POST /api/puzzles/ID/attempt) and answers the opponent's reply, played after a short pause.
// A hint marks the piece to move; "View the solution" plays the line out move by move. Filters
// choose the game and the theme (with counts); the next puzzle is near the player's puzzle rating
// in that game (puzzle-rating.js, kept in this browser), leaving out the ones seen lately. Each
// position is drawn by the engine in the page, or from the server's answer for the moves so far
// (POST /api/analysis), as the lessons do. When no server answers, the puzzles come from the
// puzzle files served with the app (puzzles-offline.js) and the screen says so.

import { api, call, noServer } from './api.js';
import { Board } from './board.js';
import { lookFor, onLookChange } from './looks.js';
import { gameName } from './rules.js';
import { h, announce, plain } from './dom.js';
import { t, loadMore } from './i18n.js';
import { moveText, squareText } from './notation.js';
import { sideNames } from './game-words.js';
import { BoardLayout } from './layout.js';
import { puzzleRating, scorePuzzle, seenPuzzles, markSeen } from './puzzle-rating.js';
import { offlinePuzzles } from './puzzles-offline.js';
import { boardView } from './page-analysis.js';

// This screen's texts (lang-LANG-more.js) are in the catalogue before anything here runs; its
// styles (puzzles.css) are loaded once.
await loadMore();
if (!document.getElementById('puzzles-css')) document.head.append(h('link', { rel: 'stylesheet', id: 'puzzles-css', href: new URL('./puzzles.css', import.meta.url).href }));

const GAME = 'hasami.puzzle-game';
/** The pause before the opponent's reply, and between the moves of a solution played out (ms). */
const REPLY_MS = 600;
const STEP_MS = 700;
/** The themes in the order the filter lists them. */
const THEMES = ['capture', 'win', 'double', 'corner', 'five', 'shogun', 'quiet', 'in1', 'in2', 'in3'];

const wait = (ms) => new Promise((r) => setTimeout(r, ms));
const storedGame = () => { try { return localStorage.getItem(GAME); } catch { return null; } };
const keepGame = (v) => { try { localStorage.setItem(GAME, v); } catch { /* this page only */ } };

/** Shows the puzzles screen in `view` (puzzle `id` when given); `onCleanup` receives what to run
 * when the screen is left. */
export function puzzlesScreen(view, id, onCleanup) {
  document.title = t('puzzles.pageTitle');
  let counts = []; // GET /api/puzzles: [{variant, count, themes}]
  let puzzle = null; // the puzzle shown: {id, variant, position, side, rating, themes}
  let moves = []; // the line played from its position
  let b = null; // the board after `moves`
  let scored = false; // the puzzle's result is counted (once: solved, or the first miss)
  let hintSquare = null;
  let seq = 0, closed = false;
  let offline = null; // the puzzles of the app's own files (puzzles-offline.js) once no server answers

  const title = h('h1', { id: 'pz-title' }, t('puzzles.title'));
  const gameSelect = h('select', { id: 'pz-game', 'aria-label': t('puzzles.game') });
  const themeSelect = h('select', { id: 'pz-theme', 'aria-label': t('puzzles.theme') });
  const filters = h('div', { class: 'pz-filters', id: 'pz-filters' },
    h('label', {}, t('puzzles.game'), ' ', gameSelect), h('label', {}, t('puzzles.theme'), ' ', themeSelect));
  const prompt = h('p', { class: 'status', id: 'pz-prompt', role: 'status' });
  const about = h('p', { class: 'hint-text', id: 'pz-about' });
  const feedback = h('p', { class: 'pz-feedback', id: 'pz-feedback', role: 'status' });
  const ratingLine = h('p', { id: 'pz-rating' });
  const errorLine = h('p', { class: 'error', id: 'pz-error', role: 'alert' });
  const offlineLine = h('p', { class: 'hint-text', id: 'pz-offline', hidden: true }, t('puzzles.offline'));
  const btn = (idn, label, onclick) => h('button', { type: 'button', id: idn, onclick }, label);
  const bHint = btn('pz-hint', t('puzzles.hint'), hint);
  const bSolution = btn('pz-solution', t('puzzles.solution'), giveUp);
  const bNext = btn('pz-next', t('puzzles.next'), () => next());
  bNext.classList.add('primary');
  const boardBox = h('div', { class: 'board-box' });
  const board = new Board(boardBox, { onMove: play, announce, label: t('puzzles.boardLabel') });
  onLookChange(board.svg, () => render(false));
  const root = h('div', { class: 'game puzzles', id: 'puzzles' },
    h('div', { class: 'board-wrap' }, boardBox),
    h('div', { class: 'side' }, title, offlineLine, filters, prompt, about, feedback, errorLine,
      h('div', { class: 'buttons', role: 'toolbar', 'aria-label': t('puzzles.actions') }, bHint, bSolution, bNext),
      ratingLine));
  view.append(root);
  const layout = new BoardLayout(root);
  onCleanup(() => { closed = true; seq++; layout.close(); });
  setState('loading');

  gameSelect.addEventListener('change', () => { keepGame(gameSelect.value); fillThemes(); next(); });
  themeSelect.addEventListener('change', () => next());

  start();

  async function start() {
    try { counts = (await call('GET', '/api/puzzles')).variants; } catch (e) {
      if (!await goOffline(e)) { if (!closed) errorLine.textContent = plain(e.message); return; }
      counts = offline.counts;
    }
    if (closed) return;
    gameSelect.textContent = '';
    for (const c of counts) gameSelect.append(h('option', { value: c.variant }, t('puzzles.count', { name: gameName(c.variant), n: c.count })));
    if (!counts.length) { setState('none'); prompt.textContent = t('puzzles.none'); return; }
    const kept = storedGame();
    gameSelect.value = counts.some((c) => c.variant === kept) ? kept : counts[0].variant;
    fillThemes();
    if (id) {
      try { return await show(await byId(id)); } catch (e) {
        if (closed) return;
        errorLine.textContent = e.status === 404 ? t('puzzles.notFound', { id }) : plain(e.message);
      }
    }
    next(true);
  }

  // Whether the screen plays from the app's own puzzle files, switching to them when `e` (a failed
  // request) says that no server answers.
  async function goOffline(e) {
    if (!offline && noServer(e)) offline = await offlinePuzzles();
    if (offline) offlineLine.hidden = false;
    root.dataset.offline = offline ? 'yes' : '';
    return !!offline;
  }

  // Puzzle `id`, from the server or the app's files.
  async function byId(id) {
    if (!offline) {
      try { return await call('GET', '/api/puzzles/' + encodeURIComponent(id)); } catch (e) { if (!await goOffline(e)) throw e; }
    }
    const p = offline.get(id);
    if (!p) throw Object.assign(new Error(t('puzzles.notFound', { id })), { status: 404 });
    return p;
  }

  // The theme filter of the game chosen, each theme with its count.
  function fillThemes(keep) {
    const c = counts.find((x) => x.variant === gameSelect.value);
    themeSelect.textContent = '';
    themeSelect.append(h('option', { value: '' }, t('puzzles.count', { name: t('puzzles.theme.all'), n: c ? c.count : 0 })));
    for (const name of THEMES) if (c && c.themes[name])
      themeSelect.append(h('option', { value: name }, t('puzzles.count', { name: t('puzzles.theme.' + name), n: c.themes[name] })));
    themeSelect.value = keep && [...themeSelect.options].some((o) => o.value === keep) ? keep : '';
  }

  // The next puzzle of the game and theme chosen, near the player's rating, not one seen lately
  // (when every one has been seen, any).
  async function next(keepError) {
    if (!keepError) errorLine.textContent = '';
    const variant = gameSelect.value;
    if (!variant) return;
    const rating = Math.min(5000, Math.max(0, Math.round(puzzleRating(variant).rating)));
    const q = new URLSearchParams({ variant, rating: String(rating) });
    if (themeSelect.value) q.set('theme', themeSelect.value);
    const mine = ++seq;
    setState('loading');
    let p = null;
    for (const exclude of [seenPuzzles(), []]) {
      if (offline) {
        p = offline.next({ variant, theme: themeSelect.value, rating, exclude });
        if (p) break; else continue;
      }
      if (exclude.length) q.set('exclude', exclude.join(',')); else q.delete('exclude');
      try { p = await call('GET', '/api/puzzles/next?' + q); break; } catch (e) {
        if (mine !== seq) return;
        if (await goOffline(e)) { p = offline.next({ variant, theme: themeSelect.value, rating, exclude }); if (p) break; else continue; }
        if (e.status !== 404) { errorLine.textContent = plain(e.message); return; }
      }
    }
    if (mine !== seq) return;
    if (!p) { setState('none'); prompt.textContent = t('puzzles.none'); return; }
    show(p);
  }

  // Shows puzzle `p` at its start.
  async function show(p) {
    const mine = ++seq;
    puzzle = p; moves = []; scored = false; hintSquare = null;
    markSeen(p.id);
    if (gameSelect.value !== p.variant) { gameSelect.value = p.variant; keepGame(p.variant); fillThemes(themeSelect.value); }
    history.replaceState(null, '', '#/puzzles/' + encodeURIComponent(p.id));
    root.dataset.puzzle = p.id; root.dataset.variant = p.variant; root.dataset.side = p.side;
    delete root.dataset.result;
    feedback.textContent = ''; feedback.dataset.kind = '';
    if (!await draw(mine, false)) return;
    about.textContent = t('puzzles.about', { game: gameName(p.variant), id: p.id, rating: p.rating });
    showRating(null);
    setState('solving');
    prompt.textContent = t('puzzles.prompt', { side: sideNames(b)[b.turn] });
    announce(prompt.textContent);
  }

  // Draws the position after `moves` (asked of the server); false when it is not the latest.
  async function draw(mine, animate) {
    let a;
    const req = { variant: puzzle.variant, position: puzzle.position, moves };
    try { a = await boardView(req, () => api.analysis(req)); } catch (e) {
      if (mine === seq) errorLine.textContent = plain(e.message);
      return false;
    }
    if (mine !== seq || closed) return false;
    b = a;
    render(animate);
    return true;
  }

  // A move of the player's on the board.
  async function play(mv) {
    if (root.dataset.state !== 'solving') return;
    const mine = seq, line = moves.concat([mv]);
    setState('checking');
    let v;
    try { v = await attempt({ moves: line, ...counted() }); } catch (e) {
      if (mine === seq) { errorLine.textContent = plain(e.message); setState('solving'); }
      return;
    }
    if (mine !== seq) return;
    hintSquare = null;
    moves = line;
    if (!await draw(mine, true)) return;
    if (!v.correct) {
      say('wrong', t('puzzles.wrong'));
      score(false);
      await wait(STEP_MS);
      if (mine === seq) playOut(v.solution, mine);
      return;
    }
    if (v.complete) {
      say('solved', t('puzzles.solved'));
      score(true);
      prompt.textContent = t('puzzles.solutionLine', { moves: moves.map((m) => moveText(m, b.size)).join(' ') });
      root.dataset.result = root.dataset.result || 'solved';
      return done();
    }
    say('right', t('puzzles.right'));
    setState('replying');
    await wait(REPLY_MS);
    if (mine !== seq) return;
    moves = moves.concat([v.reply]);
    if (!await draw(mine, true)) return;
    const m = b.moves[b.moves.length - 1];
    announce(t('puzzles.replied', { side: sideNames(b)[m.side], move: moveText(m.move, b.size) }));
    prompt.textContent = t('puzzles.promptAgain', { side: sideNames(b)[b.turn] });
    setState('solving');
  }

  // The check of a line: the server's, or the engine's in the page with no server (the puzzle's
  // own rating is not moved then; the player's is, here, as always).
  async function attempt(body) {
    if (!offline) {
      try { return await call('POST', `/api/puzzles/${encodeURIComponent(puzzle.id)}/attempt`, body); } catch (e) { if (!await goOffline(e)) throw e; }
    }
    return offline.attempt(puzzle, body);
  }

  // Until the puzzle's result is counted, each attempt carries the player's rating: the server
  // counts the try against the puzzle's own rating when the attempt ends it (the same events as
  // here: a miss, a hint, the solution viewed, solved).
  function counted() {
    if (scored) return {};
    const r = puzzleRating(puzzle.variant);
    return { player: { rating: Math.min(5000, Math.max(0, r.rating)), rd: Math.min(500, Math.max(1, r.rd)) } };
  }

  // The hint: the square of the piece to move next (a hint counts as a miss).
  async function hint() {
    if (!puzzle || root.dataset.state !== 'solving') return;
    const mine = seq;
    let v;
    try { v = await attempt({ moves, hint: true, ...counted() }); } catch (e) { errorLine.textContent = plain(e.message); return; }
    if (mine !== seq || !v.hint) return;
    hintSquare = v.hint;
    score(false);
    say('hint', t('puzzles.hintShown', { square: squareText(v.hint, b.size) }));
    render(false);
  }

  // "View the solution": the line played out from the puzzle's position (a miss, unless solved).
  async function giveUp() {
    if (!puzzle || !['solving', 'checking', 'replying'].includes(root.dataset.state)) return;
    const mine = ++seq;
    let v;
    try { v = await attempt({ moves: [], give_up: true, ...counted() }); } catch (e) { errorLine.textContent = plain(e.message); return; }
    if (mine !== seq) return;
    score(false);
    say('shown', t('puzzles.shown'));
    playOut(v.solution, mine);
  }

  // Plays `solution` out from the puzzle's position, a move at a time.
  async function playOut(solution, mine) {
    setState('showing');
    hintSquare = null;
    moves = [];
    if (!await draw(mine, false)) return;
    for (let i = 0; i < solution.length; i++) {
      await wait(i ? STEP_MS : STEP_MS / 2);
      if (mine !== seq) return;
      moves = solution.slice(0, i + 1);
      if (!await draw(mine, true)) return;
    }
    root.dataset.shown = 'solution';
    prompt.textContent = t('puzzles.solutionLine', { moves: solution.map((m) => moveText(m, b.size)).join(' ') });
    done();
  }

  function done() { setState('done'); render(false); bNext.focus({ preventScroll: true }); }

  // Counts the puzzle's result once: `solved` a win, a miss a loss.
  function score(solved) {
    if (scored || !puzzle) return;
    scored = true;
    if (!solved) root.dataset.result = 'failed';
    const { before, after } = scorePuzzle(puzzle.variant, puzzle.rating, solved);
    showRating(Math.round(after.rating) - Math.round(before.rating));
  }

  // The player's rating in the puzzle's game, with its last change.
  function showRating(change) {
    const r = Math.round(puzzleRating(puzzle.variant).rating), game = gameName(puzzle.variant);
    ratingLine.dataset.rating = r;
    if (change === null) { ratingLine.textContent = t('puzzles.rating', { game, rating: r }); delete ratingLine.dataset.change; return; }
    ratingLine.dataset.change = change;
    ratingLine.textContent = t('puzzles.ratingChanged', { game, rating: r, change: (change >= 0 ? '+' : '−') + Math.abs(change) });
  }

  function say(kind, text) { feedback.dataset.kind = kind; feedback.textContent = text; announce(text); }

  function setState(s) {
    root.dataset.state = s;
    const solving = s === 'solving';
    bHint.disabled = !solving;
    bSolution.disabled = !['solving', 'checking', 'replying'].includes(s);
    if (s !== 'showing' && s !== 'done') delete root.dataset.shown;
    if (b) render(false);
  }

  function render(animate) {
    if (!b || !puzzle) return;
    const last = b.moves.length ? b.moves[b.moves.length - 1] : null, ply = b.moves.length;
    root.dataset.ply = ply; root.dataset.moves = moves.join(',');
    board.set({
      size: b.size, position: b.position, go: b.preset === 'dai-hasami' || b.preset === 'dai-hasami-captures',
      houseRows: b.preset === 'agon' ? 2 : 0,
      flipped: puzzle.side === 'white', interactive: root.dataset.state === 'solving' && b.status === 'playing',
      legal: b.legal_moves, animate,
      lastMove: last ? { from: last.move.slice(0, last.move.length / 2), to: last.move.slice(last.move.length / 2) } : null,
      captured: last ? last.captured : [], capturedSide: last ? (last.side === 'black' ? 'white' : 'black') : null,
      prevCaptured: ply > 1 ? b.moves[ply - 2].captured : [],
      winningLine: b.winning_line, hint: hintSquare ? hintSquare + hintSquare : null, arrows: [],
      shogun: !!b.shogun, sideNames: sideNames(b), learn: false,
      arrivals: b.shogun ? b.shogun.arrivals : null, refused: b.shogun ? b.shogun.refused : null,
      checkSide: b.shogun && b.shogun.attacked ? b.turn : null,
      look: lookFor(b),
    });
  }
}
