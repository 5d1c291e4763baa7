//! Alpha-beta search generic over [`SearchGame`]: iterative deepening, aspiration windows, principal variation
//! search, a shared transposition table, killer and history ordering, null-move pruning, late-move
//! reductions, quiescence on captures, win-distance scores and repetition inside the tree. More than one
//! thread runs a shared-table ("lazy SMP") search.
//!
//! This file holds the searcher and its threads; `iterate.rs` the iterative deepening, the root and
//! several best lines (MultiPV); `node.rs` the alpha-beta node and quiescence, `picker.rs` the
//! staged move picker, `result.rs` what a search reports, `endgame.rs` the scores of positions found
//! in endgame tables.

use crate::clock::Instant;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use crate::game::SearchGame;
use crate::limits::{Budget, Limits};
use crate::pressing::Pressing;
use crate::tables::Tables;
use crate::tt::{from_tt, quiet_left, to_tt, Bound, HashError, Table};

mod endgame;
mod iterate;
mod node;
mod picker;
mod result;
mod scores;

pub use result::{Info, Line, SearchResult};

/// Ordering hints of threatening quiet moves lie within 400 of this (below the killers, above the
/// other quiet moves).
const THREAT_BASE: i32 = 8_450;

/// Values of chance outcomes are taken within ±this (30 pieces) so that Star1 can prune at chance
/// nodes; a win behind a chance node counts as this much.
const CHANCE_BOUND: i32 = 3_000;

/// The table's "no move" key.
const NO_MOVE: u16 = 0xFFFF;

use crate::score::{WIN, WIN_BOUND};
const INF: i32 = 31_000;
const MAX_PLY: usize = 128;
/// Entries of each thread's evaluation cache (a power of two; 8 bytes each: 256 KiB).
const EVAL_CACHE: usize = 1 << 15;

/// Shared state of one search.
struct Shared {
    stop: Arc<AtomicBool>,
    nodes: AtomicU64,
    /// The deepest iteration any thread completed: (depth, score, key of its best move).
    deepest: std::sync::Mutex<Option<(u32, i32, u16)>>,
    start: Instant,
    budget: Budget,
    node_limit: Option<u64>,
}

impl Shared {
    fn out_of_time(&self) -> bool {
        self.budget.hard.is_some_and(|h| self.start.elapsed() >= h)
    }
}

/// A search engine for one game type: a transposition table and settings.
pub struct Searcher {
    tt: Arc<Table>,
    /// Number of threads.
    pub threads: usize,
    /// How much worse than 0 a draw is for the side to move at the root, in centi-pieces (the engine
    /// plays on rather than repeat when it is about equal).
    pub contempt: i32,
    /// Endgame tables the search looks positions up in (docs/tables.md); those of
    /// [`crate::tables::set_default`] when created (none unless set).
    pub tables: Option<Arc<Tables>>,
}

/// The default [`Searcher::contempt`].
pub(crate) const DEFAULT_CONTEMPT: i32 = 10;

