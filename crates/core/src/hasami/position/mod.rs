//! A validated position of a Hasami-family game: pieces, side to move, counters and its rules.

mod captures;
mod judge;
mod movegen;
pub mod setup;
mod unreachable;
pub mod zobrist;

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::hasami::rules::HasamiRules;
use crate::outcome::Outcome;
use crate::types::bitboard::BitBoard;
use crate::types::mv::Move;
use crate::types::side::Side;
use crate::types::square::Square;

pub use setup::{ParseSetupError, Setup};
pub use unreachable::Unreachable;

/// A position: where the pieces stand, who moves, the quiet-ply and move counters, and the variant.
///
/// It is `Copy` and fits in 64 bytes, so search can copy it instead of undoing moves. History (for
/// repetition, D1) lives in [`crate::Game`].
#[derive(Clone, Copy)]
pub struct HasamiPosition {
    pieces: [BitBoard; 2],
    hash: u64,
    rules: &'static HasamiRules,
    side: Side,
    quiet: u32,
    fullmove: u32,
}

/// Why a [`Setup`] (or position text) is not a position of the variant.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The text could not be read.
    #[error(transparent)]
    Parse(#[from] ParseSetupError),
    /// Not N ranks.
    #[error("{found} rank{}, but the board has {expected}", if *found == 1 { "" } else { "s" })]
    WrongRankCount {
        /// Ranks given.
        found: usize,
        /// Board size.
        expected: u8,
    },
    /// A rank of the wrong length.
    #[error("rank {rank} has {found} squares, but the board has {expected} files")]
    WrongRankLength {
        /// Rank number (1 = Black's edge).
        rank: usize,
        /// Squares given.
        found: usize,
        /// Board size.
        expected: u8,
    },
    /// More pieces than the variant starts with.
    #[error("{side} has {found} pieces, but this variant starts with {max}")]
    TooManyPieces {
        /// Which side.
        side: Side,
        /// Pieces given.
        found: u32,
        /// Starting pieces.
        max: u8,
    },
    /// Move number 0.
    #[error("the move number must be at least 1")]
    BadMoveNumber,
}

/// Why a move cannot be played. The position is left as it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum IllegalMoveError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The from-square holds no piece of the side to move.
    #[error("no {side} piece on {square}")]
    NotYourPiece {
        /// The from-square.
        square: Square,
        /// The side to move.
        side: Side,
    },
    /// The piece cannot go there, and why.
    #[error("the piece on {from} cannot move to {to}: {why}")]
    Unreachable {
        /// From.
        from: Square,
        /// To.
        to: Square,
        /// Why not.
        why: Unreachable,
    },
}

impl HasamiPosition {
    /// The variant's starting position, Black to move.
    pub fn start(rules: &'static HasamiRules) -> HasamiPosition {
        HasamiPosition::from_parts(rules.start, Side::First, 0, 1, rules)
    }

    fn from_parts(
        pieces: [BitBoard; 2],
        side: Side,
        quiet: u32,
        fullmove: u32,
        rules: &'static HasamiRules,
    ) -> HasamiPosition {
        let mut pos = HasamiPosition {
            pieces,
            hash: 0,
            rules,
            side,
            quiet,
            fullmove,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    /// A position from the two sides' pieces (Black's first) without checks beyond the board: squares
    /// off the board are dropped, a square held by both sides is Black's. For tools that enumerate
    /// positions (endgame tables); the move number is 1.
    pub fn from_pieces(
        rules: &'static HasamiRules,
        pieces: [BitBoard; 2],
        side: Side,
        quiet: u32,
    ) -> HasamiPosition {
        let black = pieces[0] & rules.board;
        let white = pieces[1] & rules.board & !black;
        HasamiPosition::from_parts([black, white], side, quiet, 1, rules)
    }

    /// Checks a setup against the variant.
    pub fn from_setup(
        setup: &Setup,
        rules: &'static HasamiRules,
    ) -> Result<HasamiPosition, PositionError> {
        let n = rules.size();
        if setup.ranks.len() != n as usize {
            return Err(PositionError::WrongRankCount {
                found: setup.ranks.len(),
                expected: n,
            });
        }
        let mut pieces = [BitBoard::EMPTY; 2];
        for (i, rank) in setup.ranks.iter().enumerate() {
            let r = n as usize - 1 - i;
            if rank.len() != n as usize {
                return Err(PositionError::WrongRankLength {
                    rank: r + 1,
                    found: rank.len(),
                    expected: n,
                });
            }
            for (f, cell) in rank.iter().enumerate() {
                if let Some(s) = cell {
                    pieces[s.index()] |= BitBoard::from_square(Square::new(f as u8, r as u8));
                }
            }
        }
        for side in Side::ALL {
            let found = pieces[side.index()].len();
            if found > u32::from(rules.start_pieces) {
                return Err(PositionError::TooManyPieces {
                    side,
                    found,
                    max: rules.start_pieces,
                });
            }
        }
        if setup.fullmove == 0 {
            return Err(PositionError::BadMoveNumber);
        }
        Ok(HasamiPosition::from_parts(
            pieces,
            setup.side,
            setup.quiet,
            setup.fullmove,
            rules,
        ))
    }

    /// Parses position text (A7) for the variant.
    pub fn from_text(
        text: &str,
        rules: &'static HasamiRules,
    ) -> Result<HasamiPosition, PositionError> {
        HasamiPosition::from_setup(&Setup::from_str(text)?, rules)
    }

    /// The unchecked setup of this position.
    pub fn to_setup(&self) -> Setup {
        let n = self.rules.size();
        let ranks = (0..n)
            .rev()
            .map(|r| (0..n).map(|f| self.piece_at(Square::new(f, r))).collect())
            .collect();
        Setup {
            ranks,
            side: self.side,
            quiet: self.quiet,
            fullmove: self.fullmove,
        }
    }

    fn compute_hash(&self) -> u64 {
        let mut h = if self.side == Side::Second {
            zobrist::WHITE_TO_MOVE
        } else {
            0
        };
        for side in Side::ALL {
            for sq in self.pieces[side.index()] {
                h ^= zobrist::piece(side, sq);
            }
        }
        h
    }

    /// The Zobrist hash of pieces and side to move (kept incrementally).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch (for tests of the incremental one).
    pub fn fresh_hash(&self) -> u64 {
        self.compute_hash()
    }

    /// The variant.
    #[inline]
    pub fn rules(&self) -> &'static HasamiRules {
        self.rules
    }

    /// Side to move.
    #[inline]
    pub fn side(&self) -> Side {
        self.side
    }

    /// Pieces of one side.
    #[inline]
    pub fn pieces(&self, side: Side) -> BitBoard {
        self.pieces[side.index()]
    }

    /// All pieces.
    #[inline]
    pub fn occupied(&self) -> BitBoard {
        self.pieces[0] | self.pieces[1]
    }

    /// Plies since the last capture.
    #[inline]
    pub fn quiet_plies(&self) -> u32 {
        self.quiet
    }

    /// The full-move number.
    #[inline]
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// The side with a piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Side> {
        if self.pieces[0].has(sq) {
            Some(Side::First)
        } else if self.pieces[1].has(sq) {
            Some(Side::Second)
        } else {
            None
        }
    }

