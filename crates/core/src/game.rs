//! A game of either family: a start position, the moves played, repetition history and the result.

use thiserror::Error;

use crate::hasami::HasamiPosition;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::shogun::ShogunPosition;
use crate::types::mv::{Move, ParseMoveError};

/// A move that was played, with what it captured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played<P: Position> {
    /// The move.
    pub mv: Move,
    /// What it captured (squares in the Hasami family, the piece in Shogun).
    pub captured: P::Captured,
}

/// Why a move given as text could not be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayError<E: std::error::Error> {
    /// The text is not a move.
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
    /// The move is not legal here.
    #[error("illegal move {mv}: {error}")]
    Illegal {
        /// The move.
        mv: Move,
        /// Why.
        error: E,
    },
}

/// A game in progress or finished. Repetition (D1) counts positions from the game's start position on.
#[derive(Debug, Clone)]
pub struct Game<P: Position> {
    positions: Vec<P>,
    played: Vec<Played<P>>,
    outcome: Option<Outcome>,
}

/// A game of the Hasami family.
pub type HasamiGame = Game<HasamiPosition>;
/// A Shogun game.
pub type ShogunGame = Game<ShogunPosition>;

impl<P: Position> Game<P> {
    /// A game from the variant's start.
    pub fn new(rules: &'static P::Rules) -> Game<P> {
        Game::from_position(P::start(rules))
    }

    /// A game from a position (judged as A7 says: as if the side not to move had just moved).
    pub fn from_position(pos: P) -> Game<P> {
        Game {
            outcome: pos.judge(None, true),
            positions: vec![pos],
            played: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &P {
        self.positions.last().expect("a game has a position")
    }

    /// The position the game started from.
    pub fn start(&self) -> &P {
        &self.positions[0]
    }

    /// The variant (of the start position: in Shogun with its seed and rotation).
    pub fn rules(&self) -> &'static P::Rules {
        self.positions[0].rules()
    }

    /// The moves played so far.
    pub fn played(&self) -> &[Played<P>] {
        &self.played
    }

    /// The positions of the game, the start first and the current one last.
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    /// The Zobrist hashes of every position of the game, the current one last.
    pub fn hashes(&self) -> Vec<u64> {
        self.positions.iter().map(P::hash).collect()
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The legal moves (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            Vec::new()
        } else {
            self.position().moves()
        }
    }

    /// Checks and plays a move; on error nothing changes.
    pub fn play(&mut self, mv: Move) -> Result<Played<P>, P::IllegalMove> {
        if self.outcome.is_some() {
            return Err(P::game_over());
        }
        let mut pos = *self.position();
        let captured = pos.try_play(mv)?;
        let played = Played { mv, captured };
        self.positions.push(pos);
        self.played.push(played);
        self.outcome = pos.judge(self.repetition(), true);
        Ok(played)
    }

    /// Parses move text (A3.5) and plays it; on error nothing changes.
    pub fn play_text(&mut self, text: &str) -> Result<Played<P>, PlayError<P::IllegalMove>> {
        let mv = Move::parse(text, self.position().size())?;
        self.play(mv)
            .map_err(|error| PlayError::Illegal { mv, error })
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Played<P>> {
        let played = self.played.pop()?;
        self.positions.pop();
        self.outcome = self.position().judge(self.repetition(), true);
        Some(played)
    }

    /// `Some(n)` when the current position has now appeared the n-th time and n reaches the variant's
    /// repetition count (D1). Positions before the last capture cannot repeat, so the scan looks back
    /// only the quiet plies, at positions with the same side to move.
    fn repetition(&self) -> Option<u32> {
        let pos = self.position();
        let limit = pos.repetition_limit();
        if limit == 0 {
            return None;
        }
        let back = (pos.quiet_plies() as usize).min(self.positions.len() - 1);
        let earlier = &self.positions[self.positions.len() - 1 - back..self.positions.len() - 1];
        let n = 1 + earlier
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|p| p.hash() == pos.hash())
            .count() as u32;
        (n >= limit).then_some(n)
    }
}

/// How often the last hash of `history` occurs in it, looking back at most `quiet` plies (earlier
/// positions had more pieces) and only at positions with the same side to move.
#[inline]
pub fn repetitions(history: &[u64], quiet: u32) -> u32 {
    let Some((&last, rest)) = history.split_last() else {
        return 0;
    };
    let back = (quiet as usize).min(rest.len());
    let mut n = 1;
    let mut i = 2;
    while i <= back {
        if rest[rest.len() - i] == last {
            n += 1;
        }
        i += 2;
    }
    n
}
