//! Why a piece cannot go to a square (A3): the reason [`IllegalMoveError::Unreachable`] gives, in
//! words a player reads ("the piece on e3 is in the way").
//!
//! [`HasamiPosition::unreachable`] names the first rule a move breaks, in the order a player would
//! look: the same square, the board, an occupied square, a straight line, the houses (A3.4), then the
//! path (A3.1–A3.3). Checked play uses it; the search keeps the bit test [`HasamiPosition::is_move`].
//! The two agree: a move is legal exactly when no reason is found (tested over every from- and
//! to-square of many positions of every preset).

use thiserror::Error;

use super::HasamiPosition;
use crate::hasami::rules::Movement;
use crate::types::mv::Move;
use crate::types::square::Square;

#[cfg(doc)]
use super::IllegalMoveError;

/// Why a piece of the side to move cannot go from a square to another (A3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum Unreachable {
    /// The to-square is the from-square: passing is not a move.
    #[error("a piece must move to another square")]
    SameSquare,
    /// The to-square is not on this variant's board.
    #[error("{to} is not on the board")]
    OffBoard {
        /// The to-square.
        to: Square,
    },
    /// A piece (of either side) stands on the to-square.
    #[error("{to} is occupied")]
    Occupied {
        /// The to-square.
        to: Square,
    },
    /// The to-square is on neither the rank nor the file of the from-square.
    #[error("{to} is not in a straight line from {from} (pieces move along a rank or a file)")]
    NotInLine {
        /// The from-square.
        from: Square,
        /// The to-square.
        to: Square,
    },
    /// A slide would pass over a piece (the nearest one on the way is named).
    #[error("the piece on {at} is in the way")]
    InTheWay {
        /// The piece in the way.
        at: Square,
    },
    /// Step movement: farther than one square (or, with jumps, than one jump).
    #[error("{}", if *jump { "a piece moves one square, or jumps over one next to it" } else { "a piece moves one square at a time" })]
    TooFar {
        /// Whether jumps are allowed (A3.3).
        jump: bool,
    },
    /// A jump with no piece on the square jumped over.
    #[error("there is no piece on {over} to jump over")]
    NothingToJump {
        /// The square between.
        over: Square,
    },
    /// Houses (A3.4): the to-square is in the opponent's home rows.
    #[error("a piece may not land in the opponent's home rows")]
    OpponentsHome,
    /// Houses (A3.4): a piece that has left its home rows may not go back.
    #[error("a piece that has left its home rows may not go back to them")]
    BackHome,
}

impl HasamiPosition {
    /// Why the piece on `mv.from` (of the side to move) cannot make `mv`, or `None` when it can: the
    /// reason is `None` exactly when [`HasamiPosition::is_move`] holds, for a from-square holding a
    /// piece of the side to move.
    pub fn unreachable(&self, mv: Move) -> Option<Unreachable> {
        let rules = self.rules();
        let (from, to) = (mv.from, mv.to);
        if from == to {
            return Some(Unreachable::SameSquare);
        }
        if !rules.board.has(to) {
            return Some(Unreachable::OffBoard { to });
        }
        let occ = self.occupied();
        if occ.has(to) {
            return Some(Unreachable::Occupied { to });
        }
        if from.file() != to.file() && from.rank() != to.rank() {
            return Some(Unreachable::NotInLine { from, to });
        }
        if rules.options.house {
            let them = !self.side();
            if rules.home[them.index()].has(to) {
                return Some(Unreachable::OpponentsHome);
            }
            let own = rules.home[self.side().index()];
            if own.has(to) && !own.has(from) {
                return Some(Unreachable::BackHome);
            }
        }
        // The squares strictly between, from `from` towards `to`: how many, the first, the first piece.
        let (mut count, mut next, mut first_piece) = (0, None, None);
        for s in line_between(from, to) {
            count += 1;
            next = next.or(Some(s));
            if first_piece.is_none() && occ.has(s) {
                first_piece = Some(s);
            }
        }
        let jump = rules.options.jump;
        // A3.3: over one adjacent piece onto the empty square just beyond it.
        let jumps = jump && count == 1 && first_piece.is_some();
        match rules.options.movement {
            Movement::Slide => match first_piece {
                Some(_) if jumps => None,
                Some(at) => Some(Unreachable::InTheWay { at }),
                None => None,
            },
            Movement::Step => match (count, next) {
                (0, _) => None,
                (1, _) if jumps => None,
                (1, Some(over)) if jump => Some(Unreachable::NothingToJump { over }),
                _ => Some(Unreachable::TooFar { jump }),
            },
        }
    }
}

