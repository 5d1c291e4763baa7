//! Moves and move text (RULES.md A3.5).

use std::fmt;

use thiserror::Error;

use super::square::{ParseSquareError, Square};

/// A move: a piece goes from one square to another (slides, steps and jumps alike).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it lands.
    pub to: Square,
}

impl Move {
    /// A move from `from` to `to`.
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// Parses move text for a board of `size`: `e1e5`, `e1-e5`, any case, surrounding spaces ignored.
    pub fn parse(text: &str, size: u8) -> Result<Move, ParseMoveError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(ParseMoveError::Empty);
        }
        if !t.is_ascii() {
            return Err(ParseMoveError::Malformed(t.to_string()));
        }
        let (a, b) = match t.len() {
            4 => (&t[..2], &t[2..]),
            5 if t.as_bytes()[2] == b'-' => (&t[..2], &t[3..]),
            _ => return Err(ParseMoveError::Malformed(t.to_string())),
        };
        let from = Square::parse(a, size).map_err(|e| ParseMoveError::Square {
            text: t.to_string(),
            error: e,
        })?;
        let to = Square::parse(b, size).map_err(|e| ParseMoveError::Square {
            text: t.to_string(),
            error: e,
        })?;
        Ok(Move { from, to })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// Why move text was rejected (a syntax error; legality is [`crate::IllegalMoveError`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseMoveError {
    /// Nothing was given.
    #[error("empty move (expected from- and to-square, like e1e5)")]
    Empty,
    /// Not of the form `e1e5` / `e1-e5`.
    #[error("'{0}' is not a move (expected from- and to-square, like e1e5 or e1-e5)")]
    Malformed(String),
    /// One of the squares is bad.
    #[error("bad move '{text}': {error}")]
    Square {
        /// The move text.
        text: String,
        /// What is wrong with the square.
        error: ParseSquareError,
    },
}
