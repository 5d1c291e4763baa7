//! Path tables of S4, built at compile time. Squares are S3 indices (`a1` = 0 … `h8` = 63).
//!
//! A piece showing n reaches exactly the squares at Manhattan distance n ([`RING`]): a straight line
//! when one coordinate stays the same, otherwise an L. An L from `a` to `b` has exactly two paths with at
//! most one right angle, file first or rank first; [`BETWEEN`] holds the squares each passes over
//! (start and landing excluded). A move is legal under S4 when either mask is free of pieces.

/// Manhattan distance between two squares.
#[inline]
pub const fn distance(a: u8, b: u8) -> u8 {
    (a % 8).abs_diff(b % 8) + (a / 8).abs_diff(b / 8)
}

const fn rings() -> [[u64; 5]; 64] {
    let mut t = [[0u64; 5]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let d = distance(a as u8, b as u8);
            if d <= 4 {
                t[a][d as usize] |= 1 << b;
            }
            b += 1;
        }
        a += 1;
    }
    t
}

/// Squares passed walking from (x, y) to (tx, ty) along x first (`file_first`) or y first.
const fn walk(a: u8, b: u8, file_first: bool) -> u64 {
    let (mut x, mut y) = ((a % 8) as i32, (a / 8) as i32);
    let (tx, ty) = ((b % 8) as i32, (b / 8) as i32);
    let mut mask = 0u64;
    loop {
        if x != tx && (file_first || y == ty) {
            x += if tx > x { 1 } else { -1 };
        } else if y != ty {
            y += if ty > y { 1 } else { -1 };
        } else {
            break;
        }
        if x == tx && y == ty {
            break;
        }
        mask |= 1 << (y * 8 + x);
    }
    mask
}

const fn betweens() -> [[[u64; 2]; 64]; 64] {
    let mut t = [[[0u64; 2]; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            t[a][b] = [walk(a as u8, b as u8, true), walk(a as u8, b as u8, false)];
            b += 1;
        }
        a += 1;
    }
    t
}

/// `RING[s][n]`: the squares at Manhattan distance exactly n from s (n = 0–4).
pub static RING: [[u64; 5]; 64] = rings();

/// `BETWEEN[a][b]`: the squares passed by the file-first and the rank-first path from a to b.
pub static BETWEEN: [[[u64; 2]; 64]; 64] = betweens();

/// Whether a path of exactly `distance(a, b)` squares from a to b passes only empty squares of `occ`.
#[inline(always)]
pub fn clear(a: u8, b: u8, occ: u64) -> bool {
    let [m1, m2] = BETWEEN[a as usize][b as usize];
    occ & m1 == 0 || occ & m2 == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ring_sizes_in_the_middle() {
        // d4 = 27: 4, 8, 12 squares at distance 1-3; at 4, the 16 minus d0 and the square west of a4 (off the board).
        let counts: Vec<u32> = (1..=4).map(|n| RING[27][n].count_ones()).collect();
        assert_eq!(counts, [4, 8, 12, 14]);
        // a1 = 0: distance n reaches n + 1 squares.
        let counts: Vec<u32> = (1..=4).map(|n| RING[0][n].count_ones()).collect();
        assert_eq!(counts, [2, 3, 4, 5]);
    }

    #[test]
    fn passed_squares_count() {
        for a in 0..64u8 {
            for b in 0..64u8 {
                let d = distance(a, b);
                for m in BETWEEN[a as usize][b as usize] {
                    assert_eq!(m.count_ones(), u32::from(d.max(1) - 1), "{a} {b}");
                    assert_eq!(m & (1 << a | 1 << b), 0);
                }
            }
        }
    }
}
