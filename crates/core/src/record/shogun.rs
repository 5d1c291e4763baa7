//! Records of Shogun games (RULES.md Part B): the same text as the Hasami family's records
//! (`docs/records.md`), with a Shogun `Variant` tag (S9, which holds the seed and rotation of the
//! magnet board), an S8 `Position` tag, and the players in `White` (first) and `Red` (second) tags.
//!
//! ```
//! use hasami_core::record::{AnyRecord, ShogunRecord};
//! use hasami_core::shogun::{ShogunGame, ShogunRules};
//!
//! let mut game = ShogunGame::new(ShogunRules::parse("shogun+seed=42+rotation=1").unwrap());
//! let mv = game.legal_moves()[0];
//! game.play(mv).unwrap();
//! let record = ShogunRecord::from_game(&game, [("White", "Alice"), ("Red", "Bob")]);
//! let text = record.to_string();
//! assert!(text.starts_with("[Variant \"shogun+seed=42+rotation=1\"]\n[White \"Alice\"]\n"));
//! assert_eq!(ShogunRecord::parse(&text).unwrap(), record);
//! assert!(matches!(AnyRecord::parse(&text).unwrap(), AnyRecord::Shogun(_)));
//! ```

use std::fmt;

use thiserror::Error;

use super::{
    find_tag, game_tags, remove_tag, result_conflict, set_tag, sort_tags, squares_text, Record,
    RecordError, RecordMove, RecordResult,
};
use crate::outcome::Outcome;
use crate::shogun::{
    describe, ShogunGame, ShogunMoveError, ShogunPlayed, ShogunPosition, ShogunRules,
};
use crate::types::bitboard::BitBoard;
use crate::types::mv::Move;

/// Where a tag of a Shogun record goes in canonical order: White, Red, Date (then Position and
/// Result), Termination, then every other tag.
pub(super) fn tag_rank(name: &str) -> u8 {
    match name {
        "White" => 0,
        "Red" => 1,
        "Date" => 2,
        "Termination" => 3,
        _ => 4,
    }
}

impl From<ShogunPlayed> for RecordMove {
    fn from(p: ShogunPlayed) -> RecordMove {
        RecordMove {
            mv: p.mv,
            captured: p
                .captured
                .map_or(BitBoard::EMPTY, |c| BitBoard::from_square(c.square)),
            comment: None,
        }
    }
}

/// A record of one Shogun game: the variant (with its magnet board), an optional start position,
/// other tags, the moves with their captures, and the result. `1-0` is a win of the first player
/// (White), `0-1` of Red.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShogunRecord {
    /// The variant (the `Variant` tag): options, seed and rotation.
    pub rules: &'static ShogunRules,
    /// The start position (the `Position` tag); `None` for the variant's start.
    pub start: Option<ShogunPosition>,
    /// All other tags, `(name, value)`, in canonical order; players are `White` and `Red`.
    pub tags: Vec<(String, String)>,
    /// A comment before the first move.
    pub comment: Option<String>,
    /// The moves in order; `captured` holds at most one square.
    pub moves: Vec<RecordMove>,
    /// The result.
    pub result: RecordResult,
}

/// Why a [`ShogunRecord`] cannot be replayed by [`ShogunRecord::to_game`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ShogunReplayError {
    /// A move is illegal.
    #[error("ply {ply} ({mv}): {error}")]
    Illegal {
        /// Ply number, from 1.
        ply: usize,
        /// The move.
        mv: Move,
        /// Why.
        error: ShogunMoveError,
    },
    /// A move's recorded capture differs from what it captures.
    #[error("ply {ply} ({mv}): recorded as capturing {recorded}, but it captures {actual}")]
    Captures {
        /// Ply number, from 1.
        ply: usize,
        /// The move.
        mv: Move,
        /// What the record says.
        recorded: String,
        /// What the move captures.
        actual: String,
    },
    /// The game ended by rule with another result than the record's.
    #[error("the result is {result}, but the game ended {}: {}", outcome.result_token(), describe(*outcome))]
    Result {
        /// The record's result.
        result: RecordResult,
        /// How the game ended.
        outcome: Outcome,
    },
}

