//! A set of squares as the bits of a `u128`.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use super::square::{Direction, Square, MAX_SIZE, STRIDE};

/// A set of squares: bit `i` is the square with layout index `i` (see [`Square`]).
///
/// `!` complements all 128 bits; intersect with a board mask before counting.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct BitBoard(pub u128);

impl BitBoard {
    /// No squares.
    pub const EMPTY: BitBoard = BitBoard(0);

    /// The squares of an N×N board (N = 8 or 9).
    pub const fn board(size: u8) -> BitBoard {
        let mut bits = 0u128;
        let mut r = 0;
        while r < size {
            let mut f = 0;
            while f < size {
                bits |= 1u128 << (r * STRIDE + f);
                f += 1;
            }
            r += 1;
        }
        BitBoard(bits)
    }

    /// All squares of ranks `from..=to` (0-based) on a board of `size` files.
    pub const fn ranks(size: u8, from: u8, to: u8) -> BitBoard {
        let mut bits = 0u128;
        let mut r = from;
        while r <= to {
            let mut f = 0;
            while f < size {
                bits |= 1u128 << (r * STRIDE + f);
                f += 1;
            }
            r += 1;
        }
        BitBoard(bits)
    }

    /// The set holding just `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> BitBoard {
        BitBoard(1u128 << sq.index())
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn has(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// Number of squares.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest square, if any.
    #[inline]
    pub fn first(self) -> Option<Square> {
        let bits = self.0 & crate::types::square::VALID;
        if bits == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(bits.trailing_zeros() as u8))
        }
    }

    /// The set with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> BitBoard {
        BitBoard(self.0 | 1u128 << sq.index())
    }

    /// The set with `sq` removed.
    #[inline]
    pub const fn without(self, sq: Square) -> BitBoard {
        BitBoard(self.0 & !(1u128 << sq.index()))
    }

    /// Every square moved one step in direction `d`. Squares leaving the 128 bits vanish; squares landing on
    /// the guard column or past the last rank must be removed by masking with a board.
    #[inline]
    pub const fn shift(self, d: Direction) -> BitBoard {
        let k = d.delta();
        if k > 0 {
            BitBoard(self.0 << k as u32)
        } else {
            BitBoard(self.0 >> (-k) as u32)
        }
    }

    /// Shift by `d` repeated `n` times.
    #[inline]
    pub const fn shift_by(self, d: Direction, n: u32) -> BitBoard {
        let k = d.delta() as i32 * n as i32;
        if k > 0 {
            BitBoard(self.0 << k as u32)
        } else {
            BitBoard(self.0 >> (-k) as u32)
        }
    }

    /// All squares reachable from `self` by moving any number ≥ 1 of steps in direction `d` through
    /// squares of `through` (the result lies inside `through`).
    #[inline(always)]
    pub fn fill(self, d: Direction, through: BitBoard) -> BitBoard {
        match d {
            Direction::North => self.fill_by::<{ STRIDE as i32 }>(through),
            Direction::South => self.fill_by::<{ -(STRIDE as i32) }>(through),
            Direction::East => self.fill_by::<1>(through),
            Direction::West => self.fill_by::<-1>(through),
            Direction::NorthEast => self.fill_by::<{ STRIDE as i32 + 1 }>(through),
            Direction::NorthWest => self.fill_by::<{ STRIDE as i32 - 1 }>(through),
            Direction::SouthEast => self.fill_by::<{ -(STRIDE as i32) + 1 }>(through),
            Direction::SouthWest => self.fill_by::<{ -(STRIDE as i32) - 1 }>(through),
        }
    }

    /// [`BitBoard::fill`] for a step of `K` bits (Kogge–Stone occluded fill, runs of up to 8 steps).
    #[inline(always)]
    pub fn fill_by<const K: i32>(self, through: BitBoard) -> BitBoard {
        #[inline(always)]
        fn sh<const K: i32>(x: u128, n: i32) -> u128 {
            if K > 0 {
                x << (K * n) as u32
            } else {
                x >> (-K * n) as u32
            }
        }
        let mut g = self.0;
        let mut p = through.0;
        g |= p & sh::<K>(g, 1);
        p &= sh::<K>(p, 1);
        g |= p & sh::<K>(g, 2);
        p &= sh::<K>(p, 2);
        g |= p & sh::<K>(g, 4);
        // g now holds the sources and what they reach in up to 7 steps; one more step makes 8, the
        // longest line of a 9×9 board.
        BitBoard(sh::<K>(g, 1) & through.0)
    }

    /// The orthogonal neighbours of `sq` inside the 9×9 layout.
    #[inline]
    pub fn orthogonal_neighbours(sq: Square) -> BitBoard {
        NEIGHBOURS[0][sq.index()]
    }

    /// All eight neighbours of `sq` inside the 9×9 layout.
    #[inline]
    pub fn all_neighbours(sq: Square) -> BitBoard {
        NEIGHBOURS[1][sq.index()]
    }

    /// The squares of the set, lowest index first.
    #[inline]
    pub fn iter(self) -> BitIter {
        // Only the 81 squares: unmasked shifts may leave bits on the guard column or past the board.
        BitIter(self.0 & crate::types::square::VALID)
    }
}

/// Iterator over the squares of a [`BitBoard`].
pub struct BitIter(u128);

impl Iterator for BitIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Square::from_index_unchecked(i as u8))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl IntoIterator for BitBoard {
    type Item = Square;
    type IntoIter = BitIter;
    fn into_iter(self) -> BitIter {
        self.iter()
    }
}

impl FromIterator<Square> for BitBoard {
    fn from_iter<T: IntoIterator<Item = Square>>(iter: T) -> Self {
        iter.into_iter().fold(BitBoard::EMPTY, BitBoard::with)
    }
}

macro_rules! bitop {
    ($t:ident, $f:ident, $ta:ident, $fa:ident, $op:tt) => {
        impl $t for BitBoard {
            type Output = BitBoard;
            #[inline]
            fn $f(self, rhs: BitBoard) -> BitBoard {
                BitBoard(self.0 $op rhs.0)
            }
        }
        impl $ta for BitBoard {
            #[inline]
            fn $fa(&mut self, rhs: BitBoard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for BitBoard {
    type Output = BitBoard;
    #[inline]
    fn not(self) -> BitBoard {
        BitBoard(!self.0)
    }
}

impl fmt::Debug for BitBoard {
    /// Draws the 9×9 layout, rank 9 on top, `X` for a member.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        for r in (0..MAX_SIZE).rev() {
            for file in 0..MAX_SIZE {
                let c = if self.has(Square::new(file, r)) {
                    'X'
                } else {
                    '.'
                };
                write!(f, "{c} ")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

const NEIGHBOURS: [[BitBoard; 100]; 2] = {
    let mut t = [[BitBoard::EMPTY; 100]; 2];
    let mut i = 0u8;
    while i < 100 {
        if let Some(sq) = Square::from_index(i) {
            let mut k = 0;
            while k < 8 {
                if let Some(n) = sq.offset(Direction::ALL[k]) {
                    let b = 1u128 << n.index();
                    if k < 4 {
                        t[0][i as usize].0 |= b;
                    }
                    t[1][i as usize].0 |= b;
                }
                k += 1;
            }
        }
        i += 1;
    }
    t
};
