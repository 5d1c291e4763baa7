//! Threat-sequence search for five in a row (W3), in the manner of Gomoku's VCF ("victory by
//! continuous fours"): the attacker plays only moves that make a four (threaten to complete a five next
//! move), the defender every move that could stop it, until the attacker completes a five or runs out
//! of fours. Unlike Gomoku, a four here is also stopped by capturing one of its stones (C1/C2/C4) or by
//! standing in the way of the piece that would complete it, and the defender may win first (a five of
//! its own, or a capture goal in AGON): the defender's replies are found from the rules, never assumed.
//!
//! A proven win is exact: every defender move is tried that lands on a completion square, on the path
//! of a completing move, or that captures; every other move leaves the attacker's winning move on the
//! board (vacating a square never stops a move, and such a move captures nothing), so the attacker wins
//! at once. Repetition (D1) is not looked at: it would need the same position a third time within a
//! few forcing plies.

use hasami_core::{BitBoard, HasamiPosition, Move, Side};

use super::eval::{five_completions, five_threats, four_squares};

/// Plies to a win the side to move forces with at most `max_fours` fours (counting the completing
/// move; 1 = it wins at once), or `None` when none is found, and the number of positions visited. Only
/// for variants with W3.
pub fn win_by_fours(pos: &HasamiPosition, max_fours: u32) -> (Option<u32>, u64) {
    if !pos.rules().five {
        return (None, 0);
    }
    let mut nodes = 0;
    let win = attack(pos, max_fours, &mut nodes);
    (win, nodes)
}

/// Whether `side` won in `pos` (judged on the position alone: a move was just made).
#[inline]
fn won(pos: &HasamiPosition, side: Side) -> Option<bool> {
    pos.judge(None, false).map(|o| o.winner() == Some(side))
}

/// Whether the side to move wins with its next move: a five, or a capture that reaches a capture goal.
fn wins_now(pos: &HasamiPosition, nodes: &mut u64) -> bool {
    let us = pos.side();
    let rules = pos.rules();
    let (completions, stones) = five_threats(pos, us);
    let mut targets = completions;
    if !completions.is_empty() && !rules.options.misere {
        // A piece from outside the fours that lands on a completion square makes a five, and a five
        // is the mover's win unless misère W1 (checked first) gives a capture's win away.
        if !(pos.destinations_of(!stones) & completions).is_empty() {
            return true;
        }
        // Only the fours' own pieces reach a completion: moving one may break its own window.
        if (pos.destinations_of(stones) & completions).is_empty() {
            targets = BitBoard::EMPTY;
        }
    }
    if rules.pieces_left.is_some() || rules.lead.is_some() {
        targets |= pos.capture_squares(us);
    }
    if targets.is_empty() {
        return false;
    }
    let mut win = false;
    pos.for_each_move_into(targets, |mv| {
        if !win {
            *nodes += 1;
            let mut child = *pos;
            child.play_unchecked(mv);
            win = won(&child, us) == Some(true);
        }
    });
    win
}

fn moves_into(pos: &HasamiPosition, mask: BitBoard) -> Vec<Move> {
    let mut list = Vec::new();
    pos.for_each_move_into(mask, |mv| list.push(mv));
    list
}

/// The attacker (side to move) looks for a four that wins against every reply.
fn attack(pos: &HasamiPosition, fours_left: u32, nodes: &mut u64) -> Option<u32> {
    if wins_now(pos, nodes) {
        return Some(1);
    }
    if fours_left <= 1 {
        return None;
    }
    let us = pos.side();
    let targets = four_squares(pos, us);
    if targets.is_empty() {
        return None;
    }
    for mv in moves_into(pos, targets) {
        *nodes += 1;
        let mut child = *pos;
        child.play_unchecked(mv);
        match won(&child, us) {
            Some(true) => return Some(1),
            Some(false) => continue,
            None => {}
        }
        // Only a real threat forces the reply: a move that would win if the defender passed.
        let completions = five_completions(&child, us);
        if completions.is_empty() || !wins_now(&child.with_side_to_move(us), nodes) {
            continue;
        }
        if let Some(n) = defend(&child, us, completions, fours_left - 1, nodes) {
            return Some(n + 1);
        }
    }
    None
}

/// The defender (side to move) faces a four of `attacker` completed on `completions`: the plies to
/// the attacker's win against the best defence, or `None` when some move holds.
fn defend(
    pos: &HasamiPosition,
    attacker: Side,
    completions: BitBoard,
    fours_left: u32,
    nodes: &mut u64,
) -> Option<u32> {
    let limit = pos.rules().options.quiet;
    if wins_now(pos, nodes) || (limit > 0 && pos.quiet_plies() + 1 >= limit) {
        return None; // the defender wins, or a quiet reply reaches the quiet limit (D2)
    }
    // Squares where a defender's piece stops a completing move: the completion squares and the
    // squares its slide passes (vacating a square never stops a move; a jump lands on a completion).
    let by_attacker = pos.with_side_to_move(attacker);
    let mut relevant = completions;
    by_attacker.for_each_move_into(completions, |mv| relevant |= between(mv));
    relevant |= pos.capture_squares(pos.side());
    let mut worst = 0;
    let mut any = false;
    for mv in moves_into(pos, relevant) {
        any = true;
        *nodes += 1;
        let mut child = *pos;
        child.play_unchecked(mv);
        match won(&child, attacker) {
            Some(true) => continue,
            Some(false) => return None,
            None => {}
        }
        worst = worst.max(attack(&child, fours_left, nodes)?);
    }
    if !any && !pos.has_moves() {
        return Some(0); // W6: no legal move loses
    }
    // Every other move leaves a completion in place: the attacker completes the five next.
    Some(1 + worst.max(1))
}

/// The squares strictly between the two ends of a straight move.
fn between(mv: Move) -> BitBoard {
    let (from, to) = (mv.from, mv.to);
    let (df, dr) = (
        i32::from(to.file()) - i32::from(from.file()),
        i32::from(to.rank()) - i32::from(from.rank()),
    );
    let n = df.abs().max(dr.abs());
    let mut out = BitBoard::EMPTY;
    for k in 1..n {
        let f = i32::from(from.file()) + df.signum() * k;
        let r = i32::from(from.rank()) + dr.signum() * k;
        out = out.with(hasami_core::Square::new(f as u8, r as u8));
    }
    out
}
