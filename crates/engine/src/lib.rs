//! # hasami-engine
//!
//! Search and evaluation generic over the [`SearchGame`] trait. The Hasami family implements it for
//! `hasami_core::HasamiPosition` (module [`hasami`]: evaluation by [`hasami::Goal`], the VCF threat
//! search) and Shogun for `hasami_core::ShogunPosition` (module [`shogun`], fair with chance nodes or
//! omniscient). [`search_any`] searches a position of either family at a level; [`SearchResult`] is
//! what a search gives (best move, score, depth, principal variation, nodes).
//!
//! Files: `search.rs` (iterative deepening, alpha-beta, quiescence, chance nodes), `tt.rs`
//! (transposition table), `limits.rs` (time and node limits), `levels.rs` (levels 1–10), `bench.rs`
//! (the fixed benchmark), `game.rs` (the trait), `any.rs` (either family).
#![deny(missing_docs)]

mod any;
pub mod bench;
mod game;
pub mod hasami;
mod levels;
mod limits;
mod pages;
mod request;
mod score;
mod search;
pub mod shogun;
pub mod tables;
mod tt;

pub use game::{terminal_of, Press, QuietCount, SearchGame, Terminal, THREAT};
pub use levels::{level_for, level_words, Ladder, Level, Pressing, SlipMove, SLIP, WIDE_SLIP};
pub use limits::{Budget, Limits};
pub use request::{SearchRequest, Searchable};
pub use score::{WIN, WIN_BOUND};
pub use search::{Info, Line, SearchResult, Searcher, DEFAULT_CONTEMPT};
pub use tt::{HashError, MAX_MIB};
