//! How the search scores positions it does not search further: the cached static evaluation (with
//! the press), the deadline of [`Pressing::Full`] and the progress term, draws with contempt, and
//! game ends.

use super::{Worker, EVAL_CACHE, WIN, WIN_BOUND};
use crate::game::{QuietCount, SearchGame, Terminal};
use crate::pressing::Pressing;

/// Centi-pieces per ply without a capture that the root's side gives up (the progress term): 2 beat
/// 1 and 0 against the greedy player in mak-yek (docs/engine.md).
const PROGRESS: i32 = 2;

/// Centi-pieces per ply without a capture that the side ahead gains where the count decides the game
/// at the quiet limit (W5, [`crate::game::QuietCount::decides`]), and the side behind loses: the side
/// ahead keeps its pieces out of reach and lets the count run instead of trading (measured on the
/// most-captures conversion suite, then called apit-sodok, docs/conversion.md).
const WAIT: i32 = 3;

/// Centi-pieces the side ahead gives up per [`DEADLINE_EVERY`] plies without a capture
/// ([`Deadline`]).
const DEADLINE_COST: i32 = 30;

/// Plies without a capture per step of [`DEADLINE_COST`] ([`Deadline`]).
const DEADLINE_EVERY: u32 = 20;

/// Centi-pieces the side ahead gains per piece it keeps ([`Deadline`]): a trade costs it this much.
const KEEP: i32 = 40;

/// An evaluation cache slot that holds nothing: no key's tag ([`eval_slot`]) is 0.
pub(super) const EMPTY_EVAL: u64 = 0;

/// A slot of the evaluation cache: the key's high 32 bits (the low ones pick the slot) with the lowest
/// set, so that no tag is [`EMPTY_EVAL`], above the evaluation. Eight bytes, so that the cache takes
/// half the processor cache that pairs of (key, evaluation) did.
#[inline]
fn eval_slot(key: u64, e: i32) -> u64 {
    (key | 1 << 32) & !0xFFFF_FFFF | u64::from(e as u32)
}

/// The evaluation a slot holds for `key`, if it holds one.
#[inline]
fn cached_eval(slot: u64, key: u64) -> Option<i32> {
    ((slot ^ (key | 1 << 32)) >> 32 == 0).then_some(slot as u32 as i32)
}

impl<G: SearchGame> Worker<'_, G> {
    /// The evaluation of `pos`, from a small per-thread cache when it was evaluated recently:
    /// quiescence meets the same positions again in every iteration and from many move orders.
    #[inline]
    pub(super) fn raw_eval(&mut self, pos: &G) -> i32 {
        let key = pos.hash();
        let slot = &mut self.evals[(key as usize) & (EVAL_CACHE - 1)];
        if let Some(e) = cached_eval(*slot, key) {
            return e;
        }
        let e = pos.evaluate_pressed(self.pressing.weight());
        *slot = eval_slot(key, e);
        e
    }

    /// The static evaluation at `ply` of `pos`, whose evaluation is `e` ([`Worker::raw_eval`]),
    /// with the deadline when it applies to this search ([`Deadline::cost`], for the root's side),
    /// and with the progress term: [`PROGRESS`] per quiet ply taken from the root's side, and
    /// faded towards 0 as the quiet limit nears when the game says so
    /// ([`crate::game::QuietCount::fade`]); where the count decides at the limit
    /// ([`crate::game::QuietCount::decides`]), [`WAIT`] per quiet ply for the side ahead instead.
    #[inline]
    pub(super) fn static_eval(&self, pos: &G, e: i32, ply: usize) -> i32 {
        let e = match self.deadline {
            Some(d) => e - self.for_root(ply, d.cost(pos, ply)),
            None => e,
        };
        match pos.quiet_count() {
            Some(q) => q.scored(e, ply.is_multiple_of(2)),
            None => e,
        }
    }

    /// `v` for the root's side as seen by the side to move at `ply`.
    #[inline]
    pub(super) fn for_root(&self, ply: usize, v: i32) -> i32 {
        if ply.is_multiple_of(2) {
            v
        } else {
            -v
        }
    }

    /// A draw's score for the side to move in `pos` at `ply`: below 0 for the root's side (contempt),
    /// and less [`PROGRESS`] per quiet ply as for every other position
    /// (else a repetition would look better than playing on at a high quiet count).
    #[inline]
    pub(super) fn draw_score(&self, pos: &G, ply: usize) -> i32 {
        let quiet = match pos.quiet_count() {
            Some(q) if q.decides.is_none() => q.plies.min(q.limit) as i32,
            _ => 0,
        };
        -self.for_root(ply, self.contempt + PROGRESS * quiet)
    }

    #[inline]
    pub(super) fn terminal_score(&self, pos: &G, t: Terminal, ply: usize) -> i32 {
        match t {
            Terminal::Win => WIN - ply as i32,
            Terminal::Loss => -WIN + ply as i32,
            Terminal::Draw => self.draw_score(pos, ply),
        }
    }
}

