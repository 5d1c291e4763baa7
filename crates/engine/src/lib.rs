//! # hasami-engine
//!
//! Search and evaluation generic over the [`SearchGame`] trait. The Hasami family implements it for
//! `hasami_core::HasamiPosition` (module [`hasami`]: evaluation by [`hasami::Goal`], the VCF threat
//! search) and Shogun for `hasami_core::ShogunPosition` (module [`shogun`], fair with chance nodes or
//! omniscient). Every search is one call, [`Searcher::search`], with a [`SearchRequest`] (the
//! position of a game or of either family, the game's history, [`Limits`], a [`Level`], a stop flag
//! and a seed); [`SearchResult`] is what a search gives (best move, score, depth, principal variation,
//! nodes).
//!
//! Each item has one path: the search and its settings at the crate root, the games' own code and
//! the tools in the modules [`hasami`], [`shogun`], [`tables`] and [`mod@bench`].
//!
//! Files: `search/` (iterative deepening, alpha-beta, quiescence, chance nodes), `request.rs` (the
//! request), `tt.rs` (transposition table), `limits.rs` (time and node limits), `levels.rs` (levels
//! 1–10), `bench.rs` (the fixed benchmark), `game.rs` (the trait), `any.rs` (either family), `ugi.rs` (the UGI
//! engine protocol, `hasami ugi`), `line.rs` (bounded line reading for it and terminal play).
#![deny(missing_docs)]

mod any;
mod at_level;
pub mod bench;
mod clock;
mod game;
pub mod hasami;
mod levels;
mod limits;
pub mod line;
mod pages;
mod pressing;
mod request;
mod score;
mod search;
pub mod shogun;
pub mod tables;
mod tt;
pub mod ugi;

pub use game::{Press, QuietCount, SearchGame, Terminal, THREAT};
pub use levels::{level_for, level_words, Ladder, Level, SlipMove, SLIP, WIDE_SLIP};
pub use limits::Limits;
pub use request::{Learned, SearchRequest, Searchable};
pub use score::{WIN, WIN_BOUND};
pub use search::{Info, Line, SearchResult, Searcher};
pub use tt::{HashError, MAX_MIB};
