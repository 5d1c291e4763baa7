//! The index of a table position: the side to move's pieces and the other side's pieces as two
//! combinations (combinatorial number system), with no gaps: every index is one placement.
//!
//! The side to move's `a` pieces stand on `a` of the board's `N` squares: their rank among the
//! `C(N, a)` sets in colex order is `Σ C(dᵢ, i)` (squares `d₁ < d₂ < …` numbered 0…N−1 rank by rank).
//! The other side's `b` pieces stand on `b` of the `N − a` squares left; the same rank with those
//! squares renumbered 0…N−a−1. The index is `rank₁ · C(N − a, b) + rank₂`.

use hasami_core::{BitBoard, Square};

/// Most pieces per side an index supports.
pub const MAX_SIDE: u8 = 6;

/// Binomial coefficients C(n, k) for n ≤ 81, k ≤ [`MAX_SIDE`].
const fn binomials() -> [[u64; MAX_SIDE as usize + 1]; 82] {
    let mut t = [[0u64; MAX_SIDE as usize + 1]; 82];
    let mut n = 0;
    while n < 82 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= MAX_SIDE as usize {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
}

static BINOM: [[u64; MAX_SIDE as usize + 1]; 82] = binomials();

/// C(n, k) for n ≤ 81 and k ≤ [`MAX_SIDE`].
#[inline]
pub fn binomial(n: usize, k: usize) -> u64 {
    BINOM[n][k]
}

/// The index of one material signature on one board.
#[derive(Debug, Clone)]
pub struct Indexer {
    /// Pieces of the side to move.
    pub stm: u8,
    /// Pieces of the other side.
    pub opp: u8,
    /// Squares of the board.
    squares: usize,
    /// Layout index → dense square number (rank × size + file), 255 off the board.
    dense: [u8; 128],
    /// Dense number → square.
    square: Vec<Square>,
    /// C(N − stm, opp).
    per_stm: u64,
    /// Positions in all.
    count: u64,
}

impl Indexer {
    /// The index of `stm` v `opp` pieces on a `size`×`size` board; `None` when a side has no piece or
    /// more than [`MAX_SIDE`], or the board is not 8 or 9.
    pub fn new(size: u8, stm: u8, opp: u8) -> Option<Indexer> {
        if !(8..=9).contains(&size)
            || !(1..=MAX_SIDE).contains(&stm)
            || !(1..=MAX_SIDE).contains(&opp)
        {
            return None;
        }
        let mut dense = [255u8; 128];
        let mut square = Vec::new();
        for r in 0..size {
            for f in 0..size {
                let sq = Square::new(f, r);
                dense[sq.index()] = square.len() as u8;
                square.push(sq);
            }
        }
        let n = square.len();
        let per_stm = binomial(n - stm as usize, opp as usize);
        Some(Indexer {
            stm,
            opp,
            squares: n,
            dense,
            square,
            per_stm,
            count: binomial(n, stm as usize) * per_stm,
        })
    }

    /// Number of positions (every index below it is one).
    #[inline]
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Squares on the board.
    #[inline]
    pub fn squares(&self) -> usize {
        self.squares
    }

    /// The index of the position with the side to move on `stm` and the other side on `opp`. The
    /// piece counts must be the signature's and the sets disjoint squares of the board.
    #[inline]
    pub fn index(&self, stm: BitBoard, opp: BitBoard) -> u64 {
        debug_assert_eq!(stm.len(), u32::from(self.stm));
        debug_assert_eq!(opp.len(), u32::from(self.opp));
        let mut r1 = 0u64;
        for (k, sq) in stm.iter().enumerate() {
            r1 += BINOM[self.dense[sq.index()] as usize][k + 1];
        }
        let mut r2 = 0u64;
        for (k, sq) in opp.iter().enumerate() {
            let below = (stm.0 & ((1u128 << sq.index()) - 1)).count_ones() as usize;
            r2 += BINOM[self.dense[sq.index()] as usize - below][k + 1];
        }
        r1 * self.per_stm + r2
    }

    /// The position at `index` (below [`Indexer::count`]): the side to move's pieces, the other's.
    pub fn position(&self, index: u64) -> (BitBoard, BitBoard) {
        let (mut r1, mut r2) = (index / self.per_stm, index % self.per_stm);
        let mut stm_dense = [0usize; MAX_SIDE as usize];
        let a = self.stm as usize;
        let mut top = self.squares;
        for k in (1..=a).rev() {
            // The largest c with C(c, k) ≤ r1.
            let mut c = top - 1;
            while BINOM[c][k] > r1 {
                c -= 1;
            }
            r1 -= BINOM[c][k];
            stm_dense[k - 1] = c;
            top = c;
        }
        let mut stm = BitBoard::EMPTY;
        for &d in &stm_dense[..a] {
            stm = stm.with(self.square[d]);
        }
        let mut opp = BitBoard::EMPTY;
        let mut top = self.squares - a;
        for k in (1..=self.opp as usize).rev() {
            let mut c = top - 1;
            while BINOM[c][k] > r2 {
                c -= 1;
            }
            r2 -= BINOM[c][k];
            top = c;
            // Renumber past the side to move's squares (ascending).
            let mut d = c;
            for &s in &stm_dense[..a] {
                if s <= d {
                    d += 1;
                }
            }
            opp = opp.with(self.square[d]);
        }
        (stm, opp)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_and_position_are_inverse_and_dense() {
        for (size, a, b) in [(8, 2, 2), (8, 3, 2), (9, 2, 3)] {
            let ix = Indexer::new(size, a, b).unwrap();
            let n = ix.squares() as u64;
            assert_eq!(n, u64::from(size) * u64::from(size));
            let step = (ix.count() / 20_011).max(1);
            let mut i = 0;
            while i < ix.count() {
                let (s, o) = ix.position(i);
                assert_eq!(s.len(), u32::from(a));
                assert_eq!(o.len(), u32::from(b));
                assert!((s & o).is_empty());
                assert_eq!(ix.index(s, o), i, "{size} {a}v{b} at {i}");
                i += step;
            }
            let (s, o) = ix.position(ix.count() - 1);
            assert_eq!(ix.index(s, o), ix.count() - 1);
        }
    }

    #[test]
    fn counts_are_the_placements() {
        assert_eq!(Indexer::new(8, 2, 2).unwrap().count(), 2016 * 1891);
        assert_eq!(Indexer::new(8, 3, 2).unwrap().count(), 41_664 * 1830);
        assert_eq!(Indexer::new(9, 3, 2).unwrap().count(), 85_320 * 3003);
        assert!(Indexer::new(7, 2, 2).is_none());
        assert!(Indexer::new(8, 0, 2).is_none());
        assert!(Indexer::new(8, 7, 2).is_none());
    }
}
