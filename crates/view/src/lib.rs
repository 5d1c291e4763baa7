//! # hasami-view
//!
//! The board as the browser draws it, from the rules library's [`hasami_core::AnyGame`]: the
//! position, the moves with their captures, the legal moves, the end by rule, Shogun's extras
//! ([`BoardView`]), and why a move is refused in codes a page can put in its player's language
//! ([`Refusal`]), and what a search found ([`Analysis`]). The server's game view and analysis board and the engine in the page
//! (`hasami-wasm`) answer with these same types, so a board looks the same wherever it was made.
#![deny(missing_docs)]

mod analysis;
mod board;
mod captures;
mod game;
mod refusal;
mod shogun;

pub use analysis::{mate_of, Analysis, AnalysisLine};
pub use board::{parse_side, side_word, winner_of, BoardMove, BoardState, BoardView, Players};
pub use captures::captures_along;
pub use game::{board_game, BoardError, MAX_BOARD_MOVES};
pub use refusal::Refusal;
pub use shogun::{shogun_view, ShogunView};
