//! Brute-force proofs shared by the engine's tests: AND/OR searches over hasami-core's move generator
//! and judge that prove (or refute) a forced win independently of the engine's search, and the
//! position text of a hand-made grid.

#![allow(dead_code)] // each test file uses a part

use hasami_core::{HasamiPosition, Move, Setup, Side};

/// The moves of the side to move, those that complete a five or capture first (they decide the tested
/// positions, so trying them first keeps the brute force short).
pub fn ordered_moves(pos: &HasamiPosition) -> Vec<Move> {
    let mut moves = pos.moves();
    moves.sort_by_cached_key(|&mv| {
        let mut child = *pos;
        let caught = child.play_unchecked(mv).len();
        let five = pos.rules().five && child.five_line(pos.side()).is_some();
        std::cmp::Reverse((five, caught))
    });
    moves
}

/// Brute force: can the side to move force a win (A5, judged by `HasamiPosition::status`) within `plies`
/// plies, whatever the opponent does? Repetition (D1) cannot happen within 6 plies of a position
/// without history (a position can recur only every 4 plies, so at most twice), and the quiet limit
/// (D2) is far away in the tested positions, so `status` (which judges without history) is exact.
pub fn wins_within(pos: &HasamiPosition, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    let me = pos.side();
    let mut open = Vec::new();
    for mv in ordered_moves(pos) {
        let mut child = *pos;
        child.play_unchecked(mv);
        match child.status() {
            Some(o) if o.winner() == Some(me) => return true,
            Some(_) => {}
            None => open.push(child),
        }
    }
    open.iter().any(|c| loses_within(c, plies - 1, me))
}

/// Brute force: does every move of the side to move lose to `attacker` within `plies` plies?
/// (`status` already judged this position, so the side to move has a move: W6.)
pub fn loses_within(pos: &HasamiPosition, plies: u32, attacker: Side) -> bool {
    if plies == 0 {
        return false;
    }
    ordered_moves(pos).into_iter().all(|mv| {
        let mut child = *pos;
        child.play_unchecked(mv);
        match child.status() {
            Some(o) => o.winner() == Some(attacker),
            None => wins_within(&child, plies - 1),
        }
    })
}

/// The first moves that force a win within `plies` plies.
pub fn winning_first_moves(pos: &HasamiPosition, plies: u32) -> Vec<Move> {
    let me = pos.side();
    pos.moves()
        .into_iter()
        .filter(|&mv| {
            let mut child = *pos;
            child.play_unchecked(mv);
            match child.status() {
                Some(o) => o.winner() == Some(me),
                None => loses_within(&child, plies - 1, me),
            }
        })
        .collect()
}

/// Position text (RULES.md A7) with Black to move for `grid`, indexed `[rank][file]` from rank 1, with
/// `'b'`, `'w'` and `'.'` for an empty square.
pub fn position_text<R: AsRef<[char]>>(grid: &[R]) -> String {
    let piece = |c: char| match c {
        'b' => Some(Side::First),
        'w' => Some(Side::Second),
        _ => None,
    };
    Setup {
        ranks: grid
            .iter()
            .rev()
            .map(|row| row.as_ref().iter().map(|&c| piece(c)).collect())
            .collect(),
        side: Side::First,
        quiet: 0,
        fullmove: 1,
    }
    .to_string()
}
