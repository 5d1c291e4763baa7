//! Shogun as a [`Position`]: the trait's methods are the position's own.

use super::movegen::ShogunMoveError;
use super::position::{ShogunPiece, ShogunPosition};
use super::rules::ShogunRules;
use super::text::ShogunTextError;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::types::bitboard::BitBoard;
use crate::types::mv::Move;
use crate::types::piece_moves::PieceMoves;
use crate::types::side::Side;

impl Position for ShogunPosition {
    type Rules = ShogunRules;
    type Captured = Option<ShogunPiece>;
    type IllegalMove = ShogunMoveError;
    type TextError = ShogunTextError;

    const SIDE_NAMES: [&'static str; 2] = ["White", "Red"];

    fn start(rules: &'static ShogunRules) -> Self {
        ShogunPosition::start(rules)
    }
    fn from_text(text: &str, rules: &'static ShogunRules) -> Result<Self, ShogunTextError> {
        ShogunPosition::from_text(text, rules)
    }
    #[inline]
    fn rules(&self) -> &'static ShogunRules {
        ShogunPosition::rules(self)
    }
    #[inline]
    fn size(&self) -> u8 {
        ShogunPosition::rules(self).size()
    }
    #[inline]
    fn repetition_limit(&self) -> u32 {
        ShogunPosition::rules(self).options.repetition
    }
    #[inline]
    fn side(&self) -> Side {
        ShogunPosition::side(self)
    }
    #[inline]
    fn hash(&self) -> u64 {
        ShogunPosition::hash(self)
    }
    #[inline]
    fn quiet_plies(&self) -> u32 {
        ShogunPosition::quiet_plies(self)
    }
    #[inline]
    fn fullmove(&self) -> u32 {
        ShogunPosition::fullmove(self)
    }
    fn piece_count(&self, side: Side) -> u32 {
        ShogunPosition::piece_count(self, side)
    }
    fn pieces(&self, side: Side) -> BitBoard {
        ShogunPosition::pieces(self, side)
    }
    #[inline]
    fn has_moves(&self) -> bool {
        ShogunPosition::has_moves(self)
    }
    #[inline]
    fn count_moves(&self) -> u64 {
        ShogunPosition::count_moves(self)
    }
    #[inline]
    fn generate_moves(&self, f: impl FnMut(PieceMoves) -> bool) -> bool {
        ShogunPosition::generate_moves(self, f)
    }
    #[inline]
    fn pick_move(&self, choose: impl FnMut(u64) -> u64) -> Option<Move> {
        ShogunPosition::pick_move(self, choose)
    }
    fn try_play(&mut self, mv: Move) -> Result<Option<ShogunPiece>, ShogunMoveError> {
        ShogunPosition::play(self, mv)
    }
    #[inline]
    fn play_unchecked(&mut self, mv: Move) -> Option<ShogunPiece> {
        ShogunPosition::play_unchecked(self, mv)
    }
    fn game_over() -> ShogunMoveError {
        ShogunMoveError::GameOver
    }
    #[inline]
    fn captured_squares(captured: Option<ShogunPiece>) -> BitBoard {
        captured.map_or(BitBoard::EMPTY, |c| BitBoard::from_square(c.square))
    }
    #[inline]
    fn judge(&self, repetition: Option<u32>, check_no_moves: bool) -> Option<Outcome> {
        ShogunPosition::judge(self, repetition, check_no_moves)
    }
    fn describe(outcome: Outcome) -> String {
        super::describe(outcome)
    }
}
