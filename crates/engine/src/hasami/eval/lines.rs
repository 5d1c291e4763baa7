//! Five-in-a-row line data (W3): windows of the five region with 2, 3 or 4 own pieces, completion
//! squares, threats and fours.

use hasami_core::STRIDE;
use hasami_core::{BitBoard, HasamiPosition, Side};

/// The five-region line data of one side.
pub(super) struct Lines {
    /// Windows with 2, 3, 4 own pieces and no enemy.
    pub(super) windows: [i32; 3],
    /// Open threes.
    pub(super) open3: i32,
    /// Empty squares completing a five.
    pub(super) completions: BitBoard,
    /// Own pieces in windows of four (the stones a capture could take to break a five threat).
    pub(super) four_stones: BitBoard,
}

/// Adds the windows of five squares along the forward direction of `K` bits (`N` 10, `E` 1, `NE` 11,
/// `NW` 9) to `l`. `own` and `open` are the side's pieces and the empty squares inside its five-region,
/// `free` the region without enemy pieces. With `FULL` off only the completion squares are found.
#[inline(always)]
pub(super) fn line_dir<const K: u32, const FULL: bool>(
    own: u128,
    free: u128,
    open: u128,
    empty: u128,
    l: &mut Lines,
) {
    let valid = free & (free >> K) & (free >> (2 * K)) & (free >> (3 * K)) & (free >> (4 * K));
    if valid == 0 {
        return;
    }
    // A bit-sliced counter (c2 c1 c0) of own pieces in the window starting at each square.
    let a0 = own & valid;
    let a1 = (own >> K) & valid;
    let mut c0 = a0 ^ a1;
    let mut c1 = a0 & a1;
    let mut c2 = 0;
    for a in [
        (own >> (2 * K)) & valid,
        (own >> (3 * K)) & valid,
        (own >> (4 * K)) & valid,
    ] {
        let k0 = c0 & a;
        c0 ^= a;
        let k1 = c1 & k0;
        c1 ^= k0;
        c2 |= k1;
    }
    let four = c2 & !c0;
    if four != 0 {
        let span = four | (four << K) | (four << (2 * K)) | (four << (3 * K)) | (four << (4 * K));
        l.completions.0 |= span & empty;
        l.four_stones.0 |= span & own;
    }
    if FULL {
        let three = c1 & c0;
        l.windows[0] += (c1 & !c0).count_ones() as i32;
        l.windows[1] += three.count_ones() as i32;
        l.windows[2] += four.count_ones() as i32;
        if three != 0 {
            // empty, own, own, own, empty from the start square on.
            let t = open & (own >> K) & (own >> (2 * K)) & (own >> (3 * K)) & (open >> (4 * K));
            l.open3 += t.count_ones() as i32;
        }
    }
}

/// The five-region line data of `side` (W3).
#[inline(always)]
pub(super) fn lines<const FULL: bool>(pos: &HasamiPosition, side: Side, empty: BitBoard) -> Lines {
    let rules = pos.rules();
    let region = rules.five_region[side.index()];
    let own = (pos.pieces(side) & region).0;
    let free = (region & !pos.pieces(!side)).0;
    let open = (empty & region).0;
    let mut l = Lines {
        windows: [0; 3],
        open3: 0,
        completions: BitBoard::EMPTY,
        four_stones: BitBoard::EMPTY,
    };
    line_dir::<{ STRIDE as u32 }, FULL>(own, free, open, empty.0, &mut l);
    line_dir::<1, FULL>(own, free, open, empty.0, &mut l);
    if rules.options.five_all {
        line_dir::<{ STRIDE as u32 + 1 }, FULL>(own, free, open, empty.0, &mut l);
        line_dir::<{ STRIDE as u32 - 1 }, FULL>(own, free, open, empty.0, &mut l);
    }
    l
}

/// Empty squares where a piece of `side` would make a four (a five-region window with three of its
/// pieces and no enemy): quiet moves there threaten to complete a five (W3).
pub(crate) fn four_squares(pos: &HasamiPosition, side: Side) -> BitBoard {
    let rules = pos.rules();
    if !rules.five {
        return BitBoard::EMPTY;
    }
    let region = rules.five_region[side.index()];
    let own = (pos.pieces(side) & region).0;
    let free = (region & !pos.pieces(!side)).0;
    let empty = (rules.board & !pos.occupied()).0;
    let mut out = threes::<{ STRIDE as u32 }>(own, free) | threes::<1>(own, free);
    if rules.options.five_all {
        out |=
            threes::<{ STRIDE as u32 + 1 }>(own, free) | threes::<{ STRIDE as u32 - 1 }>(own, free);
    }
    BitBoard(out & empty)
}

/// The squares of windows (along `K` bits) of `free` squares holding exactly three of `own`.
#[inline(always)]
fn threes<const K: u32>(own: u128, free: u128) -> u128 {
    let valid = free & (free >> K) & (free >> (2 * K)) & (free >> (3 * K)) & (free >> (4 * K));
    if valid == 0 {
        return 0;
    }
    let mut c0 = 0;
    let mut c1 = 0;
    let mut c2 = 0;
    for i in 0..5 {
        let a = (own >> (i * K)) & valid;
        let k0 = c0 & a;
        c0 ^= a;
        let k1 = c1 & k0;
        c1 ^= k0;
        c2 |= k1;
    }
    let three = c1 & c0 & !c2;
    three | (three << K) | (three << (2 * K)) | (three << (3 * K)) | (three << (4 * K))
}

/// Empty squares where a piece of `side` would complete a five (a window with four of its pieces).
pub(crate) fn five_completions(pos: &HasamiPosition, side: Side) -> BitBoard {
    five_threats(pos, side).0
}

/// The squares where a piece of `side` would complete a five, and the pieces of `side` in those
/// windows of four. A piece from outside the windows that lands on a completion square makes a five:
/// its window stays whole (captures take only enemy pieces, C1/C2/C4).
pub(crate) fn five_threats(pos: &HasamiPosition, side: Side) -> (BitBoard, BitBoard) {
    if !pos.rules().five {
        return (BitBoard::EMPTY, BitBoard::EMPTY);
    }
    let empty = pos.rules().board & !pos.occupied();
    let l = lines::<false>(pos, side, empty);
    (l.completions, l.four_stones)
}
