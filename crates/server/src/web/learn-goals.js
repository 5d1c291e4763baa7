// Whether a learner's move reaches a lesson step's goal (lessons.js), judged from what the rules
// library answered: the analysis board's view (POST /api/analysis, or the same from the rules in
// the page) after the step's position and the move, and the step's scripted reply to it where it has
// one. Nothing here knows the rules: a capture is a capture because the rules library listed it. No page, no catalogue: the screen (learn.js)
// and the browser test (e2e/learn.mjs) both use it; the words come from the keys it names.

/** The two halves of a move text (`e2e5` → `['e2', 'e5']`). */
export function squaresOf(move) {
  const half = move.length / 2;
  return [move.slice(0, half), move.slice(half)];
}

/** The opponent's scripted answer to the learner's `move` in `step`, or null. */
export function replyTo(step, move) {
  return (step.replies && step.replies[move]) || null;
}

/** The moves to ask the server for after the learner's `move`: the move, and its scripted reply
 * where the step has one and the reply is legal after it (`legal`: the legal moves then). */
export function movesToAsk(step, move, legal) {
  const reply = replyTo(step, move);
  return reply && legal.includes(reply) ? [move, reply] : [move];
}

const fail = (why, params = {}, count = null) => ({ done: false, why, params, count });

/**
 * The verdict on the learner's move: `{done: true}`, or `{done: false, why, params, count}` where
 * `why` is the catalogue key of the reason (with `count`: a plural key for `tn`) and `params` its
 * facts (squares as arrays, written by the screen as the board writes them). `answer` is the
 * server's answer for the step's position with `movesToAsk`; `learner` the learner's side (`black`
 * or `white`, as the API names them).
 */
export function judge(step, answer, learner) {
  const goal = step.goal;
  const mine = answer.moves[0];
  const reply = answer.moves[1] || null;
  const [from, to] = squaresOf(mine.move);
  const got = mine.captured;
  // A piece that is taken back (or can be) is the first thing to say about a "safe" goal.
  if (goal.safe) {
    if (reply && reply.captured.includes(to)) return fail('learn.why.taken', { square: [to], by: [squaresOf(reply.move)[0]] });
    const taker = !reply && answer.status === 'playing' && answer.legal_moves.find((m) => squaresOf(m)[1] === to);
    if (taker) return fail('learn.why.can-be-taken', { square: [to], by: [squaresOf(taker)[0]] });
  }
  switch (goal.kind) {
    case 'reach':
      if (goal.from && from !== goal.from) return fail('learn.why.reach-from', { from: [goal.from], square: [goal.to] });
      if (to !== goal.to) return fail('learn.why.reach', { square: [goal.to] });
      break;
    case 'capture': {
      if (!got.length) return fail('learn.why.nothing');
      if (goal.squares.some((s) => !got.includes(s))) return fail('learn.why.other', { got, want: goal.squares }, goal.squares.length);
      break;
    }
    case 'count':
      if (!got.length) return fail('learn.why.nothing');
      if (got.length < goal.n) return fail('learn.why.too-few', { got, want: goal.n }, got.length);
      break;
    case 'five':
      if (!(answer.winner === learner && answer.winning_line.length)) return fail('learn.why.no-five');
      break;
    case 'win':
      if (answer.winner !== learner) return fail(answer.status === 'over' ? 'learn.why.over' : 'learn.why.not-won');
      break;
    default:
      return fail('learn.why.not-won');
  }
  return { done: true };
}

/** The facts of a goal's sentence: `[key, params, count]` (squares as arrays; `count` for a
 * plural key), and with `safe` a second sentence `learn.goal.safe`. */
export function goalText(goal) {
  const out = [];
  if (goal.kind === 'reach') out.push(goal.from ? ['learn.goal.reach-from', { from: [goal.from], square: [goal.to] }] : ['learn.goal.reach', { square: [goal.to] }]);
  if (goal.kind === 'capture') out.push(['learn.goal.capture', { squares: goal.squares }, goal.squares.length]);
  if (goal.kind === 'count') out.push(['learn.goal.count', {}, goal.n]);
  if (goal.kind === 'five') out.push(['learn.goal.five', {}]);
  if (goal.kind === 'win') out.push(['learn.goal.win', {}]);
  if (goal.safe) out.push(['learn.goal.safe', {}]);
  return out;
}
