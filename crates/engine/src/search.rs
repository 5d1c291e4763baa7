//! Alpha-beta search generic over [`SearchGame`]: iterative deepening, aspiration windows, principal variation
//! search, a shared transposition table, killer and history ordering, null-move pruning, late-move
//! reductions, quiescence on captures, win-distance scores and repetition inside the tree. More than one
//! thread runs a shared-table ("lazy SMP") search.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::game::{SearchGame, Terminal, THREAT};
use crate::limits::{Budget, Limits};
use crate::tt::{Bound, Table};

/// Ordering hints of threatening quiet moves lie within 400 of this (below the killers, above the
/// other quiet moves).
const THREAT_BASE: i32 = 8_450;

/// Values of chance outcomes are taken within ±this (30 pieces) so that Star1 can prune at chance
/// nodes; a win behind a chance node counts as this much.
pub const CHANCE_BOUND: i32 = 3_000;

/// The hint that marks a threat move in the quiescence list.
const QUIESCENCE_THREAT: i32 = -1;

/// The table's "no move" key.
const NO_MOVE: u16 = 0xFFFF;

/// Score of a won game at the root; a win in n plies scores `WIN - n`.
pub const WIN: i32 = 30_000;
/// Scores beyond this are wins or losses.
pub const WIN_BOUND: i32 = WIN - 1000;
const INF: i32 = 31_000;
const MAX_PLY: usize = 128;
/// Entries of each thread's evaluation cache (a power of two; 16 bytes each).
const EVAL_CACHE: usize = 1 << 15;

/// Centi-pieces per ply without a capture that the root's side gives up ([`Features::progress`]):
/// 2 beat 1 and 0 against the greedy player in mak-yek (docs/engine.md).
pub const PROGRESS: i32 = 2;

/// Switches for the search features, so each can be measured (docs/engine.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Features {
    /// Null-move pruning.
    pub null_move: bool,
    /// Late-move reductions.
    pub lmr: bool,
    /// Aspiration windows.
    pub aspiration: bool,
    /// Quiescence search.
    pub quiescence: bool,
    /// Reverse futility, futility and late-move pruning and internal iterative reduction.
    pub pruning: bool,
    /// Threatening quiet moves first among quiet moves and exempt from pruning.
    pub threats: bool,
    /// A threat-sequence search ([`SearchGame::forced_win`], VCF for five in a row) where quiescence begins.
    pub vcf: bool,
    /// Evaluations fade towards 0 as the quiet limit (RULES.md D2) nears, and the root's side loses
    /// [`PROGRESS`] per ply without a capture: an advantage must be turned into captures before the
    /// limit draws the game, and a locked position is worth less than an open one.
    pub progress: bool,
    /// Threatening quiet moves also at the first ply of quiescence (off by default; measured in
    /// docs/engine.md).
    pub quiescence_threats: bool,
}

impl Features {
    /// The default features with those named in `off` switched off and those in `on` switched on
    /// (comma-separated: `null_move`, `lmr`, `aspiration`, `quiescence`, `pruning`, `threats`,
    /// `progress`, `vcf`, `quiescence_threats`), for measuring what each is worth. The engine reads these from the
    /// `HASAMI_SEARCH_OFF` and `HASAMI_SEARCH_ON` environment variables; unknown names are ignored.
    pub fn switched(off: &str, on: &str) -> Features {
        let mut f = Features::default();
        for (names, value) in [(off, false), (on, true)] {
            for name in names.split(',').map(str::trim) {
                match name {
                    "null_move" => f.null_move = value,
                    "lmr" => f.lmr = value,
                    "aspiration" => f.aspiration = value,
                    "quiescence" => f.quiescence = value,
                    "pruning" => f.pruning = value,
                    "threats" => f.threats = value,
                    "progress" => f.progress = value,
                    "vcf" => f.vcf = value,
                    "quiescence_threats" => f.quiescence_threats = value,
                    _ => {}
                }
            }
        }
        f
    }
}

