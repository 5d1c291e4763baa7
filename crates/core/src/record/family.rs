//! What a record needs of a family beyond [`Position`]: how its variant text is read and which
//! error kinds report its illegal moves, positions and results.

use super::error::RecordErrorKind;
use super::RecordResult;
use crate::hasami::{HasamiPosition, HasamiRules};
use crate::outcome::Outcome;
use crate::position::Position;
use crate::shogun::{ShogunPosition, ShogunRules};
use crate::types::mv::Move;
use crate::variant::Variant;

/// A family whose games have records ([`super::Record`]): both families are.
pub trait Recordable: Position {
    /// The rules of a `Variant` tag, or why it is not a variant of this family.
    fn parse_rules(text: &str) -> Result<&'static Self::Rules, RecordErrorKind>;
    /// The error for a `Position` tag that is not a position of the variant.
    fn bad_position(error: Self::TextError) -> RecordErrorKind;
    /// The error for an illegal move.
    fn illegal_move(mv: Move, error: Self::IllegalMove) -> RecordErrorKind;
    /// The error for a move after the game ended by rule.
    fn move_after_end(mv: Move, outcome: Outcome) -> RecordErrorKind;
    /// The error for a result token that differs from how the game ended by rule.
    fn result_mismatch(token: RecordResult, outcome: Outcome) -> RecordErrorKind;
}

impl Recordable for HasamiPosition {
    fn parse_rules(text: &str) -> Result<&'static HasamiRules, RecordErrorKind> {
        HasamiRules::parse(text).map_err(RecordErrorKind::BadVariant)
    }
    fn bad_position(error: Self::TextError) -> RecordErrorKind {
        RecordErrorKind::BadPosition(error)
    }
    fn illegal_move(mv: Move, error: Self::IllegalMove) -> RecordErrorKind {
        RecordErrorKind::IllegalMove { mv, error }
    }
    fn move_after_end(mv: Move, outcome: Outcome) -> RecordErrorKind {
        RecordErrorKind::MoveAfterEnd { mv, outcome }
    }
    fn result_mismatch(token: RecordResult, outcome: Outcome) -> RecordErrorKind {
        RecordErrorKind::ResultMismatch { token, outcome }
    }
}

impl Recordable for ShogunPosition {
    fn parse_rules(text: &str) -> Result<&'static ShogunRules, RecordErrorKind> {
        match Variant::parse(text) {
            Ok(Variant::Shogun(rules)) => Ok(rules),
            Ok(Variant::Hasami(rules)) => Err(RecordErrorKind::NotShogun(rules.to_string())),
            Err(_) => ShogunRules::parse(text).map_err(RecordErrorKind::BadShogunVariant),
        }
    }
    fn bad_position(error: Self::TextError) -> RecordErrorKind {
        RecordErrorKind::BadShogunPosition(error)
    }
    fn illegal_move(mv: Move, error: Self::IllegalMove) -> RecordErrorKind {
        RecordErrorKind::IllegalShogunMove { mv, error }
    }
    fn move_after_end(mv: Move, outcome: Outcome) -> RecordErrorKind {
        RecordErrorKind::ShogunMoveAfterEnd { mv, outcome }
    }
    fn result_mismatch(token: RecordResult, outcome: Outcome) -> RecordErrorKind {
        RecordErrorKind::ShogunResultMismatch { token, outcome }
    }
}
