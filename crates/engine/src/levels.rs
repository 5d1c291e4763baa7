//! Playing levels 1–10: a depth cap and a margin within which the engine picks among good moves at
//! random, so weak levels make plausible, human-like mistakes but never throw away a won position.
//!
//! The table and the measured strength of each step are in docs/engine.md ("Levels", "Strength
//! measurements").

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use crate::game::{SearchGame, Terminal};
use crate::limits::Limits;
use crate::search::{Info, SearchResult, Searcher, WIN, WIN_BOUND};

/// The settings of one level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level {
    /// 1–10.
    pub number: u32,
    /// Deepest search, `None` for no cap (level 10: time decides).
    pub depth: Option<u32>,
    /// A move whose score is within this many centi-pieces of the best may be picked (0: the search's
    /// own move is played).
    pub margin: i32,
}

/// Level `n` (clamped to 1–10). See docs/engine.md for the table and the measured ladder.
pub const fn level(n: u32) -> Level {
    let n = if n == 0 {
        1
    } else if n > 10 {
        10
    } else {
        n
    };
    let (depth, margin) = match n {
        1 => (Some(1), 300),
        2 => (Some(1), 150),
        3 => (Some(1), 30),
        4 => (Some(2), 150),
        5 => (Some(2), 80),
        6 => (Some(2), 15),
        7 => (Some(3), 50),
        8 => (Some(4), 15),
        9 => (Some(6), 0),
        _ => (None, 0),
    };
    Level {
        number: n,
        depth,
        margin,
    }
}

/// Searches like [`Searcher::search`] with the level's depth cap. For a level with a margin it then
/// scores every root move exactly at the level's depth (a search of one ply less from each reply, or
/// the static evaluation at depth 1) and picks one at random among those within the margin of the
/// best, weighted towards the best; a forced win, or the only escape from a forced loss, is always
/// taken. `seed` makes the choice reproducible. The rescoring keeps to the time limit: when the time
/// (or `stop`) comes first, the choice is among the moves scored so far and the search's own move.
#[allow(clippy::too_many_arguments)]
pub fn search_at_level<G: SearchGame>(
    searcher: &Searcher,
    level: Level,
    root: &G,
    history: &[u64],
    limits: &Limits,
    stop: Arc<AtomicBool>,
    seed: u64,
    on_info: impl FnMut(&Info<G::Move>),
) -> SearchResult<G::Move> {
    let started = Instant::now();
    let deadline = limits.budget().hard.map(|h| started + h);
    let mut limits = *limits;
    if let Some(cap) = level.depth {
        limits.depth = Some(limits.depth.map_or(cap, |d| d.min(cap)));
    }
    let mut out = searcher.search(root, history, &limits, Arc::clone(&stop), on_info);
    if level.margin == 0 || out.best.is_none() || out.score.abs() >= WIN_BOUND {
        return out;
    }
    let mut order: Vec<G::Move> = out.root_scores.iter().map(|m| m.0).collect();
    if order.is_empty() {
        let mut list = Vec::new();
        root.moves(&mut list);
        order = list.into_iter().map(|m| m.0).collect();
    }
    let mut scored = score_root_moves(
        searcher,
        root,
        history,
        &order,
        out.depth.max(1),
        &stop,
        deadline,
    );
    if let Some(mv) = out.best {
        if !scored.iter().any(|s| s.0 == mv) {
            // Time ran out before the search's own move was scored again.
            scored.push((mv, out.score));
        }
    }
    let best = scored.iter().map(|s| s.1).max().unwrap_or(0);
    if best.abs() >= WIN_BOUND {
        // Never miss a forced win, nor walk into a forced loss when another move avoids it.
        if let Some(m) = scored.iter().find(|s| s.1 == best) {
            out.best = Some(m.0);
            out.score = best;
        }
        return out;
    }
    // Weight 1 + margin − (best − score): the best move is the likeliest, one at the edge of the
    // margin the least likely.
    let candidates: Vec<(G::Move, i32, i64)> = scored
        .iter()
        .filter(|s| s.1 >= best - level.margin)
        .map(|&(m, s)| (m, s, i64::from(1 + level.margin - (best - s))))
        .collect();
    let total: i64 = candidates.iter().map(|c| c.2).sum();
    let mut x = (splitmix(seed) % total.max(1) as u64) as i64;
    for &(m, s, w) in &candidates {
        x -= w;
        if x < 0 {
            out.best = Some(m);
            out.score = s;
            break;
        }
    }
    out
}

/// The root moves in `order` with their exact scores at `depth` (from the side to move's view), until
/// `stop` is set or the `deadline` passes (the moves not scored by then are left out).
fn score_root_moves<G: SearchGame>(
    searcher: &Searcher,
    root: &G,
    history: &[u64],
    order: &[G::Move],
    depth: u32,
    stop: &Arc<AtomicBool>,
    deadline: Option<Instant>,
) -> Vec<(G::Move, i32)> {
    let out_of_time =
        || stop.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d);
    let mut hist = history.to_vec();
    let mut scored = Vec::with_capacity(order.len());
    for &mv in order {
        if out_of_time() {
            break;
        }
        let (child, _) = root.play(mv);
        hist.push(child.hash());
        let score = match child.terminal(&hist) {
            Some(Terminal::Win) => -WIN,
            Some(Terminal::Loss) => WIN,
            Some(Terminal::Draw) => 0,
            None if depth <= 1 => -child.evaluate(),
            None => {
                let l = Limits {
                    depth: Some(depth - 1),
                    movetime: deadline.map(|d| d.saturating_duration_since(Instant::now())),
                    ..Limits::default()
                };
                let o = searcher.search(&child, &hist, &l, Arc::clone(stop), |_| {});
                // A search cut short by the time is not exact (one with a single legal move or a
                // proven result legitimately stops early).
                let short = o.depth + 1 < depth && o.score.abs() < WIN_BOUND && {
                    let mut replies = Vec::new();
                    child.moves(&mut replies);
                    replies.len() > 1
                };
                if out_of_time() || short {
                    break;
                }
                -o.score
            }
        };
        hist.pop();
        scored.push((mv, score));
    }
    scored
}

/// SplitMix64's output function: spreads nearby seeds over all 64 bits.
fn splitmix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
