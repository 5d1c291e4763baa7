//! The Hasami Shogi family (RULES.md Part A): variants as data and positions on a `u128` bitboard.
//!
//! - `rules`: variant text (A6) → [`HasamiRules`]: presets, options, masks and
//!   corners
//! - `position`: [`HasamiPosition`]: setup text (A7), move generation,
//!   captures (C1–C5), the end of the game (A5), Zobrist hashing
//! - `family`: the family as a [`Position`](crate::Position)
//!
//! Its principal types are re-exported at the crate root; this module adds the option help of
//! `hasami variants`.

mod family;
pub(crate) mod position;
pub(crate) mod rules;

pub(crate) use position::{HasamiPosition, IllegalMoveError, PositionError};
pub(crate) use rules::{HasamiRules, VariantError};

pub use rules::OPTION_HELP;
