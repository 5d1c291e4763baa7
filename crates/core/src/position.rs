//! The one position trait both families implement: what [`crate::Game`], records, perft and
//! playouts need of a position, so each of them is written once for the Hasami family and Shogun.

use std::error::Error;
use std::fmt::{Debug, Display};

use crate::outcome::Outcome;
use crate::types::bitboard::BitBoard;
use crate::types::mv::Move;
use crate::types::piece_moves::PieceMoves;
use crate::types::side::Side;

/// A validated position of one family: pieces, side to move, counters and its rules.
///
/// Positions are `Copy`, so a search or perft copies them instead of undoing moves. Checked play
/// ([`Position::try_play`]) leaves the position unchanged on error; [`Position::play_unchecked`] is
/// the fast path for moves known to be legal. History (repetition, D1) lives in [`crate::Game`].
pub trait Position: Copy + Eq + Debug + Display + Send + Sync + 'static {
    /// The variant: rules as data, interned and shared as `&'static`.
    type Rules: Debug + Display + PartialEq + Send + Sync + 'static;
    /// What a move captured (the squares in the Hasami family, the piece in Shogun).
    type Captured: Copy + Debug + PartialEq + Eq + Send + Sync + 'static;
    /// Why a move cannot be played here.
    type IllegalMove: Error + Clone + PartialEq + Eq + Send + Sync + 'static;
    /// Why position text is not a position of the variant.
    type TextError: Error + Clone + PartialEq + Eq + Send + Sync + 'static;

    /// The family's names of the first and second player (`Black`/`White`, Shogun's `White`/`Red`);
    /// records use them as the players' tag names.
    const SIDE_NAMES: [&'static str; 2];

    /// The variant's start position.
    fn start(rules: &'static Self::Rules) -> Self;
    /// Reads position text (A7 / S8) for the variant.
    fn from_text(text: &str, rules: &'static Self::Rules) -> Result<Self, Self::TextError>;
    /// The variant.
    fn rules(&self) -> &'static Self::Rules;
    /// The board's side (9 or 8).
    fn size(&self) -> u8;
    /// The variant's repetition count of D1 (0: off).
    fn repetition_limit(&self) -> u32;

    /// The side to move.
    fn side(&self) -> Side;
    /// Zobrist hash of pieces and side to move.
    fn hash(&self) -> u64;
    /// Plies since the last capture (D2).
    fn quiet_plies(&self) -> u32;
    /// The number of the move about to be played (from 1; position text's last field).
    fn fullmove(&self) -> u32;
    /// Pieces of a side on the board.
    fn piece_count(&self, side: Side) -> u32;
    /// The squares of a side's pieces.
    fn pieces(&self, side: Side) -> BitBoard;

    /// Every legal move, in board order (from-square, then to-square); does not look at whether the
    /// game is over.
    fn moves(&self) -> Vec<Move> {
        let mut list = Vec::with_capacity(64);
        self.generate_moves(|pm| {
            list.extend(pm.iter());
            false
        });
        list.sort_unstable();
        list
    }
    /// Whether the side to move has a legal move.
    fn has_moves(&self) -> bool;
    /// The number of legal moves (without listing them).
    fn count_moves(&self) -> u64;
    /// Calls `f` with the legal moves piece by piece, until it returns `true`; returns whether it did.
    fn generate_moves(&self, f: impl FnMut(PieceMoves) -> bool) -> bool;
    /// A legal move chosen by `choose(n)` (a number below the move count `n`), or `None` without moves.
    fn pick_move(&self, choose: impl FnMut(u64) -> u64) -> Option<Move>;

    /// Checks and plays a move; on error the position is unchanged.
    fn try_play(&mut self, mv: Move) -> Result<Self::Captured, Self::IllegalMove>;
    /// Plays a move known to be legal.
    fn play_unchecked(&mut self, mv: Move) -> Self::Captured;
    /// The error for a move tried after the game has ended.
    fn game_over() -> Self::IllegalMove;
    /// The squares a capture emptied.
    fn captured_squares(captured: Self::Captured) -> BitBoard;

    /// Judges the position as if the side not to move had just moved (A5 / S6, in the rules' order);
    /// `repetition` is `Some(n)` when the repetition count of D1 is reached; the side to move without a
    /// move is judged only when `check_no_moves`.
    fn judge(&self, repetition: Option<u32>, check_no_moves: bool) -> Option<Outcome>;
    /// An outcome in the family's words ("Black wins: five in a row e3–e7", Shogun's names in Shogun).
    fn describe(outcome: Outcome) -> String;

    /// The family's name of a side.
    fn side_name(side: Side) -> &'static str {
        Self::SIDE_NAMES[side.index()]
    }
}