impl QuietCount {
    /// The share of a static evaluation the search keeps at this count, as (numerator,
    /// denominator): it fades linearly towards 0 as the limit nears when [`QuietCount::fade`] says
    /// so (and the count does not decide the game), else all of it.
    #[inline]
    pub fn kept(&self) -> (i32, i32) {
        if self.fade && self.decides.is_none() {
            let limit = self.limit.max(1);
            ((limit - self.plies.min(limit)) as i32, limit as i32)
        } else {
            (1, 1)
        }
    }

    /// What the search adds to the kept evaluation for the side to move, which is the root's side
    /// when `root`: where the count decides at the limit, `WAIT` (3 centi-pieces) per quiet ply for
    /// the side ahead (and taken from the side behind); elsewhere `PROGRESS` (2) per quiet ply taken
    /// from the root's side (and given to the other).
    #[inline]
    pub fn offset(&self, root: bool) -> i32 {
        let quiet = self.plies.min(self.limit) as i32;
        match self.decides {
            Some(ahead) => ahead.signum() * WAIT * quiet,
            None if root => -PROGRESS * quiet,
            None => PROGRESS * quiet,
        }
    }

    /// The static evaluation `e` (for the side to move, the root's side when `root`) as the search
    /// scores it at this count: [`QuietCount::kept`] of it plus [`QuietCount::offset`]. A search's
    /// score carries these terms; the trainer of the learned evaluation puts them on its prediction
    /// too, as the network is added before them (docs/eval.md).
    #[inline]
    pub fn scored(&self, e: i32, root: bool) -> i32 {
        let (n, d) = self.kept();
        e * n / d + self.offset(root)
    }
}

/// What the deadline of [`Pressing::Full`] prices in one search ([`deadline_of`]): each piece the
/// root's side keeps ([`KEEP`]), and, unless the progress term already prices the quiet count
/// ([`crate::game::SearchGame::quiet_count`], mak-yek), the plies without a capture
/// ([`DEADLINE_COST`] per [`DEADLINE_EVERY`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Deadline {
    /// Whether quiet plies cost too.
    quiet: bool,
}

/// The [`Deadline`] of a search from `root`, when it applies: the side to move leads by two
/// pieces or more in a game won by capturing (most captures has no lead in this sense, see
/// [`crate::game::SearchGame::material`]).
#[inline]
pub(super) fn deadline_of<G: SearchGame>(pressing: Pressing, root: &G) -> Option<Deadline> {
    (pressing.deadline() && root.lead() >= 2).then(|| Deadline {
        quiet: root.quiet_count().is_none(),
    })
}

impl Deadline {
    /// What this deadline takes from the root's side in `pos` at `ply`: its cost per
    /// [`DEADLINE_EVERY`] quiet plies (when it has one), less [`KEEP`] per piece the root's side has.
    #[inline]
    pub(super) fn cost<G: SearchGame>(self, pos: &G, ply: usize) -> i32 {
        let steps = match self.quiet.then(|| pos.quiet_window()).flatten() {
            Some((quiet, limit)) => (quiet.min(limit) / DEADLINE_EVERY) as i32,
            None => 0,
        };
        let (mover, other) = pos.material();
        let kept = if ply.is_multiple_of(2) { mover } else { other };
        DEADLINE_COST * steps - KEEP * kept
    }
}