    /// Plays a move known to be legal; returns the captured squares. Does not judge the result.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) -> BitBoard {
        let us = self.side;
        let them = !us;
        let moved = BitBoard::from_square(mv.from) | BitBoard::from_square(mv.to);
        self.pieces[us.index()] ^= moved;
        self.hash ^= zobrist::piece(us, mv.from) ^ zobrist::piece(us, mv.to);
        let caught = self.captures(mv.to, us);
        if caught.is_empty() {
            self.quiet = self.quiet.saturating_add(1);
        } else {
            self.pieces[them.index()] ^= caught;
            for sq in caught {
                self.hash ^= zobrist::piece(them, sq);
            }
            self.quiet = 0;
        }
        if us == Side::Second {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = them;
        self.hash ^= zobrist::WHITE_TO_MOVE;
        caught
    }

    /// Plays a legal move known to capture nothing (a search's quiet move, which does not land on a
    /// square of [`HasamiPosition::capture_squares`]), without looking for captures.
    #[inline]
    pub fn play_quiet_unchecked(&mut self, mv: Move) {
        let us = self.side;
        debug_assert!(self.captures_of(mv).is_empty(), "{mv} captures in {self}");
        self.pieces[us.index()] ^= BitBoard::from_square(mv.from) | BitBoard::from_square(mv.to);
        self.hash ^= zobrist::piece(us, mv.from) ^ zobrist::piece(us, mv.to);
        self.quiet = self.quiet.saturating_add(1);
        if us == Side::Second {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = !us;
        self.hash ^= zobrist::WHITE_TO_MOVE;
    }

    /// Checks that `mv` is a move of the side to move in this position (ignores whether the game is over).
    pub fn check_move(&self, mv: Move) -> Result<(), IllegalMoveError> {
        if !self.pieces(self.side).has(mv.from) {
            return Err(IllegalMoveError::NotYourPiece {
                square: mv.from,
                side: self.side,
            });
        }
        match self.unreachable(mv) {
            Some(why) => Err(IllegalMoveError::Unreachable {
                from: mv.from,
                to: mv.to,
                why,
            }),
            None => {
                debug_assert!(self.is_move(mv), "{mv} in {self}");
                Ok(())
            }
        }
    }

    /// Plays a move after checking it, returning the captured squares. A position that is already over
    /// (judged without history, see [`HasamiPosition::status`]) or an illegal move gives an error and changes
    /// nothing.
    pub fn play(&mut self, mv: Move) -> Result<BitBoard, IllegalMoveError> {
        if self.status().is_some() {
            return Err(IllegalMoveError::GameOver);
        }
        self.check_move(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// The result of the game judged from this position alone (A5 and A7: as if the side not to move had
    /// just moved; repetition needs history and is judged by [`crate::Game`]).
    pub fn status(&self) -> Option<Outcome> {
        self.judge(None, true)
    }

    /// The same pieces with `side` to move (a "null move" when it is the other side).
    pub fn with_side_to_move(&self, side: Side) -> HasamiPosition {
        let mut p = *self;
        if side != self.side {
            p.side = side;
            p.hash ^= zobrist::WHITE_TO_MOVE;
        }
        p
    }

    /// The position seen from the other side: ranks flipped, colours swapped, the other side to move.
    pub fn mirror(&self) -> HasamiPosition {
        let n = self.rules.size();
        let flip = |b: BitBoard| b.iter().map(|s| s.flip_rank(n)).collect::<BitBoard>();
        HasamiPosition::from_parts(
            [flip(self.pieces[1]), flip(self.pieces[0])],
            !self.side,
            self.quiet,
            self.fullmove,
            self.rules,
        )
    }
}

impl PartialEq for HasamiPosition {
    fn eq(&self, other: &HasamiPosition) -> bool {
        self.pieces == other.pieces
            && self.side == other.side
            && self.quiet == other.quiet
            && self.fullmove == other.fullmove
            && std::ptr::eq(self.rules, other.rules)
    }
}

impl Eq for HasamiPosition {}

impl fmt::Display for HasamiPosition {
    /// Position text (A7).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_setup())
    }
}

impl fmt::Debug for HasamiPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({} | {})", self, self.rules)
    }
}
