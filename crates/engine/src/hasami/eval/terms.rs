//! The feature terms of one position, handed to a [`Sink`]: one function for the engine's evaluation
//! and the tuner's feature vectors.

use hasami_core::{BitBoard, Direction, HasamiPosition};

use super::captures::*;
use super::lines::*;
use super::vector::{feature, Sink};

/// Returns where the side to move's pieces and the other side's can land, for the press term to
/// reuse (`crate::hasami::press::press_with`).
#[inline(always)]
pub(super) fn terms(pos: &HasamiPosition, s: &mut impl Sink) -> (BitBoard, BitBoard) {
    use feature::*;
    let rules = pos.rules();
    let us = pos.side();
    let them = !us;
    let mine = pos.pieces(us);
    let theirs = pos.pieces(them);
    let empty = rules.board & !(mine | theirs);
    let sign = if rules.options.misere { -1 } else { 1 };

    s.add(TEMPO, 1);
    s.add(MATERIAL, sign * (mine.len() as i32 - theirs.len() as i32));

    // Where each side can land, and how many moves it has (with the weights compiled in, the counting
    // is left out where the mobility weight is 0).
    let (my_moves, my_reach) = pos.mobility_of(us);
    let (their_moves, their_reach) = pos.mobility_of(them);
    if s.wants(MOBILITY) {
        s.add(MOBILITY, my_moves as i32 - their_moves as i32);
    }

    // Captures next move: ours at once, theirs after a pass (pieces we leave hanging).
    let mut can_take = sandwiched(mine, theirs, my_reach, rules);
    let mut hanging = sandwiched(theirs, mine, their_reach, rules);
    if rules.options.intervention {
        can_take |= intervened(theirs, my_reach, rules);
        hanging |= intervened(mine, their_reach, rules);
        s.add(
            GAP,
            gaps(mine, empty, rules).len() as i32 - gaps(theirs, empty, rules).len() as i32,
        );
    }
    if !rules.corners.is_empty() {
        let region = rules.corner_region;
        let corners = rules.region_corners;
        can_take |= cornered(theirs, mine, my_reach, corners, region);
        hanging |= cornered(mine, theirs, their_reach, corners, region);
    }
    s.add(CAPTURE_READY, sign * i32::from(!can_take.is_empty()));
    let n_hanging = hanging.len() as i32;
    s.add(HANGING, sign * n_hanging);
    s.add(FORK, sign * i32::from(n_hanging >= 2));

    // Structures: edges, corners, adjacent pairs.
    let corner = rules.board_corners;
    let edge = rules.board_edges;
    s.add(
        EDGE,
        (mine & edge).len() as i32 - (theirs & edge).len() as i32,
    );
    s.add(
        CORNER,
        (mine & corner).len() as i32 - (theirs & corner).len() as i32,
    );
    let pairs = |p: BitBoard| {
        ((p & p.shift(Direction::East)).len() + (p & p.shift(Direction::North)).len()) as i32
    };
    s.add(PAIR, pairs(mine) - pairs(theirs));

    if rules.five {
        let my = lines::<true>(pos, us, empty);
        let th = lines::<true>(pos, them, empty);
        s.add(WINDOW2, my.windows[0] - th.windows[0]);
        s.add(WINDOW3, my.windows[1] - th.windows[1]);
        s.add(WINDOW4, my.windows[2] - th.windows[2]);
        s.add(OPEN3, my.open3 - th.open3);
        s.add(
            COMPLETIONS,
            my.completions.len() as i32 - th.completions.len() as i32,
        );
        if !(my.completions & my_reach).is_empty() {
            s.add(FIVE_NEXT, 1);
        } else {
            let threats = (th.completions & their_reach).len() as i32;
            s.add(FIVE_AGAINST, threats);
            // Two threats cannot both be blocked by one move; only capturing a stone of a four
            // (C1/C2/C4 next move) can break them.
            if threats >= 2 && (can_take & th.four_stones).is_empty() {
                s.add(DOUBLE_THREAT, 1);
            }
        }
    }
    (my_reach, their_reach)
}
