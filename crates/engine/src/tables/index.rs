//! The index of a table position: the side to move's pieces and the other side's pieces as two
//! combinations (combinatorial number system), with no gaps: every index is one placement.
//!
//! The side to move's `a` pieces stand on `a` of the board's `N` squares: their rank among the
//! `C(N, a)` sets in colex order is `Σ C(dᵢ, i)` (squares `d₁ < d₂ < …` numbered 0…N−1 rank by rank).
//! The other side's `b` pieces stand on `b` of the `N − a` squares left; the same rank with those
//! squares renumbered 0…N−a−1. The index is `rank₁ · C(N − a, b) + rank₂`.
//!
//! With the board's symmetries ([`Symmetry::Board`]) a position is first turned into the image whose
//! side-to-move set has the least rank (and, when several images share that set, the one whose other
//! set has the least rank); `rank₁` is replaced by the slot of that set among such least sets
//! ([`SetOrbits`]), about an eighth as many.

use std::sync::Arc;

use hasami_core::{BitBoard, Square};

use super::colex::{self, binomial, rank, rank_among};
use super::symmetry::{set_orbits, SetOrbits, Symmetry, TRANSFORMS};

/// Most pieces per side an index supports.
pub const MAX_SIDE: u8 = colex::MAX_SET;

/// The index of one material signature on one board.
#[derive(Debug, Clone)]
pub struct Indexer {
    /// Pieces of the side to move.
    pub stm: u8,
    /// Pieces of the other side.
    pub opp: u8,
    /// Squares of the board.
    squares: usize,
    /// Layout index → dense square number (rank × size + file) under each transform, 255 off the
    /// board (transform 0 is the identity).
    dense: [[u8; 128]; TRANSFORMS],
    /// The families of the side to move's sets, with [`Symmetry::Board`].
    orbits: Option<Arc<SetOrbits>>,
    /// Dense number → square.
    square: Vec<Square>,
    /// C(N − stm, opp).
    per_stm: u64,
    /// Positions in all.
    count: u64,
}

impl Indexer {
    /// The index of `stm` v `opp` pieces on a `size`×`size` board, with or without the board's
    /// symmetries; `None` when a side has no piece or more than [`MAX_SIDE`], or the board is not 8
    /// or 9.
    pub fn new(size: u8, stm: u8, opp: u8, symmetry: Symmetry) -> Option<Indexer> {
        let count = Indexer::count_of(size, stm, opp, symmetry)?;
        let mut dense = [[255u8; 128]; TRANSFORMS];
        let mut square = Vec::new();
        for r in 0..size {
            for f in 0..size {
                let sq = Square::new(f, r);
                let d = square.len() as u8;
                for (g, t) in dense.iter_mut().enumerate() {
                    t[sq.index()] = super::symmetry::transform(g, size, d);
                }
                square.push(sq);
            }
        }
        let n = square.len();
        let per_stm = binomial(n - stm as usize, opp as usize);
        let orbits = (symmetry == Symmetry::Board).then(|| set_orbits(size, stm));
        debug_assert_eq!(orbits.as_ref().map_or(count, |o| o.len() * per_stm), count);
        Some(Indexer {
            stm,
            opp,
            squares: n,
            dense,
            orbits,
            square,
            per_stm,
            count,
        })
    }

    /// [`Indexer::count`] of the index `new` would make, without making it (a symmetric index's
    /// families take time and memory to list; their number is counted directly); `None` when `new`
    /// would give none.
    pub fn count_of(size: u8, stm: u8, opp: u8, symmetry: Symmetry) -> Option<u64> {
        if !(8..=9).contains(&size)
            || !(1..=MAX_SIDE).contains(&stm)
            || !(1..=MAX_SIDE).contains(&opp)
        {
            return None;
        }
        let n = usize::from(size) * usize::from(size);
        let sets = match symmetry {
            Symmetry::Off => binomial(n, stm.into()),
            Symmetry::Board => super::symmetry::families(size, stm),
        };
        Some(sets * binomial(n - usize::from(stm), opp.into()))
    }

