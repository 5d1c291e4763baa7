//! # hasami-engine
//!
//! Search and evaluation generic over the [`Game`] trait. The Hasami family implements it for
//! `hasami_core::Position` (module [`hasami`]) and Shogun for `hasami_core::shogun::ShogunPosition`
//! (module [`shogun`], fair with chance nodes or omniscient).
#![deny(missing_docs)]

pub mod bench;
pub mod game;
pub mod hasami;
pub mod levels;
pub mod limits;
pub mod search;
pub mod shogun;
pub mod tt;

pub use game::{Game, Terminal};
pub use levels::{level, search_at_level, Level};
pub use limits::Limits;
pub use search::{Features, Info, Outcome, Searcher, WIN, WIN_BOUND};
