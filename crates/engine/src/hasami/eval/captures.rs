//! Capture patterns of the evaluation: pieces the opponent can sandwich (C1, C4), intervene (mak-yek)
//! or corner (C2), and gaps between two pieces, computed for the whole board with shifts and masks.

use hasami_core::{BitBoard, Direction, HasamiRules};

/// Calls `f` with each capture direction (C1) as a constant, so that shifts compile to fixed shifts.
#[inline(always)]
pub(super) fn each_capture_dir(rules: &HasamiRules, mut f: impl FnMut(Direction)) {
    f(Direction::North);
    f(Direction::South);
    f(Direction::East);
    f(Direction::West);
    if rules.options.diagonal_capture {
        f(Direction::NorthEast);
        f(Direction::NorthWest);
        f(Direction::SouthEast);
        f(Direction::SouthWest);
    }
}

/// Calls `f` with one direction of each capture axis (C4 looks both ways along it).
#[inline(always)]
pub(super) fn each_capture_axis(rules: &HasamiRules, mut f: impl FnMut(Direction)) {
    f(Direction::North);
    f(Direction::East);
    if rules.options.diagonal_capture {
        f(Direction::NorthEast);
        f(Direction::NorthWest);
    }
}

/// Enemy pieces that `own` captures with a single C1 sandwich (runs of one or two pieces, C1 with
/// max-run ≥ 2) by landing on a square of `land`.
#[inline(always)]
pub(super) fn sandwiched(
    own: BitBoard,
    enemy: BitBoard,
    land: BitBoard,
    rules: &HasamiRules,
) -> BitBoard {
    let mut hit = BitBoard::EMPTY;
    let two = rules.run_limit >= 2;
    each_capture_dir(rules, |d| {
        let back = d.opposite();
        let near = land.shift(d) & enemy;
        hit |= near & own.shift(back);
        if two {
            // land, enemy, enemy, own
            let pair = near & enemy.shift(back) & own.shift_by(back, 2);
            hit |= pair | pair.shift(d);
        }
    });
    hit
}

/// Empty squares between two pieces of `side` along a capture axis (C4 landing squares).
#[inline(always)]
pub(super) fn gaps(pieces: BitBoard, empty: BitBoard, rules: &HasamiRules) -> BitBoard {
    let mut g = BitBoard::EMPTY;
    each_capture_axis(rules, |d| g |= pieces.shift(d) & pieces.shift(d.opposite()));
    g & empty
}

/// Pieces of `victim` that `taker` captures by C4 intervention landing on a square of `land`.
#[inline(always)]
pub(super) fn intervened(victim: BitBoard, land: BitBoard, rules: &HasamiRules) -> BitBoard {
    let mut hit = BitBoard::EMPTY;
    each_capture_axis(rules, |d| {
        let back = d.opposite();
        let t = land & victim.shift(d) & victim.shift(back);
        hit |= t.shift(d) | t.shift(back);
    });
    hit
}

/// C2 corner pieces of `victim` (on `corners`, the corner squares of the corner `region`) that `taker`
/// can capture by landing on a square of `land` next to them, the other neighbour being its own.
#[inline(always)]
pub(super) fn cornered(
    victim: BitBoard,
    taker: BitBoard,
    land: BitBoard,
    corners: BitBoard,
    region: BitBoard,
) -> BitBoard {
    use Direction::{East, North, South, West};
    let v = victim & corners;
    if v.is_empty() {
        return v;
    }
    let across = |b: BitBoard| (b & region).shift(East) | (b & region).shift(West);
    let along = |b: BitBoard| (b & region).shift(North) | (b & region).shift(South);
    v & ((across(taker) & along(land)) | (along(taker) & across(land)))
}