impl Searcher {
    /// A searcher with a table of `hash_mib` MiB and `threads` threads.
    pub fn new(hash_mib: usize, threads: usize) -> Searcher {
        Searcher::try_new(hash_mib, threads).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A searcher with a table of `hash_mib` MiB, or why the table cannot be had: more than
    /// [`crate::MAX_MIB`], or memory the system would not give.
    pub fn try_new(hash_mib: usize, threads: usize) -> Result<Searcher, HashError> {
        Ok(Searcher {
            tt: Arc::new(Table::try_new(hash_mib)?),
            threads: threads.max(1),
            contempt: DEFAULT_CONTEMPT,
            tables: crate::tables::probe::default_tables(),
        })
    }

    /// This searcher's table and contempt with other threads and endgame tables: nothing
    /// new is allocated (UGI's `Threads` and `TablePath` keep the table they have).
    pub fn reshaped(&self, threads: usize, tables: Option<Arc<Tables>>) -> Searcher {
        Searcher {
            tt: Arc::clone(&self.tt),
            threads: threads.max(1),
            contempt: self.contempt,
            tables,
        }
    }

    /// Forgets the table (new game).
    pub fn clear(&self) {
        self.tt.clear();
    }

    /// Searches `root` (with the game's earlier `history` of hashes, `root` last) within `limits`,
    /// pressing a lead as `pressing` says, until `stop` is set or a limit is reached. `on_info` gets
    /// one report per completed depth.
    pub(crate) fn run<G: SearchGame>(
        &self,
        root: &G,
        history: &[u64],
        limits: &Limits,
        stop: &Arc<AtomicBool>,
        pressing: Pressing,
        on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        self.tt.new_search();
        let shared = Arc::new(Shared {
            stop: Arc::clone(stop),
            nodes: AtomicU64::new(0),
            deepest: std::sync::Mutex::new(None),
            start: Instant::now(),
            budget: limits.budget(),
            node_limit: limits.nodes,
        });
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .min(MAX_PLY as u32 - 8);
        let done = Arc::new(AtomicBool::new(false));
        let helpers: Vec<_> = (1..self.threads)
            .map(|id| {
                let tt = Arc::clone(&self.tt);
                let shared = Arc::clone(&shared);
                let done = Arc::clone(&done);
                let root = *root;
                let history = history.to_vec();
                let (contempt, tables) = (self.contempt, self.tables.clone());
                std::thread::spawn(move || {
                    let mut w = Worker::new(&tt, &shared, &history, pressing, contempt, tables);
                    w.helper_done = Some(done);
                    w.iterate(&root, max_depth, id, 1, &mut |_| {});
                })
            })
            .collect();
        let mut w = Worker::new(
            &self.tt,
            &shared,
            history,
            pressing,
            self.contempt,
            self.tables.clone(),
        );
        let lines = limits.multipv.max(1) as usize;
        // Scores are shown without the root's own deadline cost (`scores::shown`).
        let root_cost = scores::deadline_of(pressing, root).map_or(0, |d| d.cost(root, 0));
        let mut show = |info: &Info<G::Move>| {
            let mut info = info.clone();
            info.score = scores::shown(info.score, root_cost);
            on_info(&info)
        };
        let mut result = w.iterate(root, max_depth, 0, lines, &mut show);
        done.store(true, Ordering::Relaxed);
        for h in helpers {
            let _ = h.join();
        }
        // A helper thread may have completed a deeper iteration than the main thread: play its move.
        let deepest = *shared.deepest.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((depth, score, key)) = deepest.filter(|_| lines == 1) {
            if depth > result.depth {
                if let Some(mv) = root.move_from_key(key) {
                    result.best = Some(mv);
                    result.score = score;
                    result.depth = depth;
                    result.pv = w.pv(root, depth as usize);
                    if result.pv.first() != Some(&mv) {
                        result.pv = vec![mv];
                    }
                    result.lines = vec![Line {
                        score,
                        pv: result.pv.clone(),
                    }];
                }
            }
        }
        result.score = scores::shown(result.score, root_cost);
        for line in &mut result.lines {
            line.score = scores::shown(line.score, root_cost);
        }
        for (_, score) in &mut result.root_scores {
            *score = scores::shown(*score, root_cost);
        }
        SearchResult {
            nodes: shared.nodes.load(Ordering::Relaxed) + w.local_nodes,
            ..result
        }
    }
}

/// How a child of a node is searched ([`Worker::after`]): `depth` plies deeper, at `ply`, with the
/// window (`alpha`, `beta`) of the side that played the move; `pv` on the principal variation.
#[derive(Clone, Copy, Debug)]
struct Window {
    depth: i32,
    ply: usize,
    alpha: i32,
    beta: i32,
    pv: bool,
}

struct Worker<'a, G: SearchGame> {
    tt: &'a Table,
    shared: &'a Shared,
    path: Vec<u64>,
    root_len: usize,
    /// How hard this search presses a lead.
    pressing: Pressing,
    killers: [[Option<G::Move>; 2]; MAX_PLY],
    history: Vec<i32>,
    local_nodes: u64,
    seldepth: u32,
    aborted: bool,
    helper_done: Option<Arc<AtomicBool>>,
    contempt: i32,
    lists: Vec<Vec<(G::Move, i32)>>,
    /// Chance outcomes of a move, one buffer per ply ([`Worker::after`]).
    outcomes: Vec<Vec<(G, u32)>>,
    reductions: Box<[[u8; 64]; 64]>,
    /// Recent static evaluations by position hash (see [`Worker::raw_eval`]).
    evals: Box<[u64]>,
    /// Endgame tables to look positions up in.
    tables: Option<Arc<Tables>>,
    /// What [`Pressing::Full`]'s deadline prices in this search, when it applies (the root's side
    /// leads).
    deadline: Option<scores::Deadline>,
}

