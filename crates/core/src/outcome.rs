//! How a game ends (RULES.md A5) and the words for it.

use std::fmt;

use crate::types::side::Side;
use crate::types::square::Square;

/// The end of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won.
    Win {
        /// Who won.
        winner: Side,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw(DrawReason),
}

/// Why a side won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// W1: the loser has `left` pieces, at or below the limit.
    PiecesLeft {
        /// Pieces the loser has.
        left: u8,
    },
    /// W1 with misère: the winner was reduced to `left` pieces.
    Misere {
        /// Pieces the winner has.
        left: u8,
    },
    /// W2: the winner leads by `lead` pieces.
    Lead {
        /// The lead.
        lead: u8,
    },
    /// W3: five (or more) in a row from `from` to `to`.
    Five {
        /// One end of the line.
        from: Square,
        /// The other end.
        to: Square,
    },
    /// W5: the loser has no pieces left.
    AllCaptured,
    /// W5 (or D2 with W5): more pieces left than the opponent.
    MorePieces {
        /// The winner's pieces.
        winner: u8,
        /// The loser's pieces.
        loser: u8,
    },
    /// W6 / S6: the loser had no legal move.
    NoMoves,
    /// S7 (Shogun, 1976 rules): the winner captured the loser's Shogun.
    ShogunCaptured,
    /// S6 (Shogun): the loser's Shogun is attacked and the loser has no legal move.
    Checkmate,
}

/// Why a game was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// W4: both sides have fewer than 5 pieces.
    BothTooWeak,
    /// D1: the position appeared for the `n`-th time.
    Repetition(u32),
    /// D2: `n` plies without a capture.
    QuietLimit(u32),
    /// W5: equal pieces when no capture is possible any more or at the quiet limit.
    EqualPieces,
}

impl Outcome {
    /// The squares of a winning five in a row (W3), from one end to the other; empty for any other
    /// end.
    pub fn winning_line(self) -> Vec<Square> {
        let Outcome::Win {
            reason: WinReason::Five { from, to },
            ..
        } = self
        else {
            return Vec::new();
        };
        let step = |a: u8, b: u8| i16::from(b > a) - i16::from(b < a);
        let (df, dr) = (step(from.file(), to.file()), step(from.rank(), to.rank()));
        let (mut f, mut r) = (i16::from(from.file()), i16::from(from.rank()));
        let mut line = vec![from];
        while (f, r) != (i16::from(to.file()), i16::from(to.rank())) && line.len() < 9 {
            f += df;
            r += dr;
            line.push(Square::new(f as u8, r as u8));
        }
        line
    }

    /// The winner, if any.
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }

    /// The engine protocol's word: `p1win`, `p2win` or `draw`.
    pub fn ugi_result(self) -> &'static str {
        match self.winner() {
            Some(Side::First) => "p1win",
            Some(Side::Second) => "p2win",
            None => "draw",
        }
    }

    /// The game record's result token: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_token(self) -> &'static str {
        match self.winner() {
            Some(Side::First) => "1-0",
            Some(Side::Second) => "0-1",
            None => "1/2-1/2",
        }
    }
}

fn ordinal(n: u32) -> String {
    match n {
        2 => "second".into(),
        3 => "third".into(),
        4 => "fourth".into(),
        5 => "fifth".into(),
        _ => format!("{n}th"),
    }
}

fn pieces(n: u8) -> String {
    if n == 1 {
        "1 piece".into()
    } else {
        format!("{n} pieces")
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Win { winner, reason } => {
                let loser = !winner;
                write!(f, "{winner} wins: ")?;
                match reason {
                    WinReason::PiecesLeft { left } => {
                        write!(f, "{loser} has {} left", pieces(left))
                    }
                    WinReason::Misere { left } => {
                        write!(f, "misère, {winner} is down to {}", pieces(left))
                    }
                    WinReason::Lead { lead } => write!(f, "lead of {}", pieces(lead)),
                    WinReason::Five { from, to } => write!(f, "five in a row {from}–{to}"),
                    WinReason::AllCaptured => write!(f, "{loser} has no pieces left"),
                    WinReason::MorePieces {
                        winner: w,
                        loser: l,
                    } => {
                        write!(f, "more pieces left ({w} to {l})")
                    }
                    WinReason::NoMoves => write!(f, "{loser} has no legal move"),
                    WinReason::ShogunCaptured => write!(f, "{loser}'s Shogun was captured"),
                    WinReason::Checkmate => {
                        write!(f, "{loser}'s Shogun is attacked and cannot be saved")
                    }
                }
            }
            Outcome::Draw(reason) => {
                f.write_str("draw: ")?;
                match reason {
                    DrawReason::BothTooWeak => {
                        f.write_str("both sides have fewer than 5 pieces, no five is possible")
                    }
                    DrawReason::Repetition(n) => write!(f, "{} repetition", ordinal(n)),
                    DrawReason::QuietLimit(n) => write!(f, "{n} plies without a capture"),
                    DrawReason::EqualPieces => f.write_str("equal pieces left"),
                }
            }
        }
    }
}

#[cfg(test)]
mod line_tests {
    use super::*;

    #[test]
    fn a_winning_five_lists_its_squares_end_to_end() {
        let sq = |t: &str| Square::parse(t, 9).unwrap();
        let win = |from, to| Outcome::Win {
            winner: Side::First,
            reason: WinReason::Five { from, to },
        };
        let names = |o: Outcome| -> Vec<String> {
            o.winning_line().iter().map(|s| s.to_string()).collect()
        };
        assert_eq!(
            names(win(sq("c3"), sq("g3"))),
            ["c3", "d3", "e3", "f3", "g3"]
        );
        assert_eq!(
            names(win(sq("e7"), sq("a3"))),
            ["e7", "d6", "c5", "b4", "a3"]
        );
        let other = Outcome::Win {
            winner: Side::First,
            reason: WinReason::AllCaptured,
        };
        assert!(other.winning_line().is_empty());
    }
}
