//! Game records: a PGN-like text of one game (tags, moves with capture annotations and comments, a
//! result), with a parser that replays and checks every move and a writer whose output parses back to
//! the same record. The format is described for users in `docs/records.md`. One [`Record`] type
//! serves both families; [`AnyRecord`] reads a record of either.
//!
//! ```
//! use hasami_core::{HasamiGame, HasamiRecord, HasamiRules};
//!
//! let mut game = HasamiGame::new(HasamiRules::parse("hasami").unwrap());
//! game.play_text("e1e5").unwrap();
//! let record = HasamiRecord::from_game(&game, [("Black", "Alice"), ("White", "Bob")]);
//! let text = record.to_string();
//! assert_eq!(
//!     text,
//!     "[Variant \"hasami\"]\n[Black \"Alice\"]\n[White \"Bob\"]\n[Result \"*\"]\n\n1. e1e5\n*\n"
//! );
//! assert_eq!(HasamiRecord::parse(&text).unwrap(), record);
//! ```
//!
//! A Shogun record has a Shogun `Variant` tag (S9, with the seed and rotation of the magnet board), an
//! S8 `Position` tag, and the players in `White` (first) and `Red` (second) tags:
//!
//! ```
//! use hasami_core::{AnyRecord, ShogunGame, ShogunRecord, ShogunRules};
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

mod error;
mod family;
mod parse;
mod write;

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::position::Position;

use crate::game::{Game, Played};
use crate::hasami::HasamiPosition;
use crate::outcome::Outcome;
use crate::shogun::ShogunPosition;
use crate::types::bitboard::BitBoard;
use crate::types::mv::Move;
use crate::types::side::Side;

pub use error::{RecordError, RecordErrorKind};
pub use family::Recordable;
pub use write::LINE_WIDTH;

/// Tag names that live in their own fields of [`Record`] rather than in [`Record::tags`].
pub const RESERVED_TAGS: [&str; 3] = ["Variant", "Position", "Result"];

/// The result written at the end of a record (and in its `Result` tag).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RecordResult {
    /// `1-0`: the first player (Black, in Shogun White) won.
    FirstWins,
    /// `0-1`: the second player (White, in Shogun Red) won.
    SecondWins,
    /// `1/2-1/2`: a draw.
    Draw,
    /// `*`: unfinished or unknown.
    Unfinished,
}

impl RecordResult {
    /// The token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn token(self) -> &'static str {
        match self {
            RecordResult::FirstWins => "1-0",
            RecordResult::SecondWins => "0-1",
            RecordResult::Draw => "1/2-1/2",
            RecordResult::Unfinished => "*",
        }
    }

    /// Reads a token (exactly as [`RecordResult::token`] writes it).
    pub fn from_token(token: &str) -> Option<RecordResult> {
        match token {
            "1-0" => Some(RecordResult::FirstWins),
            "0-1" => Some(RecordResult::SecondWins),
            "1/2-1/2" => Some(RecordResult::Draw),
            "*" => Some(RecordResult::Unfinished),
            _ => None,
        }
    }

    /// The result of a game that has ended (or `*` for `None`).
    pub fn of(outcome: Option<Outcome>) -> RecordResult {
        match outcome.map(Outcome::winner) {
            None => RecordResult::Unfinished,
            Some(Some(Side::First)) => RecordResult::FirstWins,
            Some(Some(Side::Second)) => RecordResult::SecondWins,
            Some(None) => RecordResult::Draw,
        }
    }
}

impl fmt::Display for RecordResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

/// One move of a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordMove {
    /// The move.
    pub mv: Move,
    /// The squares whose pieces it captured (written as the capture annotation, e.g. `xe6xe7`).
    pub captured: BitBoard,
    /// The comment written after the move, without braces and trimmed; `None` for no comment.
    pub comment: Option<String>,
}

