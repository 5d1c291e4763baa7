// The lessons (#/learn, #/learn/GAME, #/learn/GAME/LESSON): for each game short interactive steps,
// each a position with a goal (lessons.js). The learner's move is sent to the server's analysis
// board (POST /api/analysis), the step's scripted reply after it where it has one, and
// learn-goals.js judges the answer: a refused move is said from its refusal code, a legal move that
// misses the goal with the reason, and the step starts again. The steps and lessons done are kept
// in this browser (localStorage `hasami.learn`).

import { api } from './api.js';
import { Board, sq } from './board.js';
import { lookFor, onLookChange } from './looks.js';
import { presetName } from './rules.js';
import { h, announce, plain } from './dom.js';
import { t, tn, has, loadMore, isJapanese } from './i18n.js';
import { squareText, refusalText, moveText } from './notation.js';
import { sideNames } from './game-words.js';
import { BoardLayout } from './layout.js';
import { GAMES, gameOf } from './lessons.js';
import { judge, movesToAsk, goalText, squaresOf } from './learn-goals.js';
import { boardView } from './page-analysis.js';

// This screen's texts (lang-LANG-more.js) are in the catalogue before anything here runs.
await loadMore();
// And its styles.
if (!document.getElementById('learn-css')) document.head.append(h('link', { rel: 'stylesheet', id: 'learn-css', href: new URL('./learn.css', import.meta.url).href }));

const PROGRESS = 'hasami.learn';
/** How long a wrong move's position stays on the board before the step starts again (ms). */
const RESET_AFTER = 1400;
/** The pause before the opponent's scripted reply is shown (ms). */
const REPLY_AFTER = 500;
/** The board after a step's moves (POST /api/analysis): from the rules in the page when it can. */
const ask = (req) => boardView(req, () => api.analysis(req));

// ---------------------------------------------------------------- progress

/** The steps done, by lesson (`PRESET/LESSON` → [step indexes]). */
function progress() {
  try {
    const p = JSON.parse(localStorage.getItem(PROGRESS) || '{}');
    return p && typeof p === 'object' && !Array.isArray(p) ? p : {};
  } catch { return {}; }
}

function markDone(game, lesson, index) {
  const p = progress(), key = `${game.preset}/${lesson.id}`;
  const done = new Set(Array.isArray(p[key]) ? p[key] : []);
  done.add(index);
  p[key] = [...done].sort((a, b) => a - b);
  try { localStorage.setItem(PROGRESS, JSON.stringify(p)); } catch { /* this page only */ }
}

function stepsDone(game, lesson) {
  const list = progress()[`${game.preset}/${lesson.id}`];
  return new Set(Array.isArray(list) ? list.filter((i) => Number.isInteger(i) && i < lesson.steps.length) : []);
}

const lessonDone = (game, lesson) => stepsDone(game, lesson).size === lesson.steps.length;

// ---------------------------------------------------------------- words

/** Squares (an array) as the board of `size` writes them, in a list of the language. */
function squaresText(list, size) {
  return list.map((s) => squareText(s, size)).join(isJapanese() ? '、' : ', ');
}

/** A catalogue text whose square facts are arrays of squares (learn-goals.js). */
function said(key, params, count, size) {
  const p = {};
  for (const [k, v] of Object.entries(params || {})) p[k] = Array.isArray(v) ? squaresText(v, size) : v;
  return count === null || count === undefined ? t(key, p) : tn(key, count, p);
}

const lessonTitle = (lesson) => t(`learn.lesson.${lesson.key}.title`);
/** A game's name in lists: Mak-yek says its Malay name too. */
const gameTitle = (game, name = game.preset) => (name === game.preset && game.also.length
  ? t('learn.also-called', { name: presetName(name), other: game.also.map(presetName).join(', ') }) : presetName(name));

// ---------------------------------------------------------------- screens

/** The lessons' screens: `parts` are the route's parts after `learn` (a game, a lesson). */
export function learnScreen(view, parts, onCleanup) {
  const game = parts[0] ? gameOf(parts[0]) : null;
  if (!game) return gamesList(view);
  const lesson = parts[1] ? game.lessons.find((l) => l.id === parts[1]) : null;
  if (!lesson) return lessonsList(view, game, parts[0]);
  return lessonScreen(view, game, parts[0], lesson, onCleanup);
}

