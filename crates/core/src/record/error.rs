//! Errors of record parsing: where (line and column) and what.

use thiserror::Error;

use super::RecordResult;
use crate::hasami::position::{IllegalMoveError, PositionError};
use crate::hasami::rules::VariantError;
use crate::outcome::Outcome;
use crate::shogun::{describe, ShogunMoveError, ShogunTextError, ShogunVariantError};
use crate::types::mv::Move;

/// Why a record could not be read: the place (line and column, both counted from 1, columns in
/// characters) and what is wrong there.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct RecordError {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
    /// What is wrong.
    pub kind: RecordErrorKind,
}

/// What is wrong in a record.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordErrorKind {
    /// A tag line is malformed.
    #[error("bad tag: {0}")]
    BadTag(String),
    /// The same tag twice.
    #[error("the tag {0} appears twice")]
    DuplicateTag(String),
    /// No `Variant` tag.
    #[error("missing Variant tag (a record starts with a tag like [Variant \"hasami\"])")]
    MissingVariant,
    /// The `Variant` tag is not a variant.
    #[error("bad Variant tag: {0}")]
    BadVariant(VariantError),
    /// The `Position` tag is not a position of the variant.
    #[error("bad Position tag: {0}")]
    BadPosition(PositionError),
    /// The `Result` tag is not a result.
    #[error("bad Result tag \"{0}\" (allowed: 1-0, 0-1, 1/2-1/2, *)")]
    BadResultTag(String),
    /// Something in the moves that is not a move, a move number, a comment or a result.
    #[error("bad move text '{text}': {reason}")]
    BadMoveText {
        /// The text.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A character that cannot start anything here.
    #[error("unexpected '{found}': {hint}")]
    Unexpected {
        /// The character.
        found: char,
        /// What to do instead.
        hint: &'static str,
    },
    /// A move number that is not the number of the next move.
    #[error("move number {found}, but the next move is number {expected}")]
    MoveNumber {
        /// The number written.
        found: u32,
        /// The number of the next move.
        expected: u32,
    },
    /// A move that is not legal.
    #[error("illegal move {mv}: {error}")]
    IllegalMove {
        /// The move.
        mv: Move,
        /// Why.
        error: IllegalMoveError,
    },
    /// A move after the game ended by rule.
    #[error("move {mv} after the end of the game ({outcome})")]
    MoveAfterEnd {
        /// The move.
        mv: Move,
        /// How the game ended.
        outcome: Outcome,
    },
    /// A capture annotation that differs from what the move captures.
    #[error("wrong capture annotation: {mv} captures {actual}, but the record says {annotated}")]
    CaptureMismatch {
        /// The move.
        mv: Move,
        /// The annotated squares, as text.
        annotated: String,
        /// The captured squares, as text.
        actual: String,
    },
    /// The result token differs from the `Result` tag.
    #[error("result {token} does not agree with the Result tag \"{tag}\"")]
    ResultTagMismatch {
        /// The token at the end.
        token: RecordResult,
        /// The tag's result.
        tag: RecordResult,
    },
    /// The result differs from how the game ended by rule.
    #[error("result {token}, but the game ended {}: {outcome}", outcome.result_token())]
    ResultMismatch {
        /// The token at the end.
        token: RecordResult,
        /// How the game ended.
        outcome: Outcome,
    },
    /// A `{` without its `}`.
    #[error("comment is never closed (a comment runs from '{{' to '}}')")]
    UnterminatedComment,
    /// The text ends without a result token.
    #[error("missing result at the end of the moves (1-0, 0-1, 1/2-1/2 or *)")]
    MissingResult,
    /// Something after the result token.
    #[error("'{0}' after the result (the result ends the record)")]
    TextAfterResult(String),
    /// The `Variant` tag is not a Shogun variant (S9).
    #[error("bad Variant tag: {0}")]
    BadShogunVariant(ShogunVariantError),
    /// The `Position` tag is not a Shogun position (S8).
    #[error("bad Position tag: {0}")]
    BadShogunPosition(ShogunTextError),
    /// A Shogun move that is not legal (S4, S5).
    #[error("illegal move {mv}: {error}")]
    IllegalShogunMove {
        /// The move.
        mv: Move,
        /// Why.
        error: ShogunMoveError,
    },
    /// A Shogun move after the game ended by rule.
    #[error("move {mv} after the end of the game ({})", describe(*outcome))]
    ShogunMoveAfterEnd {
        /// The move.
        mv: Move,
        /// How the game ended.
        outcome: Outcome,
    },
    /// The result differs from how the Shogun game ended by rule.
    #[error("result {token}, but the game ended {}: {}", outcome.result_token(), describe(*outcome))]
    ShogunResultMismatch {
        /// The token at the end.
        token: RecordResult,
        /// How the game ended.
        outcome: Outcome,
    },
    /// A Hasami-family record where a Shogun record was asked for.
    #[error("the record's variant {0} is not Shogun")]
    NotShogun(String),
}
