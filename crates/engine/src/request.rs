//! What one search is asked to do ([`SearchRequest`]) and what can be searched ([`Searchable`]):
//! every search goes through [`Searcher::search`] with a request.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::levels::Level;
use crate::limits::Limits;
use crate::search::{Info, SearchResult, Searcher};

/// Which evaluation a search of the Hasami family at full strength (no level, or level 10) uses;
/// the levels 1–9 keep the hand-written one they were measured with (docs/eval.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Learned {
    /// The learned evaluation in the variants whose network passed its SPRT against the
    /// hand-written one ([`crate::hasami::net::confirmed`]), the hand-written one elsewhere.
    #[default]
    Confirmed,
    /// The learned evaluation wherever a network is shipped, confirmed or not (to measure one).
    Shipped,
    /// The hand-written evaluation alone.
    Off,
}

impl std::str::FromStr for Learned {
    type Err = String;

    /// The words of the UGI option `LearnedEval` and of the tools' `--learned`: `confirmed`,
    /// `true` (every shipped network) or `false` (the hand-written evaluation), in any case.
    fn from_str(text: &str) -> Result<Learned, String> {
        match text.to_ascii_lowercase().as_str() {
            "confirmed" => Ok(Learned::Confirmed),
            "true" => Ok(Learned::Shipped),
            "false" => Ok(Learned::Off),
            _ => Err(format!("'{text}': expected confirmed, true or false")),
        }
    }
}

/// One search: the position, the game's history, the limits, the level, how to stop it and the seed
/// of the level's random choice. Built with [`SearchRequest::new`] and the methods that set one
/// field each:
///
/// ```
/// # use hasami_core::{HasamiPosition, HasamiRules};
/// # use hasami_engine::{level_for, Limits, SearchRequest, Searcher};
/// let pos = HasamiPosition::start(HasamiRules::parse("hasami").unwrap());
/// let level = level_for(&hasami_core::AnyPosition::Hasami(pos), 3);
/// let request = SearchRequest::new(pos, vec![pos.hash()])
///     .limits(Limits { depth: Some(2), ..Limits::default() })
///     .level(level)
///     .seed(7);
/// let out = Searcher::new(1, 1).search(&request, |_| {});
/// assert!(out.best.is_some());
/// ```
#[derive(Debug, Clone)]
pub struct SearchRequest<P> {
    /// The position to search.
    pub position: P,
    /// The game's position hashes, `position`'s last: repetitions count over them.
    pub history: Vec<u64>,
    /// When to stop: depth, nodes, time, and how many best lines to report.
    pub limits: Limits,
    /// The level to play at (its depth cap, margin, slips and how it presses a lead); `None`: the
    /// engine's own move at full strength, as level 10 plays.
    pub level: Option<Level>,
    /// Stops the search early when set (the best move found so far is given).
    pub stop: Arc<AtomicBool>,
    /// Makes a level's random choice reproducible.
    pub seed: u64,
    /// Shogun only: search with the landing numbers known (the engine reads the magnet board)
    /// instead of as chance nodes ([`crate::shogun::Fair`]).
    pub omniscient: bool,
    /// Hasami family: which evaluation a search at full strength uses.
    pub learned: Learned,
}

impl<P> SearchRequest<P> {
    /// A search of `position`, after the game's `history` of position hashes (`position`'s last),
    /// with no limit, no level, a stop of its own, seed 0, Shogun searched fairly and the learned
    /// evaluation where it is confirmed ([`Learned::Confirmed`]).
    pub fn new(position: P, history: Vec<u64>) -> SearchRequest<P> {
        SearchRequest {
            position,
            history,
            limits: Limits::default(),
            level: None,
            stop: Arc::new(AtomicBool::new(false)),
            seed: 0,
            omniscient: false,
            learned: Learned::Confirmed,
        }
    }

    /// This request within `limits`.
    pub fn limits(self, limits: Limits) -> Self {
        SearchRequest { limits, ..self }
    }

    /// This request played at `level`.
    pub fn level(self, level: Level) -> Self {
        SearchRequest {
            level: Some(level),
            ..self
        }
    }

    /// This request stopped early when `stop` is set.
    pub fn stop(self, stop: Arc<AtomicBool>) -> Self {
        SearchRequest { stop, ..self }
    }

    /// This request with the level's random choice seeded by `seed`.
    pub fn seed(self, seed: u64) -> Self {
        SearchRequest { seed, ..self }
    }

    /// This request with Shogun searched omnisciently (`true`) or fairly.
    pub fn omniscient(self, omniscient: bool) -> Self {
        SearchRequest { omniscient, ..self }
    }

    /// This request with the evaluation `learned` at full strength.
    pub fn learned(self, learned: Learned) -> Self {
        SearchRequest { learned, ..self }
    }

    /// The same request for `position` (the same game as this request's, as another type).
    pub(crate) fn with_position<Q>(&self, position: Q) -> SearchRequest<Q> {
        SearchRequest {
            position,
            history: self.history.clone(),
            limits: self.limits,
            level: self.level,
            stop: Arc::clone(&self.stop),
            seed: self.seed,
            omniscient: self.omniscient,
            learned: self.learned,
        }
    }
}

/// What [`Searcher::search`] searches: a position of any [`crate::SearchGame`], or a
/// [`hasami_core::AnyPosition`] of either family.
pub trait Searchable: Sized {
    /// The moves of this position.
    type Move;

    /// Runs `request` on `searcher`; [`Searcher::search`] is the way to call it.
    fn search_with(
        searcher: &Searcher,
        request: &SearchRequest<Self>,
        on_info: &mut dyn FnMut(&Info<Self::Move>),
    ) -> SearchResult<Self::Move>;
}

impl Searcher {
    /// Runs `request`: searches its position within its limits, at its level (see
    /// [`crate::Level`]: the level's depth cap, then its random choice among the good moves), until
    /// its stop is set or a limit is reached. `on_info` gets one report per completed depth.
    pub fn search<P: Searchable>(
        &self,
        request: &SearchRequest<P>,
        mut on_info: impl FnMut(&Info<P::Move>),
    ) -> SearchResult<P::Move> {
        P::search_with(self, request, &mut on_info)
    }
}
