//! Checks of a network against what it should know (docs/eval.md, "Checks"): fortresses — positions
//! with a lead that the side behind holds, collected from self-play and checked by long searches —
//! should evaluate near a draw, and on positions the endgame tables cover the evaluation's sign
//! should agree with the table.

use std::time::Duration;

use hasami_core::{AnyPosition, HasamiPosition, HasamiRules, Side, SplitMix64};
use hasami_engine::hasami::net::{Netted, Network};
use hasami_engine::tables::{Tables, Value};
use hasami_engine::{Limits, Press, SearchGame, SearchRequest, Searcher, WIN_BOUND};

use super::gen::{play_game_to_end, GenSettings};
use crate::convert::ahead;

/// Plays the generator's games and keeps the last position of each drawn game in which one side
/// still led by `lead` pieces or more, when a search of `check` finds no forced win in it (nor in
/// the position with the other side to move). Returns the positions as text, at most `max`.
pub fn collect_fortresses(
    s: &GenSettings,
    lead: u32,
    check: Duration,
    max: usize,
    mut progress: impl FnMut(u64, usize),
) -> Vec<String> {
    let mut searcher = Searcher::new(64, 1);
    let mut found = Vec::new();
    for i in 0..s.games {
        if found.len() >= max {
            break;
        }
        let Some((_, game, None)) = play_game_to_end(s, i, &mut searcher) else {
            progress(i + 1, found.len());
            continue;
        };
        let last = *game.position();
        if ahead(&AnyPosition::Hasami(last), lead as usize).is_some() {
            // The quiet count is reset: the position is judged as a fortress, not as a count run out.
            let fresh = HasamiPosition::from_pieces(
                s.rules,
                [last.pieces(Side::First), last.pieces(Side::Second)],
                last.side(),
                0,
            );
            let proven = [fresh, fresh.with_side_to_move(!fresh.side())]
                .iter()
                .any(|p| {
                    searcher.clear();
                    let limits = Limits {
                        movetime: Some(check),
                        ..Limits::default()
                    };
                    let request = SearchRequest::new(AnyPosition::Hasami(*p), vec![p.hash()])
                        .limits(limits)
                        .learned(hasami_engine::Learned::Off);
                    searcher.search(&request, |_| {}).score.abs() >= WIN_BOUND
                });
            if !proven && fresh.status().is_none() {
                found.push(fresh.to_setup().to_string());
            }
        }
        progress(i + 1, found.len());
    }
    found
}

/// 1 when the side to move has at least as many pieces as the other, else −1: what turns a score
/// for the side to move into one for the side ahead.
pub fn leader_sign(pos: &HasamiPosition) -> i32 {
    let (mine, theirs) = (pos.pieces(pos.side()).len(), pos.pieces(!pos.side()).len());
    if mine >= theirs {
        1
    } else {
        -1
    }
}

/// The static evaluation at full strength (hand-written terms and press) and the learned one (that
/// plus `net`'s correction) of `pos`, for the side that leads (the side to move's view turned when the
/// other leads).
pub fn evaluations(pos: &HasamiPosition, net: Option<&'static Network>) -> (i32, Option<i32>) {
    let sign = leader_sign(pos);
    let hand = SearchGame::evaluate_pressed(pos, Press::Full);
    let learned = net.map(|net| Netted::new(*pos, net).evaluate_pressed(Press::Full));
    (sign * hand, learned.map(|v| sign * v))
}

/// How often the evaluation's sign agrees with the tables on positions they cover.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Agreement {
    /// Positions looked at.
    pub positions: u64,
    /// Of them, won or lost for the side to move by the tables (draws are left out).
    pub decided: u64,
    /// Decided positions whose hand-written evaluation has the table's sign.
    pub hand: u64,
    /// Decided positions whose learned evaluation has the table's sign.
    pub learned: u64,
    /// Positions the tables call drawn.
    pub drawn: u64,
    /// The sum of the hand-written evaluation's size (absolute value) over the drawn positions.
    pub hand_drawn: u64,
    /// The same for the learned evaluation.
    pub learned_drawn: u64,
}

/// Draws `count` random positions of every table of `tables` for `rules` (uniformly among each
/// table's placements, the side to move's pieces first) and counts how often the hand-written
/// evaluation and `net`'s agree with the table's sign.
pub fn table_agreement(
    tables: &Tables,
    rules: &'static HasamiRules,
    net: &'static Network,
    count: u64,
    seed: u64,
) -> Vec<(String, Agreement)> {
    let mut out = Vec::new();
    let mut rng = SplitMix64(seed);
    for table in tables.tables().iter().filter(|t| t.rules() == rules) {
        let mut a = Agreement::default();
        for (pos, value) in super::label::placements(table, count, &mut rng) {
            a.positions += 1;
            let hand = SearchGame::evaluate_pressed(&pos, Press::Full);
            let learned = Netted::new(pos, net).evaluate_pressed(Press::Full);
            let want = match value {
                Some(Value::Win(_)) => 1,
                Some(Value::Loss(_)) => -1,
                Some(Value::Draw) => {
                    a.drawn += 1;
                    a.hand_drawn += u64::from(hand.unsigned_abs());
                    a.learned_drawn += u64::from(learned.unsigned_abs());
                    continue;
                }
                None => continue,
            };
            a.decided += 1;
            a.hand += u64::from(hand.signum() == want);
            a.learned += u64::from(learned.signum() == want);
        }
        out.push((table.signature().to_string(), a));
    }
    out
}