impl Default for Features {
    fn default() -> Self {
        Features {
            null_move: true,
            lmr: true,
            aspiration: true,
            quiescence: true,
            pruning: true,
            threats: true,
            progress: true,
            vcf: true,
            quiescence_threats: false,
        }
    }
}

/// One `info` report, after each completed iteration.
#[derive(Debug, Clone)]
pub struct Info<M> {
    /// Depth completed.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score for the side to move (centi-pieces, or a win/loss distance).
    pub score: i32,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Time since the start.
    pub elapsed: Duration,
    /// Principal variation.
    pub pv: Vec<M>,
}

impl<M: std::fmt::Display> Info<M> {
    /// The UGI `info …` line.
    pub fn to_ugi(&self) -> String {
        let score = if self.score.abs() >= WIN_BOUND {
            let plies = WIN - self.score.abs();
            let moves = (plies + 1) / 2;
            format!("mate {}", if self.score > 0 { moves } else { -moves })
        } else {
            format!("cp {}", self.score)
        };
        let ms = self.elapsed.as_millis().max(1) as u64;
        let pv: Vec<String> = self.pv.iter().map(ToString::to_string).collect();
        format!(
            "info depth {} seldepth {} score {score} nodes {} nps {} time {} pv {}",
            self.depth,
            self.seldepth,
            self.nodes,
            self.nodes * 1000 / ms,
            ms,
            pv.join(" ")
        )
    }
}

/// What a search found.
#[derive(Debug, Clone)]
pub struct SearchResult<M> {
    /// The move to play (`None` only when there is no legal move).
    pub best: Option<M>,
    /// Its score.
    pub score: i32,
    /// Depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Root moves with their scores from the last completed iteration (exact for the best, bounds for
    /// the rest), used by the levels.
    pub root_scores: Vec<(M, i32)>,
    /// Principal variation.
    pub pv: Vec<M>,
}

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
    /// Feature switches.
    pub features: Features,
    /// How much worse than 0 a draw is for the side to move at the root, in centi-pieces (the engine
    /// plays on rather than repeat when it is about equal).
    pub contempt: i32,
}

/// The default [`Searcher::contempt`].
pub const DEFAULT_CONTEMPT: i32 = 10;

impl Searcher {
    /// A searcher with a table of `hash_mib` MiB and `threads` threads.
    pub fn new(hash_mib: usize, threads: usize) -> Searcher {
        Searcher {
            tt: Arc::new(Table::new(hash_mib)),
            threads: threads.max(1),
            features: Features::switched(
                &std::env::var("HASAMI_SEARCH_OFF").unwrap_or_default(),
                &std::env::var("HASAMI_SEARCH_ON").unwrap_or_default(),
            ),
            contempt: DEFAULT_CONTEMPT,
        }
    }

    /// Forgets the table (new game).
    pub fn clear(&self) {
        self.tt.clear();
    }

    /// Searches `root` (with the game's earlier `history` of hashes, `root` last) within `limits`,
    /// until `stop` is set or a limit is reached. `on_info` gets one report per completed depth.
    pub fn search<G: SearchGame>(
        &self,
        root: &G,
        history: &[u64],
        limits: &Limits,
        stop: Arc<AtomicBool>,
        mut on_info: impl FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        self.tt.new_search();
        let shared = Arc::new(Shared {
            stop,
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
                let features = self.features;
                let contempt = self.contempt;
                std::thread::spawn(move || {
                    let mut w = Worker::new(&tt, &shared, &history, features);
                    w.helper_done = Some(done);
                    w.contempt = contempt;
                    w.iterate(&root, max_depth, id, &mut |_| {});
                })
            })
            .collect();
        let mut w = Worker::new(&self.tt, &shared, history, self.features);
        w.contempt = self.contempt;
        let mut result = w.iterate(root, max_depth, 0, &mut on_info);
        done.store(true, Ordering::Relaxed);
        for h in helpers {
            let _ = h.join();
        }
        // A helper thread may have completed a deeper iteration than the main thread: play its move.
        let deepest = *shared.deepest.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((depth, score, key)) = deepest {
            if depth > result.depth {
                if let Some(mv) = root.move_from_key(key) {
                    result.best = Some(mv);
                    result.score = score;
                    result.depth = depth;
                    result.pv = w.pv(root, depth as usize);
                    if result.pv.first() != Some(&mv) {
                        result.pv = vec![mv];
                    }
                }
            }
        }
        SearchResult {
            nodes: shared.nodes.load(Ordering::Relaxed) + w.local_nodes,
            ..result
        }
    }
}