/// A score as shown (reports, lines, the levels' margins): without the root's own
/// [`Deadline::cost`], so the figure does not jump when a lead reaches two pieces; what the search
/// compares is unchanged, as the root's cost is the same for every move. Wins and losses as they are;
/// a line ending in a draw is shifted too (the search scores draws without the deadline's prices), so
/// for the side ahead it shows below the draw's own score.
#[inline]
pub(super) fn shown(score: i32, root_cost: i32) -> i32 {
    if score.abs() >= WIN_BOUND {
        score
    } else {
        score + root_cost
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hasami_core::{HasamiPosition, HasamiRules};

    fn pos(variant: &str, text: &str) -> HasamiPosition {
        HasamiPosition::from_text(text, HasamiRules::parse(variant).unwrap()).unwrap()
    }

    #[test]
    fn a_lead_of_two_pays_for_quiet_plies_in_hasami_and_only_for_pieces_in_mak_yek() {
        let on = Pressing::Full;
        // Hasami, Black five against White three: every DEADLINE_EVERY quiet plies cost a step.
        let at = |q: u32| pos("hasami", &format!("b7b/9/4b4/9/2b3b2/9/9/9/w3w3w b {q} 30"));
        let d = deadline_of(on, &at(0)).expect("a lead of two");
        assert_eq!(d.cost(&at(0), 0), -5 * KEEP);
        assert_eq!(d.cost(&at(DEADLINE_EVERY), 0), DEADLINE_COST - 5 * KEEP);
        // Mak-yek prices its quiet count with the progress term, so only the pieces are priced:
        // a trade costs the side ahead KEEP, the quiet plies nothing more.
        let at = |q: u32| pos("mak-yek", &format!("b6b/8/3b4/8/2b2b2/8/8/w2w3w b {q} 30"));
        let d = deadline_of(on, &at(0)).expect("a lead of two");
        assert_eq!(d.cost(&at(0), 0), -5 * KEEP);
        assert_eq!(d.cost(&at(3 * DEADLINE_EVERY), 0), -5 * KEEP);
        // Seen from the side behind (odd plies), the root's side's pieces are counted.
        assert_eq!(
            d.cost(&at(0).with_side_to_move(hasami_core::Side::Second), 1),
            -5 * KEEP
        );
        // No lead of two, the switch off, or the side behind at the root: nothing applies.
        let one = pos("mak-yek", "b6b/8/3b4/8/2b5/8/8/w2w3w b 0 30");
        assert_eq!(deadline_of(on, &one), None);
        assert_eq!(deadline_of(Pressing::Ladder, &at(0)), None);
        let behind = at(0).with_side_to_move(hasami_core::Side::Second);
        assert_eq!(deadline_of(on, &behind), None);
    }

    #[test]
    fn a_hasami_lead_pays_for_quiet_plies_it_lets_pass() {
        // The deadline of `Pressing::Full` (docs/conversion.md, "Deadlines"): when the side to move
        // at the root leads by two pieces in a game won by capturing, every DEADLINE_EVERY plies
        // without a capture cost it DEADLINE_COST (and each piece it keeps gains it KEEP), so a
        // capture now beats one near the quiet limit. Scores are shown without the root's own
        // share, so they do not jump when a lead reaches two pieces; a search that crosses a step
        // shows its cost. `Pressing::Ladder` has no deadline (and a lighter press).
        use crate::limits::Limits;
        use crate::search::Searcher;
        use std::sync::atomic::AtomicBool;
        use std::sync::Arc;
        let score = |quiet: u32, side: char, pressing: Pressing| {
            let text = format!("b7b/9/4b4/9/2b3b2/9/9/9/w3w3w {side} {quiet} 30");
            let pos = pos("hasami", &text);
            let limits = Limits {
                depth: Some(3),
                ..Limits::default()
            };
            let stop = Arc::new(AtomicBool::new(false));
            let out =
                Searcher::new(8, 1).run(&pos, &[pos.hash()], &limits, &stop, pressing, &mut |_| {});
            (out.score, out.nodes)
        };
        let (on, off) = (Pressing::Full, Pressing::Ladder);
        // Black five against White three, far apart: no capture within three plies.
        let step = 3 * DEADLINE_EVERY;
        let (before, crossing) = (score(step - 19, 'b', on).0, score(step - 1, 'b', on).0);
        assert!(
            crossing <= before - DEADLINE_COST + 10,
            "a step within reach costs the side ahead: {before} against {crossing}"
        );
        let without = |q: u32| score(q, 'b', off).0;
        assert_eq!(
            without(step - 19),
            without(step - 1),
            "without it the quiet count changes nothing"
        );
    }

    #[test]
    fn an_evaluation_cache_slot_gives_back_its_own_keys_evaluation_only() {
        for key in [
            0u64,
            1,
            0xFFFF_FFFF,
            1 << 32,
            0xDEAD_BEEF_0000_7FFF,
            u64::MAX,
        ] {
            assert_eq!(
                cached_eval(EMPTY_EVAL, key),
                None,
                "{key:#x} in an empty slot"
            );
            for e in [0, 1, -1, 31_000, -31_000, i32::MIN, i32::MAX] {
                let slot = eval_slot(key, e);
                assert_eq!(cached_eval(slot, key), Some(e));
                // Another key for the same slot (the same low bits) misses.
                assert_eq!(cached_eval(slot, key ^ 0x0004_0000_0000_0000), None);
            }
        }
    }
}
