//! The board's eight symmetries (docs/tables.md, "Symmetry"): the rotations and mirrors of the square
//! map every position of the table variants onto one of equal value, so a table stores one position
//! of each family of images.
//!
//! Squares here are dense numbers (rank × size + file, 0…size²−1), as in the tables' index. A set of
//! `a` squares is numbered by its colex rank (its bit mask read as a number orders sets the same
//! way). [`SetOrbits`] gives every rank the family's representative (the image of least rank) as a
//! slot number, and the transforms that take the set there.

use std::sync::{Arc, Mutex};

use super::colex::{binomial, rank};

/// How many symmetries a square board has (the dihedral group of order 8).
pub const TRANSFORMS: usize = 8;

/// Whether a table numbers every placement or one of each family of images.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Every placement has its own entry.
    Off,
    /// The eight symmetries of the board: one entry per family of images (and a few repeats, see
    /// `Indexer::may_repeat`).
    Board,
}

/// The dense square that transform `g` (0…7) takes dense square `d` of a `size`×`size` board to.
/// 0 is the identity.
pub fn transform(g: usize, size: u8, d: u8) -> u8 {
    let (f, r) = (d % size, d / size);
    let m = size - 1;
    let (f2, r2) = match g {
        0 => (f, r),
        1 => (m - f, r),
        2 => (f, m - r),
        3 => (m - f, m - r),
        4 => (r, f),
        5 => (m - r, f),
        6 => (r, m - f),
        _ => (m - r, m - f),
    };
    r2 * size + f2
}

/// How many families of images the sets of `a` squares on a `size`×`size` board fall into, by
/// Burnside's lemma: the mean over the transforms of the sets each leaves unchanged (a set is
/// unchanged when it is a union of the transform's cycles of squares).
pub fn families(size: u8, a: u8) -> u64 {
    let n = usize::from(size) * usize::from(size);
    let a = usize::from(a);
    let mut fixed = 0u64;
    for g in 0..TRANSFORMS {
        let mut seen = vec![false; n];
        // ways[k]: unions of the cycles so far with k squares.
        let mut ways = vec![0u64; a + 1];
        ways[0] = 1;
        for start in 0..n {
            if seen[start] {
                continue;
            }
            let mut len = 0;
            let mut d = start;
            while !seen[d] {
                seen[d] = true;
                len += 1;
                d = usize::from(transform(g, size, d as u8));
            }
            for k in (len..=a).rev() {
                ways[k] += ways[k - len];
            }
        }
        fixed += ways[a];
    }
    fixed / TRANSFORMS as u64
}

/// Every set of `a` squares on a `size`×`size` board sorted into families of images.
#[derive(Debug)]
pub struct SetOrbits {
    /// Rank → slot of its family's representative.
    slot: Vec<u32>,
    /// Rank → the transforms (bit g) that take the set to its representative.
    to_rep: Vec<u8>,
    /// Slot → the representative's rank.
    reps: Vec<u32>,
}

impl SetOrbits {
    fn new(size: u8, a: u8) -> SetOrbits {
        let n = usize::from(size) * usize::from(size);
        let count = binomial(n, usize::from(a)) as usize;
        let map: Vec<[u8; TRANSFORMS]> = (0..n as u8)
            .map(|d| std::array::from_fn(|g| transform(g, size, d)))
            .collect();
        let mut slot = Vec::with_capacity(count);
        let mut to_rep = Vec::with_capacity(count);
        let mut reps = Vec::with_capacity(count / TRANSFORMS + 64);
        // The sets in colex order: the a lowest bits, then each next larger number with a bits set.
        let mut set: u128 = (1u128 << a) - 1;
        for r in 0..count as u64 {
            let mut ranks = [0u64; TRANSFORMS];
            for (g, out) in ranks.iter_mut().enumerate() {
                let mut img = 0u128;
                let mut m = set;
                while m != 0 {
                    img |= 1u128 << map[m.trailing_zeros() as usize][g];
                    m &= m - 1;
                }
                *out = rank(img);
            }
            let least = *ranks.iter().min().unwrap_or(&r);
            let mut bits = 0u8;
            for (g, &x) in ranks.iter().enumerate() {
                if x == least {
                    bits |= 1 << g;
                }
            }
            if least == r {
                reps.push(r as u32);
                slot.push((reps.len() - 1) as u32);
            } else {
                // A set's representative has a smaller rank, so it has its slot already.
                slot.push(slot[least as usize]);
            }
            to_rep.push(bits);
            // Gosper's step to the next set of a squares.
            if r + 1 < count as u64 {
                let low = set & set.wrapping_neg();
                let ripple = set + low;
                set = ripple | (((set ^ ripple) >> 2) >> low.trailing_zeros());
            }
        }
        SetOrbits { slot, to_rep, reps }
    }

