//! A game of either family behind one type: what the UGI engine, the web server and terminal play
//! need of a game when the variant text decides the family at run time.

use thiserror::Error;

use crate::game::{Game, PlayError};
use crate::hasami::{HasamiPosition, IllegalMoveError, PositionError};
use crate::outcome::Outcome;
use crate::perft::{divide, divide_until};
use crate::position::Position;
use crate::record::{AnyRecord, AnyReplayError, Record, RecordResult};
use crate::shogun::{ShogunMoveError, ShogunPosition, ShogunTextError};
use crate::types::bitboard::BitBoard;
use crate::types::mv::{Move, ParseMoveError};
use crate::types::side::Side;
use crate::variant::{ParseVariantError, Variant};

/// A game of either family.
#[derive(Debug, Clone)]
pub enum AnyGame {
    /// A Hasami-family game.
    Hasami(Game<HasamiPosition>),
    /// A Shogun game.
    Shogun(Game<ShogunPosition>),
}

/// A position of either family (what the engine searches).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnyPosition {
    /// A Hasami-family position.
    Hasami(HasamiPosition),
    /// A Shogun position.
    Shogun(ShogunPosition),
}

/// Why an [`AnyGame`] could not be made or a move not played. Nothing changes on error.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AnyGameError {
    /// The variant text is no variant of either family.
    #[error("bad variant '{text}': {error}")]
    Variant {
        /// The text.
        text: String,
        /// Why.
        error: ParseVariantError,
    },
    /// Position text that is not a Hasami-family position of the variant.
    #[error("bad position text '{text}': {error}")]
    HasamiPosition {
        /// The text.
        text: String,
        /// Why.
        error: PositionError,
    },
    /// Position text that is not a Shogun position of the variant.
    #[error("bad position text '{text}': {error}")]
    ShogunPosition {
        /// The text.
        text: String,
        /// Why.
        error: ShogunTextError,
    },
    /// Move text that is not a move on this board.
    #[error(transparent)]
    MoveText(#[from] ParseMoveError),
    /// A move the Hasami-family rules do not allow here.
    #[error("illegal move {mv}: {error}")]
    IllegalHasami {
        /// The move.
        mv: Move,
        /// Why.
        error: IllegalMoveError,
    },
    /// A move the Shogun rules do not allow here (with the rule: `Shogun! the move would leave …`).
    #[error("illegal move {mv}: {error}")]
    IllegalShogun {
        /// The move.
        mv: Move,
        /// Why.
        error: ShogunMoveError,
    },
}

impl AnyGameError {
    /// The limit on distinct rules, when that is why a variant or position text was refused.
    pub fn too_many_rule_sets(&self) -> Option<crate::TooManyRuleSets> {
        match self {
            AnyGameError::Variant { error, .. } => error.too_many_rule_sets(),
            AnyGameError::ShogunPosition { error, .. } => match error.kind {
                crate::ShogunTextErrorKind::TooMany(e) => Some(e),
                _ => None,
            },
            _ => None,
        }
    }

    /// Whether this is a move refused by the rules (not malformed text).
    pub fn is_illegal_move(&self) -> bool {
        matches!(
            self,
            AnyGameError::IllegalHasami { .. } | AnyGameError::IllegalShogun { .. }
        )
    }
}

impl From<PlayError<IllegalMoveError>> for AnyGameError {
    fn from(e: PlayError<IllegalMoveError>) -> AnyGameError {
        match e {
            PlayError::Parse(e) => AnyGameError::MoveText(e),
            PlayError::Illegal { mv, error } => AnyGameError::IllegalHasami { mv, error },
        }
    }
}

impl From<PlayError<ShogunMoveError>> for AnyGameError {
    fn from(e: PlayError<ShogunMoveError>) -> AnyGameError {
        match e {
            PlayError::Parse(e) => AnyGameError::MoveText(e),
            PlayError::Illegal { mv, error } => AnyGameError::IllegalShogun { mv, error },
        }
    }
}

/// `$body` with `$g` bound to the game of either family (the types differ, so the text is compiled
/// once per family).
macro_rules! each {
    ($game:expr, $g:ident => $body:expr) => {
        match $game {
            AnyGame::Hasami($g) => $body,
            AnyGame::Shogun($g) => $body,
        }
    };
}

