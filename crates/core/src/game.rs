//! A game: a start position, the moves played, repetition history and the result.

use thiserror::Error;

use crate::outcome::Outcome;
use crate::position::{IllegalMoveError, Position};
use crate::rules::Rules;
use crate::types::bitboard::BitBoard;
use crate::types::mv::{Move, ParseMoveError};

/// A move that was played, with what it captured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    /// The move.
    pub mv: Move,
    /// The squares whose pieces it captured.
    pub captured: BitBoard,
}

/// Why a move given as text could not be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The text is not a move.
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
    /// The move is not legal here.
    #[error("illegal move {mv}: {error}")]
    Illegal {
        /// The move.
        mv: Move,
        /// Why.
        error: IllegalMoveError,
    },
}

/// A game in progress or finished. Repetition (D1) counts positions from the game's start position on.
#[derive(Debug, Clone)]
pub struct Game {
    positions: Vec<Position>,
    played: Vec<Played>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A game from the variant's start.
    pub fn new(rules: &'static Rules) -> Game {
        Game::from_position(Position::start(rules))
    }

    /// A game from a position (judged as A7 says: as if the side not to move had just moved).
    pub fn from_position(pos: Position) -> Game {
        let outcome = pos.judge(None, true);
        Game {
            positions: vec![pos],
            played: Vec::new(),
            outcome,
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game has a position")
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The variant.
    pub fn rules(&self) -> &'static Rules {
        self.position().rules()
    }

    /// The moves played so far.
    pub fn played(&self) -> &[Played] {
        &self.played
    }

    /// The Zobrist hashes of every position of the game, the current one last.
    pub fn hashes(&self) -> Vec<u64> {
        self.positions.iter().map(Position::hash).collect()
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
    pub fn play(&mut self, mv: Move) -> Result<Played, IllegalMoveError> {
        if self.outcome.is_some() {
            return Err(IllegalMoveError::GameOver);
        }
        let mut pos = *self.position();
        pos.check_move(mv)?;
        let captured = pos.play_unchecked(mv);
        let played = Played { mv, captured };
        self.positions.push(pos);
        self.played.push(played);
        self.outcome = pos.judge(self.repetition(), true);
        Ok(played)
    }

    /// Parses move text (A3.5) and plays it; on error nothing changes.
    pub fn play_text(&mut self, text: &str) -> Result<Played, PlayError> {
        let mv = Move::parse(text, self.rules().size())?;
        self.play(mv)
            .map_err(|error| PlayError::Illegal { mv, error })
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Played> {
        let played = self.played.pop()?;
        self.positions.pop();
        let rep = self.repetition();
        self.outcome = self.position().judge(rep, true);
        Some(played)
    }

    /// `Some(n)` when the current position has now appeared the n-th time and n reaches the variant's
    /// repetition count (D1).
    fn repetition(&self) -> Option<u32> {
        let limit = self.rules().options.repetition;
        if limit == 0 {
            return None;
        }
        let pos = self.position();
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
