//! A search at a level ([`crate::Level`]): the level's depth cap, then its random choice among the
//! moves within its margin of the best; without a level, the plain search at full strength.

use crate::clock::Instant;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use hasami_core::SplitMix64;

use crate::game::{SearchGame, Terminal};
use crate::levels::Level;
use crate::limits::Limits;
use crate::pressing::Pressing;
use crate::request::{SearchRequest, Searchable};
use crate::score::{WIN, WIN_BOUND};
use crate::search::{Info, SearchResult, Searcher};

impl<G: SearchGame> Searchable for G {
    type Move = G::Move;

    fn search_with(
        searcher: &Searcher,
        request: &SearchRequest<G>,
        on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        match request.level {
            None => searcher.run(
                &request.position,
                &request.history,
                &request.limits,
                &request.stop,
                Pressing::Full,
                on_info,
            ),
            Some(level) => at_level(searcher, level, request, on_info),
        }
    }
}

/// Searches with the level's depth cap. For a level with a margin it then scores every root move
/// exactly at the level's depth (a search of one ply less from each reply, or the static evaluation at
/// depth 1) and picks one at random among those within the margin of the best, weighted towards the
/// best; a forced win, or the only escape from a forced loss, is always taken. A level with a focus
/// plays the best move outright that often; a level with a guard drops the moves that lose more than
/// the guard at depth 2. The request's seed makes the choice reproducible. The rescoring keeps to the
/// time limit: when the time (or the stop) comes first, the choice is among the moves scored so far and
/// the search's own move.
fn at_level<G: SearchGame>(
    searcher: &Searcher,
    level: Level,
    request: &SearchRequest<G>,
    on_info: &mut dyn FnMut(&Info<G::Move>),
) -> SearchResult<G::Move> {
    let (root, history, stop, seed) = (
        &request.position,
        &request.history[..],
        &request.stop,
        request.seed,
    );
    let level = if level.slip > 0 && SplitMix64(seed ^ 0x5119).next() % 100 < u64::from(level.slip)
    {
        level.slip_move.level(level.number)
    } else {
        level
    };
    // Levels below 10 press a lead as their ladder was measured (the lighter weight, no deadline).
    let pressing = level.pressing();
    let started = Instant::now();
    let deadline = request.limits.budget().hard.map(|h| started + h);
    let mut limits = request.limits;
    if let Some(cap) = level.depth {
        limits.depth = Some(limits.depth.map_or(cap, |d| d.min(cap)));
    }
    let mut out = searcher.run(root, history, &limits, stop, pressing, on_info);
    if level.margin == 0 || out.best.is_none() || out.score.abs() >= WIN_BOUND {
        return out;
    }
    let mut order: Vec<G::Move> = out.root_scores.iter().map(|m| m.0).collect();
    if order.is_empty() {
        let mut list = Vec::new();
        root.moves(&mut list);
        order = list.into_iter().map(|m| m.0).collect();
    }
    let rescore = Rescore {
        searcher,
        root,
        history,
        stop,
        deadline,
        pressing,
    };
    let mut scored = rescore.scores(&order, out.depth.max(1));
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
    let mut candidates: Vec<(G::Move, i32)> = scored
        .iter()
        .filter(|s| s.1 >= best - level.margin)
        .copied()
        .collect();
    if let Some(guard) = level.guard.filter(|_| out.depth <= 1) {
        // The blunder guard: the candidates' scores with the opponent's reply seen.
        let moves: Vec<G::Move> = candidates.iter().map(|c| c.0).collect();
        let deep = rescore.scores(&order, 2);
        let best2 = deep.iter().map(|s| s.1).max();
        if let Some(best2) = best2 {
            if best2 >= WIN_BOUND {
                if let Some(m) = deep.iter().find(|s| s.1 == best2) {
                    out.best = Some(m.0);
                    out.score = best2;
                }
                return out;
            }
            let safe = |m: &G::Move| deep.iter().any(|d| d.0 == *m && d.1 >= best2 - guard);
            candidates.retain(|c| safe(&c.0));
            if candidates.is_empty() {
                // Every move within the margin loses more: the safest move at depth 2 instead.
                if let Some(&(m, _)) = deep
                    .iter()
                    .find(|d| d.1 == best2 && moves.contains(&d.0))
                    .or_else(|| deep.iter().find(|d| d.1 == best2))
                {
                    let s = scored.iter().find(|x| x.0 == m).map_or(best2, |x| x.1);
                    candidates.push((m, s));
                }
            }
        }
    }
    let Some(&top) = candidates.iter().rev().max_by_key(|c| c.1) else {
        return out;
    };
    if SplitMix64(seed ^ 0x5EED).next() % 100 < u64::from(level.focus) {
        out.best = Some(top.0);
        out.score = top.1;
        return out;
    }
    // Weight 1 + margin − (best − score): the best move is the likeliest, one at the edge of the
    // margin the least likely.
    let weighted: Vec<(G::Move, i32, i64)> = candidates
        .iter()
        .map(|&(m, s)| (m, s, i64::from(1 + level.margin - (best - s)).max(1)))
        .collect();
    let total: i64 = weighted.iter().map(|c| c.2).sum();
    let mut x = (SplitMix64(seed).next() % total.max(1) as u64) as i64;
    for &(m, s, w) in &weighted {
        x -= w;
        if x < 0 {
            out.best = Some(m);
            out.score = s;
            break;
        }
    }
    out
}

/// What the levels rescore root moves with: a level's search and when it must be done.
struct Rescore<'a, G: SearchGame> {
    searcher: &'a Searcher,
    root: &'a G,
    history: &'a [u64],
    stop: &'a Arc<AtomicBool>,
    deadline: Option<Instant>,
    pressing: Pressing,
}

impl<G: SearchGame> Rescore<'_, G> {
    /// The root moves in `order` with their exact scores at `depth` (from the side to move's view),
    /// until the stop is set or the deadline passes (the moves not scored by then are left out).
    fn scores(&self, order: &[G::Move], depth: u32) -> Vec<(G::Move, i32)> {
        let Rescore {
            searcher,
            root,
            history,
            stop,
            deadline,
            pressing,
        } = *self;
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
                    let o = searcher.run(&child, &hist, &l, stop, pressing, &mut |_| {});
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
}
