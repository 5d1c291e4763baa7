//! The two sides.

use std::fmt;
use std::ops::Not;

/// One of the two players. Black (sente) moves first (RULES.md A1.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The first player, starting on rank 1.
    Black = 0,
    /// The second player, starting on the last rank.
    White = 1,
}

impl Side {
    /// Both sides, Black first.
    pub const ALL: [Side; 2] = [Side::Black, Side::White];

    /// 0 for Black, 1 for White.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter used in position text: `b` or `w`.
    pub const fn letter(self) -> char {
        match self {
            Side::Black => 'b',
            Side::White => 'w',
        }
    }

    /// Parses `b`/`w` (either case).
    pub fn from_letter(c: char) -> Option<Side> {
        match c {
            'b' | 'B' => Some(Side::Black),
            'w' | 'W' => Some(Side::White),
            _ => None,
        }
    }

    /// "Black" or "White".
    pub const fn name(self) -> &'static str {
        match self {
            Side::Black => "Black",
            Side::White => "White",
        }
    }
}

impl Not for Side {
    type Output = Side;
    #[inline]
    fn not(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
