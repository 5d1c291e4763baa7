//! The `Game` trait: what the search needs from a game. The Hasami family implements it in
//! `crate::hasami`; Shogun will implement it too, so one search serves both.

use std::fmt::{Debug, Display};

/// The end of a game, seen from the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Terminal {
    /// The side to move has won.
    Win,
    /// The side to move has lost.
    Loss,
    /// Drawn.
    Draw,
}

/// A two-player, perfect-information game position the search can copy, move and evaluate.
pub trait Game: Copy + Send + Sync + 'static {
    /// A move.
    type Move: Copy + Eq + Send + Sync + Debug + Display + 'static;

    /// Zobrist hash of the position (pieces and side to move).
    fn hash(&self) -> u64;
    /// Whether the first player (p1) is to move.
    fn p1_to_move(&self) -> bool;
    /// Judges the position after the last move. `history` holds the hashes of the game and search path
    /// so far, this position's last. A side without moves is handled by the search (a loss).
    fn terminal(&self, history: &[u64]) -> Option<Terminal>;
    /// Every legal move, with an ordering hint each (higher first; captures high).
    fn moves(&self, out: &mut Vec<(Self::Move, i32)>);
    /// The legal moves that are not tactical moves (hint 0 each); by default [`Game::moves`] without the
    /// moves that have a hint.
    fn quiet_moves(&self, out: &mut Vec<(Self::Move, i32)>) {
        let start = out.len();
        self.moves(out);
        let mut keep = start;
        for i in start..out.len() {
            if out[i].1 == 0 {
                out[keep] = out[i];
                keep += 1;
            }
        }
        out.truncate(keep);
    }
    /// Moves for quiescence search (captures), with ordering hints; the moves of [`Game::moves`] with a
    /// hint above 0.
    fn tactical_moves(&self, out: &mut Vec<(Self::Move, i32)>);
    /// The position after `mv`, and whether it was tactical (a capture).
    fn play(&self, mv: Self::Move) -> (Self, bool);
    /// The position with the other side to move, when passing is a sound search trick here.
    fn null_move(&self) -> Option<Self>;
    /// Static evaluation from the side to move's point of view, in centi-pieces.
    fn evaluate(&self) -> i32;
    /// A compact number for the move (for the transposition table and history tables), below 2^14.
    fn move_key(mv: Self::Move) -> u16;
    /// The legal move whose [`Game::move_key`] is `key`, if there is one (lets the search try the
    /// table's move before generating the others).
    fn move_from_key(&self, key: u16) -> Option<Self::Move>;
    /// Quiet moves that threaten a capture (searched at the first ply of quiescence); none by default.
    fn threat_moves(&self, _out: &mut Vec<(Self::Move, i32)>) {}
    /// Whether the position is quiet enough for the static evaluation to be trusted in quiescence.
    fn in_danger(&self) -> bool {
        false
    }
}