    /// Whether the index uses the board's symmetries.
    pub fn symmetry(&self) -> Symmetry {
        if self.orbits.is_some() {
            Symmetry::Board
        } else {
            Symmetry::Off
        }
    }

    /// Number of entries: every index below it is one position (with the board's symmetries, one of
    /// each family of images, and a few repeats, see [`Indexer::may_repeat`]).
    #[inline]
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Squares on the board.
    #[inline]
    pub fn squares(&self) -> usize {
        self.squares
    }

    /// The index of the position with the side to move on `stm` and the other side on `opp` (with
    /// the board's symmetries: of its representative image). The piece counts must be the
    /// signature's and the sets disjoint squares of the board.
    #[inline]
    pub fn index(&self, stm: BitBoard, opp: BitBoard) -> u64 {
        debug_assert_eq!(stm.len(), u32::from(self.stm));
        debug_assert_eq!(opp.len(), u32::from(self.opp));
        let (s, o) = (self.dense_mask(0, stm), self.dense_mask(0, opp));
        let r1 = rank(s);
        let Some(orbits) = &self.orbits else {
            return r1 * self.per_stm + rank_among(s, o);
        };
        let mut to_rep = orbits.to_rep(r1);
        let mut r2 = u64::MAX;
        while to_rep != 0 {
            let g = to_rep.trailing_zeros() as usize;
            to_rep &= to_rep - 1;
            let (s, o) = if g == 0 {
                (s, o)
            } else {
                (self.dense_mask(g, stm), self.dense_mask(g, opp))
            };
            r2 = r2.min(rank_among(s, o));
        }
        orbits.slot(r1) * self.per_stm + r2
    }

    /// The squares of `b` under transform `g`, as a mask of dense numbers.
    #[inline]
    fn dense_mask(&self, g: usize, b: BitBoard) -> u128 {
        let t = &self.dense[g];
        b.iter().fold(0u128, |m, sq| m | 1u128 << t[sq.index()])
    }

    /// How many of the board's symmetries leave the position at `index` unchanged (1 when it has no
    /// symmetry of its own, or the index uses none).
    pub fn stabilizer(&self, index: u64) -> u32 {
        let Some(orbits) = &self.orbits else {
            return 1;
        };
        let to_rep = orbits.to_rep(orbits.rep(index / self.per_stm));
        if to_rep == 1 {
            return 1;
        }
        let (stm, opp) = self.position(index);
        let o = self.dense_mask(0, opp);
        (0..TRANSFORMS)
            .filter(|&g| to_rep >> g & 1 == 1 && self.dense_mask(g, opp) == o)
            .inspect(|&g| debug_assert_eq!(self.dense_mask(g, stm), self.dense_mask(0, stm)))
            .count() as u32
    }

    /// Whether the entry at `index` may repeat another one: its side-to-move set is symmetric, so
    /// some of the entries with that set are images of each other, and only the one of least index
    /// is the representative (`index(position(i)) == i`). Entries where this is false always are.
    pub fn may_repeat(&self, index: u64) -> bool {
        self.orbits
            .as_ref()
            .is_some_and(|o| o.to_rep(o.rep(index / self.per_stm)) != 1)
    }

