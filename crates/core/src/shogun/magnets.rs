//! The synthetic magnet board of RULES.md S3: which number each piece shows on each square.
//!
//! Everything follows from the seed and the rotation, drawn from one SplitMix64 generator in the order
//! S3 gives: (1) the 64 square directions, (2) the discs of White's pieces 1–7, (3) those of Red's
//! pieces 1–7, (4) with `setup=shuffle`, the piece ids on White's and then Red's setup squares. With
//! `numbers=random` the start numbers are drawn next, from the state this module hands on.
//!
//! Squares here are numbered as in S3: `a1` = 0, `b1` = 1, … `h8` = 63 ([`index`]).

use crate::types::rng::SplitMix64;
use crate::types::side::Side;
use crate::types::square::Square;

/// Slot of the Shogun in per-side arrays; pieces 1–7 use slots 1–7 (their ids).
pub const SHOGUN: usize = 0;

/// The disc of both Shoguns (S3).
pub const SHOGUN_DISC: [u8; 4] = [1, 2, 1, 2];

/// Setup squares of pieces in S2 order (White `a1 b1 c1 d1 f1 g1 h1`, Red `h8 g8 f8 e8 c8 b8 a8`), as
/// S3 indices.
pub const SETUP_SQUARES: [[u8; 7]; 2] = [[0, 1, 2, 3, 5, 6, 7], [63, 62, 61, 60, 58, 57, 56]];

/// Start squares of the Shoguns: White `e1`, Red `d8`.
pub const SHOGUN_SQUARES: [u8; 2] = [4, 59];

/// The S3 index (`a1` = 0 … `h8` = 63) of a square of the 8×8 board.
#[inline]
pub const fn index(sq: Square) -> u8 {
    sq.rank() * 8 + sq.file()
}

/// The square of an S3 index (below 64).
#[inline]
pub const fn square(i: u8) -> Square {
    Square::new(i % 8, i / 8)
}

/// The facing of a side's pieces: 0 for White (the first player, [`Side::First`]), 2 for Red.
#[inline]
pub const fn facing(side: Side) -> u8 {
    match side {
        Side::First => 0,
        Side::Second => 2,
    }
}

/// R(x, y) = (7 − y, x): the square a quarter-turn of the board brings under (x, y).
#[inline]
pub const fn rotate(i: u8) -> u8 {
    let (x, y) = (i % 8, i / 8);
    x * 8 + (7 - y)
}

/// Fisher–Yates as S3 gives it: for i = n−1 down to 1, j = next() mod (i+1), swap.
pub fn shuffle<T>(rng: &mut SplitMix64, a: &mut [T]) {
    for i in (1..a.len()).rev() {
        let j = (rng.next() % (i as u64 + 1)) as usize;
        a.swap(i, j);
    }
}

/// The magnet board of one seed and rotation, and the setup it implies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Magnets {
    /// The direction (0–3) of the magnet under each square, rotation applied.
    pub direction: [u8; 64],
    /// Discs by side and slot (slot 0 the Shogun, `[1, 2, 1, 2]`).
    pub disc: [[[u8; 4]; 8]; 2],
    /// The number each piece (side, slot) shows on each square.
    pub number: [[[u8; 64]; 8]; 2],
    /// The piece id standing on each setup square (S2 order), per side: `[1..7]` unless shuffled.
    pub setup: [[u8; 7]; 2],
    /// The generator state after the draws above (where `numbers=random` goes on).
    pub state: u64,
}

impl Magnets {
    /// Draws the board for `seed` and `rotation` (0–3), with draw (4) when `shuffle`.
    pub fn new(seed: u64, rotation: u8, shuffle_setup: bool) -> Magnets {
        let mut rng = SplitMix64(seed);
        // (1) directions of the squares as laid out.
        let mut laid: [u8; 64] = std::array::from_fn(|i| (i / 16) as u8);
        shuffle(&mut rng, &mut laid);
        // (2), (3) discs.
        let mut disc = [[SHOGUN_DISC; 8]; 2];
        for side_discs in &mut disc {
            for d in side_discs.iter_mut().skip(1) {
                let mut a = [1, 2, 3, 4];
                shuffle(&mut rng, &mut a);
                *d = a;
            }
        }
        // (4) setup.
        let mut setup = [[1, 2, 3, 4, 5, 6, 7]; 2];
        if shuffle_setup {
            for ids in &mut setup {
                shuffle(&mut rng, ids);
            }
        }
        let r = rotation % 4;
        let direction: [u8; 64] = std::array::from_fn(|i| {
            let mut j = i as u8;
            for _ in 0..r {
                j = rotate(j);
            }
            (laid[j as usize] + r) % 4
        });
        let mut number = [[[0u8; 64]; 8]; 2];
        for side in Side::ALL {
            for slot in 0..8 {
                for sq in 0..64 {
                    let k = (direction[sq] + facing(side)) % 4;
                    number[side.index()][slot][sq] = disc[side.index()][slot][k as usize];
                }
            }
        }
        Magnets {
            direction,
            disc,
            number,
            setup,
            state: rng.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_cycles() {
        for i in 0..64 {
            assert_eq!(rotate(rotate(rotate(rotate(i)))), i);
        }
        // (0, 0) = a1 takes the magnet of (7, 0) = h1.
        assert_eq!(rotate(0), 7);
    }

    #[test]
    fn sixteen_squares_per_direction() {
        for r in 0..4 {
            let m = Magnets::new(1979, r, false);
            for d in 0..4 {
                assert_eq!(m.direction.iter().filter(|&&x| x == d).count(), 16);
            }
        }
    }
}
