//! # hasami-core
//!
//! The rules of the Hasami Shogi family (RULES.md Part A): variants as data, positions on a `u128`
//! bitboard, move generation, captures, game ends, position and move text, game records and perft.
//!
//! ```
//! use hasami_core::{Game, Rules};
//!
//! let rules = Rules::parse("hasami+win=captures:5").unwrap();
//! let mut game = Game::new(rules);
//! game.play_text("e1e5").unwrap();
//! assert_eq!(game.position().to_string(), "wwwwwwwww/9/9/9/4b4/9/9/9/bbbb1bbbb w 1 1");
//! ```
#![deny(missing_docs)]

pub mod game;
pub mod outcome;
pub mod perft;
pub mod playout;
pub mod position;
pub mod record;
pub mod rules;
pub mod shogun;
pub mod types;
pub mod variant;

pub use game::{Game, PlayError, Played};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use position::{IllegalMoveError, PieceMoves, Position, PositionError, Setup};
pub use record::{Record, RecordError, RecordErrorKind, RecordMove, RecordResult, ReplayError};
pub use rules::{Preset, Rules, VariantError};
pub use types::bitboard::BitBoard;
pub use types::mv::{Move, ParseMoveError};
pub use types::side::Side;
pub use types::square::{Direction, ParseSquareError, Square};
pub use variant::{ParseVariantError, Variant};
