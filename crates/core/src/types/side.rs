//! The two sides.

use std::fmt;
use std::ops::Not;

/// One of the two players: the first player starts on rank 1 and moves first (RULES.md A1.2, S1).
///
/// Each family names them: Black and White in the Hasami family ([`Side::name`]), White and Red in
/// Shogun (`shogun::side_name`); [`crate::Position::side_name`] gives the name in a position's family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The first player (Black in the Hasami family, White in Shogun), starting on rank 1.
    First = 0,
    /// The second player (White in the Hasami family, Red in Shogun), starting on the last rank.
    Second = 1,
}

impl Side {
    /// Both sides, the first player first.
    pub const ALL: [Side; 2] = [Side::First, Side::Second];

    /// 0 for the first player, 1 for the second.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter used in Hasami-family position text: `b` or `w`.
    pub const fn letter(self) -> char {
        match self {
            Side::First => 'b',
            Side::Second => 'w',
        }
    }

    /// Parses `b`/`w` (either case).
    pub fn from_letter(c: char) -> Option<Side> {
        match c {
            'b' | 'B' => Some(Side::First),
            'w' | 'W' => Some(Side::Second),
            _ => None,
        }
    }

    /// The Hasami family's name: "Black" (first) or "White" (second).
    pub const fn name(self) -> &'static str {
        match self {
            Side::First => "Black",
            Side::Second => "White",
        }
    }
}

impl Not for Side {
    type Output = Side;
    #[inline]
    fn not(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
