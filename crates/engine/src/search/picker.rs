//! The staged move picker: a node's moves one at a time, each stage generated only when reached.

use super::THREAT_BASE;
use crate::game::SearchGame;

/// A move with its ordering hint.
pub(super) type MoveHint<G> = (<G as SearchGame>::Move, i32);

/// Stages of move picking at a node.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Stage {
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
pub(super) struct Picker {
    pub(super) stage: Stage,
    pub(super) next: usize,
    pub(super) segment: usize,
    pub(super) killer: usize,
}

impl Picker {
    /// The next move to try, or `None` when the node has no more.
    pub(super) fn next<G: SearchGame>(
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
                    self.stage = Stage::Threats;
                    pos.threat_moves(list);
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