/// Whether helper thread `thread` skips iteration `depth` (lazy SMP): the helpers search different
/// depths from the main thread and from each other, so that the shared table holds deeper results
/// sooner and the threads' trees differ. The pattern is the classic one of Stockfish 8–10: helper `i`
/// searches depths in runs of `SKIP_SIZE[i]`, shifted by `SKIP_PHASE[i]`, skipping every other run.
fn skips_depth(thread: usize, depth: u32) -> bool {
    const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
    const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
    if thread == 0 {
        return false;
    }
    let i = (thread - 1) % 20;
    (depth + SKIP_PHASE[i]) / SKIP_SIZE[i] % 2 == 1
}

struct Worker<'a, G: SearchGame> {
    tt: &'a Table,
    shared: &'a Shared,
    path: Vec<u64>,
    root_len: usize,
    features: Features,
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
    evals: Box<[(u64, i32)]>,
}

impl<'a, G: SearchGame> Worker<'a, G> {
    fn new(tt: &'a Table, shared: &'a Shared, history: &[u64], features: Features) -> Self {
        Worker {
            tt,
            shared,
            path: history.to_vec(),
            root_len: history.len(),
            features,
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; 2 * 16384],
            local_nodes: 0,
            seldepth: 0,
            aborted: false,
            helper_done: None,
            contempt: 0,
            lists: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(96)).collect(),
            outcomes: (0..MAX_PLY + 1).map(|_| Vec::new()).collect(),
            evals: vec![(0, 0); EVAL_CACHE].into_boxed_slice(),
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

    fn iterate(
        &mut self,
        root: &G,
        max_depth: u32,
        thread: usize,
        on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        let mut root_moves = Vec::new();
        root.moves(&mut root_moves);
        let mut out = SearchResult {
            best: root_moves.first().map(|m| m.0),
            score: 0,
            depth: 0,
            nodes: 0,
            root_scores: Vec::new(),
            pv: Vec::new(),
        };
        if root_moves.is_empty() {
            out.score = -WIN;
            return out;
        }
        if root_moves.len() == 1 && thread == 0 && max_depth > 1 {
            // Only one move: play it at once (after a shallow search for a score).
            let r = self.iterate(root, 1, thread, on_info);
            return r;
        }
        let mut score: i32 = 0;
        for depth in 1..=max_depth {
            if skips_depth(thread, depth) && depth < max_depth {
                continue;
            }
            self.seldepth = 0;
            let (mut alpha, mut beta) = (-INF, INF);
            let mut delta = 35;
            if self.features.aspiration && depth >= 5 && score.abs() < WIN_BOUND {
                alpha = score - delta;
                beta = score + delta;
            }
            let result = loop {
                let r = self.root(root, &mut root_moves, depth as i32, alpha, beta);
                if self.aborted {
                    break None;
                }
                if r <= alpha {
                    alpha = (alpha - delta).max(-INF);
                    delta *= 2;
                } else if r >= beta {
                    beta = (beta + delta).min(INF);
                    delta *= 2;
                } else {
                    break Some(r);
                }
                if delta > 600 {
                    alpha = -INF;
                    beta = INF;
                }
            };
            // A partly searched iteration still improves the move when its first move was searched.
            out.best = Some(root_moves[0].0);
            let Some(s) = result else {
                break;
            };
            score = s;
            out.score = s;
            out.depth = depth;
            out.pv = self.pv(root, depth as usize);
            out.root_scores = root_moves.clone();
            {
                let mut d = self
                    .shared
                    .deepest
                    .lock()
                    .unwrap_or_else(|e| e.into_inner());
                if d.is_none_or(|(dd, _, _)| depth > dd) {
                    *d = Some((depth, s, G::move_key(root_moves[0].0)));
                }
            }
            on_info(&Info {
                depth,
                seldepth: self.seldepth.max(depth),
                score: s,
                nodes: self.nodes(),
                elapsed: self.shared.start.elapsed(),
                pv: out.pv.clone(),
            });
            if s.abs() >= WIN_BOUND && depth as i32 > WIN - s.abs() + 2 {
                break; // a forced result is proven
            }
            if let Some(soft) = self.shared.budget.soft {
                if self.shared.start.elapsed() >= soft * 6 / 10 {
                    break;
                }
            }
        }
        out
    }

