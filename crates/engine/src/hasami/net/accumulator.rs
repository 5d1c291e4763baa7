//! The hidden layer of a position, one half per side's point of view, kept up to date move by move:
//! a move takes one input off and puts one on for the mover, and takes one off per captured piece.

use hasami_core::{BitBoard, HasamiPosition, Side, Square};

use super::network::{Network, HIDDEN, QA, QB};

/// The hidden units before clipping, for Black's point of view and for White's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Accumulator {
    halves: [[i16; HIDDEN]; 2],
}

/// The input of `piece`'s piece on `sq` seen by `view`: the viewer's own pieces first, then the
/// opponent's, each numbered rank by rank from the viewer's own side of the board (White's view is
/// Black's with the ranks turned over, so one set of weights serves both).
#[inline]
pub fn input(size: u8, view: Side, piece: Side, sq: Square) -> usize {
    let n = usize::from(size);
    let rank = match view {
        Side::First => usize::from(sq.rank()),
        Side::Second => n - 1 - usize::from(sq.rank()),
    };
    let own = if piece == view { 0 } else { n * n };
    own + rank * n + usize::from(sq.file())
}

#[inline]
fn add(half: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (h, w) in half.iter_mut().zip(row) {
        *h = h.wrapping_add(*w);
    }
}

#[inline]
fn sub(half: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (h, w) in half.iter_mut().zip(row) {
        *h = h.wrapping_sub(*w);
    }
}

impl Accumulator {
    /// Computed from scratch for `pos`.
    pub fn of(net: &Network, pos: &HasamiPosition) -> Accumulator {
        let mut acc = Accumulator {
            halves: [net.b1; 2],
        };
        for view in Side::ALL {
            let half = &mut acc.halves[view.index()];
            for piece in Side::ALL {
                for sq in pos.pieces(piece).iter() {
                    add(half, &net.w1[input(net.size(), view, piece, sq)]);
                }
            }
        }
        acc
    }

    /// Updates for `mover`'s move `from` → `to` that captured `caught`.
    #[inline]
    pub fn update(
        &mut self,
        net: &Network,
        mover: Side,
        from: Square,
        to: Square,
        caught: BitBoard,
    ) {
        let size = net.size();
        for view in Side::ALL {
            let half = &mut self.halves[view.index()];
            sub(half, &net.w1[input(size, view, mover, from)]);
            add(half, &net.w1[input(size, view, mover, to)]);
            for sq in caught.iter() {
                sub(half, &net.w1[input(size, view, !mover, sq)]);
            }
        }
    }

    /// The network's output for `side` to move, in centi-pieces (rounded towards −∞).
    #[inline]
    pub fn output(&self, net: &Network, side: Side) -> i32 {
        let ours = &self.halves[side.index()];
        let theirs = &self.halves[(!side).index()];
        let (w_ours, w_theirs) = net.w2.split_at(HIDDEN);
        let dot = |half: &[i16; HIDDEN], w: &[i16]| -> i32 {
            half.iter()
                .zip(w)
                .map(|(&h, &w)| i32::from(h.clamp(0, QA as i16)) * i32::from(w))
                .sum()
        };
        let sum = dot(ours, w_ours) + dot(theirs, w_theirs) + net.b2;
        (i64::from(sum) * 100).div_euclid(i64::from(QA * QB)) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::super::network::tests::random;
    use super::*;
    use hasami_core::{HasamiRules, SplitMix64};

    #[test]
    fn updated_move_by_move_it_equals_the_accumulator_computed_afresh() {
        for (variant, size) in [("hasami", 9), ("mak-yek", 8), ("hasami+max-run=1", 9)] {
            let rules = HasamiRules::parse(variant).unwrap();
            let net = random(variant, size, 11);
            let mut rng = SplitMix64(4);
            for _ in 0..20 {
                let mut pos = HasamiPosition::start(rules);
                let mut acc = Accumulator::of(&net, &pos);
                for _ in 0..150 {
                    let Some(mv) = pos.pick_move(|n| rng.below(n)) else {
                        break;
                    };
                    let mover = pos.side();
                    let caught = pos.play_unchecked(mv);
                    acc.update(&net, mover, mv.from, mv.to, caught);
                    assert_eq!(acc, Accumulator::of(&net, &pos), "{variant} after {mv}");
                    if pos.status().is_some() {
                        break;
                    }
                }
            }
        }
    }

    #[test]
    fn the_output_is_the_same_for_a_position_and_its_colours_swapped() {
        let rules = HasamiRules::parse("hasami").unwrap();
        let net = random("hasami", 9, 5);
        let mut pos = HasamiPosition::start(rules);
        let mut rng = SplitMix64(9);
        for _ in 0..30 {
            let mv = pos.pick_move(|n| rng.below(n)).unwrap();
            pos.play_unchecked(mv);
            let mirrored = pos.mirror();
            let a = Accumulator::of(&net, &pos).output(&net, pos.side());
            let b = Accumulator::of(&net, &mirrored).output(&net, mirrored.side());
            assert_eq!(a, b, "{pos:?}");
        }
    }
}
