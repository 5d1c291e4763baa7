//! The combinatorial number system: a set of k squares (dense numbers `d₁ < d₂ < … < d_k`) is
//! numbered by its colex rank `Σ C(dᵢ, i)`, which orders sets as their bit masks read as numbers do,
//! with no gaps: the sets of k squares among n are ranked 0 … C(n, k) − 1.

/// The largest sets numbered (the most pieces of one side).
pub(crate) const MAX_SET: u8 = 6;

/// Binomial coefficients C(n, k) for n ≤ 81, k ≤ [`MAX_SET`].
const fn binomials() -> [[u64; MAX_SET as usize + 1]; 82] {
    let mut t = [[0u64; MAX_SET as usize + 1]; 82];
    let mut n = 0;
    while n < 82 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= MAX_SET as usize {
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

static BINOM: [[u64; MAX_SET as usize + 1]; 82] = binomials();

/// C(n, k) for n ≤ 81 and k ≤ [`MAX_SET`].
#[inline]
pub(crate) fn binomial(n: usize, k: usize) -> u64 {
    BINOM[n][k]
}

/// The colex rank of the set of dense squares `mask`.
#[inline]
pub(crate) fn rank(mask: u128) -> u64 {
    let (mut m, mut k, mut r) = (mask, 1, 0u64);
    while m != 0 {
        r += binomial(m.trailing_zeros() as usize, k);
        m &= m - 1;
        k += 1;
    }
    r
}

/// The colex rank of the dense set `o` among the squares not in `s`, renumbered past them.
#[inline]
pub(crate) fn rank_among(s: u128, o: u128) -> u64 {
    let (mut m, mut k, mut r) = (o, 1, 0u64);
    while m != 0 {
        let d = m.trailing_zeros();
        let below = (s & ((1u128 << d) - 1)).count_ones();
        r += binomial((d - below) as usize, k);
        m &= m - 1;
        k += 1;
    }
    r
}
