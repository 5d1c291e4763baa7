//! A search of either family's position: the one place where a Shogun position is chosen to be
//! searched fairly (landing numbers are chance) or omnisciently (the engine reads the magnet board),
//! and a Hasami one with the learned evaluation or without.

use hasami_core::{AnyPosition, Move};

use crate::hasami::net::{confirmed, network_for, Netted};
use crate::request::{Learned, SearchRequest, Searchable};
use crate::search::{Info, SearchResult, Searcher};
use crate::shogun::Fair;

/// A position of either family is searched as its own game: the Hasami family as it is, Shogun
/// fairly unless the request is [`SearchRequest::omniscient`]; the Hasami family with the network
/// of its variant ([`Netted`]) when the search plays at full strength (no level or level 10), one is
/// shipped, and the request's [`Learned`] asks for it: where it is confirmed (the default), or
/// wherever one is shipped.
impl Searchable for AnyPosition {
    type Move = Move;

    fn search_with(
        searcher: &Searcher,
        request: &SearchRequest<AnyPosition>,
        on_info: &mut dyn FnMut(&Info<Move>),
    ) -> SearchResult<Move> {
        match request.position {
            AnyPosition::Hasami(p) => {
                let full = request.level.is_none_or(|l| l.number >= 10);
                let wanted = match request.learned {
                    Learned::Confirmed => confirmed(p.rules()),
                    Learned::Shipped => true,
                    Learned::Off => false,
                };
                match network_for(p.rules()).filter(|_| wanted && full) {
                    Some(net) => {
                        searcher.search(&request.with_position(Netted::new(p, net)), on_info)
                    }
                    None => searcher.search(&request.with_position(p), on_info),
                }
            }
            AnyPosition::Shogun(p) if request.omniscient => {
                searcher.search(&request.with_position(p), on_info)
            }
            AnyPosition::Shogun(p) => searcher.search(&request.with_position(Fair(p)), on_info),
        }
    }
}
