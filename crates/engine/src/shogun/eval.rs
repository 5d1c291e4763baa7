//! Static evaluation of a Shogun position for the side to move, in centi-pieces.
//!
//! Terms: material (100 a piece; the Shogun is not counted, losing it ends the game), the side to move's
//! number of legal moves, a penalty when its Shogun is attacked ("Shogun!": it must answer at once), and
//! how many enemy pieces each side's pieces are lined up to capture with their current numbers.

use hasami_core::ShogunPosition;
use hasami_core::Side;

/// One piece of material.
const MATERIAL: i32 = 100;
/// One legal move of the side to move.
const MOBILITY: i32 = 4;
/// The side to move's Shogun is attacked.
const SHOGUN_ATTACKED: i32 = 60;
/// Being a player who moves (tempo).
const TEMPO: i32 = 10;
/// Each enemy piece the side to move can capture now.
const CAPTURE_READY: i32 = 30;

/// Evaluates `pos` for the side to move.
pub fn evaluate(pos: &ShogunPosition) -> i32 {
    let us = pos.side();
    let them = !us;
    let pieces = |s: Side| pos.piece_count(s) as i32 - i32::from(pos.shogun(s).is_some());
    let mut score = TEMPO + MATERIAL * (pieces(us) - pieces(them));
    let (moves, targets) = pos.mobility();
    let (moves, targets) = (moves as i32, targets as i32);
    score += MOBILITY * moves + CAPTURE_READY * targets;
    if pos.shogun_attacked(us) {
        score -= SHOGUN_ATTACKED;
    }
    score
}
