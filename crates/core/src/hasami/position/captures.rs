//! Captures C1–C5, found after the moved piece has landed.

use super::HasamiPosition;
use crate::types::bitboard::BitBoard;
use crate::types::mv::Move;
use crate::types::side::Side;
use crate::types::square::{Direction, Square, STRIDE};

impl HasamiPosition {
    /// The enemy pieces that `mover`'s piece, just landed on `to` (it stands there in this position),
    /// captures (C1, C2, C4). Every capture involves that piece (C5); a piece landing between enemies
    /// is safe (C3) since only enemies are taken.
    #[inline]
    pub fn captures(&self, to: Square, mover: Side) -> BitBoard {
        self.captures_with(
            to,
            self.pieces[mover.index()],
            self.pieces[(!mover).index()],
        )
    }

    /// What `mv` by the side to move would capture, without playing it.
    #[inline]
    pub fn captures_of(&self, mv: Move) -> BitBoard {
        let own = self.pieces[self.side.index()]
            ^ BitBoard::from_square(mv.from)
            ^ BitBoard::from_square(mv.to);
        self.captures_with(mv.to, own, self.pieces[(!self.side).index()])
    }

    /// Landing squares from which the side `mover` might capture something (a superset: C1 runs that end
    /// on one of its pieces, C4 gaps between two enemies, C2 corner neighbours). For move ordering and
    /// quiescence search; the exact captures come from [`HasamiPosition::captures_of`].
    pub fn capture_squares(&self, mover: Side) -> BitBoard {
        let rules = self.rules;
        let own = self.pieces[mover.index()];
        let enemy = self.pieces[(!mover).index()];
        let empty = rules.board & !(own | enemy);
        // Enemy runs that an own piece closes on the far side, seen from the near side: the fill goes
        // from own pieces through enemies, one more step lands on the capture square.
        #[inline(always)]
        fn closing<const K: i32>(own: BitBoard, enemy: BitBoard) -> BitBoard {
            let next = if K > 0 {
                own.0 << K as u32
            } else {
                own.0 >> (-K) as u32
            };
            if next & enemy.0 == 0 {
                return BitBoard::EMPTY; // no enemy next to an own piece this way: no run to close
            }
            let runs = own.fill_by::<K>(enemy).0;
            BitBoard(if K > 0 {
                runs << K as u32
            } else {
                runs >> (-K) as u32
            })
        }
        const S: i32 = STRIDE as i32;
        let mut t = closing::<S>(own, enemy)
            | closing::<{ -S }>(own, enemy)
            | closing::<1>(own, enemy)
            | closing::<-1>(own, enemy);
        if rules.options.diagonal_capture {
            t |= closing::<{ S + 1 }>(own, enemy)
                | closing::<{ S - 1 }>(own, enemy)
                | closing::<{ -S + 1 }>(own, enemy)
                | closing::<{ -S - 1 }>(own, enemy);
        }
        t &= empty;
        if rules.options.intervention {
            for &d in rules.capture_dirs {
                t |= enemy.shift(d) & enemy.shift(d.opposite()) & empty;
            }
        }
        if !(rules.corner_neighbours & empty).is_empty()
            && !(enemy & rules.region_corners).is_empty()
        {
            // C2: the neighbours of corners that hold an enemy piece.
            for c in &rules.corners {
                if enemy.has(c.square) {
                    for n in c.neighbours {
                        t |= BitBoard::from_square(n) & empty;
                    }
                }
            }
        }
        t
    }

    #[inline]
    fn captures_with(&self, to: Square, own: BitBoard, enemy: BitBoard) -> BitBoard {
        let rules = self.rules;
        let mut caught = BitBoard::EMPTY;
        let near = if rules.options.diagonal_capture {
            BitBoard::all_neighbours(to)
        } else {
            BitBoard::orthogonal_neighbours(to)
        };
        if (near & enemy).is_empty() {
            return caught;
        }
        // C1: a run of 1..=max-run enemies closed by a piece of the mover, walked bit by bit from the
        // landing square (a step off the board lands on a guard bit or outside the board, which holds
        // no piece).
        #[inline(always)]
        fn closed_run<const K: i32>(from: u128, own: u128, enemy: u128, limit: u8) -> u128 {
            #[inline(always)]
            fn step<const K: i32>(x: u128) -> u128 {
                if K > 0 {
                    x << K as u32
                } else {
                    x >> (-K) as u32
                }
            }
            let mut x = step::<K>(from);
            let mut run = 0;
            let mut k = 0u8;
            while x & enemy != 0 {
                k += 1;
                if k > limit {
                    return 0;
                }
                run |= x;
                x = step::<K>(x);
            }
            if k > 0 && x & own != 0 {
                run
            } else {
                0
            }
        }
        const S: i32 = STRIDE as i32;
        let (from, o, e, limit) = (1u128 << to.index(), own.0, enemy.0, rules.run_limit);
        caught.0 |= closed_run::<S>(from, o, e, limit)
            | closed_run::<{ -S }>(from, o, e, limit)
            | closed_run::<1>(from, o, e, limit)
            | closed_run::<-1>(from, o, e, limit);
        if rules.options.diagonal_capture {
            caught.0 |= closed_run::<{ S + 1 }>(from, o, e, limit)
                | closed_run::<{ S - 1 }>(from, o, e, limit)
                | closed_run::<{ -S + 1 }>(from, o, e, limit)
                | closed_run::<{ -S - 1 }>(from, o, e, limit);
        }
        if rules.options.intervention {
            // C4: enemies on both sides of the landing square along an axis.
            for &d in rules.capture_dirs {
                if matches!(
                    d,
                    Direction::North
                        | Direction::East
                        | Direction::NorthEast
                        | Direction::NorthWest
                ) {
                    if let (Some(a), Some(b)) = (to.offset(d), to.offset(d.opposite())) {
                        if enemy.has(a) && enemy.has(b) {
                            caught = caught.with(a).with(b);
                        }
                    }
                }
            }
        }
        if rules.corner_neighbours.has(to) {
            // C2: the corner piece with both region neighbours held by the mover, one being the moved piece.
            for c in &rules.corners {
                if c.neighbours.contains(&to)
                    && enemy.has(c.square)
                    && own.has(c.neighbours[0])
                    && own.has(c.neighbours[1])
                {
                    caught = caught.with(c.square);
                }
            }
        }
        caught
    }
}