impl<P: Position> From<Played<P>> for RecordMove {
    fn from(p: Played<P>) -> RecordMove {
        RecordMove {
            mv: p.mv,
            captured: P::captured_squares(p.captured),
            comment: None,
        }
    }
}

/// A game record: the variant, optional start position, other tags, the moves and the result.
///
/// [`Record::parse`] reads the text of `docs/records.md`; `Display` writes it in canonical form. A record
/// returned by [`Record::parse`] or [`Record::from_game`] writes text that parses back to an equal
/// record, and writing that again gives the same text.
#[derive(Debug, PartialEq, Eq)]
pub struct Record<P: Position> {
    /// The variant (the `Variant` tag; in Shogun with the seed and rotation of the magnet board).
    pub rules: &'static P::Rules,
    /// The start position (the `Position` tag); `None` for the variant's start. Its rules must be
    /// [`Record::rules`].
    pub start: Option<P>,
    /// All other tags, `(name, value)`, in canonical order (see [`Record::sort_tags`]); the players'
    /// tags are named as the family names its sides ([`Position::SIDE_NAMES`]). Names in
    /// [`RESERVED_TAGS`] are not stored here; the writer skips them.
    pub tags: Vec<(String, String)>,
    /// A comment before the first move.
    pub comment: Option<String>,
    /// The moves in order.
    pub moves: Vec<RecordMove>,
    /// The result (the `Result` tag and the token at the end).
    pub result: RecordResult,
}

impl<P: Position> Clone for Record<P> {
    fn clone(&self) -> Record<P> {
        Record {
            rules: self.rules,
            start: self.start,
            tags: self.tags.clone(),
            comment: self.comment.clone(),
            moves: self.moves.clone(),
            result: self.result,
        }
    }
}

/// A record of a Hasami-family game.
pub type HasamiRecord = Record<HasamiPosition>;
/// A record of a Shogun game.
pub type ShogunRecord = Record<ShogunPosition>;

/// Why a [`Record`] cannot be replayed by [`Record::to_game`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReplayError<P: Position> {
    /// The start position belongs to another variant.
    #[error("the start position is of variant {found}, but the record's variant is {expected}")]
    StartVariant {
        /// The record's variant text.
        expected: String,
        /// The start position's variant text.
        found: String,
    },
    /// A move is illegal.
    #[error("ply {ply} ({mv}): {error}")]
    Illegal {
        /// Ply number, from 1.
        ply: usize,
        /// The move.
        mv: Move,
        /// Why it is illegal.
        error: P::IllegalMove,
    },
    /// A move's recorded captures differ from what it captures.
    #[error("ply {ply} ({mv}): recorded as capturing {recorded}, but it captures {actual}")]
    Captures {
        /// Ply number, from 1.
        ply: usize,
        /// The move.
        mv: Move,
        /// What the record says, as text.
        recorded: String,
        /// What the move captures, as text.
        actual: String,
    },
    /// The game ended by rule with another result than the record's.
    #[error("the result is {result}, but the game ended {}: {}", outcome.result_token(), P::describe(*outcome))]
    Result {
        /// The record's result.
        result: RecordResult,
        /// How the game ended.
        outcome: Outcome,
    },
}

/// Where a tag goes in canonical order: the first player, the second (their names are the family's
/// `players`), Date (then the writer puts Position and Result), Termination, then every other tag.
fn tag_rank(players: [&str; 2], name: &str) -> u8 {
    match name {
        n if n == players[0] => 0,
        n if n == players[1] => 1,
        "Date" => 2,
        "Termination" => 3,
        _ => 4,
    }
}

/// The value of tag `name`.
fn find_tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// Sets a tag, replacing one of the same name, keeping canonical order; names in
/// [`RESERVED_TAGS`] are ignored.
fn set_tag(tags: &mut Vec<(String, String)>, players: [&str; 2], name: String, value: String) {
    if RESERVED_TAGS.contains(&name.as_str()) {
        return;
    }
    if let Some(slot) = tags.iter_mut().find(|(n, _)| *n == name) {
        slot.1 = value;
    } else {
        tags.push((name, value));
        sort_tags(tags, players);
    }
}

