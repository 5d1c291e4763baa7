//! What a puzzle needs of each family beyond the `Position` trait: the position for the engine,
//! the squares that make a capture a corner capture, and the themes of a won game.

use hasami_core::puzzle::Theme;
use hasami_core::{
    AnyPosition, BitBoard, HasamiPosition, Outcome, Position, ShogunPosition, WinReason,
};

/// A position of either family, as puzzles use it.
pub(super) trait Family: Position {
    /// The position for the engine and for texts of either family.
    fn any(self) -> AnyPosition;
    /// The squares where a captured piece makes the capture a corner capture (C2's corners).
    fn corners(&self) -> BitBoard;
}

impl Family for HasamiPosition {
    fn any(self) -> AnyPosition {
        AnyPosition::Hasami(self)
    }

    fn corners(&self) -> BitBoard {
        self.rules().corners.iter().map(|c| c.square).collect()
    }
}

impl Family for ShogunPosition {
    fn any(self) -> AnyPosition {
        AnyPosition::Shogun(self)
    }

    fn corners(&self) -> BitBoard {
        BitBoard::EMPTY
    }
}

/// The theme of how a game was won, if it has one of its own.
pub(super) fn won_by(outcome: Outcome) -> Option<Theme> {
    match outcome {
        Outcome::Win {
            reason: WinReason::Five { .. },
            ..
        } => Some(Theme::Five),
        Outcome::Win {
            reason: WinReason::ShogunCaptured | WinReason::Checkmate,
            ..
        } => Some(Theme::Shogun),
        _ => None,
    }
}
