//! The built-in players of a match, which run inside the runner: uniformly random moves and a
//! material-greedy negamax searcher.

use hasami_core::{Move, Position, SplitMix64};

/// Value of a won position in the greedy search (far above any material difference).
const WIN: i32 = 10_000;

/// Material (own pieces − enemy pieces) for the side to move, after a negamax search of `depth` plies;
/// game ends (judged on the position alone, A5 without repetition) count as ±[`WIN`] or 0.
fn negamax<P: Position>(pos: &P, depth: u32) -> i32 {
    if let Some(outcome) = pos.judge(None, true) {
        return match outcome.winner() {
            Some(w) if w == pos.side() => WIN,
            Some(_) => -WIN,
            None => 0,
        };
    }
    let side = pos.side();
    if depth == 0 {
        return pos.piece_count(side) as i32 - pos.piece_count(!side) as i32;
    }
    let mut best = -WIN - 1;
    for mv in pos.moves() {
        let mut child = *pos;
        child.play_unchecked(mv);
        best = best.max(-negamax(&child, depth - 1));
    }
    best
}

/// The greedy player's move: the best by [`negamax`] of `depth` plies, ties broken at random.
pub fn greedy_move<P: Position>(pos: &P, depth: u32, rng: &mut SplitMix64) -> Option<Move> {
    let mut best = i32::MIN;
    let mut ties = Vec::new();
    for mv in pos.moves() {
        let mut child = *pos;
        child.play_unchecked(mv);
        let v = -negamax(&child, depth.saturating_sub(1));
        if v > best {
            best = v;
            ties.clear();
        }
        if v == best {
            ties.push(mv);
        }
    }
    (!ties.is_empty()).then(|| ties[rng.below(ties.len() as u64) as usize])
}

/// A uniformly random legal move.
pub fn random_move<P: Position>(pos: &P, rng: &mut SplitMix64) -> Option<Move> {
    pos.pick_move(|n| rng.below(n))
}
