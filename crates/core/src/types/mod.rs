//! Vocabulary types with no rules in them: squares, sets of squares, sides, moves and a seedable random generator.

pub mod bitboard;
pub mod mv;
pub mod piece_moves;
pub mod rng;
pub mod side;
pub mod square;
