//! Shogun (RULES.md Part B) as a [`SearchGame`] for the search, two ways:
//!
//! - [`Fair`] (the default): the engine sees what a player sees. The number a piece will show after it
//!   lands is unknown to it: every move is a chance node over 1–4 (the Shogun 1–2), equally likely, and
//!   the search takes the expectation (Star1, see `search.rs`). This is right for the magnets, whose
//!   layout a player cannot know, and for `numbers=random`, where the number really is random.
//! - [`ShogunPosition`] itself (`omniscient`): the engine reads the magnet board (or the generator of
//!   `numbers=random`) and knows every number in advance.

mod eval;

use hasami_core::ShogunPosition;
use hasami_core::{Move, PieceMoves, Side, Square};

use crate::game::{terminal_of, SearchGame, Terminal};

pub use eval::evaluate;

/// Ordering hint of a capture, before adding the victim's worth.
const CAPTURE_HINT: i32 = 10_000;

/// A Shogun position searched fairly: the numbers pieces will show after landing are chance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fair(pub ShogunPosition);

/// Which legal moves [`moves_of`] lists.
#[derive(Clone, Copy)]
enum Which {
    /// Every move.
    All,
    /// Only captures (the tactical moves).
    Captures,
    /// Only the moves that capture nothing.
    Quiet,
}

/// Legal moves with a hint: captures first, a capture of a piece that shows a high number (the most
/// mobile) before the others.
fn moves_of(pos: &ShogunPosition, out: &mut Vec<(Move, i32)>, which: Which) {
    let enemy = pos.pieces(!pos.side());
    let add = |pm: PieceMoves| {
        for mv in pm.iter() {
            let hint = if enemy.has(mv.to) {
                let worth = pos.piece_at(mv.to).map_or(0, |p| i32::from(p.number));
                CAPTURE_HINT + 100 * worth
            } else {
                0
            };
            out.push((mv, hint));
        }
        false
    };
    match which {
        Which::All => pos.generate_moves(add),
        Which::Captures => pos.generate_captures(true, add),
        Which::Quiet => pos.generate_captures(false, add),
    };
}

fn move_from_key_of(pos: &ShogunPosition, key: u16) -> Option<Move> {
    let from = Square::from_index((key / 128) as u8)?;
    let to = Square::from_index((key % 128) as u8)?;
    let mv = Move::new(from, to);
    pos.check_move(mv).is_ok().then_some(mv)
}

/// The highest number a piece may show: 2 for the Shogun, 4 for the others.
fn max_number(pos: &ShogunPosition, sq: Square) -> u8 {
    match pos.piece_at(sq) {
        Some(p) if p.is_shogun() => 2,
        _ => 4,
    }
}

impl SearchGame for ShogunPosition {
    type Move = Move;

    #[inline]
    fn hash(&self) -> u64 {
        ShogunPosition::hash(self)
    }

    #[inline]
    fn p1_to_move(&self) -> bool {
        self.side() == Side::First
    }

    fn terminal(&self, history: &[u64]) -> Option<Terminal> {
        terminal_of(self, history)
    }

    fn moves(&self, out: &mut Vec<(Move, i32)>) {
        moves_of(self, out, Which::All);
    }

    fn tactical_moves(&self, out: &mut Vec<(Move, i32)>) {
        moves_of(self, out, Which::Captures);
    }

    fn quiet_moves(&self, list: &mut Vec<(Move, i32)>) {
        moves_of(self, list, Which::Quiet); // the tactical moves are exactly the captures
    }

    #[inline]
    fn play(&self, mv: Move) -> (ShogunPosition, bool) {
        let mut child = *self;
        let caught = child.play_unchecked(mv);
        (child, caught.is_some())
    }

    fn null_move(&self) -> Option<ShogunPosition> {
        None // passing is not allowed, and with a Shogun to keep safe it is not a sound trick
    }

    fn evaluate(&self) -> i32 {
        evaluate(self)
    }

    #[inline]
    fn move_key(mv: Move) -> u16 {
        (mv.from.index() * 128 + mv.to.index()) as u16
    }

    fn move_from_key(&self, key: u16) -> Option<Move> {
        move_from_key_of(self, key)
    }
}

impl SearchGame for Fair {
    type Move = Move;
    const CHANCE: bool = true;

    #[inline]
    fn hash(&self) -> u64 {
        self.0.hash()
    }

    #[inline]
    fn p1_to_move(&self) -> bool {
        self.0.side() == Side::First
    }

    fn terminal(&self, history: &[u64]) -> Option<Terminal> {
        terminal_of(&self.0, history)
    }

    fn moves(&self, out: &mut Vec<(Move, i32)>) {
        moves_of(&self.0, out, Which::All);
    }

    fn tactical_moves(&self, out: &mut Vec<(Move, i32)>) {
        moves_of(&self.0, out, Which::Captures);
    }

    fn quiet_moves(&self, list: &mut Vec<(Move, i32)>) {
        moves_of(&self.0, list, Which::Quiet);
    }

    /// The certain stand-in for a move's result (used where the search does not branch on chance:
    /// quiescence and the principal variation): the moved piece shows 2 (the Shogun 1), a middling
    /// guess that does not look at the magnets.
    fn play(&self, mv: Move) -> (Fair, bool) {
        let mut child = self.0;
        let caught = child.play_unchecked(mv);
        let guess = if max_number(&child, mv.to) == 2 { 1 } else { 2 };
        let child = child.with_number(mv.to, guess).unwrap_or(child);
        (Fair(child), caught.is_some())
    }

    fn chance_outcomes(&self, mv: Move, out: &mut Vec<(Fair, u32)>) {
        let mut child = self.0;
        child.play_unchecked(mv);
        for n in 1..=max_number(&child, mv.to) {
            if let Some(c) = child.with_number(mv.to, n) {
                out.push((Fair(c), 1));
            }
        }
    }

    fn null_move(&self) -> Option<Fair> {
        None
    }

    fn evaluate(&self) -> i32 {
        evaluate(&self.0)
    }

    #[inline]
    fn move_key(mv: Move) -> u16 {
        (mv.from.index() * 128 + mv.to.index()) as u16
    }

    fn move_from_key(&self, key: u16) -> Option<Move> {
        move_from_key_of(&self.0, key)
    }
}