/// Removes tag `name`; returns its value.
fn remove_tag(tags: &mut Vec<(String, String)>, name: &str) -> Option<String> {
    let i = tags.iter().position(|(n, _)| n == name)?;
    Some(tags.remove(i).1)
}

/// Puts tags in canonical order (stable: equal ranks keep their present order).
fn sort_tags(tags: &mut [(String, String)], players: [&str; 2]) {
    tags.sort_by_key(|(n, _)| tag_rank(players, n));
}

/// The tags of `from_game`: `given` set in turn (a later one replaces an earlier one of the same
/// name), then `Termination` from `termination` when the game is over and `given` has none.
fn game_tags<I, K, V>(
    players: [&str; 2],
    given: I,
    termination: Option<String>,
) -> Vec<(String, String)>
where
    I: IntoIterator<Item = (K, V)>,
    K: Into<String>,
    V: Into<String>,
{
    let mut tags = Vec::new();
    for (k, v) in given {
        set_tag(&mut tags, players, k.into(), v.into());
    }
    if let Some(why) = termination {
        if find_tag(&tags, "Termination").is_none() {
            set_tag(&mut tags, players, "Termination".into(), why);
        }
    }
    tags
}

/// The outcome of a replayed game when it ended by rule with another result than the record's.
fn result_conflict(outcome: Option<Outcome>, result: RecordResult) -> Option<Outcome> {
    outcome.filter(|&o| RecordResult::of(Some(o)) != result)
}

