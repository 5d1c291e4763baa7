//! Iterative deepening at the root: one depth after another with aspiration windows, the root's
//! moves kept sorted best first, lazy-SMP helpers on other depths, and several best lines (MultiPV)
//! when asked: line `i` is the best of the moves not in the lines before it, searched with a full
//! window.

use super::*;

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

impl<'a, G: SearchGame> Worker<'a, G> {
    /// Searches `root` one depth after another up to `max_depth` (thread 0 is the main thread,
    /// the others lazy-SMP helpers), reporting `lines` best lines (at least one) after each depth.
    pub(super) fn iterate(
        &mut self,
        root: &G,
        max_depth: u32,
        thread: usize,
        lines: usize,
        on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        let mut root_moves = Vec::new();
        root.moves(&mut root_moves);
        self.deadline = super::scores::deadline_of(self.pressing, root);
        let mut out = SearchResult {
            best: root_moves.first().map(|m| m.0),
            score: 0,
            depth: 0,
            nodes: 0,
            root_scores: Vec::new(),
            pv: Vec::new(),
            lines: Vec::new(),
        };
        if root_moves.is_empty() {
            out.score = -WIN;
            return out;
        }
        if root_moves.len() == 1 && thread == 0 && max_depth > 1 {
            // Only one move: play it at once (after a shallow search for a score).
            let r = self.iterate(root, 1, thread, 1, on_info);
            return r;
        }
        let k = lines.clamp(1, root_moves.len());
        let mut score: i32 = 0;
        for depth in 1..=max_depth {
            if skips_depth(thread, depth) && depth < max_depth {
                continue;
            }
            self.seldepth = 0;
            let (mut alpha, mut beta) = (-INF, INF);
            let mut delta = 35;
            if depth >= 5 && score.abs() < WIN_BOUND {
                alpha = score - delta;
                beta = score + delta;
            }
            let result = loop {
                let r = self.root(root, &mut root_moves, depth as i32, alpha, beta, true);
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
            // A partly searched iteration still improves the move when its first move was searched;
            // with chance nodes (Shogun played fair) only an even one: odd depths score the same
            // positions far apart from even ones, and a partly searched odd depth played worse than
            // the finished depth below it (docs/engine.md, "Shogun").
            if result.is_some() || !(G::CHANCE && depth > 1 && depth % 2 == 1) {
                out.best = Some(root_moves[0].0);
            }
            let Some(mut s) = result else {
                break;
            };
            if k > 1 && !self.more_lines(root, &mut root_moves, k, depth as i32) {
                break; // the other lines were cut short: the last complete depth's lines stand
            }
            if k > 1 {
                // The lines were ordered by score: the best may have changed.
                s = root_moves[0].1;
                out.best = Some(root_moves[0].0);
                out.lines = (0..k)
                    .map(|i| self.line(root, root_moves[i], depth))
                    .collect();
                out.pv = out.lines[0].pv.clone();
            } else {
                out.pv = self.pv(root, depth as usize);
                out.lines = vec![Line {
                    score: s,
                    pv: out.pv.clone(),
                }];
            }
            score = s;
            out.score = s;
            out.depth = depth;
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
            for (i, line) in out.lines.iter().enumerate() {
                on_info(&Info {
                    depth,
                    seldepth: self.seldepth.max(depth),
                    score: line.score,
                    nodes: self.nodes(),
                    elapsed: self.shared.start.elapsed(),
                    pv: line.pv.clone(),
                    multipv: (k > 1).then_some(i as u32 + 1),
                });
            }
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

    /// Lines 2..=`k` at `depth` after the first: line `i` is the best of the moves after the first
    /// `i − 1`, searched with a full window; then the `k` lines are ordered by score. False when the
    /// search was stopped meanwhile.
    fn more_lines(&mut self, root: &G, moves: &mut [(G::Move, i32)], k: usize, depth: i32) -> bool {
        for i in 1..k {
            self.root(root, &mut moves[i..], depth, -INF, INF, false);
            if self.aborted {
                return false;
            }
        }
        // Stable: of two lines scored alike the one found first stays first.
        moves[..k].sort_by_key(|m| -m.1);
        true
    }

    /// The line that begins with the root move `first` (with its score), continued from the table.
    fn line(&self, root: &G, first: (G::Move, i32), depth: u32) -> Line<G::Move> {
        let (child, _) = root.play(first.0);
        let mut pv = vec![first.0];
        pv.extend(self.pv(&child, depth.saturating_sub(1) as usize));
        Line { score: first.1, pv }
    }

    /// Searches the root moves, keeping them sorted best first (stable for the rest); `store`: the
    /// best is the root's move for the table (not when searching the moves after the best lines).
    fn root(
        &mut self,
        root: &G,
        moves: &mut [(G::Move, i32)],
        depth: i32,
        mut alpha: i32,
        beta: i32,
        store: bool,
    ) -> i32 {
        let mut best = -INF;
        for i in 0..moves.len() {
            let mv = moves[i].0;
            let (child, tactical) = root.play(mv);
            self.path.push(child.hash());
            let full = Window {
                depth: depth - 1,
                ply: 1,
                alpha,
                beta,
                pv: true,
            };
            let score = if i == 0 {
                self.after(root, mv, &child, full)
            } else {
                let null = Window {
                    beta: alpha + 1,
                    pv: false,
                    ..full
                };
                let mut s = self.after(root, mv, &child, null);
                if s > alpha && s < beta && !self.aborted {
                    s = self.after(root, mv, &child, full);
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
        if store {
            self.tt.store(
                root.hash(),
                Some(G::move_key(moves[0].0)),
                best,
                depth,
                Bound::Exact,
                quiet_left(root.quiet_window()),
            );
        }
        best
    }
}
