//! Shogun perft and random playouts (the same conventions as [`crate::perft`] and
//! [`crate::playout`]: a finished game has no moves; repetition counts start at the given position).

use super::position::ShogunPosition;
use crate::game::repetitions;
use crate::outcome::{Outcome, WinReason};
use crate::playout::{PlayoutResult, SplitMix64};
use crate::types::mv::Move;

/// Counts the leaves `depth` plies below `pos` (depth 0 counts 1).
pub fn perft(pos: &ShogunPosition, depth: u32) -> u64 {
    crate::perft::count(pos, &[pos.hash()], depth)
}

/// The count below each legal move of `pos` (for `--divide`), in board order; `history` holds the
/// hashes of the game so far ending with `pos` (or just `[pos.hash()]`).
pub fn divide(pos: &ShogunPosition, history: &[u64], depth: u32) -> Vec<(Move, u64)> {
    crate::perft::divide_moves(pos, history, depth)
}

/// Plays uniformly random legal moves from `start` until the game ends (S6, with repetition counted
/// from `start`) or `max_plies` have been played. `history` is scratch space.
pub fn playout(
    start: &ShogunPosition,
    rng: &mut SplitMix64,
    max_plies: u32,
    history: &mut Vec<u64>,
) -> PlayoutResult {
    let mut pos = *start;
    history.clear();
    history.push(pos.hash());
    let limit = pos.rules().options.repetition;
    if let Some(o) = pos.judge(None, false) {
        return PlayoutResult {
            plies: 0,
            outcome: Some(o),
        };
    }
    for ply in 1..=max_plies {
        let Some(mv) = pos.pick_move(|n| rng.below(n)) else {
            let reason = if !pos.rules().options.capture_allowed && pos.shogun_attacked(pos.side())
            {
                WinReason::Checkmate
            } else {
                WinReason::NoMoves
            };
            return PlayoutResult {
                plies: ply - 1,
                outcome: Some(Outcome::Win {
                    winner: !pos.side(),
                    reason,
                }),
            };
        };
        pos.play_unchecked(mv);
        history.push(pos.hash());
        let rep = if limit > 0 {
            let r = repetitions(history, pos.quiet_plies());
            (r >= limit).then_some(r)
        } else {
            None
        };
        if let Some(o) = pos.judge(rep, false) {
            return PlayoutResult {
                plies: ply,
                outcome: Some(o),
            };
        }
    }
    PlayoutResult {
        plies: max_plies,
        outcome: None,
    }
}