    /// The slot of the family of the set of rank `r`.
    #[inline]
    pub fn slot(&self, r: u64) -> u64 {
        u64::from(self.slot[r as usize])
    }

    /// The transforms that take the set of rank `r` to its representative (bit g for transform g).
    #[inline]
    pub fn to_rep(&self, r: u64) -> u8 {
        self.to_rep[r as usize]
    }

    /// The representative's rank of `slot`.
    #[inline]
    pub fn rep(&self, slot: u64) -> u64 {
        u64::from(self.reps[slot as usize])
    }

    /// Number of families (slots).
    pub fn len(&self) -> u64 {
        self.reps.len() as u64
    }

    /// Whether there are none (never: every set has a family).
    pub fn is_empty(&self) -> bool {
        self.reps.is_empty()
    }
}

/// The families of sets of `a` squares on a `size`×`size` board, computed once per program and
/// shared by every table that needs them.
pub fn set_orbits(size: u8, a: u8) -> Arc<SetOrbits> {
    type Cache = Vec<((u8, u8), Arc<SetOrbits>)>;
    static CACHE: Mutex<Cache> = Mutex::new(Vec::new());
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, o)) = cache.iter().find(|(k, _)| *k == (size, a)) {
        return Arc::clone(o);
    }
    let o = Arc::new(SetOrbits::new(size, a));
    cache.push(((size, a), Arc::clone(&o)));
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eight_transforms_are_distinct_permutations() {
        for size in [8u8, 9] {
            let n = size * size;
            let mut images = std::collections::HashSet::new();
            for g in 0..TRANSFORMS {
                let img: Vec<u8> = (0..n).map(|d| transform(g, size, d)).collect();
                let mut sorted = img.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, (0..n).collect::<Vec<_>>(), "{size} {g}");
                images.insert(img);
            }
            assert_eq!(images.len(), TRANSFORMS);
        }
    }

    #[test]
    fn families_cover_every_set_once_and_are_about_an_eighth() {
        for (size, a) in [(8u8, 1u8), (9, 1), (8, 2), (9, 3)] {
            let o = SetOrbits::new(size, a);
            let n = usize::from(size) * usize::from(size);
            let count = binomial(n, usize::from(a));
            // Burnside: the families are at least count / 8.
            assert!(o.len() * 8 >= count && o.len() * 4 < count, "{size} {a}");
            for r in 0..count {
                let s = o.slot(r);
                let rep = o.rep(s);
                assert!(rep <= r);
                assert_eq!(o.slot(rep), s);
                assert!(o.to_rep(r) != 0);
                if rep == r {
                    assert!(o.to_rep(r) & 1 == 1, "a representative is its own image");
                }
            }
        }
        for (size, a) in [(8u8, 1u8), (9, 1), (8, 2), (9, 2), (8, 3), (9, 3), (8, 4)] {
            assert_eq!(
                families(size, a),
                SetOrbits::new(size, a).len(),
                "{size} {a}"
            );
        }
        // One square: the 10 squares of a triangle on 8×8, 15 on 9×9.
        assert_eq!(SetOrbits::new(8, 1).len(), 10);
        assert_eq!(SetOrbits::new(9, 1).len(), 15);
    }
}
