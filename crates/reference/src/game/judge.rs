//! The end of the game (A5).

use super::RefGame;
use crate::rules::*;

impl RefGame {
    /// Whether `side` has five in a row inside its five-region (W3).
    pub(super) fn has_five(&self, side: Side) -> bool {
        let n = self.rules.n;
        let mut dirs: Vec<(i32, i32)> = vec![(1, 0), (0, 1)];
        if self.rules.five_all {
            dirs.push((1, 1));
            dirs.push((1, -1));
        }
        for rank in 0..n {
            for file in 0..n {
                for &d in &dirs {
                    let mut all = true;
                    for k in 0..5 {
                        match self.step_from((file, rank), d, k) {
                            Some(sq)
                                if self.at(sq) == Some(side) && self.in_five_region(side, sq) => {}
                            _ => {
                                all = false;
                                break;
                            }
                        }
                    }
                    if all {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// W5 counting: more pieces wins, equal is a draw.
    pub(super) fn by_count(&self) -> Outcome {
        let b = self.count(Side::Black);
        let w = self.count(Side::White);
        if b > w {
            Outcome::Win(Side::Black)
        } else if w > b {
            Outcome::Win(Side::White)
        } else {
            Outcome::Draw
        }
    }

    /// Judges the current position as if the side not to move had just moved (A5).
    pub(super) fn judge(&self) -> Outcome {
        let mover = self.to_move.other();
        let opponent = self.to_move;
        let mine = self.count(mover);
        let theirs = self.count(opponent);
        let win = &self.rules.win;
        let start = self.rules.starting_pieces();

        // W1 pieces left / captures.
        for item in win {
            let k = match *item {
                WinItem::PiecesLeft(k) => k,
                WinItem::Captures(m) => start.saturating_sub(m),
                _ => continue,
            };
            if theirs <= k {
                return if self.rules.misere {
                    Outcome::Win(opponent)
                } else {
                    Outcome::Win(mover)
                };
            }
        }
        // W2 lead.
        for item in win {
            if let WinItem::Lead(d) = *item {
                if mine >= theirs + d {
                    return Outcome::Win(mover);
                }
            }
        }
        // W3 five in a row.
        if win.contains(&WinItem::Five) && self.has_five(mover) {
            return Outcome::Win(mover);
        }
        // W5 most captures.
        // A side with no pieces loses; with at most one each, the count decides.
        if win.contains(&WinItem::MostCaptures)
            && (mine == 0 || theirs == 0 || (mine <= 1 && theirs <= 1))
        {
            return self.by_count();
        }
        // W4 both too weak for five.
        let has_w1 = win
            .iter()
            .any(|i| matches!(i, WinItem::PiecesLeft(_) | WinItem::Captures(_)));
        if win.contains(&WinItem::Five) && !has_w1 && mine < 5 && theirs < 5 {
            return Outcome::Draw;
        }
        // D1 repetition.
        if self.rules.repetition > 0 {
            let current = (self.board.clone(), self.to_move);
            let seen = self.history.iter().filter(|p| **p == current).count() as u64;
            if seen >= self.rules.repetition {
                return Outcome::Draw;
            }
        }
        // D2 quiet limit.
        if self.rules.quiet > 0 && self.quiet_plies >= self.rules.quiet {
            return if win.contains(&WinItem::MostCaptures) {
                self.by_count()
            } else {
                Outcome::Draw
            };
        }
        // W6 no move for the side to move.
        if self.generate_moves().is_empty() {
            return Outcome::Win(mover);
        }
        Outcome::Running
    }
}
