//! Random playouts: whole games of uniformly random legal moves, for benchmarks and tests.

use crate::game::repetitions;
use crate::outcome::{Outcome, WinReason};
use crate::position::Position;
use crate::types::rng::SplitMix64;

/// The end of one playout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayoutResult {
    /// Plies played.
    pub plies: u32,
    /// How it ended, or `None` when `max_plies` was reached first.
    pub outcome: Option<Outcome>,
}

/// Plays uniformly random legal moves from `start` until the game ends (A5 / S6, with repetition
/// counted from `start`) or `max_plies` have been played. `history` is scratch space.
pub fn playout<P: Position>(
    start: &P,
    rng: &mut SplitMix64,
    max_plies: u32,
    history: &mut Vec<u64>,
) -> PlayoutResult {
    let mut pos = *start;
    history.clear();
    history.push(pos.hash());
    let limit = pos.repetition_limit();
    if let Some(o) = pos.judge(None, true) {
        return PlayoutResult {
            plies: 0,
            outcome: Some(o),
        };
    }
    for ply in 1..=max_plies {
        let Some(mv) = pos.pick_move(|n| rng.below(n)) else {
            // W6 / S6: no move (the judge below skips it, so it is found here).
            let outcome = pos.judge(None, true).unwrap_or(Outcome::Win {
                winner: !pos.side(),
                reason: WinReason::NoMoves,
            });
            return PlayoutResult {
                plies: ply - 1,
                outcome: Some(outcome),
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

/// The positions of one game of uniformly random legal moves from `start`, each as it stands after
/// its move, until the game is over (judged without history, as [`Position::judge`] with no
/// repetition) or `max_plies` moves were made: test and benchmark positions of every kind of
/// middle and end.
pub fn random_game<P: Position>(start: &P, rng: &mut SplitMix64, max_plies: u32) -> Vec<P> {
    let mut pos = *start;
    let mut out = Vec::new();
    for _ in 0..max_plies {
        if pos.judge(None, true).is_some() {
            break;
        }
        let Some(mv) = pos.pick_move(|n| rng.below(n)) else {
            break;
        };
        pos.play_unchecked(mv);
        out.push(pos);
    }
    out
}
