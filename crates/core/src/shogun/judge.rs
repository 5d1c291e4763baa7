//! The end of a Shogun game (S6, S7, D1, D2), checked in the order of S6.

use super::magnets::SHOGUN;
use super::position::{ShogunPosition, NONE};
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::types::side::Side;

impl ShogunPosition {
    /// Judges the position as if the side not to move had just moved (S6 order): S7 a Shogun taken
    /// (1976 rules), then a side left with at most two pieces (the side to move first: it is the one
    /// that just lost a piece), D1 (when `repeated` says the repetition count was reached), D2, then
    /// the side to move without a legal move when `check_no_moves` (perft and search skip it: a side
    /// with no move has no children anyway). Winners are [`Side::First`] for White, [`Side::Second`] for
    /// Red.
    pub fn judge(&self, repeated: Option<u32>, check_no_moves: bool) -> Option<Outcome> {
        let opp = self.side;
        let mover = !opp;
        let win = |winner: Side, reason: WinReason| Some(Outcome::Win { winner, reason });
        // S7: only possible with the 1976 rules (a position text without a Shogun is refused otherwise).
        for loser in [opp, mover] {
            if self.sq[loser.index()][SHOGUN] == NONE {
                return win(!loser, WinReason::ShogunCaptured);
            }
        }
        // S6: only the Shogun and one other piece left.
        for loser in [opp, mover] {
            let left = self.piece_count(loser);
            if left <= 2 {
                return win(!loser, WinReason::PiecesLeft { left: left as u8 });
            }
        }
        // D1
        if let Some(n) = repeated {
            return Some(Outcome::Draw(DrawReason::Repetition(n)));
        }
        // D2
        let limit = self.rules.options.quiet;
        if limit > 0 && self.quiet >= limit {
            return Some(Outcome::Draw(DrawReason::QuietLimit(limit)));
        }
        // S6: no legal move loses; with the Shogun attacked (1979 rules) that is checkmate.
        if check_no_moves && !self.has_moves() {
            let attacked = !self.rules.options.capture_allowed && self.shogun_attacked(opp);
            return win(
                mover,
                if attacked {
                    WinReason::Checkmate
                } else {
                    WinReason::NoMoves
                },
            );
        }
        None
    }

    /// The result of the position alone (no repetition history), including the no-move loss.
    pub fn status(&self) -> Option<Outcome> {
        self.judge(None, true)
    }
}
