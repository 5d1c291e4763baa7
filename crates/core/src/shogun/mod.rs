//! Shogun (RULES.md Part B): the magnetic-number game on the same vocabulary types as the Hasami
//! family.
//!
//! - `rules`: variant text (S9) → [`ShogunRules`]
//! - `arrangement`: [`Arrangement`] and [`Arranging`], the players placing their pieces (S2,
//!   `setup=choose`)
//! - [`magnets`]: the synthetic magnet board of S3 (seed, rotation, discs, setup shuffle)
//! - `paths`: the S4 path tables (landing squares at distance n, squares passed)
//! - `position`: [`ShogunPosition`] (pieces with owner, id, square, number;
//!   Zobrist hash)
//! - `movegen`: moves S4, Shogun safety S5, the 1976 rules S7, checked play
//! - `judge`: the end of the game in the order of S6
//! - `text`: position text S8 (grammar in its docs)
//! - `family`: Shogun as a [`Position`](crate::Position), so [`crate::Game`], records, perft and
//!   playouts serve it as they serve the Hasami family
//!
//! **Sides.** Shogun's first player, White (rank 1), is [`Side::First`] (index 0, UGI's p1); Red is
//! [`Side::Second`]. [`side_name`] gives the Shogun names; position text writes `w` and `r`.
//!
//! ```
//! use hasami_core::{ShogunGame, ShogunRules};
//!
//! let rules = ShogunRules::parse("shogun+seed=1979").unwrap();
//! let mut game = ShogunGame::new(rules);
//! assert_eq!(game.legal_moves().len(), 25);
//! let mv = game.legal_moves()[0];
//! game.play(mv).unwrap();
//! assert!(game.play_text("a1a2").is_err()); // not Red's piece
//! assert_eq!(hasami_core::shogun::side_name(game.position().side()), "Red");
//! ```

mod arrangement;
mod family;
mod judge;
pub mod magnets;
pub(crate) mod movegen;
mod paths;
pub(crate) mod position;
pub(crate) mod rules;
pub(crate) mod text;

pub(crate) use movegen::ShogunMoveError;
pub(crate) use position::ShogunPosition;
pub(crate) use rules::{ShogunRules, ShogunVariantError};
pub(crate) use text::ShogunTextError;

pub use arrangement::{Arrangement, ArrangementError, Arranging};
pub use rules::{ShogunSetup, OPTION_HELP};

use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::types::side::Side;

/// Shogun's name of a side: "White" for [`Side::First`] (the first player), "Red" for [`Side::Second`].
pub const fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "White",
        Side::Second => "Red",
    }
}

/// An outcome in Shogun's words ("Red wins: White's Shogun is attacked and cannot be saved").
pub fn describe(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { winner, reason } => {
            let (w, l) = (side_name(winner), side_name(!winner));
            match reason {
                WinReason::ShogunCaptured => format!("{w} wins: {w} captured the {l} Shogun"),
                WinReason::PiecesLeft { left } => {
                    format!(
                        "{w} wins: {l} is down to {left} piece{}",
                        if left == 1 { "" } else { "s" }
                    )
                }
                WinReason::Checkmate => {
                    format!("{w} wins: the {l} Shogun is attacked and cannot be saved")
                }
                WinReason::NoMoves => format!("{w} wins: {l} has no legal move"),
                other => format!("{w} wins: {other:?}"),
            }
        }
        Outcome::Draw(DrawReason::Repetition(n)) => format!("draw: position repeated {n} times"),
        Outcome::Draw(DrawReason::QuietLimit(n)) => format!("draw: {n} plies without a capture"),
        Outcome::Draw(other) => format!("draw: {other:?}"),
    }
}