function gamesList(view) {
  document.title = t('learn.page-title');
  const item = (game, name) => {
    const done = game.lessons.filter((l) => lessonDone(game, l)).length;
    return h('li', { 'data-game': name },
      h('a', { href: `#/learn/${name}` }, gameTitle(game, name)), h('br'),
      h('span', { class: 'hint-text' }, name === game.preset
        ? tn('learn.lessons-done', game.lessons.length, { done })
        : t('learn.alias', { name: presetName(name), game: presetName(game.preset) })));
  };
  view.append(h('section', { class: 'card', id: 'learn-games', 'aria-labelledby': 'learn-title' },
    h('h1', { id: 'learn-title' }, t('learn.title')),
    h('p', {}, t('learn.intro')),
    h('ul', { class: 'rules-grid', id: 'learn-game-list' },
      GAMES.flatMap((g) => [item(g, g.preset), ...g.also.map((a) => item(g, a))]))));
}

function lessonsList(view, game, name) {
  document.title = t('learn.page-title-game', { game: presetName(name) });
  const next = game.lessons.find((l) => !lessonDone(game, l)) || game.lessons[0];
  view.append(h('section', { class: 'card', id: 'learn-lessons', 'data-game': game.preset, 'aria-labelledby': 'learn-title' },
    h('h1', { id: 'learn-title' }, t('learn.lessons-of', { game: gameTitle(game, name) })),
    h('p', {}, h('a', { href: '#/learn' }, t('learn.all-games')), ' · ', h('a', { href: `#/rules/${name}` }, t('learn.rules-link'))),
    h('ol', { class: 'learn-lessons', id: 'learn-lesson-list' }, game.lessons.map((l) => {
      const done = lessonDone(game, l), count = stepsDone(game, l).size;
      return h('li', { 'data-lesson': l.id, 'data-done': String(done) },
        h('a', { href: `#/learn/${name}/${l.id}` }, lessonTitle(l)), ' ',
        h('span', { class: done ? 'learn-done' : 'hint-text' }, done ? t('learn.done-mark') : tn('learn.steps-done', l.steps.length, { done: count })));
    })),
    h('p', {}, h('a', { class: 'button primary', id: 'learn-start', href: `#/learn/${name}/${next.id}` },
      t(game.lessons.some((l) => stepsDone(game, l).size) ? 'learn.continue' : 'learn.start')))));
}

/**
 * The board of a lesson: a piece of the learner's may be dropped on any square (the legal ones
 * are marked as usual), so that a move the rules refuse reaches the server, which says why.
 */
class LessonBoard extends Board {
  targetsFrom(from) {
    const legal = super.targetsFrom(from);
    const s = this.state;
    if (this.marksOnly || !s || !s.interactive || this.pos.board[from] !== s.learner) return legal;
    const all = [];
    for (let f = 0; f < s.size; f++) for (let r = 0; r < s.size; r++) {
      const to = sq(f, r);
      if (to !== from && this.pos.board[to] !== s.learner) all.push(to);
    }
    return all;
  }

  // The marks and the words for a square follow the legal moves only.
  draw(animate) { this.marksOnly = true; try { super.draw(animate); } finally { this.marksOnly = false; } }
  describe(square) { this.marksOnly = true; try { return super.describe(square); } finally { this.marksOnly = false; } }
  // A click that is not a move picks a piece up and names its legal destinations only.
  activate(square) {
    if (this.selected && this.targetsFrom(this.selected).includes(square)) { super.activate(square); return; }
    this.marksOnly = true;
    try { super.activate(square); } finally { this.marksOnly = false; }
  }
}