    /// The position at `index` (below [`Indexer::count`]): the side to move's pieces, the other's
    /// (with the board's symmetries: a representative image, or for a repeat, see
    /// [`Indexer::may_repeat`], an image of one).
    pub fn position(&self, index: u64) -> (BitBoard, BitBoard) {
        let (mut r1, mut r2) = (index / self.per_stm, index % self.per_stm);
        if let Some(orbits) = &self.orbits {
            r1 = orbits.rep(r1);
        }
        let mut stm_dense = [0usize; MAX_SIDE as usize];
        let a = self.stm as usize;
        let mut top = self.squares;
        for k in (1..=a).rev() {
            // The largest c with C(c, k) ≤ r1.
            let mut c = top - 1;
            while binomial(c, k) > r1 {
                c -= 1;
            }
            r1 -= binomial(c, k);
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
            while binomial(c, k) > r2 {
                c -= 1;
            }
            r2 -= binomial(c, k);
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
            let ix = Indexer::new(size, a, b, Symmetry::Off).unwrap();
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
        assert_eq!(
            Indexer::new(8, 2, 2, Symmetry::Off).unwrap().count(),
            2016 * 1891
        );
        assert_eq!(
            Indexer::new(8, 3, 2, Symmetry::Off).unwrap().count(),
            41_664 * 1830
        );
        assert_eq!(
            Indexer::new(9, 3, 2, Symmetry::Off).unwrap().count(),
            85_320 * 3003
        );
        assert!(Indexer::new(7, 2, 2, Symmetry::Off).is_none());
        assert!(Indexer::new(8, 0, 2, Symmetry::Board).is_none());
        assert!(Indexer::new(8, 7, 2, Symmetry::Board).is_none());
    }

    /// The eight images of a position, as (side to move, other side) bitboards.
    fn images(ix: &Indexer, stm: BitBoard, opp: BitBoard) -> Vec<(BitBoard, BitBoard)> {
        let size = (ix.squares() as f64).sqrt() as u8;
        let map = |g: usize, b: BitBoard| {
            b.iter().fold(BitBoard::EMPTY, |m, sq| {
                let d = sq.rank() * size + sq.file();
                let t = crate::tables::symmetry::transform(g, size, d);
                m.with(Square::new(t % size, t / size))
            })
        };
        (0..TRANSFORMS)
            .map(|g| (map(g, stm), map(g, opp)))
            .collect()
    }

    #[test]
    fn every_image_of_a_position_has_its_representatives_index() {
        for (size, a, b) in [(8, 2, 2), (9, 3, 2), (9, 1, 1), (8, 4, 1)] {
            let ix = Indexer::new(size, a, b, Symmetry::Board).unwrap();
            let plain = Indexer::new(size, a, b, Symmetry::Off).unwrap();
            assert!(ix.count() * 8 >= plain.count() && ix.count() * 4 < plain.count());
            let step = (plain.count() / 30_011).max(1);
            let mut i = 0;
            let mut repeats = 0;
            while i < plain.count() {
                let (s, o) = plain.position(i);
                let j = ix.index(s, o);
                assert!(j < ix.count());
                // The entry's position is an image of this one (the same family).
                let (rs, ro) = ix.position(j);
                let imgs = images(&ix, s, o);
                assert!(imgs.contains(&(rs, ro)), "{size} {a}v{b} at {i}");
                for (gs, go) in imgs {
                    assert_eq!(ix.index(gs, go), j, "{size} {a}v{b} at {i}");
                }
                assert_eq!(ix.index(rs, ro), j);
                i += step;
            }
            // Every entry's position indexes back to it, unless it repeats another.
            let step = (ix.count() / 30_011).max(1);
            let mut j = 0;
            while j < ix.count() {
                let (s, o) = ix.position(j);
                let back = ix.index(s, o);
                if back != j {
                    assert!(ix.may_repeat(j));
                    assert!(back < j);
                    repeats += 1;
                }
                j += step;
            }
            if a > 1 {
                assert!(repeats * 5 < 30_011, "{size} {a}v{b}: {repeats}");
            }
        }
    }

    #[test]
    fn a_symmetric_position_has_a_larger_stabilizer() {
        let ix = Indexer::new(9, 1, 1, Symmetry::Board).unwrap();
        // Centre v corner: the diagonal mirror through a1 and i9 (and nothing else) keeps it.
        let (c, a1) = (Square::new(4, 4), Square::new(0, 0));
        let e = BitBoard::EMPTY;
        assert_eq!(ix.stabilizer(ix.index(e.with(c), e.with(a1))), 2);
        assert_eq!(
            ix.stabilizer(ix.index(e.with(a1), e.with(Square::new(3, 1)))),
            1
        );
        let one = Indexer::new(9, 1, 1, Symmetry::Off).unwrap();
        assert_eq!(one.stabilizer(one.index(e.with(c), e.with(a1))), 1);
    }
}
