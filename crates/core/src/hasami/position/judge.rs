//! The end-of-game checks of A5, in their order.

use super::HasamiPosition;
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::types::side::Side;
use crate::types::square::Square;

impl HasamiPosition {
    /// Judges the position as if the side not to move had just moved (A5): the mover's W1, W2, W3, W5,
    /// then W4, D1 (when `repeated` says the repetition count was reached), D2, then W6 for the side to
    /// move when `check_no_moves` (perft and search skip it: a side with no move has no children anyway).
    #[inline]
    pub fn judge(&self, repeated: Option<u32>, check_no_moves: bool) -> Option<Outcome> {
        let rules = self.rules;
        let mover = !self.side;
        let opp = self.side;
        let m = self.pieces(mover).len() as u8;
        let o = self.pieces(opp).len() as u8;
        let win = |winner: Side, reason: WinReason| Some(Outcome::Win { winner, reason });
        // W1
        if let Some(k) = rules.pieces_left {
            if o <= k {
                return if rules.options.misere {
                    win(opp, WinReason::Misere { left: o })
                } else {
                    win(mover, WinReason::PiecesLeft { left: o })
                };
            }
        }
        // W2
        if let Some(d) = rules.lead {
            if m >= o.saturating_add(d) {
                return win(mover, WinReason::Lead { lead: m - o });
            }
        }
        // W3
        if rules.five {
            if let Some((from, to)) = self.five_line(mover) {
                return win(mover, WinReason::Five { from, to });
            }
        }
        // W5
        if rules.most_captures {
            if o == 0 && m == 0 {
                return Some(Outcome::Draw(DrawReason::EqualPieces));
            } else if o == 0 {
                return win(mover, WinReason::AllCaptured);
            } else if m == 0 {
                return win(opp, WinReason::AllCaptured);
            } else if m <= 1 && o <= 1 {
                return Some(Outcome::Draw(DrawReason::EqualPieces));
            }
        }
        // W4
        if rules.five && rules.pieces_left.is_none() && m < 5 && o < 5 {
            return Some(Outcome::Draw(DrawReason::BothTooWeak));
        }
        // D1
        if let Some(n) = repeated {
            return Some(Outcome::Draw(DrawReason::Repetition(n)));
        }
        // D2
        let limit = rules.options.quiet;
        if limit > 0 && self.quiet >= limit {
            if rules.most_captures && m != o {
                let (w, hi, lo) = if m > o { (mover, m, o) } else { (opp, o, m) };
                return win(
                    w,
                    WinReason::MorePieces {
                        winner: hi,
                        loser: lo,
                    },
                );
            }
            return Some(if rules.most_captures {
                Outcome::Draw(DrawReason::EqualPieces)
            } else {
                Outcome::Draw(DrawReason::QuietLimit(limit))
            });
        }
        // W6
        if check_no_moves && !self.has_moves() {
            return win(mover, WinReason::NoMoves);
        }
        None
    }

    /// A five (or longer) line of `side` inside its five-region (W3), as its two end squares.
    pub fn five_line(&self, side: Side) -> Option<(Square, Square)> {
        let rules = self.rules;
        let x = self.pieces(side) & rules.five_region[side.index()];
        if x.len() < 5 {
            return None;
        }
        for &d in rules.five_dirs {
            let back = d.opposite();
            let mut y = x;
            for i in 1..5 {
                y &= x.shift_by(back, i);
            }
            // A start square s has s, s+d, …, s+4d in x; for these forward directions the lowest start
            // is where its line begins.
            if let Some(s) = y.first() {
                let mut end = s;
                while let Some(n) = end.offset(d).filter(|n| x.has(*n)) {
                    end = n;
                }
                return Some((s, end));
            }
        }
        None
    }
}