    /// Searches the root moves, keeping them sorted best first (stable for the rest).
    fn root(
        &mut self,
        root: &G,
        moves: &mut [(G::Move, i32)],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut best = -INF;
        for i in 0..moves.len() {
            let mv = moves[i].0;
            let (child, tactical) = root.play(mv);
            self.path.push(child.hash());
            let score = if i == 0 {
                self.after(root, mv, &child, depth - 1, 1, alpha, beta, true)
            } else {
                let mut s = self.after(root, mv, &child, depth - 1, 1, alpha, alpha + 1, false);
                if s > alpha && s < beta && !self.aborted {
                    s = self.after(root, mv, &child, depth - 1, 1, alpha, beta, true);
                }
                s
            };
            let _ = tactical;
            self.path.pop();
            if self.aborted {
                return best;
            }
            moves[i].1 = score;
            if score > best {
                best = score;
                moves[..=i].rotate_right(1);
                if score > alpha {
                    alpha = score;
                }
                if score >= beta {
                    break;
                }
            }
        }
        // Keep the rest ordered by their (bound) scores for the next iteration.
        if moves.len() > 1 {
            moves[1..].sort_by_key(|m| -m.1);
        }
        self.tt.store(
            root.hash(),
            Some(G::move_key(moves[0].0)),
            best,
            depth,
            Bound::Exact,
            None,
        );
        best
    }

    /// The value of playing `mv` in `pos` for the side that plays it, searched `depth` plies deeper
    /// with the window (`alpha`, `beta`) of that side; `child` is [`SearchGame::play`]'s position, whose hash
    /// is the last of the path. With chance outcomes ([`SearchGame::chance_outcomes`]) the value is their
    /// expectation, searched with Star1 pruning (Ballard): each outcome gets the window that could still
    /// move the expectation across alpha or beta, given that values lie within ±[`CHANCE_BOUND`].
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn after(
        &mut self,
        pos: &G,
        mv: G::Move,
        child: &G,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        pv: bool,
    ) -> i32 {
        // A move that ends the game ends it whatever the chance (e.g. taking the last pieces).
        if G::CHANCE && child.terminal(&self.path).is_none() {
            // One buffer per ply, reused (no allocation per chance node).
            let mut outcomes = std::mem::take(&mut self.outcomes[ply.min(MAX_PLY)]);
            outcomes.clear();
            pos.chance_outcomes(mv, &mut outcomes);
            let value = (!outcomes.is_empty())
                .then(|| self.expectation(&outcomes, depth, ply, alpha, beta, pv));
            self.outcomes[ply.min(MAX_PLY)] = outcomes;
            if let Some(v) = value {
                return v;
            }
        }
        -self.search(child, depth, ply, -beta, -alpha, pv)
    }

