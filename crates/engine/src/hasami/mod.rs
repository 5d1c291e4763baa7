//! The Hasami family as a [`Game`] for the search: move lists with ordering hints, captures for
//! quiescence, and an evaluation chosen from the variant's goals.

mod eval;

use hasami_core::game::repetitions;
use hasami_core::{Move, Outcome, Position, Square};

use crate::game::{Game, Terminal};

pub use eval::{evaluate, feature, features, Family, Weights, FEATURES, N_FEATURES};

/// Ordering hint of a move that captures, before adding 100 per captured piece.
const CAPTURE_HINT: i32 = 10_000;

impl Game for Position {
    type Move = Move;

    #[inline]
    fn hash(&self) -> u64 {
        Position::hash(self)
    }

    #[inline]
    fn p1_to_move(&self) -> bool {
        self.side() == hasami_core::Side::Black
    }

    fn terminal(&self, history: &[u64]) -> Option<Terminal> {
        let limit = self.rules().options.repetition;
        let rep = if limit > 0 {
            let n = repetitions(history, self.quiet_plies());
            (n >= limit).then_some(n)
        } else {
            None
        };
        self.judge(rep, false).map(|o| match o {
            Outcome::Win { winner, .. } if winner == self.side() => Terminal::Win,
            Outcome::Win { .. } => Terminal::Loss,
            Outcome::Draw(_) => Terminal::Draw,
        })
    }

    fn moves(&self, out: &mut Vec<(Move, i32)>) {
        let hot = self.capture_squares(self.side()) | eval::five_completions(self, self.side());
        // All pieces at once per direction: cheaper than one piece at a time.
        self.for_each_move_into(self.rules().board, |mv| {
            let hint = if hot.has(mv.to) { hint_of(self, mv) } else { 0 };
            out.push((mv, hint));
        });
    }

    fn tactical_moves(&self, out: &mut Vec<(Move, i32)>) {
        let hot = self.capture_squares(self.side()) | eval::five_completions(self, self.side());
        if hot.is_empty() {
            return;
        }
        self.for_each_move_into(hot, |mv| {
            let hint = hint_of(self, mv);
            if hint > 0 {
                out.push((mv, hint));
            }
        });
    }

    fn quiet_moves(&self, out: &mut Vec<(Move, i32)>) {
        let hot = self.capture_squares(self.side()) | eval::five_completions(self, self.side());
        self.for_each_move_into(self.rules().board, |mv| {
            if !hot.has(mv.to) || hint_of(self, mv) == 0 {
                out.push((mv, 0));
            }
        });
    }

    #[inline]
    fn play(&self, mv: Move) -> (Position, bool) {
        let mut child = *self;
        let caught = child.play_unchecked(mv);
        (child, !caught.is_empty())
    }

    fn null_move(&self) -> Option<Position> {
        (self.pieces(self.side()).len() >= 3).then(|| self.with_side_to_move(!self.side()))
    }

    #[inline]
    fn evaluate(&self) -> i32 {
        evaluate(self, Weights::for_rules(self.rules()))
    }

    #[inline]
    fn move_key(mv: Move) -> u16 {
        (mv.from.index() * 128 + mv.to.index()) as u16
    }

    #[inline]
    fn move_from_key(&self, key: u16) -> Option<Move> {
        let from = Square::from_index((key / 128) as u8)?;
        let to = Square::from_index((key % 128) as u8)?;
        let mv = Move::new(from, to);
        self.check_move(mv).is_ok().then_some(mv)
    }
}

/// 10,000 + 100 per captured piece for a capture, 9,000 for completing a five, else 0.
fn hint_of(pos: &Position, mv: Move) -> i32 {
    let caught = pos.captures_of(mv).len() as i32;
    if caught > 0 {
        return CAPTURE_HINT + 100 * caught;
    }
    if pos.rules().five {
        let (child, _) = Game::play(pos, mv);
        if child.five_line(pos.side()).is_some() {
            return CAPTURE_HINT - 1000;
        }
    }
    0
}
