//! A Shogun game: positions so far, repetition (D1), checked play with text, undo.

use thiserror::Error;

use super::movegen::ShogunMoveError;
use super::position::{ShogunPiece, ShogunPosition};
use super::rules::ShogunRules;
use crate::game::repetitions;
use crate::outcome::Outcome;
use crate::types::mv::{Move, ParseMoveError};

/// A move that was played, with the piece it captured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShogunPlayed {
    /// The move.
    pub mv: Move,
    /// The captured piece, if any.
    pub captured: Option<ShogunPiece>,
}

/// Why a move given as text could not be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ShogunPlayError {
    /// The text is not a move.
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
    /// The move is not legal here.
    #[error("illegal move {mv}: {error}")]
    Illegal {
        /// The move.
        mv: Move,
        /// Why.
        error: ShogunMoveError,
    },
}

/// A Shogun game in progress or finished; repetition (D1) counts from its first position.
#[derive(Debug, Clone)]
pub struct ShogunGame {
    positions: Vec<ShogunPosition>,
    played: Vec<ShogunPlayed>,
    outcome: Option<Outcome>,
}

impl ShogunGame {
    /// A game from the variant's start.
    pub fn new(rules: &'static ShogunRules) -> ShogunGame {
        ShogunGame::from_position(ShogunPosition::start(rules))
    }

    /// A game from a position (judged as if the side not to move had just moved).
    pub fn from_position(pos: ShogunPosition) -> ShogunGame {
        ShogunGame {
            outcome: pos.judge(None, true),
            positions: vec![pos],
            played: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &ShogunPosition {
        self.positions.last().expect("a game has a position")
    }

    /// The position the game started from.
    pub fn start(&self) -> &ShogunPosition {
        &self.positions[0]
    }

    /// The rules (of the start position: its seed and rotation).
    pub fn rules(&self) -> &'static ShogunRules {
        self.positions[0].rules()
    }

    /// The moves played so far.
    pub fn played(&self) -> &[ShogunPlayed] {
        &self.played
    }

    /// The Zobrist hashes of every position of the game, the current one last.
    pub fn hashes(&self) -> Vec<u64> {
        self.positions.iter().map(ShogunPosition::hash).collect()
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
    pub fn play(&mut self, mv: Move) -> Result<ShogunPlayed, ShogunMoveError> {
        if self.outcome.is_some() {
            return Err(ShogunMoveError::GameOver);
        }
        let mut pos = *self.position();
        let captured = pos.play(mv)?;
        let played = ShogunPlayed { mv, captured };
        self.positions.push(pos);
        self.played.push(played);
        self.outcome = pos.judge(self.repetition(), true);
        Ok(played)
    }

    /// Parses move text (A3.5) and plays it; on error nothing changes.
    pub fn play_text(&mut self, text: &str) -> Result<ShogunPlayed, ShogunPlayError> {
        let mv = Move::parse(text, 8)?;
        self.play(mv)
            .map_err(|error| ShogunPlayError::Illegal { mv, error })
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<ShogunPlayed> {
        let played = self.played.pop()?;
        self.positions.pop();
        self.outcome = self.position().judge(self.repetition(), true);
        Some(played)
    }

    fn repetition(&self) -> Option<u32> {
        let limit = self.position().rules().options.repetition;
        if limit == 0 {
            return None;
        }
        let n = repetitions(&self.hashes(), self.position().quiet_plies());
        (n >= limit).then_some(n)
    }
}