    fn expectation(
        &mut self,
        outcomes: &[(G, u32)],
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        pv: bool,
    ) -> i32 {
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

    /// The evaluation of `pos`, from a small per-thread cache when it was evaluated recently:
    /// quiescence meets the same positions again in every iteration and from many move orders.
    #[inline]
    fn raw_eval(&mut self, pos: &G) -> i32 {
        let key = pos.hash();
        let slot = &mut self.evals[(key as usize) & (EVAL_CACHE - 1)];
        if slot.0 == key {
            return slot.1;
        }
        let e = pos.evaluate();
        *slot = (key, e);
        e
    }

    /// The static evaluation at `ply` of `pos`, whose evaluation is `e` (from the table or
    /// [`Worker::raw_eval`]), with [`Features::progress`]: faded towards 0 as the quiet limit nears,
    /// and [`PROGRESS`] per quiet ply taken from the root's side.
    #[inline]
    fn static_eval(&self, pos: &G, e: i32, ply: usize) -> i32 {
        let Some((quiet, limit)) = pos.quiet_count().filter(|_| self.features.progress) else {
            return e;
        };
        let (quiet, limit) = (quiet.min(limit) as i32, limit as i32);
        let faded = e * (limit - quiet) / limit;
        faded - self.for_root(ply, PROGRESS * quiet)
    }

    /// `v` for the root's side as seen by the side to move at `ply`.
    #[inline]
    fn for_root(&self, ply: usize, v: i32) -> i32 {
        if ply.is_multiple_of(2) {
            v
        } else {
            -v
        }
    }

    /// A draw's score for the side to move in `pos` at `ply`: below 0 for the root's side (contempt),
    /// and with [`Features::progress`] less [`PROGRESS`] per quiet ply as for every other position
    /// (else a repetition would look better than playing on at a high quiet count).
    #[inline]
    fn draw_score(&self, pos: &G, ply: usize) -> i32 {
        let quiet = match pos.quiet_count() {
            Some((quiet, limit)) if self.features.progress => quiet.min(limit) as i32,
            _ => 0,
        };
        -self.for_root(ply, self.contempt + PROGRESS * quiet)
    }

    #[inline]
    fn terminal_score(&self, pos: &G, t: Terminal, ply: usize) -> i32 {
        match t {
            Terminal::Win => WIN - ply as i32,
            Terminal::Loss => -WIN + ply as i32,
            Terminal::Draw => self.draw_score(pos, ply),
        }
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

    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        pos: &G,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        pv: bool,
    ) -> i32 {
        // Every position visited is a node: finished ones and repetitions too.
        if let Some(t) = pos.terminal(&self.path) {
            self.count_node();
            return self.terminal_score(pos, t, ply);
        }
        if ply > 0 && self.repeated_in_tree(pos.hash()) {
            self.count_node();
            return self.draw_score(pos, ply);
        }
        if depth <= 0 || ply >= MAX_PLY - 2 {
            return if self.features.quiescence {
                self.quiesce(pos, ply, alpha, beta, true)
            } else {
                self.count_node();
                let e = self.raw_eval(pos);
                self.static_eval(pos, e, ply)
            };
        }
        self.count_node();
        if self.aborted {
            return 0;
        }
        // Win-distance pruning.
        alpha = alpha.max(-WIN + ply as i32);
        beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let key = pos.hash();
        let entry = self.tt.probe(key);
        if let Some(e) = entry {
            if !pv && e.depth >= depth {
                let s = from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        let raw_eval = match entry.and_then(|e| e.eval) {
            Some(e) => e,
            None => self.raw_eval(pos),
        };
        let eval = self.static_eval(pos, raw_eval, ply);
        let prune = self.features.pruning && !pv && beta.abs() < WIN_BOUND;
        if prune {
            // Reverse futility pruning.
            if depth <= 5 && eval - 80 * depth >= beta {
                return eval;
            }
            // Null move.
            if self.features.null_move && depth >= 3 && eval >= beta {
                if let Some(null) = pos.null_move() {
                    let r = 3 + depth / 4;
                    self.path.push(null.hash());
                    let s = -self.search(&null, depth - 1 - r, ply + 1, -beta, -beta + 1, false);
                    self.path.pop();
                    if self.aborted {
                        return 0;
                    }
                    if s >= beta {
                        return if s >= WIN_BOUND { beta } else { s };
                    }
                }
            }
        }
        // The table's move, checked for legality, is tried before any other move is generated.
        let tt_move = entry
            .filter(|e| e.mv != NO_MOVE)
            .and_then(|e| pos.move_from_key(e.mv));
        // Internal iterative reduction: without a table move this node is probably less important.
        if tt_move.is_none() && depth >= 4 && self.features.pruning {
            depth -= 1;
        }

        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        let side = usize::from(pos.p1_to_move());
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut quiets_tried = [0u16; 64];
        let mut n_quiets = 0;
        let futile = prune && depth <= 3 && eval + 60 + 90 * depth <= alpha;
        let lmp_limit = if prune && depth <= 5 {
            (4 + depth * depth * 2) as usize
        } else {
            usize::MAX
        };
        let killers = self.killers[ply];
        let mut picker = Picker {
            stage: Stage::Table,
            next: 0,
            segment: 0,
            killer: 0,
            threats: self.features.threats,
        };
        loop {
            // Quiet moves are not generated at all once the pruning below would skip every one of them.
            let skip_quiets =
                searched > 0 && best > -WIN_BOUND && (futile || searched >= lmp_limit);
            let Some((mv, hint)) =
                picker.next(pos, &mut list, tt_move, &killers, skip_quiets, &|l| {
                    self.order(l, side)
                })
            else {
                break;
            };
            // The table move and killers are special; a move from the tactical stage that captured
            // nothing is as quiet as any other.
            let special = matches!(picker.stage, Stage::GenTactical | Stage::Killers);
            let threat = picker.stage == Stage::Threats && hint > THREAT_BASE - 500;
            let (child, tactical) = pos.play(mv);
            let quiet = !tactical && !special;
            if quiet
                && !threat
                && searched > 0
                && best > -WIN_BOUND
                && (futile || searched >= lmp_limit)
            {
                continue; // late-move and futility pruning near the leaves
            }
            if depth > 1 {
                self.tt.prefetch(child.hash()); // quiescence does not probe the table
            }
            self.path.push(child.hash());
            let score = if searched == 0 {
                self.after(pos, mv, &child, depth - 1, ply + 1, alpha, beta, pv)
            } else {
                let mut r = 0;
                if self.features.lmr && depth >= 3 && quiet {
                    r = self.reductions[(depth as usize).min(63)][searched.min(63)] as i32;
                    if pv {
                        r -= 1;
                    }
                    if threat || (picker.stage == Stage::Quiet && hint > 2_000) {
                        r -= 1;
                    }
                    r = r.clamp(0, depth - 2);
                }
                let d = depth - 1;
                let mut s = self.after(pos, mv, &child, d - r, ply + 1, alpha, alpha + 1, false);
                if s > alpha && r > 0 && !self.aborted {
                    s = self.after(pos, mv, &child, d, ply + 1, alpha, alpha + 1, false);
                }
                if s > alpha && s < beta && pv && !self.aborted {
                    s = self.after(pos, mv, &child, d, ply + 1, alpha, beta, true);
                }
                s
            };
            self.path.pop();
            searched += 1;
            if self.aborted {
                self.lists[ply] = list;
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        if !tactical {
                            self.reward(ply, side, mv, depth, &quiets_tried[..n_quiets]);
                        }
                        break;
                    }
                }
            }
            if !tactical && n_quiets < quiets_tried.len() {
                quiets_tried[n_quiets] = G::move_key(mv);
                n_quiets += 1;
            }
        }
        self.lists[ply] = list;
        if searched == 0 {
            // Quiet moves are only skipped after a move was searched, so there was no legal move.
            return -WIN + ply as i32; // W6: no legal move loses
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            key,
            best_move.map(G::move_key),
            to_tt(best, ply),
            depth,
            bound,
            Some(raw_eval),
        );
        best
    }

    /// Ordering hints of quiet moves: the history score, threats above the others.
    fn order(&self, list: &mut [(G::Move, i32)], side: usize) {
        for (mv, hint) in list.iter_mut() {
            let k = G::move_key(*mv);
            let h = self.history[side * 16384 + k as usize];
            *hint = if *hint == THREAT {
                THREAT_BASE + h.clamp(-16_000, 16_000) / 40
            } else {
                h.clamp(-8_000, 8_000)
            };
        }
    }

    /// A quiet move caused a cutoff: make it a killer, raise its history and lower the history of the
    /// quiet moves tried before it.
    fn reward(&mut self, ply: usize, side: usize, mv: G::Move, depth: i32, tried: &[u16]) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let bonus = (depth * depth).min(400);
        let base = side * 16384;
        let h = &mut self.history[base + G::move_key(mv) as usize];
        *h += bonus - *h * bonus / 16384;
        for &t in tried {
            let h = &mut self.history[base + t as usize];
            *h -= bonus + *h * bonus / 16384;
        }
    }

