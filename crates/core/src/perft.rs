//! Perft: leaf counts of all legal move sequences, for testing move generation against known numbers.

use crate::game::repetitions;
use crate::position::Position;
use crate::types::mv::Move;

/// Counts the leaves `depth` plies below `pos` (a finished game has no moves; depth 0 counts 1).
/// Repetition counts start at `pos`, as for a position loaded from text.
pub fn perft<P: Position>(pos: &P, depth: u32) -> u64 {
    perft_after(pos, &[pos.hash()], depth)
}

/// Perft with earlier history: `history` holds the hashes of the positions of the game so far, ending
/// with `pos` itself (see [`crate::Game::hashes`]). The position is judged with that history.
pub fn perft_after<P: Position>(pos: &P, history: &[u64], depth: u32) -> u64 {
    let mut history = history.to_vec();
    if history.last() != Some(&pos.hash()) {
        history.push(pos.hash());
    }
    if ended(pos, &history) || (depth > 0 && !pos.has_moves()) {
        return u64::from(depth == 0);
    }
    inner(pos, depth, &mut history, &|| false).unwrap_or(0)
}

/// The count below each legal move of `pos` (for `--divide`), in board order; `history` as for
/// [`perft_after`].
pub fn divide<P: Position>(pos: &P, history: &[u64], depth: u32) -> Vec<(Move, u64)> {
    divide_until(pos, history, depth, &|| false).0
}

/// [`divide`] that gives up when `stop()` says so (asked at every inner node, so a deep perft ends
/// soon after): the counts of the moves finished, and whether every move was counted.
pub fn divide_until<P: Position>(
    pos: &P,
    history: &[u64],
    depth: u32,
    stop: &impl Fn() -> bool,
) -> (Vec<(Move, u64)>, bool) {
    let mut history = history.to_vec();
    if history.last() != Some(&pos.hash()) {
        history.push(pos.hash());
    }
    if depth == 0 || ended(pos, &history) {
        return (Vec::new(), true);
    }
    let mut counts = Vec::new();
    for mv in pos.moves() {
        let mut child = *pos;
        child.play_unchecked(mv);
        history.push(child.hash());
        let n = if ended(&child, &history) {
            Some(u64::from(depth == 1))
        } else {
            inner(&child, depth - 1, &mut history, stop)
        };
        history.pop();
        match n {
            Some(n) => counts.push((mv, n)),
            None => return (counts, false),
        }
    }
    (counts, true)
}

/// `pos` is not finished; counts its leaves `depth` plies down, or `None` once `stop()` says so.
fn inner<P: Position>(
    pos: &P,
    depth: u32,
    history: &mut Vec<u64>,
    stop: &impl Fn() -> bool,
) -> Option<u64> {
    match depth {
        0 => Some(1),
        1 => Some(pos.count_moves()),
        _ => {
            if stop() {
                return None;
            }
            let mut total = 0;
            let mut stopped = false;
            pos.generate_moves(|pm| {
                for mv in pm.iter() {
                    let mut child = *pos;
                    child.play_unchecked(mv);
                    history.push(child.hash());
                    if !ended(&child, history) {
                        match inner(&child, depth - 1, history, stop) {
                            Some(n) => total += n,
                            None => stopped = true,
                        }
                    }
                    history.pop();
                    if stopped {
                        return true;
                    }
                }
                false
            });
            (!stopped).then_some(total)
        }
    }
}

/// Whether the game is over at `pos`, judged with `history` (which ends with it). W6 / S6 need no
/// check here: a side without moves has no children.
#[inline]
fn ended<P: Position>(pos: &P, history: &[u64]) -> bool {
    let limit = pos.repetition_limit();
    let rep = (limit > 0 && repetitions(history, pos.quiet_plies()) >= limit).then_some(limit);
    pos.judge(rep, false).is_some()
}