/// The squares strictly between two squares of one rank or file, nearest to `from` first.
fn line_between(from: Square, to: Square) -> impl Iterator<Item = Square> {
    let (ff, fr) = (i16::from(from.file()), i16::from(from.rank()));
    let (tf, tr) = (i16::from(to.file()), i16::from(to.rank()));
    let (df, dr) = ((tf - ff).signum(), (tr - fr).signum());
    let steps = (tf - ff).abs().max((tr - fr).abs());
    (1..steps).filter_map(move |k| {
        let (f, r) = (ff + k * df, fr + k * dr);
        Some(Square::new(u8::try_from(f).ok()?, u8::try_from(r).ok()?))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hasami::rules::HasamiRules;
    use crate::SplitMix64;

    fn pos(variant: &str, text: &str) -> HasamiPosition {
        let rules = HasamiRules::parse(variant).unwrap();
        let setup: super::super::Setup = text.parse().unwrap();
        HasamiPosition::from_setup(&setup, rules).unwrap()
    }

    fn why(p: &HasamiPosition, text: &str) -> Option<Unreachable> {
        p.unreachable(Move::parse(text, p.rules().size()).unwrap())
    }

    fn sq(text: &str) -> Square {
        Square::parse(text, 9).unwrap()
    }

    #[test]
    fn each_reason_is_named_in_a_players_words() {
        // Black e1 and e4, White b1: slides (hasami).
        let p = pos("hasami", "4w4/9/9/9/9/4b4/9/9/1w2b4 b 0 1");
        assert_eq!(why(&p, "e1e3"), None);
        assert_eq!(why(&p, "e1e1"), Some(Unreachable::SameSquare));
        assert_eq!(
            why(&p, "e1e4"),
            Some(Unreachable::Occupied { to: sq("e4") })
        );
        assert_eq!(
            why(&p, "e1a1"),
            Some(Unreachable::InTheWay { at: sq("b1") })
        );
        assert_eq!(
            why(&p, "e1e9"),
            Some(Unreachable::Occupied { to: sq("e9") })
        );
        assert_eq!(
            why(&p, "e1e8"),
            Some(Unreachable::InTheWay { at: sq("e4") })
        );
        assert_eq!(
            why(&p, "e1f2"),
            Some(Unreachable::NotInLine {
                from: sq("e1"),
                to: sq("f2")
            })
        );
        assert_eq!(
            Unreachable::InTheWay { at: sq("e4") }.to_string(),
            "the piece on e4 is in the way"
        );
        assert_eq!(
            Unreachable::NotInLine {
                from: sq("e1"),
                to: sq("f2")
            }
            .to_string(),
            "f2 is not in a straight line from e1 (pieces move along a rank or a file)"
        );
        assert_eq!(
            Unreachable::Occupied { to: sq("e4") }.to_string(),
            "e4 is occupied"
        );
    }

    #[test]
    fn steps_jumps_and_houses_have_their_reasons() {
        // Step movement without jumps: one square only.
        let p = pos("hasami+movement=step", "4w4/9/9/9/9/9/9/9/4b4 b 0 1");
        assert_eq!(why(&p, "e1e2"), None);
        assert_eq!(why(&p, "e1e3"), Some(Unreachable::TooFar { jump: false }));
        assert_eq!(
            Unreachable::TooFar { jump: false }.to_string(),
            "a piece moves one square at a time"
        );
        // Step with jumps: over a piece next to it, not over an empty square.
        let p = pos(
            "hasami+movement=step+jump",
            "4w4/9/9/9/9/9/9/4w4/3bb4 b 0 1",
        );
        assert_eq!(why(&p, "e1e3"), None);
        assert_eq!(
            why(&p, "d1d3"),
            Some(Unreachable::NothingToJump { over: sq("d2") })
        );
        assert_eq!(why(&p, "d1d4"), Some(Unreachable::TooFar { jump: true }));
        // Slides with jumps (dai-hasami): a jump, but not a longer slide over the piece.
        let p = pos("dai-hasami", "4w4/9/9/9/9/9/9/4w4/4b4 b 0 1");
        assert_eq!(why(&p, "e1e3"), None);
        assert_eq!(
            why(&p, "e1e4"),
            Some(Unreachable::InTheWay { at: sq("e2") })
        );
        // Houses (agon): not into White's home rows, not back home once out.
        let p = pos("agon", "9/9/9/9/4b4/9/9/9/w8 b 0 1");
        assert_eq!(why(&p, "e5e8"), Some(Unreachable::OpponentsHome));
        assert_eq!(why(&p, "e5e2"), Some(Unreachable::BackHome));
        assert_eq!(why(&p, "e5e3"), None);
    }

    #[test]
    fn a_reason_is_found_exactly_for_the_moves_that_are_not_legal() {
        // Every preset and the step variations, along random games: for each piece of the side to
        // move and every square of the board, no reason ⇔ a legal move.
        for variant in [
            "hasami",
            "hasami-chess",
            "dai-hasami",
            "dai-hasami-captures",
            "agon",
            "mak-yek",
            "hasami+movement=step",
            "hasami+movement=step+jump",
            "dai-hasami+movement=step",
        ] {
            let rules = HasamiRules::parse(variant).unwrap();
            let mut rng = SplitMix64(52);
            for _ in 0..6 {
                let mut p = HasamiPosition::start(rules);
                for _ in 0..40 {
                    for from in p.pieces(p.side()) {
                        for to in rules.board {
                            let mv = Move { from, to };
                            assert_eq!(
                                p.unreachable(mv).is_none(),
                                p.is_move(mv),
                                "{variant} {p} {mv}: {:?}",
                                p.unreachable(mv)
                            );
                        }
                    }
                    let moves = p.moves();
                    if moves.is_empty() || p.status().is_some() {
                        break;
                    }
                    let mv = moves[rng.below(moves.len() as u64) as usize];
                    p.play_unchecked(mv);
                }
            }
        }
    }
}
