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
//! (the fixed benchmark), `game.rs` (the trait), `any.rs` (either family), `ugi.rs` (the UGI engine
//! protocol, `hasami ugi`), `line.rs` (bounded line reading for it and terminal play).
#![deny(missing_docs)]

mod any;
pub mod bench;
pub mod game;
pub mod hasami;
pub mod levels;
pub mod limits;
pub mod line;
mod pages;
mod score;
pub mod search;
pub mod shogun;
pub mod tables;
pub mod tt;
pub mod ugi;

pub use any::search_any;
pub use game::{Press, QuietCount, SearchGame, Terminal};
pub use levels::{
    level_for, level_words, search_at_level, Ladder, Level, SlipMove, SLIP, WIDE_SLIP,
};
pub use limits::Limits;
pub use search::{
    Features, Info, Line, SearchResult, Searcher, DEADLINE_COST, DEADLINE_EVERY, KEEP, WIN,
    WIN_BOUND,
};