    /// Quiescence: stand pat on the static evaluation, or try the captures and wins. It does not use
    /// the table: measured, probing it here made every node slower (a cache miss each) for few cutoffs.
    fn quiesce(&mut self, pos: &G, ply: usize, mut alpha: i32, beta: i32, first: bool) -> i32 {
        self.count_node();
        self.seldepth = self.seldepth.max(ply as u32);
        if self.aborted {
            return 0;
        }
        let e = self.raw_eval(pos);
        let stand = self.static_eval(pos, e, ply);
        if stand >= beta || ply >= MAX_PLY - 2 {
            // A forced win would fail high too: the threat search is only run where it can matter.
            return stand;
        }
        if first && self.features.vcf {
            let (win, visited) = pos.forced_win();
            self.local_nodes += visited;
            if let Some(n) = win {
                return WIN - (ply as i32 + n as i32);
            }
        }
        alpha = alpha.max(stand);
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        pos.tactical_moves(&mut list);
        list.sort_unstable_by_key(|m| std::cmp::Reverse(m.1));
        let mut best = stand;
        if first && self.features.quiescence_threats {
            // Threats to sandwich at the first ply: the reply stands pat on an evaluation that counts
            // the pieces left hanging (and two at once as a fork).
            let start = list.len();
            pos.threat_moves(&mut list);
            for m in &mut list[start..] {
                m.1 = QUIESCENCE_THREAT;
            }
        }
        for &(mv, hint) in &list {
            if hint == 0 {
                continue; // only looked tactical
            }
            let (child, tactical) = pos.play(mv);
            self.path.push(child.hash());
            let score = match child.terminal(&self.path) {
                Some(t) => {
                    self.count_node();
                    self.terminal_score(&child, t, ply + 1)
                }
                None if !tactical && hint != QUIESCENCE_THREAT => {
                    // Not a capture after all: quiescence searches only captures and wins.
                    self.path.pop();
                    continue;
                }
                None => -self.quiesce(&child, ply + 1, -beta, -alpha, false),
            };
            self.path.pop();
            if self.aborted {
                self.lists[ply] = list;
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        best
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

/// A move with its ordering hint.
type MoveHint<G> = (<G as SearchGame>::Move, i32);

/// Stages of move picking at a node.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    Table,
    GenTactical,
    Tactical,
    Killers,
    Threats,
    Quiet,
}

/// Hands out a node's moves stage by stage: the table's move, tactical moves (best hint first), the
/// killers, threatening quiet moves, then the other quiet moves (both by history); each stage is
/// generated only when reached, and the quiet moves not at all when they would all be pruned.
struct Picker {
    stage: Stage,
    next: usize,
    segment: usize,
    killer: usize,
    /// Whether threatening quiet moves are a stage of their own (exempt from pruning).
    threats: bool,
}

impl Picker {
    fn next<G: SearchGame>(
        &mut self,
        pos: &G,
        list: &mut Vec<(G::Move, i32)>,
        tt_move: Option<G::Move>,
        killers: &[Option<G::Move>; 2],
        skip_quiets: bool,
        order: &dyn Fn(&mut [MoveHint<G>]),
    ) -> Option<(G::Move, i32)> {
        loop {
            match self.stage {
                Stage::Table => {
                    self.stage = Stage::GenTactical;
                    if let Some(m) = tt_move {
                        return Some((m, 1_000_000));
                    }
                }
                Stage::GenTactical => {
                    self.stage = Stage::Tactical;
                    pos.tactical_moves(list);
                    list.sort_unstable_by_key(|m| std::cmp::Reverse(m.1));
                }
                Stage::Tactical => {
                    if self.next < list.len() && list[self.next].1 > 0 {
                        let m = list[self.next];
                        self.next += 1;
                        if Some(m.0) != tt_move {
                            return Some(m);
                        }
                        continue;
                    }
                    self.stage = Stage::Killers;
                }
                Stage::Killers => {
                    if self.killer < 2 && !skip_quiets {
                        let i = self.killer;
                        self.killer += 1;
                        let Some(k) = killers[i] else { continue };
                        if Some(k) == tt_move || list[..self.next].iter().any(|m| m.0 == k) {
                            continue;
                        }
                        if let Some(k) = pos.move_from_key(G::move_key(k)) {
                            return Some((k, 9_000 - 100 * i as i32));
                        }
                        continue;
                    }
                    // The tactical stage's moves with hint 0 are quiet moves: they join the next
                    // segment.
                    self.segment = self.next;
                    if self.threats {
                        self.stage = Stage::Threats;
                        pos.threat_moves(list);
                    } else {
                        self.stage = Stage::Quiet;
                        pos.quiet_moves(list);
                    }
                    order(&mut list[self.segment..]);
                }
                Stage::Threats | Stage::Quiet => {
                    let i = self.next - self.segment;
                    let Some(m) = pick(&mut list[self.segment..], i) else {
                        if self.stage == Stage::Quiet || skip_quiets {
                            return None;
                        }
                        self.stage = Stage::Quiet;
                        self.segment = self.next;
                        pos.quiet_moves(list);
                        order(&mut list[self.segment..]);
                        continue;
                    };
                    // Hint-0 leftovers of the tactical stage are ordinary quiet moves.
                    if self.stage == Stage::Quiet && skip_quiets
                        || self.stage == Stage::Threats && skip_quiets && m.1 < THREAT_BASE - 500
                    {
                        if self.stage == Stage::Quiet {
                            return None;
                        }
                        self.next += 1;
                        continue;
                    }
                    self.next += 1;
                    if Some(m.0) == tt_move || Some(m.0) == killers[0] || Some(m.0) == killers[1] {
                        continue;
                    }
                    return Some(m);
                }
            }
        }
    }
}

/// The move at `i` in ordering-hint order: the first few by selection (most nodes need only those), the
/// rest sorted once.
#[inline]
fn pick<M: Copy>(list: &mut [(M, i32)], i: usize) -> Option<(M, i32)> {
    if i >= list.len() {
        return None;
    }
    if i < 8 {
        // The first of the highest hints: the highest found in one branch-free pass, then its first
        // place.
        let rest = &list[i..];
        let top = rest.iter().fold(i32::MIN, |a, m| a.max(m.1));
        let k = rest.iter().position(|m| m.1 == top).unwrap_or(0);
        list.swap(i, i + k);
    } else if i == 8 {
        list[8..].sort_unstable_by_key(|m| std::cmp::Reverse(m.1));
    }
    Some(list[i])
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score + ply as i32
    } else if score <= -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score - ply as i32
    } else if score <= -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}