impl ShogunRecord {
    /// An empty record of a variant from its start.
    pub fn new(rules: &'static ShogunRules) -> ShogunRecord {
        ShogunRecord {
            rules,
            start: None,
            tags: Vec::new(),
            comment: None,
            moves: Vec::new(),
            result: RecordResult::Unfinished,
        }
    }

    /// Parses a Shogun record, replaying and checking every move; errors give line and column. A
    /// record of a Hasami-family variant is refused (use [`AnyRecord::parse`] for either).
    pub fn parse(text: &str) -> Result<ShogunRecord, RecordError> {
        super::parse::parse_shogun(text)
    }

    /// The record of a game: variant, start (when not the variant's), moves, captures, result, the
    /// given tags, and a `Termination` tag in Shogun's words when the game ended by rule.
    pub fn from_game<I, K, V>(game: &ShogunGame, tags: I) -> ShogunRecord
    where
        I: IntoIterator<Item = (K, V)>,
        K: Into<String>,
        V: Into<String>,
    {
        let start = *game.start();
        let mut record = ShogunRecord::new(start.rules());
        if start != ShogunPosition::start(start.rules()) {
            record.start = Some(start);
        }
        record.moves = game.played().iter().map(|&p| p.into()).collect();
        record.result = RecordResult::of(game.outcome());
        record.tags = game_tags(tag_rank, tags, game.outcome().map(describe));
        record
    }

    /// The position the game starts from.
    pub fn start_position(&self) -> ShogunPosition {
        self.start
            .unwrap_or_else(|| ShogunPosition::start(self.rules))
    }

    /// Replays the record, checking every move, capture and the result.
    pub fn to_game(&self) -> Result<ShogunGame, ShogunReplayError> {
        let mut game = ShogunGame::from_position(self.start_position());
        for (i, m) in self.moves.iter().enumerate() {
            let ply = i + 1;
            let played = game
                .play(m.mv)
                .map_err(|error| ShogunReplayError::Illegal {
                    ply,
                    mv: m.mv,
                    error,
                })?;
            let captured = RecordMove::from(played).captured;
            if captured != m.captured {
                return Err(ShogunReplayError::Captures {
                    ply,
                    mv: m.mv,
                    recorded: squares_text(m.captured),
                    actual: squares_text(captured),
                });
            }
        }
        match result_conflict(game.outcome(), self.result) {
            Some(outcome) => Err(ShogunReplayError::Result {
                result: self.result,
                outcome,
            }),
            None => Ok(game),
        }
    }

    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        find_tag(&self.tags, name)
    }

    /// Sets a tag (replacing one of the same name); names in
    /// [`RESERVED_TAGS`](super::RESERVED_TAGS) are ignored.
    pub fn set_tag(&mut self, name: impl Into<String>, value: impl Into<String>) {
        set_tag(&mut self.tags, tag_rank, name.into(), value.into());
    }

    /// Removes a tag; returns its value.
    pub fn remove_tag(&mut self, name: &str) -> Option<String> {
        remove_tag(&mut self.tags, name)
    }

    /// Puts the tags in canonical order: `White`, `Red`, `Date`, `Termination`, then the others.
    pub fn sort_tags(&mut self) {
        sort_tags(&mut self.tags, tag_rank);
    }
}

/// A record of either family, as [`AnyRecord::parse`] reads it (by its `Variant` tag).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnyRecord {
    /// A Hasami-family game.
    Hasami(Record),
    /// A Shogun game.
    Shogun(ShogunRecord),
}

impl AnyRecord {
    /// Parses a record of either family; errors give line and column.
    pub fn parse(text: &str) -> Result<AnyRecord, RecordError> {
        super::parse::parse_any(text)
    }
}

impl fmt::Display for AnyRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyRecord::Hasami(r) => r.fmt(f),
            AnyRecord::Shogun(r) => r.fmt(f),
        }
    }
}