impl<'a, G: SearchGame> Worker<'a, G> {
    fn new(
        tt: &'a Table,
        shared: &'a Shared,
        history: &[u64],
        pressing: Pressing,
        contempt: i32,
        tables: Option<Arc<Tables>>,
    ) -> Self {
        Worker {
            tt,
            shared,
            path: history.to_vec(),
            root_len: history.len(),
            pressing,
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; 2 * 16384],
            local_nodes: 0,
            seldepth: 0,
            aborted: false,
            helper_done: None,
            contempt,
            lists: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(96)).collect(),
            outcomes: (0..MAX_PLY + 1).map(|_| Vec::new()).collect(),
            evals: vec![scores::EMPTY_EVAL; EVAL_CACHE].into_boxed_slice(),
            tables,
            deadline: None,
            reductions: Box::new(std::array::from_fn(|d| {
                std::array::from_fn(|i| {
                    if d == 0 || i == 0 {
                        0
                    } else {
                        (0.75 + (d as f64).ln() * (i as f64).ln() / 2.0) as u8
                    }
                })
            })),
        }
    }

    fn nodes(&self) -> u64 {
        self.shared.nodes.load(Ordering::Relaxed) + self.local_nodes
    }

    #[inline]
    fn count_node(&mut self) {
        self.local_nodes += 1;
        if self.local_nodes & 1023 == 0 {
            self.shared.nodes.fetch_add(1024, Ordering::Relaxed);
            self.local_nodes -= 1024;
            if self.shared.stop.load(Ordering::Relaxed)
                || self.shared.out_of_time()
                || self.shared.node_limit.is_some_and(|n| self.nodes() >= n)
                || self
                    .helper_done
                    .as_ref()
                    .is_some_and(|d| d.load(Ordering::Relaxed))
            {
                self.aborted = true;
            }
        }
    }

    /// The value of playing `mv` in `pos` for the side that plays it, searched `depth` plies deeper
    /// with the window (`alpha`, `beta`) of that side; `child` is [`SearchGame::play`]'s position, whose hash
    /// is the last of the path. With chance outcomes ([`SearchGame::chance_outcomes`]) the value is their
    /// expectation, searched with Star1 pruning (Ballard): each outcome gets the window that could still
    /// move the expectation across alpha or beta, given that values lie within ±[`CHANCE_BOUND`].
    #[inline]
    fn after(&mut self, pos: &G, mv: G::Move, child: &G, window: Window) -> i32 {
        let Window {
            depth,
            ply,
            alpha,
            beta,
            pv,
        } = window;
        // A move that ends the game ends it whatever the chance (e.g. taking the last pieces).
        if G::CHANCE && child.terminal(&self.path).is_none() {
            // One buffer per ply, reused (no allocation per chance node).
            let mut outcomes = std::mem::take(&mut self.outcomes[ply.min(MAX_PLY)]);
            outcomes.clear();
            pos.chance_outcomes(mv, &mut outcomes);
            let value = (!outcomes.is_empty()).then(|| self.expectation(&outcomes, window));
            self.outcomes[ply.min(MAX_PLY)] = outcomes;
            if let Some(v) = value {
                return v;
            }
        }
        -self.search(child, depth, ply, -beta, -alpha, pv)
    }

    fn expectation(&mut self, outcomes: &[(G, u32)], window: Window) -> i32 {
        let Window {
            depth,
            ply,
            alpha,
            beta,
            pv,
        } = window;
        let (lo, hi) = (-i64::from(CHANCE_BOUND), i64::from(CHANCE_BOUND));
        let total: i64 = outcomes.iter().map(|o| i64::from(o.1)).sum();
        let (alpha, beta) = (i64::from(alpha), i64::from(beta));
        let mut sum = 0i64;
        let mut rest = total;
        let last = self.path.len() - 1;
        let certain = self.path[last];
        for (i, (child, w)) in outcomes.iter().enumerate() {
            let w = i64::from(*w);
            rest -= w;
            // The expectation is (sum + w·v + rest·x) / total with x in [lo, hi].
            let a = (alpha * total - sum - rest * hi).div_euclid(w);
            let b = (beta * total - sum - rest * lo + w - 1).div_euclid(w);
            let (a, b) = (a.clamp(lo - 1, hi), b.clamp(lo, hi + 1));
            self.path[last] = child.hash();
            let v =
                i64::from(-self.search(child, depth, ply, -(b as i32), -(a as i32), pv && i == 0))
                    .clamp(lo, hi);
            if self.aborted {
                break;
            }
            if v <= a {
                self.path[last] = certain;
                return ((sum + w * v + rest * hi) / total) as i32;
            }
            if v >= b {
                self.path[last] = certain;
                return ((sum + w * v + rest * lo) / total) as i32;
            }
            sum += w * v;
        }
        self.path[last] = certain;
        (sum / total) as i32
    }

    fn repeated_in_tree(&self, hash: u64) -> bool {
        // The current position (last in the path) appeared earlier in the search path (same side).
        let n = self.path.len();
        let mut i = n.saturating_sub(3);
        while i >= self.root_len.saturating_sub(1) && i + 3 <= n {
            if self.path[i] == hash {
                return true;
            }
            if i < 2 {
                break;
            }
            i -= 2;
        }
        false
    }

    fn pv(&self, root: &G, max: usize) -> Vec<G::Move> {
        let mut pv = Vec::new();
        let mut pos = *root;
        let mut seen = Vec::new();
        let mut list = Vec::new();
        while pv.len() < max {
            let Some(e) = self.tt.probe(pos.hash()) else {
                break;
            };
            list.clear();
            pos.moves(&mut list);
            let Some(&(mv, _)) = list.iter().find(|m| G::move_key(m.0) == e.mv) else {
                break;
            };
            pv.push(mv);
            pos = pos.play(mv).0;
            if seen.contains(&pos.hash()) {
                break;
            }
            seen.push(pos.hash());
        }
        pv
    }
}
