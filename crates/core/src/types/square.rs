//! Squares and directions on a padded 10-column layout.
//!
//! Square index = rank × 10 + file, files 0–8 and ranks 0–8. Column 9 is a guard that is never on the
//! board, so shifting a bitboard east or west can never wrap a piece onto the next rank.

use std::fmt;

use thiserror::Error;

/// Distance between two ranks in the square numbering.
pub const STRIDE: u8 = 10;
/// Largest board side the layout supports.
pub const MAX_SIZE: u8 = 9;

/// Bits of the 81 squares of the 9×9 layout.
pub(crate) const VALID: u128 = {
    let mut bits = 0u128;
    let mut i = 0;
    while i < MAX_SIZE * STRIDE {
        if i % STRIDE < MAX_SIZE {
            bits |= 1 << i;
        }
        i += 1;
    }
    bits
};

/// A square of the board (9×9 layout; an 8×8 board uses files a–h and ranks 1–8 of it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `file` (0 = a) and `rank` (0 = rank 1). Both must be below 9.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Square {
        debug_assert!(file < MAX_SIZE && rank < MAX_SIZE);
        Square(rank * STRIDE + file)
    }

    /// The square with this layout index, if it is one of the 81 squares.
    #[inline]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index % STRIDE < MAX_SIZE && index / STRIDE < MAX_SIZE {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with this layout index, which must be one of the 81 squares (bits of a
    /// [`crate::BitBoard`] always are).
    #[inline(always)]
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!(index % STRIDE < MAX_SIZE && index / STRIDE < MAX_SIZE);
        Square(index)
    }

    /// Layout index (rank × 10 + file); the bit number in a [`crate::BitBoard`].
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File, 0 for `a`.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % STRIDE
    }

    /// Rank, 0 for rank 1.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / STRIDE
    }

    /// The square one step in direction `d` inside the 9×9 layout (not checked against a smaller board).
    #[inline]
    pub const fn offset(self, d: Direction) -> Option<Square> {
        let i = self.0 as i16 + d.delta() as i16;
        if i >= 0 && i < 128 && (VALID >> i) & 1 != 0 {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// The same square seen from the other side (ranks flipped) on a board of `size`.
    #[inline]
    pub const fn flip_rank(self, size: u8) -> Square {
        Square::new(self.file(), size - 1 - self.rank())
    }

    /// Parses square text (`e5`, `E5`) for a board of `size` files and ranks.
    pub fn parse(text: &str, size: u8) -> Result<Square, ParseSquareError> {
        let mut chars = text.chars();
        let (Some(f), Some(r), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(ParseSquareError::Malformed(text.to_string()));
        };
        let f = f.to_ascii_lowercase();
        if !f.is_ascii_lowercase() || !r.is_ascii_digit() {
            return Err(ParseSquareError::Malformed(text.to_string()));
        }
        let file = f as u8 - b'a';
        let rank = (r as u8 - b'0').wrapping_sub(1);
        if file >= size || rank >= size {
            return Err(ParseSquareError::OffBoard {
                text: text.to_string(),
                size,
            });
        }
        Ok(Square::new(file, rank))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// Why square text was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseSquareError {
    /// Not a letter followed by a digit.
    #[error("'{0}' is not a square (expected a file letter and a rank digit, like e5)")]
    Malformed(String),
    /// A square outside the board.
    #[error("'{text}' is off the {size}×{size} board")]
    OffBoard {
        /// The text given.
        text: String,
        /// The board size.
        size: u8,
    },
}

/// One of the eight directions. Orthogonal ones come first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards higher ranks (White's side).
    North,
    /// Towards rank 1.
    South,
    /// Towards file i.
    East,
    /// Towards file a.
    West,
    /// North and east.
    NorthEast,
    /// North and west.
    NorthWest,
    /// South and east.
    SouthEast,
    /// South and west.
    SouthWest,
}

impl Direction {
    /// The four orthogonal directions.
    pub const ORTHOGONAL: [Direction; 4] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
    ];
    /// All eight directions, orthogonal first.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::SouthEast,
        Direction::SouthWest,
    ];

    /// Change of the square index for one step.
    #[inline]
    pub const fn delta(self) -> i8 {
        match self {
            Direction::North => STRIDE as i8,
            Direction::South => -(STRIDE as i8),
            Direction::East => 1,
            Direction::West => -1,
            Direction::NorthEast => STRIDE as i8 + 1,
            Direction::NorthWest => STRIDE as i8 - 1,
            Direction::SouthEast => -(STRIDE as i8) + 1,
            Direction::SouthWest => -(STRIDE as i8) - 1,
        }
    }

    /// The opposite direction.
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::South => Direction::North,
            Direction::East => Direction::West,
            Direction::West => Direction::East,
            Direction::NorthEast => Direction::SouthWest,
            Direction::NorthWest => Direction::SouthEast,
            Direction::SouthEast => Direction::NorthWest,
            Direction::SouthWest => Direction::NorthEast,
        }
    }
}