/// Squares as annotation-free text for messages: `e6, e7` or `nothing`.
pub(crate) fn squares_text(b: BitBoard) -> String {
    if b.is_empty() {
        return "nothing".into();
    }
    b.iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

impl<P: Recordable> Record<P> {
    /// An empty record of a variant from its start: no tags, no moves, result `*`.
    pub fn new(rules: &'static P::Rules) -> Record<P> {
        Record {
            rules,
            start: None,
            tags: Vec::new(),
            comment: None,
            moves: Vec::new(),
            result: RecordResult::Unfinished,
        }
    }

    /// Parses a record and replays its moves with the rules, checking every move, capture annotation,
    /// move number and the result. Never panics; errors say where (line and column) and what is wrong.
    /// A record of the other family is refused.
    pub fn parse(text: &str) -> Result<Record<P>, RecordError> {
        parse::parse(text)
    }

    /// The record of a game: its variant, its start position (when it is not the variant's start),
    /// its moves with their captures, and the result of its outcome (`*` while it goes on). `tags` are
    /// added (a later tag replaces an earlier one of the same name; names in [`RESERVED_TAGS`] are
    /// ignored), and a `Termination` tag describing the outcome is added when the game is over and
    /// `tags` has none.
    pub fn from_game<I, K, V>(game: &Game<P>, tags: I) -> Record<P>
    where
        I: IntoIterator<Item = (K, V)>,
        K: Into<String>,
        V: Into<String>,
    {
        let rules = game.rules();
        let start = *game.start();
        let mut record = Record::new(rules);
        if start != P::start(rules) {
            record.start = Some(start);
        }
        record.moves = game.played().iter().map(|&p| p.into()).collect();
        record.result = RecordResult::of(game.outcome());
        record.tags = game_tags(P::SIDE_NAMES, tags, game.outcome().map(P::describe));
        record
    }

    /// The position the game starts from: [`Record::start`] or the variant's start.
    pub fn start_position(&self) -> P {
        self.start.unwrap_or_else(|| P::start(self.rules))
    }

    /// Replays the record: every move must be legal and capture what [`RecordMove::captured`] says,
    /// and when the game ends by rule the result must agree. Records from [`Record::parse`] always
    /// replay.
    pub fn to_game(&self) -> Result<Game<P>, ReplayError<P>> {
        let start = self.start_position();
        if start.rules() != self.rules {
            return Err(ReplayError::StartVariant {
                expected: self.rules.to_string(),
                found: start.rules().to_string(),
            });
        }
        let mut game = Game::from_position(start);
        for (i, m) in self.moves.iter().enumerate() {
            let ply = i + 1;
            let played = game.play(m.mv).map_err(|error| ReplayError::Illegal {
                ply,
                mv: m.mv,
                error,
            })?;
            let captured = P::captured_squares(played.captured);
            if captured != m.captured {
                return Err(ReplayError::Captures {
                    ply,
                    mv: m.mv,
                    recorded: squares_text(m.captured),
                    actual: squares_text(captured),
                });
            }
        }
        match result_conflict(game.outcome(), self.result) {
            Some(outcome) => Err(ReplayError::Result {
                result: self.result,
                outcome,
            }),
            None => Ok(game),
        }
    }

    /// The value of a tag in [`Record::tags`].
    pub fn tag(&self, name: &str) -> Option<&str> {
        find_tag(&self.tags, name)
    }

    /// Sets a tag in [`Record::tags`], replacing one of the same name, keeping canonical order. Names
    /// in [`RESERVED_TAGS`] are ignored (set [`Record::rules`], [`Record::start`] or
    /// [`Record::result`] instead).
    pub fn set_tag(&mut self, name: impl Into<String>, value: impl Into<String>) {
        set_tag(&mut self.tags, P::SIDE_NAMES, name.into(), value.into());
    }

    /// Removes a tag from [`Record::tags`]; returns its value.
    pub fn remove_tag(&mut self, name: &str) -> Option<String> {
        remove_tag(&mut self.tags, name)
    }

    /// Puts [`Record::tags`] in canonical order: the players (`Black`, `White`; in Shogun `White`,
    /// `Red`), `Date`, `Termination`, then the others in their present order.
    pub fn sort_tags(&mut self) {
        sort_tags(&mut self.tags, P::SIDE_NAMES);
    }
}

impl<P: Recordable> FromStr for Record<P> {
    type Err = RecordError;

    fn from_str(text: &str) -> Result<Record<P>, RecordError> {
        Record::parse(text)
    }
}

/// A record of either family, as [`AnyRecord::parse`] reads it (by its `Variant` tag).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnyRecord {
    /// A Hasami-family game.
    Hasami(HasamiRecord),
    /// A Shogun game.
    Shogun(ShogunRecord),
}

/// Why an [`AnyRecord`] cannot be replayed (see `AnyGame::from_record`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AnyReplayError {
    /// A Hasami-family record.
    #[error(transparent)]
    Hasami(ReplayError<HasamiPosition>),
    /// A Shogun record.
    #[error(transparent)]
    Shogun(ReplayError<ShogunPosition>),
}

/// `$body` with `$r` bound to the record of either family.
macro_rules! each_record {
    ($record:expr, $r:ident => $body:expr) => {
        match $record {
            AnyRecord::Hasami($r) => $body,
            AnyRecord::Shogun($r) => $body,
        }
    };
}

impl AnyRecord {
    /// Parses a record of either family; errors give line and column.
    pub fn parse(text: &str) -> Result<AnyRecord, RecordError> {
        parse::parse_any(text)
    }

    /// The number of moves (plies) recorded.
    pub fn plies(&self) -> usize {
        each_record!(self, r => r.moves.len())
    }

    /// The result.
    pub fn result(&self) -> RecordResult {
        each_record!(self, r => r.result)
    }

    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        each_record!(self, r => r.tag(name))
    }

    /// The players' names, first player first (the `Black`/`White` tags; in Shogun `White`/`Red`).
    pub fn players(&self) -> [Option<&str>; 2] {
        fn of<P: Position>(r: &Record<P>) -> [Option<&str>; 2] {
            P::SIDE_NAMES.map(|name| find_tag(&r.tags, name))
        }
        each_record!(self, r => of(r))
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
