//! Position text (RULES.md A7) parsed into an unchecked [`Setup`].

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::types::side::Side;
use crate::types::square::MAX_SIZE;

/// A position as written, not yet checked against a variant: ranks from the top (rank N) down to rank 1,
/// each a list of squares holding a piece or nothing.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Ranks from the last rank down to rank 1; each from file a.
    pub ranks: Vec<Vec<Option<Side>>>,
    /// Side to move.
    pub side: Side,
    /// Plies since the last capture (D2).
    pub quiet: u32,
    /// Full-move number, from 1.
    pub fullmove: u32,
}

/// A syntax error in position text; `column` counts characters from 1.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseSetupError {
    /// No text.
    #[error("empty position text (expected ranks like 'wwwwwwwww/9/…/bbbbbbbbb b 0 1')")]
    Empty,
    /// A character that cannot stand in the ranks.
    #[error("unexpected '{ch}' at column {column} (ranks hold b, w, digits 1-9 and '/')")]
    BadCharacter {
        /// The character.
        ch: char,
        /// Its column.
        column: usize,
    },
    /// More than 9 squares in a rank.
    #[error("rank {index} from the top is longer than 9 squares (at column {column})")]
    RankTooLong {
        /// Which rank, counted from 1 at the top.
        index: usize,
        /// Column where it overflowed.
        column: usize,
    },
    /// More than 9 ranks.
    #[error("more than 9 ranks (at column {column})")]
    TooManyRanks {
        /// Column of the extra '/'.
        column: usize,
    },
    /// The side to move is missing.
    #[error("missing side to move after the ranks (expected 'b' or 'w')")]
    MissingSide,
    /// The side to move is not `b`/`w`.
    #[error("bad side to move '{text}' at column {column} (expected 'b' or 'w')")]
    BadSide {
        /// The text given.
        text: String,
        /// Its column.
        column: usize,
    },
    /// A counter is not a number.
    #[error("bad {field} '{text}' at column {column} (expected a whole number)")]
    BadNumber {
        /// Which counter.
        field: &'static str,
        /// The text given.
        text: String,
        /// Its column.
        column: usize,
    },
    /// The quiet plies are given without a move number.
    #[error("the quiet plies must be followed by a move number")]
    MissingMoveNumber,
    /// Something after the move number.
    #[error("unexpected '{text}' at column {column} after the move number")]
    TrailingText {
        /// The extra text.
        text: String,
        /// Its column.
        column: usize,
    },
}

/// Splits on white space, remembering each field's column (1-based).
fn fields(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (col, (byte, c)) in text.char_indices().enumerate() {
        if c.is_whitespace() {
            if let Some((c0, b0)) = start.take() {
                out.push((c0 + 1, &text[b0..byte]));
            }
        } else if start.is_none() {
            start = Some((col, byte));
        }
    }
    if let Some((c0, b0)) = start {
        out.push((c0 + 1, &text[b0..]));
    }
    out
}

impl FromStr for Setup {
    type Err = ParseSetupError;

    fn from_str(text: &str) -> Result<Setup, ParseSetupError> {
        let f = fields(text);
        let Some(&(col0, board)) = f.first() else {
            return Err(ParseSetupError::Empty);
        };
        let mut ranks: Vec<Vec<Option<Side>>> = vec![Vec::new()];
        for (i, c) in board.chars().enumerate() {
            let column = col0 + i;
            let rank = ranks.len();
            match c {
                '/' => {
                    if ranks.len() == MAX_SIZE as usize {
                        return Err(ParseSetupError::TooManyRanks { column });
                    }
                    ranks.push(Vec::new());
                }
                'b' | 'w' | 'B' | 'W' => {
                    let cur = ranks.last_mut().expect("at least one rank");
                    if cur.len() == MAX_SIZE as usize {
                        return Err(ParseSetupError::RankTooLong {
                            index: rank,
                            column,
                        });
                    }
                    cur.push(Side::from_letter(c));
                }
                '1'..='9' => {
                    let cur = ranks.last_mut().expect("at least one rank");
                    let n = c as usize - '0' as usize;
                    if cur.len() + n > MAX_SIZE as usize {
                        return Err(ParseSetupError::RankTooLong {
                            index: rank,
                            column,
                        });
                    }
                    cur.extend(std::iter::repeat_n(None, n));
                }
                _ => return Err(ParseSetupError::BadCharacter { ch: c, column }),
            }
        }
        let &(col, side_text) = f.get(1).ok_or(ParseSetupError::MissingSide)?;
        let side = match side_text {
            "b" | "B" => Side::First,
            "w" | "W" => Side::Second,
            _ => {
                return Err(ParseSetupError::BadSide {
                    text: side_text.to_string(),
                    column: col,
                })
            }
        };
        let num = |field: &'static str, (column, t): (usize, &str)| {
            t.parse::<u32>().map_err(|_| ParseSetupError::BadNumber {
                field,
                text: t.to_string(),
                column,
            })
        };
        let (quiet, fullmove) = match (f.get(2), f.get(3)) {
            (None, _) => (0, 1),
            (Some(_), None) => return Err(ParseSetupError::MissingMoveNumber),
            (Some(&q), Some(&m)) => (num("quiet plies", q)?, num("move number", m)?),
        };
        if let Some(&(column, t)) = f.get(4) {
            return Err(ParseSetupError::TrailingText {
                text: t.to_string(),
                column,
            });
        }
        Ok(Setup {
            ranks,
            side,
            quiet,
            fullmove,
        })
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, rank) in self.ranks.iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            let mut empty = 0;
            for cell in rank {
                match cell {
                    None => empty += 1,
                    Some(s) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", s.letter())?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
        }
        write!(
            f,
            " {} {} {}",
            self.side.letter(),
            self.quiet,
            self.fullmove
        )
    }
}
