//! One node of the alpha-beta search (pruning, reductions, the table, move ordering by killers and
//! history) and the quiescence search below it.

use super::picker::{Picker, Stage};
use super::*;
use crate::game::THREAT;

impl<'a, G: SearchGame> Worker<'a, G> {
    pub(super) fn search(
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
        if let Some(v) = self.probe(pos, ply) {
            self.count_node();
            return self.table_score(pos, v, ply);
        }
        if depth <= 0 || ply >= MAX_PLY - 2 {
            return self.quiesce(pos, ply, alpha, beta, true);
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
        // The table's bucket was prefetched when this position was made: the evaluation, needed unless
        // the table's entry ends the search here (about one node in nine), is computed while the
        // bucket arrives instead of after it (the same trees in less time: docs/bench.md).
        let raw_eval = self.raw_eval(pos);
        let entry = self.tt.probe(key);
        let quiet_left = quiet_left(pos.quiet_window());
        if let Some(e) = entry {
            if !pv && e.depth >= depth && e.holds_at(quiet_left) {
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
        let eval = self.static_eval(pos, raw_eval, ply);
        let prune = !pv && beta.abs() < WIN_BOUND;
        if prune {
            // Reverse futility pruning.
            if depth <= 5 && eval - 80 * depth >= beta {
                return eval;
            }
            // Null move.
            if depth >= 3 && eval >= beta {
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
        if tt_move.is_none() && depth >= 4 {
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
            // The threat and quiet stages hold no tactical move (`SearchGame::play_quiet`).
            let (child, tactical) = if matches!(picker.stage, Stage::Threats | Stage::Quiet) {
                (pos.play_quiet(mv), false)
            } else {
                pos.play(mv)
            };
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
                let w = Window {
                    depth: depth - 1,
                    ply: ply + 1,
                    alpha,
                    beta,
                    pv,
                };
                self.after(pos, mv, &child, w)
            } else {
                let mut r = 0;
                if depth >= 3 && quiet {
                    r = self.reductions[(depth as usize).min(63)][searched.min(63)] as i32;
                    if pv {
                        r -= 1;
                    }
                    if threat || (picker.stage == Stage::Quiet && hint > 2_000) {
                        r -= 1;
                    }
                    r = r.clamp(0, depth - 2);
                }
                let null = Window {
                    depth: depth - 1,
                    ply: ply + 1,
                    alpha,
                    beta: alpha + 1,
                    pv: false,
                };
                let reduced = Window {
                    depth: depth - 1 - r,
                    ..null
                };
                let mut s = self.after(pos, mv, &child, reduced);
                if s > alpha && r > 0 && !self.aborted {
                    s = self.after(pos, mv, &child, null);
                }
                if s > alpha && s < beta && pv && !self.aborted {
                    let full = Window {
                        beta,
                        pv: true,
                        ..null
                    };
                    s = self.after(pos, mv, &child, full);
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
            quiet_left,
        );
        best
    }

    /// Ordering hints of quiet moves: the history score, threats above the others.
    pub(super) fn order(&self, list: &mut [(G::Move, i32)], side: usize) {
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
    pub(super) fn reward(
        &mut self,
        ply: usize,
        side: usize,
        mv: G::Move,
        depth: i32,
        tried: &[u16],
    ) {
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
    pub(super) fn quiesce(
        &mut self,
        pos: &G,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        first: bool,
    ) -> i32 {
        self.count_node();
        self.seldepth = self.seldepth.max(ply as u32);
        if self.aborted {
            return 0;
        }
        if let Some(v) = self.probe(pos, ply) {
            return self.table_score(pos, v, ply);
        }
        let e = self.raw_eval(pos);
        let stand = self.static_eval(pos, e, ply);
        if stand >= beta || ply >= MAX_PLY - 2 {
            // A forced win would fail high too: the threat search is only run where it can matter.
            return stand;
        }
        if first {
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
                None if !tactical => {
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
}
