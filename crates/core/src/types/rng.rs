//! A small, fast, seedable random generator: random playouts, the Shogun magnet board's seed and
//! random arrangements draw from it.

/// A small, fast, seedable random generator (SplitMix64).
#[derive(Debug, Clone)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    #[inline]
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0), by multiply-shift.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next()) * u128::from(n)) >> 64) as u64
    }

    /// Shuffles `a` in place (Fisher–Yates: for i = n−1 down to 1, swap with [`below`](Self::below)(i + 1)).
    pub fn shuffle<T>(&mut self, a: &mut [T]) {
        for i in (1..a.len()).rev() {
            a.swap(i, self.below(i as u64 + 1) as usize);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SplitMix64;

    #[test]
    fn shuffle_is_a_permutation_fixed_by_the_seed() {
        let shuffled = |seed| {
            let mut a: Vec<u32> = (0..100).collect();
            SplitMix64(seed).shuffle(&mut a);
            a
        };
        let a = shuffled(5);
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..100).collect::<Vec<_>>());
        assert_ne!(a, sorted);
        assert_eq!(a, shuffled(5));
        assert_ne!(a, shuffled(6));
        let mut one = [7];
        SplitMix64(1).shuffle(&mut one);
        assert_eq!(one, [7]);
    }
}
