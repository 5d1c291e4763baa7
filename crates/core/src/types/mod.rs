//! Vocabulary types with no rules in them: squares, sets of squares, sides and moves.

pub mod bitboard;
pub mod mv;
pub mod piece_moves;
pub mod side;
pub mod square;
