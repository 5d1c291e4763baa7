//! Perft: leaf counts of all legal move sequences, for testing move generation against known numbers.

use crate::game::repetitions;
use crate::position::PieceMoves;
use crate::position::Position;
use crate::types::mv::Move;

/// Counts the leaves `depth` plies below `pos` (a finished game has no moves; depth 0 counts 1).
/// Repetition counts start at `pos`, as for a position loaded from text.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    perft_after(pos, &[pos.hash()], depth)
}

/// Perft with earlier history: `history` holds the hashes of the positions of the game so far, ending
/// with `pos` itself (see [`crate::Game::hashes`]). The position is judged with that history.
pub fn perft_after(pos: &Position, history: &[u64], depth: u32) -> u64 {
    count(pos, history, depth)
}

/// The count below each legal move of `pos` (for `--divide`), in board order; `history` as for
/// [`perft_after`].
pub fn divide(pos: &Position, history: &[u64], depth: u32) -> Vec<(Move, u64)> {
    divide_moves(pos, history, depth)
}

/// What perft needs of a position, so that one perft serves the Hasami family and Shogun.
pub(crate) trait Countable: Copy {
    /// The position's hash (for repetitions).
    fn key(&self) -> u64;
    /// Whether the game is over here, judged with `history` (which ends with this position). W6 needs
    /// no check: a side without moves has no children.
    fn ended(&self, history: &[u64]) -> bool;
    /// Whether the side to move has a move.
    fn any_move(&self) -> bool;
    /// The number of moves of the side to move.
    fn move_count(&self) -> u64;
    /// Every move of the side to move, in board order.
    fn move_list(&self) -> Vec<Move>;
    /// Calls `f` with the moves piece by piece.
    fn each_piece_moves(&self, f: impl FnMut(PieceMoves) -> bool);
    /// Plays a legal move.
    fn make(&mut self, mv: Move);
}

/// The repetition count of D1 for [`Countable::ended`]: `Some(limit)` once reached.
fn repeated(limit: u32, history: &[u64], quiet: u32) -> Option<u32> {
    (limit > 0 && repetitions(history, quiet) >= limit).then_some(limit)
}

/// Both families' positions have the same inherent methods, so one implementation text serves both.
macro_rules! countable {
    ($($t:ty),*) => {$(
        impl Countable for $t {
            #[inline]
            fn key(&self) -> u64 {
                self.hash()
            }
            #[inline]
            fn ended(&self, history: &[u64]) -> bool {
                let rep = repeated(self.rules().options.repetition, history, self.quiet_plies());
                self.judge(rep, false).is_some()
            }
            fn any_move(&self) -> bool {
                self.has_moves()
            }
            #[inline]
            fn move_count(&self) -> u64 {
                self.count_moves()
            }
            fn move_list(&self) -> Vec<Move> {
                self.moves()
            }
            #[inline]
            fn each_piece_moves(&self, f: impl FnMut(PieceMoves) -> bool) {
                self.generate_moves(f);
            }
            #[inline]
            fn make(&mut self, mv: Move) {
                self.play_unchecked(mv);
            }
        }
    )*};
}

countable!(Position, crate::shogun::ShogunPosition);

/// Perft of any [`Countable`] position with `history` (ending with it, or it is added).
pub(crate) fn count<P: Countable>(pos: &P, history: &[u64], depth: u32) -> u64 {
    let mut history = history.to_vec();
    if history.last() != Some(&pos.key()) {
        history.push(pos.key());
    }
    if pos.ended(&history) || (depth > 0 && !pos.any_move()) {
        return u64::from(depth == 0);
    }
    inner(pos, depth, &mut history)
}

/// Divide of any [`Countable`] position (see [`divide`]).
pub(crate) fn divide_moves<P: Countable>(pos: &P, history: &[u64], depth: u32) -> Vec<(Move, u64)> {
    let mut history = history.to_vec();
    if history.last() != Some(&pos.key()) {
        history.push(pos.key());
    }
    if depth == 0 || pos.ended(&history) {
        return Vec::new();
    }
    pos.move_list()
        .into_iter()
        .map(|mv| {
            let mut child = *pos;
            child.make(mv);
            history.push(child.key());
            let n = if child.ended(&history) {
                u64::from(depth == 1)
            } else {
                inner(&child, depth - 1, &mut history)
            };
            history.pop();
            (mv, n)
        })
        .collect()
}

/// `pos` is not finished; counts its leaves `depth` plies down.
fn inner<P: Countable>(pos: &P, depth: u32, history: &mut Vec<u64>) -> u64 {
    match depth {
        0 => 1,
        1 => pos.move_count(),
        _ => {
            let mut total = 0;
            pos.each_piece_moves(|pm| {
                for mv in pm.iter() {
                    let mut child = *pos;
                    child.make(mv);
                    history.push(child.key());
                    if !child.ended(history) {
                        total += inner(&child, depth - 1, history);
                    }
                    history.pop();
                }
                false
            });
            total
        }
    }
}
