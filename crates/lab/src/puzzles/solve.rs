//! From a position to a puzzle, and a stored puzzle checked again: the shortest forced result, the
//! largest one at that length, the solver's only move at each turn, the defender's best replies.
//!
//! - The length n: the fewest solver moves that force a net gain of a piece (or the game).
//! - The target T: the most the solver forces in n moves (the game, else the most pieces).
//! - At each solver turn exactly one move forces T within the moves left (else no puzzle).
//! - The defender's reply: one that holds the solver to exactly T and makes it use every move it has
//!   left; among several, the one the engine likes best for the defender (a short node-limited search).
//!
//! [`check`] proves a stored line again without the engine: every solver move the only one, every
//! reply among the best, the length the shortest, the themes the ones the line earns.

use hasami_core::puzzle::Theme;
use hasami_core::Move;
use hasami_engine::{Limits, SearchRequest, Searcher};

use super::family::{won_by, Family};
use super::proof::{ordered, Prover, WIN};

/// A proven puzzle: the line (solver first), what it forces, its themes and the proof's effort.
pub(super) struct Solved {
    /// Solver, defender, solver, …, ending with the solver's move.
    pub(super) line: Vec<Move>,
    /// Themes in `Theme::ALL`'s order.
    pub(super) themes: Vec<Theme>,
    /// Positions visited by the proof of the first move.
    pub(super) nodes: u64,
    /// Legal moves at the start.
    pub(super) choices: usize,
    /// Other first moves that take something: the tempting wrong answers.
    pub(super) decoys: usize,
}

/// Why a position is no puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Reject {
    /// The game is over there.
    Over,
    /// No gain is forced within the longest length asked.
    Nothing,
    /// The proof reached its node limit.
    Limit,
    /// More than one move keeps the result at some solver turn.
    NotUnique,
    /// The defender's best reply lets the solver finish early (no line of the full length).
    Early,
}

/// The length and target of the position: the fewest solver moves forcing a gain, and the most
/// forced in that many.
fn length_and_target<P: Family>(
    prover: &mut Prover,
    pos: &P,
    max_moves: u32,
) -> Result<(u32, i32), Reject> {
    let Some(n) = (1..=max_moves).find(|&n| prover.forces(pos, n, 1)) else {
        return Err(if prover.exhausted() {
            Reject::Limit
        } else {
            Reject::Nothing
        });
    };
    let target = if prover.forces(pos, n, WIN) {
        WIN
    } else {
        let mut t = 1;
        while t < 64 && prover.forces(pos, n, t + 1) {
            t += 1;
        }
        t
    };
    if prover.exhausted() {
        return Err(Reject::Limit);
    }
    Ok((n, target))
}

/// The solver's moves at `pos` that force `target` within `left` moves.
fn keepers<P: Family>(prover: &mut Prover, pos: &P, left: u32, target: i32) -> Vec<Move> {
    let mut list = Vec::new();
    for (mv, _) in ordered(pos) {
        if prover.move_forces(pos, mv, left, target) {
            list.push(mv);
        }
        if list.len() > 1 {
            break;
        }
    }
    list
}

/// The defender's best replies at `pos` (after a solver move, `left` solver moves counted from it):
/// those holding the solver to exactly `target` and needing `left - 1` more solver moves.
fn best_replies<P: Family>(
    prover: &mut Prover,
    pos: &P,
    left: u32,
    target: i32,
) -> Result<Vec<Move>, Reject> {
    let mut best = Vec::new();
    for (reply, _) in ordered(pos) {
        let mut next = *pos;
        next.play_unchecked(reply);
        let more = target < WIN
            && (prover.gain(&next) > target || prover.forces(&next, left - 1, target + 1));
        if more {
            continue;
        }
        if prover.need(pos, reply, left, target) == Some(left - 1) {
            best.push(reply);
        }
    }
    if prover.exhausted() {
        return Err(Reject::Limit);
    }
    if best.is_empty() {
        return Err(Reject::Early);
    }
    Ok(best)
}

/// The puzzle at `pos`, with at most `max_moves` solver moves and `limit` positions per proof.
pub(super) fn solve<P: Family>(
    pos: &P,
    max_moves: u32,
    limit: u64,
    searcher: &Searcher,
) -> Result<Solved, Reject> {
    if pos.judge(None, true).is_some() {
        return Err(Reject::Over);
    }
    let mut prover = Prover::new(pos, limit);
    let (n, target) = length_and_target(&mut prover, pos, max_moves)?;
    let mut line = Vec::new();
    let mut at = *pos;
    let mut nodes = 0;
    for left in (1..=n).rev() {
        let before = prover.nodes();
        let keep = keepers(&mut prover, &at, left, target);
        if line.is_empty() {
            nodes = prover.nodes() - before;
        }
        if prover.exhausted() {
            return Err(Reject::Limit);
        }
        let [mv] = keep[..] else {
            return Err(Reject::NotUnique);
        };
        line.push(mv);
        at.play_unchecked(mv);
        if left == 1 {
            break;
        }
        let replies = best_replies(&mut prover, &at, left, target)?;
        let reply = strongest_reply(&at, &replies, searcher);
        line.push(reply);
        at.play_unchecked(reply);
    }
    if target == WIN && at.judge(None, true).is_none() {
        // The game is won only after the defender's reply: not a line the player finishes.
        return Err(Reject::Early);
    }
    let first = line[0];
    let decoys = ordered(pos)
        .iter()
        .filter(|&&(mv, taken)| taken > 0 && mv != first)
        .count();
    Ok(Solved {
        themes: themes(pos, &line, target),
        line,
        nodes: nodes.max(1),
        choices: pos.moves().len(),
        decoys,
    })
}

