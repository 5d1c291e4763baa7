//! The Hasami family as a [`Position`]: the trait's methods are the position's own.

use super::position::{HasamiPosition, IllegalMoveError, PositionError};
use super::rules::HasamiRules;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::types::bitboard::BitBoard;
use crate::types::mv::Move;
use crate::types::piece_moves::PieceMoves;
use crate::types::side::Side;

impl Position for HasamiPosition {
    type Rules = HasamiRules;
    type Captured = BitBoard;
    type IllegalMove = IllegalMoveError;
    type TextError = PositionError;

    const SIDE_NAMES: [&'static str; 2] = ["Black", "White"];

    fn start(rules: &'static HasamiRules) -> Self {
        HasamiPosition::start(rules)
    }
    fn from_text(text: &str, rules: &'static HasamiRules) -> Result<Self, PositionError> {
        HasamiPosition::from_text(text, rules)
    }
    #[inline]
    fn rules(&self) -> &'static HasamiRules {
        HasamiPosition::rules(self)
    }
    #[inline]
    fn size(&self) -> u8 {
        HasamiPosition::rules(self).size()
    }
    #[inline]
    fn repetition_limit(&self) -> u32 {
        HasamiPosition::rules(self).options.repetition
    }
    #[inline]
    fn side(&self) -> Side {
        HasamiPosition::side(self)
    }
    #[inline]
    fn hash(&self) -> u64 {
        HasamiPosition::hash(self)
    }
    #[inline]
    fn quiet_plies(&self) -> u32 {
        HasamiPosition::quiet_plies(self)
    }
    #[inline]
    fn fullmove(&self) -> u32 {
        HasamiPosition::fullmove(self)
    }
    fn piece_count(&self, side: Side) -> u32 {
        HasamiPosition::pieces(self, side).len()
    }
    fn pieces(&self, side: Side) -> BitBoard {
        HasamiPosition::pieces(self, side)
    }
    #[inline]
    fn has_moves(&self) -> bool {
        HasamiPosition::has_moves(self)
    }
    #[inline]
    fn count_moves(&self) -> u64 {
        HasamiPosition::count_moves(self)
    }
    #[inline]
    fn generate_moves(&self, f: impl FnMut(PieceMoves) -> bool) -> bool {
        HasamiPosition::generate_moves(self, f)
    }
    #[inline]
    fn pick_move(&self, choose: impl FnMut(u64) -> u64) -> Option<Move> {
        HasamiPosition::pick_move(self, choose)
    }
    fn try_play(&mut self, mv: Move) -> Result<BitBoard, IllegalMoveError> {
        HasamiPosition::play(self, mv)
    }
    #[inline]
    fn play_unchecked(&mut self, mv: Move) -> BitBoard {
        HasamiPosition::play_unchecked(self, mv)
    }
    fn game_over() -> IllegalMoveError {
        IllegalMoveError::GameOver
    }
    #[inline]
    fn captured_squares(captured: BitBoard) -> BitBoard {
        captured
    }
    #[inline]
    fn judge(&self, repetition: Option<u32>, check_no_moves: bool) -> Option<Outcome> {
        HasamiPosition::judge(self, repetition, check_no_moves)
    }
    fn describe(outcome: Outcome) -> String {
        outcome.to_string()
    }
}
