//! A search of either family's position: the one place where a Shogun position is chosen to be
//! searched fairly (landing numbers are chance) or omnisciently (the engine reads the magnet board).

use hasami_core::{AnyPosition, Move};

use crate::request::{SearchRequest, Searchable};
use crate::search::{Info, SearchResult, Searcher};
use crate::shogun::Fair;

/// A position of either family is searched as its own game: the Hasami family as it is, Shogun
/// fairly unless the request is [`SearchRequest::omniscient`].
impl Searchable for AnyPosition {
    type Move = Move;

    fn search_with(
        searcher: &Searcher,
        request: &SearchRequest<AnyPosition>,
        on_info: &mut dyn FnMut(&Info<Move>),
    ) -> SearchResult<Move> {
        match request.position {
            AnyPosition::Hasami(p) => searcher.search(&request.with_position(p), on_info),
            AnyPosition::Shogun(p) if request.omniscient => {
                searcher.search(&request.with_position(p), on_info)
            }
            AnyPosition::Shogun(p) => searcher.search(&request.with_position(Fair(p)), on_info),
        }
    }
}