/// A move that was played: the move, the squares it captured and the position text after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnyPlayed {
    /// The move.
    pub mv: Move,
    /// The squares whose pieces it captured.
    pub captured: BitBoard,
    /// The position text after the move.
    pub after: String,
}

/// The moves of `game` with their captures and the position text after each.
fn history_of<P: Position>(game: &Game<P>) -> Vec<AnyPlayed> {
    game.played()
        .iter()
        .zip(&game.positions()[1..])
        .map(|(p, after)| AnyPlayed {
            mv: p.mv,
            captured: P::captured_squares(p.captured),
            after: after.to_string(),
        })
        .collect()
}

/// The record text of `game` with the players' `names`, the `date` and an end that is not by rule.
fn record_of<P: crate::record::Recordable>(
    game: &Game<P>,
    names: [String; 2],
    date: Option<String>,
    ended: Option<(&str, &str)>,
) -> String {
    let [first, second] = names;
    let [p1, p2] = P::SIDE_NAMES;
    let date = date.map(|d| ("Date", d));
    let tags = [(p1, first), (p2, second)].into_iter().chain(date);
    let mut record = Record::from_game(game, tags);
    if let Some((result, why)) = ended {
        if let Some(r) = RecordResult::from_token(result) {
            record.result = r;
        }
        record.set_tag("Termination", why);
    }
    record.to_string()
}

impl AnyGame {
    /// A game of `variant` text from `start` (position text) or the variant's start.
    pub fn new(variant: &str, start: Option<&str>) -> Result<AnyGame, AnyGameError> {
        let parsed = Variant::parse(variant).map_err(|error| AnyGameError::Variant {
            text: variant.to_string(),
            error,
        })?;
        match start {
            None => Ok(AnyGame::from_variant(parsed)),
            Some(text) => AnyGame::from_text(parsed, text),
        }
    }

    /// The game of a record of either family, replayed and checked (see [`Record::to_game`]).
    pub fn from_record(record: &AnyRecord) -> Result<AnyGame, AnyReplayError> {
        match record {
            AnyRecord::Hasami(r) => r
                .to_game()
                .map(AnyGame::Hasami)
                .map_err(AnyReplayError::Hasami),
            AnyRecord::Shogun(r) => r
                .to_game()
                .map(AnyGame::Shogun)
                .map_err(AnyReplayError::Shogun),
        }
    }

    /// A game of a variant from its start.
    pub fn from_variant(variant: Variant) -> AnyGame {
        match variant {
            Variant::Hasami(r) => AnyGame::Hasami(Game::new(r)),
            Variant::Shogun(r) => AnyGame::Shogun(Game::new(r)),
        }
    }

    /// A game of a variant from position text.
    pub fn from_text(variant: Variant, text: &str) -> Result<AnyGame, AnyGameError> {
        Ok(match variant {
            Variant::Hasami(r) => AnyGame::Hasami(Game::from_position(
                HasamiPosition::from_text(text, r).map_err(|error| {
                    AnyGameError::HasamiPosition {
                        text: text.to_string(),
                        error,
                    }
                })?,
            )),
            Variant::Shogun(r) => AnyGame::Shogun(Game::from_position(
                ShogunPosition::from_text(text, r).map_err(|error| {
                    AnyGameError::ShogunPosition {
                        text: text.to_string(),
                        error,
                    }
                })?,
            )),
        })
    }

    /// Whether this is Shogun.
    pub fn is_shogun(&self) -> bool {
        matches!(self, AnyGame::Shogun(_))
    }

    /// The variant (for Shogun with the start's seed and rotation).
    pub fn variant(&self) -> Variant {
        match self {
            AnyGame::Hasami(g) => Variant::Hasami(g.rules()),
            AnyGame::Shogun(g) => Variant::Shogun(g.rules()),
        }
    }

