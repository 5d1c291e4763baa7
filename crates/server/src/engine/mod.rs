//! Engine searches for replies and hints, off the async runtime.
//!
//! Each search runs on `tokio::task::spawn_blocking` after taking a permit of a semaphore, so at most
//! [`Engine::new`]'s `max_searches` full-strength searches run at once (the others wait their turn, in
//! order) and the async workers stay free for HTTP and WebSocket traffic. Searches that take
//! milliseconds have a lane of their own, so they never wait behind expensive ones; which searches
//! those are is measured, not assumed from the level ([`lanes`]). Searchers (each with its own transposition table)
//! are pooled and reused (at most `max_searches` of them). Every search stops when its requester goes
//! away or its game no longer needs it ([`StopOnDrop`], the reply's stop flag in the live game).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use hasami_core::AnyPosition;
use hasami_engine::{level_for, Limits, SearchRequest, Searcher};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

pub mod lanes;

pub use hasami_view::Analysis;

use lanes::{CostBook, Kind, Lane};

/// Hash table size of one searcher, MiB.
const HASH_MIB: usize = 16;

/// The longest any engine reply may think (levels with a depth cap usually finish far sooner).
pub const REPLY_TIME: Duration = Duration::from_millis(1500);

/// A request for [`Engine::search`]: `pos` (with the game's position hashes `history`, `pos` last)
/// at level `level_number` (1–10) for at most `time`, one line, seed 0, stopped by a flag of its
/// own; set the rest on it.
pub fn timed(
    pos: AnyPosition,
    history: Vec<u64>,
    level_number: u32,
    time: Duration,
) -> SearchRequest<AnyPosition> {
    let level = level_for(&pos, level_number);
    SearchRequest::new(pos, history)
        .level(level)
        .limits(Limits {
            movetime: Some(time),
            ..Limits::default()
        })
}

/// The engine service shared by all games.
pub struct Engine {
    /// Full-strength searches (level 10, hints, analysis): `max_searches` at once.
    permits: Arc<Semaphore>,
    /// Searches expected to take milliseconds: a lane of their own, so a cheap reply never waits
    /// behind a crowd of expensive ones.
    quick: Arc<Semaphore>,
    /// What searches of each kind have cost: which lane a search takes.
    costs: Arc<CostBook>,
    pool: Mutex<Vec<Searcher>>,
    /// The most searchers kept for reuse (each holds a table of [`HASH_MIB`] MiB).
    max_pooled: usize,
    /// Full-strength searches allowed at once.
    max_searches: usize,
    /// Searches asked of the engine since the start.
    asked: AtomicU64,
}