function lessonScreen(view, game, name, lesson, onCleanup) {
  document.title = t('learn.page-title-lesson', { lesson: lessonTitle(lesson), game: presetName(name) });
  let index = Math.max(0, lesson.steps.findIndex((_, i) => !stepsDone(game, lesson).has(i)));
  if (lessonDone(game, lesson)) index = 0;
  let start = null; // the server's answer for the step's position
  let shown = null; // the board shown: { answer, ply }
  let arrow = null, seq = 0, timer = null, closed = false;

  const stepLine = h('p', { class: 'status', id: 'learn-step' });
  const stepWords = h('p', { id: 'learn-step-text' });
  const goalLine = h('p', { id: 'learn-goal', class: 'learn-goal' });
  const feedback = h('p', { id: 'learn-feedback', role: 'status' });
  const stepMarks = h('ol', { class: 'learn-steps', id: 'learn-step-marks', 'aria-label': t('learn.steps') });
  const btn = (id, label, onclick, cls) => h('button', { type: 'button', id, class: cls, onclick }, label);
  const bShow = btn('learn-show', t('learn.show'), showMe);
  const bAgain = btn('learn-again', t('learn.again'), () => openStep(index));
  const bNext = btn('learn-next', t('learn.next-step'), () => openStep(index + 1), 'primary');
  const nextLesson = game.lessons[game.lessons.indexOf(lesson) + 1] || null;
  const lessonEnd = h('div', { id: 'learn-complete', hidden: true },
    h('p', { class: 'learn-done' }, t('learn.lesson-complete')),
    h('p', { class: 'buttons' },
      nextLesson ? h('a', { class: 'button primary', id: 'learn-next-lesson', href: `#/learn/${name}/${nextLesson.id}` }, t('learn.next-lesson', { lesson: lessonTitle(nextLesson) }))
        : h('a', { class: 'button primary', id: 'learn-play', href: '#/' }, t('learn.play')),
      h('a', { class: 'button', href: `#/learn/${name}` }, t('learn.back'))));
  const boardBox = h('div', { class: 'board-box' });
  const board = new LessonBoard(boardBox, { onMove: play, announce, label: t('learn.board') });
  onLookChange(board.svg, () => draw(false));
  const root = h('div', { class: 'game learn', id: 'learn-lesson', 'data-game': game.preset, 'data-lesson': lesson.id },
    h('div', { class: 'board-wrap' }, boardBox),
    h('div', { class: 'side' },
      h('p', {}, h('a', { href: `#/learn/${name}`, id: 'learn-back' }, t('learn.lessons-of', { game: presetName(name) }))),
      h('h1', { id: 'learn-title' }, lessonTitle(lesson)),
      h('p', { id: 'learn-intro' }, t(`learn.lesson.${lesson.key}.intro`)),
      stepMarks, stepLine, stepWords, goalLine, feedback,
      h('div', { class: 'buttons', role: 'toolbar', 'aria-label': t('learn.actions') }, bShow, bAgain, bNext),
      lessonEnd));
  view.append(root);
  const layout = new BoardLayout(root);
  onCleanup(() => { closed = true; clearTimeout(timer); layout.close(); });
  openStep(index);

  function setState(state) { root.dataset.state = state; }

  function marks() {
    const done = stepsDone(game, lesson);
    stepMarks.textContent = '';
    // Each step's mark opens it.
    lesson.steps.forEach((_, i) => stepMarks.append(h('li', { 'data-step': i + 1, 'data-done': String(done.has(i)) },
      h('button', { type: 'button', class: done.has(i) ? 'learn-done' : null, 'aria-current': i === index ? 'step' : null,
        onclick: () => openStep(i) }, done.has(i) ? t('learn.step-done', { n: i + 1 }) : t('learn.step-mark', { n: i + 1 })))));
  }

  // Shows step `i` from its start position (asked of the server).
  async function openStep(i) {
    clearTimeout(timer);
    const my = ++seq;
    index = i;
    arrow = null;
    const step = lesson.steps[i];
    root.dataset.step = i + 1;
    setState('loading');
    bNext.hidden = true; lessonEnd.hidden = true; bShow.disabled = false;
    feedback.textContent = ''; feedback.className = '';
    marks();
    stepLine.textContent = t('learn.step-of', { n: i + 1, total: lesson.steps.length });
    const words = `learn.lesson.${lesson.key}.${i + 1}`;
    stepWords.textContent = has(words) ? t(words) : '';
    stepWords.hidden = !has(words);
    try {
      start = await ask({ variant: game.preset, position: step.position, moves: [] });
    } catch (e) { if (my === seq) { feedback.textContent = plain(e.message); setState('error'); } return; }
    if (my !== seq || closed) return;
    goalLine.textContent = goalText(step.goal).map(([key, params, count]) => said(key, params, count, start.size))
      .join(isJapanese() ? '' : ' ');
    shown = { answer: start, ply: 0 };
    draw(false, true);
    setState('waiting');
  }

  // Draws `shown`; `interactive` while the learner is to move.
  function draw(animate, interactive = root.dataset.state === 'waiting') {
    if (!shown) return;
    const a = shown.answer, ply = shown.ply, last = ply ? a.moves[ply - 1] : null;
    const [from, to] = last ? squaresOf(last.move) : [null, null];
    board.set({
      size: a.size, position: ply ? a.moves[ply - 1].position : a.position,
      go: a.preset === 'dai-hasami' || a.preset === 'dai-hasami-captures', houseRows: a.preset === 'agon' ? 2 : 0,
      flipped: false, interactive, learner: game.learner, legal: ply ? [] : a.legal_moves, animate,
      lastMove: last ? { from, to } : null, captured: last ? last.captured : [],
      capturedSide: last ? (last.side === 'black' ? 'white' : 'black') : null, prevCaptured: [],
      winningLine: ply === a.moves.length ? a.winning_line : [], hint: null,
      arrows: arrow ? [{ move: arrow, kind: 'best' }] : [],
      shogun: !!a.shogun, sideNames: sideNames(a), learn: false,
      arrivals: a.shogun && !ply ? a.shogun.arrivals : null, refused: a.shogun && !ply ? a.shogun.refused : null,
      checkSide: a.shogun && a.shogun.attacked && !ply ? a.turn : null,
      look: lookFor(a),
    });
  }

  function showMe() {
    if (!start) return;
    arrow = lesson.steps[index].solution[0];
    feedback.className = '';
    feedback.textContent = t('learn.shown', { move: moveText(arrow, start.size) });
    draw(false);
  }

  // The learner's move: asked of the server with the step's reply, then judged.
  async function play(move) {
    if (root.dataset.state !== 'waiting') return;
    const step = lesson.steps[index], my = seq;
    setState('thinking');
    draw(false, false);
    let one, answer;
    try {
      one = await ask({ variant: game.preset, position: step.position, moves: [move] });
      const moves = movesToAsk(step, move, one.legal_moves);
      answer = moves.length > 1 ? await ask({ variant: game.preset, position: step.position, moves }) : one;
    } catch (e) {
      if (my !== seq || closed) return;
      wrong(refusalText(e, start.size), false);
      return;
    }
    if (my !== seq || closed) return;
    arrow = null;
    shown = { answer, ply: 1 };
    draw(true, false);
    if (answer.moves.length > 1) {
      await new Promise((r) => { timer = setTimeout(r, REPLY_AFTER); });
      if (my !== seq || closed) return;
      shown = { answer, ply: 2 };
      draw(true, false);
    }
    const verdict = judge(step, answer, game.learner);
    if (!verdict.done) { wrong(said(verdict.why, verdict.params, verdict.count, answer.size), true); return; }
    markDone(game, lesson, index);
    marks();
    feedback.className = 'ok';
    const complete = lessonDone(game, lesson) && index === lesson.steps.length - 1;
    feedback.textContent = t(complete ? 'learn.right-last' : 'learn.right');
    announce(feedback.textContent);
    bShow.disabled = true;
    if (index + 1 < lesson.steps.length) { bNext.hidden = false; setState('done'); bNext.focus({ preventScroll: true }); return; }
    // The last step: the lesson is complete once every step is done (a step may have been skipped).
    lessonEnd.hidden = !lessonDone(game, lesson);
    if (!lessonDone(game, lesson)) feedback.textContent = t('learn.steps-left');
    setState(lessonDone(game, lesson) ? 'complete' : 'done');
  }

  // A move that does not reach the goal: why, and the step again (at once for a refused move,
  // after a moment for one whose outcome is on the board).
  function wrong(why, moved) {
    feedback.className = 'error';
    feedback.textContent = t('learn.wrong', { why });
    announce(feedback.textContent);
    setState('wrong');
    const again = () => {
      shown = { answer: start, ply: 0 };
      setState('waiting');
      draw(false, true);
    };
    if (!moved) { again(); return; }
    const my = seq;
    timer = setTimeout(() => { if (my === seq && !closed) again(); }, RESET_AFTER);
  }
}
