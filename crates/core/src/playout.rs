//! Random playouts: whole games of uniformly random legal moves, for benchmarks and tests.

use crate::game::repetitions;
use crate::outcome::{Outcome, WinReason};
use crate::position::Position;

/// A small, fast, seedable random generator (SplitMix64).
#[derive(Debug, Clone)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    #[inline]
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0), by multiply-shift.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next()) * u128::from(n)) >> 64) as u64
    }
}

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