    /// The preset's name (`shogun` for Shogun).
    pub fn preset(&self) -> &'static str {
        match self {
            AnyGame::Hasami(g) => g.rules().preset.name(),
            AnyGame::Shogun(_) => "shogun",
        }
    }

    /// The board's side.
    pub fn size(&self) -> u8 {
        each!(self, g => g.position().size())
    }

    /// The side's name in this game: Black/White, or White/Red in Shogun.
    pub fn side_name(&self, side: Side) -> &'static str {
        match self {
            AnyGame::Hasami(_) => HasamiPosition::side_name(side),
            AnyGame::Shogun(_) => ShogunPosition::side_name(side),
        }
    }

    /// Start position text.
    pub fn start_text(&self) -> String {
        each!(self, g => g.start().to_string())
    }

    /// Current position text.
    pub fn position_text(&self) -> String {
        each!(self, g => g.position().to_string())
    }

    /// The current position.
    pub fn position(&self) -> AnyPosition {
        match self {
            AnyGame::Hasami(g) => AnyPosition::Hasami(*g.position()),
            AnyGame::Shogun(g) => AnyPosition::Shogun(*g.position()),
        }
    }

    /// The side to move.
    pub fn side(&self) -> Side {
        each!(self, g => g.position().side())
    }

    /// The side that moved first.
    pub fn start_side(&self) -> Side {
        each!(self, g => g.start().side())
    }

    /// Plies played.
    pub fn plies(&self) -> usize {
        each!(self, g => g.played().len())
    }

    /// Every move played with the squares it captured and the position text after it.
    pub fn history(&self) -> Vec<AnyPlayed> {
        each!(self, g => history_of(g))
    }

    /// The legal moves (none once the game is over by rule).
    pub fn legal_moves(&self) -> Vec<Move> {
        each!(self, g => g.legal_moves())
    }

    /// The end by rule.
    pub fn outcome(&self) -> Option<Outcome> {
        each!(self, g => g.outcome())
    }

    /// The end by rule in the family's words.
    pub fn outcome_words(&self) -> Option<String> {
        match self {
            AnyGame::Hasami(g) => g.outcome().map(HasamiPosition::describe),
            AnyGame::Shogun(g) => g.outcome().map(ShogunPosition::describe),
        }
    }

    /// Parses move text for this board.
    pub fn parse_move(&self, text: &str) -> Result<Move, AnyGameError> {
        Ok(Move::parse(text.trim(), self.size())?)
    }

    /// Checks and plays a move; returns the squares it captured. Nothing changes on error.
    pub fn play(&mut self, mv: Move) -> Result<BitBoard, AnyGameError> {
        match self {
            AnyGame::Hasami(g) => g
                .play(mv)
                .map(|p| p.captured)
                .map_err(|error| AnyGameError::IllegalHasami { mv, error }),
            AnyGame::Shogun(g) => g
                .play(mv)
                .map(|p| ShogunPosition::captured_squares(p.captured))
                .map_err(|error| AnyGameError::IllegalShogun { mv, error }),
        }
    }

    /// Parses move text and plays it; returns the squares it captured. Nothing changes on error.
    pub fn play_text(&mut self, text: &str) -> Result<BitBoard, AnyGameError> {
        let mv = self.parse_move(text)?;
        self.play(mv)
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        each!(self, g => g.undo().map(|p| p.mv))
    }

    /// The Zobrist hashes of the game's positions, the current one last (for repetition in the search).
    pub fn hashes(&self) -> Vec<u64> {
        each!(self, g => g.hashes())
    }

    /// Pieces of a side on the board (in Shogun the Shogun included).
    pub fn pieces(&self, side: Side) -> u32 {
        each!(self, g => g.position().piece_count(side))
    }

    /// Perft below each legal move (`--divide`), with the game's history for repetition.
    pub fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        each!(self, g => divide(g.position(), &g.hashes(), depth))
    }

    /// [`AnyGame::divide`] that gives up when `stop()` says so: the counts finished and whether every
    /// move was counted.
    pub fn divide_until(&self, depth: u32, stop: &impl Fn() -> bool) -> (Vec<(Move, u64)>, bool) {
        each!(self, g => divide_until(g.position(), &g.hashes(), depth, stop))
    }

    /// The game record (docs/records.md): the players' names (first player first), the date if any,
    /// and an end that is not by rule (`ended`: result token and reason, e.g.
    /// `("0-1", "Black resigned")`).
    pub fn record(
        &self,
        names: [String; 2],
        date: Option<String>,
        ended: Option<(&str, &str)>,
    ) -> String {
        each!(self, g => record_of(g, names, date, ended))
    }
}
