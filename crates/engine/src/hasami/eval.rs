//! Static evaluation for the Hasami family, by goal: material (inverted for misère), mobility, pieces
//! that can be sandwiched next move, and for five-in-a-row goals the line patterns of each side.

use hasami_core::{BitBoard, Position, Side};

/// Evaluation weights (centi-pieces). Tuned by self-play; see docs/engine.md.
#[derive(Debug, Clone, Copy)]
pub struct Weights {
    /// One piece of material for capture goals.
    pub material: i32,
    /// One piece of material when the goal is only five in a row.
    pub material_five: i32,
    /// One move of mobility difference.
    pub mobility: i32,
    /// The side to move can capture next move.
    pub threat_to_move: i32,
    /// Each capture square the opponent threatens.
    pub threat_against: i32,
    /// Five-region windows holding 2, 3 and 4 own pieces and no enemy.
    pub window: [i32; 3],
    /// The side to move can complete a five next move.
    pub five_next: i32,
    /// Each five the opponent could complete.
    pub five_against: i32,
}

impl Weights {
    /// The weights used by default.
    pub const DEFAULT: Weights = Weights {
        material: 100,
        material_five: 40,
        mobility: 2,
        threat_to_move: 60,
        threat_against: 20,
        window: [2, 10, 60],
        five_next: 4000,
        five_against: 150,
    };
}

/// Evaluates `pos` for the side to move.
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    let rules = pos.rules();
    let us = pos.side();
    let them = !us;
    let mine = pos.pieces(us).len() as i32;
    let theirs = pos.pieces(them).len() as i32;
    let capture_goal = rules.pieces_left.is_some() || rules.lead.is_some() || rules.most_captures;
    let mut material = if capture_goal {
        w.material
    } else {
        w.material_five
    };
    if rules.options.misere {
        material = -material;
    }
    let mut score = (mine - theirs) * material;

    let other = pos.with_side_to_move(them);
    let (my_moves, my_reach) = pos.mobility();
    let (their_moves, their_reach) = other.mobility();
    score += (my_moves as i32 - their_moves as i32) * w.mobility;

    let my_threats = (sandwich_squares(pos, us) & my_reach).len() as i32;
    let their_threats = (sandwich_squares(pos, them) & their_reach).len() as i32;
    let sign = if rules.options.misere { -1 } else { 1 };
    if my_threats > 0 {
        score += sign * w.threat_to_move;
    }
    score -= sign * their_threats * w.threat_against;

    if rules.five {
        let (mine, my_fives) = lines(pos, us, w);
        let (theirs, their_fives) = lines(pos, them, w);
        score += mine - theirs;
        if !(my_fives & my_reach).is_empty() {
            score += w.five_next;
        }
        score -= (their_fives & their_reach).len() as i32 * w.five_against;
    }
    score
}

/// Empty squares where a piece of `side` would sandwich a single enemy piece against one of its own
/// (C1 with one piece; longer runs are rarer and left to the search).
fn sandwich_squares(pos: &Position, side: Side) -> BitBoard {
    let rules = pos.rules();
    let own = pos.pieces(side);
    let enemy = pos.pieces(!side);
    let empty = rules.board & !(own | enemy);
    let mut t = BitBoard::EMPTY;
    for &d in rules.capture_dirs {
        let back = d.opposite();
        t |= enemy.shift(back) & own.shift_by(back, 2);
    }
    t & empty
}

/// For each window of five squares of `side`'s five-region without enemy pieces: the start squares of
/// windows grouped by how many of `side`'s pieces they hold (index 0..=5), per direction.
fn window_counts(
    pos: &Position,
    side: Side,
    mut f: impl FnMut(hasami_core::Direction, &[BitBoard; 6]),
) {
    let rules = pos.rules();
    let region = rules.five_region[side.index()];
    let own = pos.pieces(side) & region;
    let free = region & !pos.pieces(!side);
    for &d in rules.five_dirs {
        let back = d.opposite();
        let mut valid = free;
        for i in 1..5 {
            valid &= free.shift_by(back, i);
        }
        if valid.is_empty() {
            continue;
        }
        let mut n = [BitBoard::EMPTY; 6];
        n[0] = valid;
        for i in 0..5 {
            let a = own.shift_by(back, i) & valid;
            for k in (1..=i as usize + 1).rev() {
                n[k] = (n[k] & !a) | (n[k - 1] & a);
            }
            n[0] &= !a;
        }
        f(d, &n);
    }
}

/// The window score of `side` and the empty squares that would complete one of its fives.
fn lines(pos: &Position, side: Side, w: &Weights) -> (i32, BitBoard) {
    let empty = pos.rules().board & !pos.occupied();
    let mut s = 0;
    let mut fives = BitBoard::EMPTY;
    window_counts(pos, side, |d, n| {
        for (count, weight) in n[2..=4].iter().zip(w.window) {
            s += count.len() as i32 * weight;
        }
        if !n[4].is_empty() {
            for i in 0..5 {
                fives |= n[4].shift_by(d, i) & empty;
            }
        }
    });
    (s, fives)
}

/// Empty squares where a piece of `side` would complete a five (a window with four of its pieces).
pub fn five_completions(pos: &Position, side: Side) -> BitBoard {
    if !pos.rules().five {
        return BitBoard::EMPTY;
    }
    let empty = pos.rules().board & !pos.occupied();
    let mut out = BitBoard::EMPTY;
    window_counts(pos, side, |d, n| {
        let fours = n[4];
        if !fours.is_empty() {
            for i in 0..5 {
                out |= fours.shift_by(d, i) & empty;
            }
        }
    });
    out
}
