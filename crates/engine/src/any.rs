//! A search of either family's position: the one place where a Shogun position is chosen to be
//! searched fairly (landing numbers are chance) or omnisciently (the engine reads the magnet board).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use hasami_core::{AnyPosition, Move};

use crate::levels::{search_at_level, Level};
use crate::limits::Limits;
use crate::search::{Info, SearchResult, Searcher};
use crate::shogun::Fair;

/// Searches `pos` at `level` like [`search_at_level`]: the Hasami family as it is, Shogun fairly
/// unless `omniscient`. `history` holds the game's position hashes, `pos` last; `stop` ends the search
/// early; `on_info` hears each finished iteration.
#[allow(clippy::too_many_arguments)]
pub fn search_any(
    searcher: &Searcher,
    level: Level,
    pos: AnyPosition,
    omniscient: bool,
    history: &[u64],
    limits: &Limits,
    stop: Arc<AtomicBool>,
    seed: u64,
    on_info: impl FnMut(&Info<Move>),
) -> SearchResult<Move> {
    match pos {
        AnyPosition::Hasami(p) => {
            search_at_level(searcher, level, &p, history, limits, stop, seed, on_info)
        }
        AnyPosition::Shogun(p) if omniscient => {
            search_at_level(searcher, level, &p, history, limits, stop, seed, on_info)
        }
        AnyPosition::Shogun(p) => search_at_level(
            searcher,
            level,
            &Fair(p),
            history,
            limits,
            stop,
            seed,
            on_info,
        ),
    }
}