/// A stop flag that fires when it is dropped: held by the future that waits for a search, so the
/// search stops when its requester goes away (a client that hangs up drops the request's future).
pub struct StopOnDrop(pub Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl Engine {
    /// An engine service running at most `max_searches` searches at once.
    pub fn new(max_searches: usize) -> Engine {
        Engine {
            permits: Arc::new(Semaphore::new(max_searches.max(1))),
            quick: Arc::new(Semaphore::new(1)),
            costs: Arc::new(CostBook::default()),
            pool: Mutex::new(Vec::new()),
            max_pooled: max_searches.max(1) + 1,
            max_searches: max_searches.max(1),
            asked: AtomicU64::new(0),
        }
    }

    /// Searches asked of the engine since the start (replies, hints, analysis, reviews).
    pub fn searches_asked(&self) -> u64 {
        self.asked.load(Ordering::Relaxed)
    }

    /// Full-strength searches running now.
    pub fn searches_running(&self) -> usize {
        self.max_searches
            .saturating_sub(self.permits.available_permits())
    }

    /// Runs `request` (made by [`timed`], which sets its level and time): its level's random
    /// choice seeded by its seed, Shogun searched fairly unless it is omniscient, reporting as many
    /// best lines as its limits ask (1 but for the analysis board's MultiPV).
    ///
    /// The search stops early when the request's stop fires (the game changed) or when this future
    /// is dropped (its requester went away). A permit is held for as long as the search runs, not
    /// only while it is awaited, so at most `max_searches` expensive searches ever run at once,
    /// beside at most one cheap one in its own lane ([`lanes`]).
    pub async fn search(self: &Arc<Self>, request: SearchRequest<AnyPosition>) -> Analysis {
        self.asked.fetch_add(1, Ordering::Relaxed);
        let stop = Arc::clone(&request.stop);
        let position = request.position;
        let lvl = request
            .level
            .unwrap_or_else(|| level_for(&request.position, 10));
        let _requester = StopOnDrop(Arc::clone(&stop));
        let kind = Kind::of(&request.position, &lvl);
        let Some(permit) = self.turn(kind).await else {
            return Analysis::nothing();
        };
        let this = Arc::clone(self);
        let run = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            let searcher = this.take_searcher();
            let started = Instant::now();
            let out = searcher.search(&request, |_| {});
            if !stop.load(Ordering::Relaxed) {
                this.costs.note(kind, started.elapsed());
            }
            this.give_back(searcher);
            Some(out)
        })
        .await;
        match run {
            Ok(Some(out)) => Analysis::of(&out, position),
            _ => Analysis::nothing(),
        }
    }

    /// Waits for a search of `kind` to have its turn: the permit of the lane its cost gives it. A
    /// search that waited in the quick lane while its kind proved slow (another search of the kind
    /// took long meanwhile) gives the quick lane back and waits with the expensive ones. `None` if
    /// the engine is closing.
    async fn turn(&self, kind: Kind) -> Option<OwnedSemaphorePermit> {
        if self.costs.lane(kind) == Lane::Quick {
            let permit = Arc::clone(&self.quick).acquire_owned().await.ok()?;
            if self.costs.lane(kind) == Lane::Quick {
                return Some(permit);
            }
        }
        Arc::clone(&self.permits).acquire_owned().await.ok()
    }

    /// A pooled searcher, or a new one.
    fn take_searcher(&self) -> Searcher {
        self.pool
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .pop()
            .unwrap_or_else(|| Searcher::new(HASH_MIB, 1))
    }

    /// Keeps `searcher` for reuse unless the pool is full (then its memory is freed).
    fn give_back(&self, searcher: Searcher) {
        let mut pool = self.pool.lock().unwrap_or_else(|p| p.into_inner());
        if pool.len() < self.max_pooled {
            pool.push(searcher);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hasami_core::{AnyGame, Variant};

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_search_whose_kind_proved_slow_while_it_waited_leaves_the_quick_lane() {
        let engine = Arc::new(Engine::new(1));
        let pos = AnyGame::from_variant(Variant::parse("hasami").unwrap()).position();
        let request = timed(pos, vec![], 1, REPLY_TIME);
        let kind = Kind::of(&pos, request.level.as_ref().unwrap());
        assert_eq!(engine.costs.lane(kind), Lane::Quick);
        // Both lanes busy; the search waits in the quick one.
        let quick = Arc::clone(&engine.quick).acquire_owned().await.unwrap();
        let full = Arc::clone(&engine.permits).acquire_owned().await.unwrap();
        let waiting = tokio::spawn({
            let engine = Arc::clone(&engine);
            async move { engine.search(request).await }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        // Meanwhile a search of its kind took a second: when the quick lane frees, this one goes
        // to wait with the expensive ones instead of holding the quick lane.
        engine.costs.note(kind, Duration::from_secs(1));
        drop(quick);
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(!waiting.is_finished(), "it ran in the quick lane");
        assert_eq!(engine.quick.available_permits(), 1);
        drop(full);
        let analysis = tokio::time::timeout(Duration::from_secs(30), waiting)
            .await
            .expect("it runs once the full lane frees")
            .unwrap();
        assert!(analysis.best.is_some());
    }
}
