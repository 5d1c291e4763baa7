//! Engine searches for replies and hints, off the async runtime.
//!
//! Each search runs on `tokio::task::spawn_blocking` after taking a permit of a semaphore, so at most
//! [`Engine::new`]'s `max_searches` searches run at once (the others wait their turn) and the async
//! workers stay free for HTTP and WebSocket traffic. Searchers (each with its own transposition table)
//! are pooled and reused.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use hasami_core::{AnyPosition, Move};
use hasami_engine::{level, search_any, Limits, Searcher, WIN};
use tokio::sync::Semaphore;

/// Hash table size of one searcher, MiB.
const HASH_MIB: usize = 16;

/// The longest any engine reply may think (levels with a depth cap usually finish far sooner).
pub const REPLY_TIME: Duration = Duration::from_millis(1500);

/// The engine service shared by all games.
pub struct Engine {
    permits: Semaphore,
    pool: Mutex<Vec<Searcher>>,
}

/// What a search found.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Analysis {
    /// The best move, `None` when there is no legal move.
    pub best: Option<String>,
    /// Score for the side to move in centi-pieces (100 = one piece); large for a forced win.
    pub score: i32,
    /// Moves to a forced win (positive) or loss (negative), when the search proved one.
    pub mate: Option<i32>,
    /// Depth completed.
    pub depth: u32,
    /// Principal variation.
    pub pv: Vec<String>,
    /// Nodes searched.
    pub nodes: u64,
}

impl Engine {
    /// An engine service running at most `max_searches` searches at once.
    pub fn new(max_searches: usize) -> Engine {
        Engine {
            permits: Semaphore::new(max_searches.max(1)),
            pool: Mutex::new(Vec::new()),
        }
    }

    /// Searches `pos` (with the game's position hashes `history`, `pos` last) at `level` (1–10) for
    /// at most `time`; `seed` makes the level's random choice reproducible. Shogun is searched fairly
    /// (the numbers pieces will show are chance nodes) unless `omniscient`.
    pub async fn search(
        self: &Arc<Self>,
        pos: AnyPosition,
        omniscient: bool,
        history: Vec<u64>,
        level_number: u32,
        time: Duration,
        seed: u64,
    ) -> Analysis {
        let _permit = self.permits.acquire().await.ok();
        let this = Arc::clone(self);
        let run = tokio::task::spawn_blocking(move || {
            let searcher = this
                .pool
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .pop()
                .unwrap_or_else(|| Searcher::new(HASH_MIB, 1));
            let limits = Limits {
                movetime: Some(time),
                ..Limits::default()
            };
            let out = search_any(
                &searcher,
                level(level_number),
                pos,
                omniscient,
                &history,
                &limits,
                Arc::new(AtomicBool::new(false)),
                seed,
                |_| {},
            );
            this.pool
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .push(searcher);
            out
        })
        .await;
        match run {
            Ok(out) => analysis(out.best, out.score, out.depth, &out.pv, out.nodes),
            Err(_) => analysis(None, 0, 0, &[], 0),
        }
    }
}

fn analysis(best: Option<Move>, score: i32, depth: u32, pv: &[Move], nodes: u64) -> Analysis {
    let bound = WIN - 1000;
    let mate = (score.abs() >= bound).then(|| {
        let moves = (WIN - score.abs() + 1) / 2;
        if score > 0 {
            moves
        } else {
            -moves
        }
    });
    Analysis {
        best: best.map(|m| m.to_string()),
        score,
        mate,
        depth,
        pv: pv.iter().map(ToString::to_string).collect(),
        nodes,
    }
}
