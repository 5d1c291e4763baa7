//! Playing levels 1–10: a depth cap and a margin within which the engine picks among good moves at
//! random, so weak levels make plausible, human-like mistakes but never throw away a won position.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::game::Game;
use crate::limits::Limits;
use crate::search::{Info, Outcome, Searcher, WIN_BOUND};

/// The settings of one level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level {
    /// 1–10.
    pub number: u32,
    /// Deepest search, `None` for no cap (level 10: time decides).
    pub depth: Option<u32>,
    /// A move whose score is within this many centi-pieces of the best may be picked.
    pub margin: i32,
}

/// Level `n` (clamped to 1–10). See docs/engine.md for the table.
pub const fn level(n: u32) -> Level {
    let (depth, margin) = match n {
        0 | 1 => (Some(1), 150),
        2 => (Some(1), 70),
        3 => (Some(2), 60),
        4 => (Some(2), 30),
        5 => (Some(3), 25),
        6 => (Some(4), 15),
        7 => (Some(5), 8),
        8 => (Some(6), 0),
        9 => (Some(8), 0),
        _ => (None, 0),
    };
    Level {
        number: if n > 10 {
            10
        } else if n == 0 {
            1
        } else {
            n
        },
        depth,
        margin,
    }
}

/// Searches like [`Searcher::search`] with the level's depth cap, then (for levels with a margin)
/// scores every root move exactly and picks one at random among those close to the best. `seed`
/// makes the choice reproducible.
#[allow(clippy::too_many_arguments)]
pub fn search_at_level<G: Game>(
    searcher: &Searcher,
    level: Level,
    root: &G,
    history: &[u64],
    limits: &Limits,
    stop: Arc<AtomicBool>,
    seed: u64,
    on_info: impl FnMut(&Info<G::Move>),
) -> Outcome<G::Move> {
    let mut limits = *limits;
    if let Some(cap) = level.depth {
        limits.depth = Some(limits.depth.map_or(cap, |d| d.min(cap)));
    }
    let mut out = searcher.search(root, history, &limits, Arc::clone(&stop), on_info);
    if level.margin == 0 || out.best.is_none() || out.score.abs() >= WIN_BOUND {
        return out;
    }
    let depth = out.depth.max(1);
    let mut scored = Vec::new();
    let mut list = Vec::new();
    root.moves(&mut list);
    let mut hist = history.to_vec();
    for (mv, _) in list {
        let (child, _) = root.play(mv);
        hist.push(child.hash());
        let score = match child.terminal(&hist) {
            Some(t) => match t {
                crate::game::Terminal::Win => -crate::search::WIN,
                crate::game::Terminal::Loss => crate::search::WIN,
                crate::game::Terminal::Draw => 0,
            },
            None if depth <= 1 => -child.evaluate(),
            None => {
                let l = Limits {
                    depth: Some(depth - 1),
                    ..Limits::default()
                };
                -searcher
                    .search(&child, &hist, &l, Arc::clone(&stop), |_| {})
                    .score
            }
        };
        hist.pop();
        scored.push((mv, score));
    }
    let best = scored.iter().map(|s| s.1).max().unwrap_or(0);
    if best.abs() >= WIN_BOUND {
        // Never miss a forced win or walk into a forced loss when another move avoids it.
        if let Some(m) = scored.iter().find(|s| s.1 == best) {
            out.best = Some(m.0);
        }
        return out;
    }
    let candidates: Vec<(G::Move, i32)> = scored
        .iter()
        .filter(|s| s.1 >= best - level.margin)
        .map(|&(m, s)| (m, 1 + level.margin - (best - s)))
        .collect();
    let total: i64 = candidates.iter().map(|c| i64::from(c.1)).sum();
    let mut x = {
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % total.max(1) as u64) as i64
    };
    for (m, w) in &candidates {
        x -= i64::from(*w);
        if x < 0 {
            out.best = Some(*m);
            out.score = scored.iter().find(|s| s.0 == *m).map_or(out.score, |s| s.1);
            break;
        }
    }
    out
}
