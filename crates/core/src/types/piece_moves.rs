//! The moves of one piece, as a set of landing squares: how both families hand out moves in bulk.

use crate::types::bitboard::BitBoard;
use crate::types::mv::Move;
use crate::types::square::Square;

/// The moves of one piece: from one square to each square of a set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceMoves {
    /// The piece's square.
    pub from: Square,
    /// Where it may land.
    pub to: BitBoard,
}

impl PieceMoves {
    /// The moves one by one.
    pub fn iter(self) -> impl Iterator<Item = Move> {
        self.to.iter().map(move |to| Move::new(self.from, to))
    }
}
