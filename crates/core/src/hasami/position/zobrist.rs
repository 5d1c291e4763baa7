//! Zobrist keys, built at compile time from SplitMix64.

use crate::types::side::Side;
use crate::types::square::Square;

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn keys() -> ([[u64; 100]; 2], u64) {
    let mut state = 0x4841_5341_4D49_u64; // "HASAMI"
    let mut table = [[0u64; 100]; 2];
    let mut s = 0;
    while s < 2 {
        let mut i = 0;
        while i < 100 {
            table[s][i] = splitmix(&mut state);
            i += 1;
        }
        s += 1;
    }
    (table, splitmix(&mut state))
}

const KEYS: ([[u64; 100]; 2], u64) = keys();

/// Key of a piece of `side` on `sq`.
#[inline]
pub fn piece(side: Side, sq: Square) -> u64 {
    KEYS.0[side.index()][sq.index()]
}

/// Key xored in when White is to move.
pub const WHITE_TO_MOVE: u64 = KEYS.1;