/// Among equally good replies, the one after which the engine scores the solver lowest.
fn strongest_reply<P: Family>(pos: &P, replies: &[Move], searcher: &Searcher) -> Move {
    if replies.len() == 1 {
        return replies[0];
    }
    let limits = Limits {
        nodes: Some(4_000),
        ..Limits::default()
    };
    let mut best = (i32::MAX, replies[0]);
    for &reply in replies {
        let mut next = *pos;
        next.play_unchecked(reply);
        searcher.clear();
        let score = searcher
            .search(
                &SearchRequest::new(next.any(), vec![next.hash()]).limits(limits),
                |_| {},
            )
            .score;
        if score < best.0 {
            best = (score, reply);
        }
    }
    best.1
}

/// The themes a line earns from `pos`, forcing `target`.
fn themes<P: Family>(pos: &P, line: &[Move], target: i32) -> Vec<Theme> {
    let mut list = vec![if target == WIN {
        Theme::Win
    } else {
        Theme::Capture
    }];
    let corners = pos.corners();
    let mut at = *pos;
    for (i, &mv) in line.iter().enumerate() {
        let captured = P::captured_squares(at.play_unchecked(mv));
        if i.is_multiple_of(2) {
            if captured.len() >= 2 {
                list.push(Theme::Double);
            }
            if !(captured & corners).is_empty() {
                list.push(Theme::Corner);
            }
            if i == 0 && captured.is_empty() {
                list.push(Theme::Quiet);
            }
        }
    }
    if let Some(theme) = at.judge(None, true).and_then(won_by) {
        list.push(theme);
    }
    list.extend(Theme::of_length(line.len().div_ceil(2)));
    list.sort();
    list.dedup();
    list
}

/// Proves a stored puzzle again: `line` from `pos` with `themes`. The error says what fails.
pub(super) fn check<P: Family>(
    pos: &P,
    line: &[Move],
    themes_given: &[Theme],
    limit: u64,
) -> Result<u64, String> {
    if line.len().is_multiple_of(2) {
        return Err("the line must end with the solver's move".into());
    }
    let n = line.len().div_ceil(2) as u32;
    let mut prover = Prover::new(pos, limit);
    let (shortest, target) = length_and_target(&mut prover, pos, n)
        .map_err(|r| format!("no forced result in {n} moves ({r:?})"))?;
    if shortest != n {
        return Err(format!(
            "a shorter result exists: {shortest} moves, not {n}"
        ));
    }
    let mut at = *pos;
    for (i, &mv) in line.iter().enumerate() {
        let left = n - (i / 2) as u32;
        if !at.moves().contains(&mv) {
            return Err(format!("move {} ({mv}) is not legal", i + 1));
        }
        if i.is_multiple_of(2) {
            let keep = keepers(&mut prover, &at, left, target);
            if keep != [mv] {
                let words = keep.iter().map(Move::to_string).collect::<Vec<_>>();
                return Err(format!(
                    "move {} ({mv}): the moves that keep the result are [{}]",
                    i + 1,
                    words.join(" ")
                ));
            }
        } else {
            let best = best_replies(&mut prover, &at, left, target)
                .map_err(|r| format!("move {} ({mv}): {r:?}", i + 1))?;
            if !best.contains(&mv) {
                return Err(format!("move {} ({mv}) is not a best reply", i + 1));
            }
        }
        at.play_unchecked(mv);
    }
    if prover.exhausted() {
        return Err(format!("not proven within {limit} positions"));
    }
    let earned = themes(pos, line, target);
    if earned != themes_given {
        let words = earned.iter().map(|t| t.name()).collect::<Vec<_>>();
        return Err(format!("the line earns the themes {}", words.join(",")));
    }
    Ok(prover.nodes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use hasami_core::{HasamiPosition, HasamiRules};

    fn position(text: &str) -> HasamiPosition {
        HasamiPosition::from_text(text, HasamiRules::parse("hasami").unwrap()).unwrap()
    }

    #[test]
    fn a_single_capture_is_a_puzzle_in_one() {
        // Black a6–e6 takes e5 (between e4 and e6); nothing else takes anything.
        let pos = position("7ww/9/9/b8/4w4/4b4/9/9/b8 b 0 1");
        let searcher = Searcher::new(1, 1);
        let solved = solve(&pos, 2, 1_000_000, &searcher).unwrap_or_else(|r| panic!("{r:?}"));
        let line: Vec<String> = solved.line.iter().map(Move::to_string).collect();
        assert_eq!(line, ["a6e6"]);
        assert_eq!(solved.themes, [Theme::Capture, Theme::In1]);
        assert!(check(&pos, &solved.line, &solved.themes, 1_000_000).is_ok());
        assert!(check(
            &pos,
            &solved.line,
            &[Theme::Capture, Theme::Double, Theme::In1],
            1_000_000
        )
        .is_err());
        let other = Move::parse("a6d6", 9).unwrap();
        assert!(check(&pos, &[other], &solved.themes, 1_000_000).is_err());
    }

    #[test]
    fn two_ways_to_the_same_capture_are_no_puzzle() {
        // i6–e6 takes e5 as a6–e6 does.
        let pos = position("7ww/9/9/b7b/4w4/4b4/9/9/b8 b 0 1");
        let searcher = Searcher::new(1, 1);
        assert_eq!(
            solve(&pos, 2, 1_000_000, &searcher).err(),
            Some(Reject::NotUnique)
        );
    }

    #[test]
    fn a_position_without_a_forced_gain_is_no_puzzle() {
        let pos = position("7ww/9/9/9/4w4/4b4/9/9/b8 b 0 1");
        let searcher = Searcher::new(1, 1);
        assert_eq!(
            solve(&pos, 1, 1_000_000, &searcher).err(),
            Some(Reject::Nothing)
        );
    }
}
