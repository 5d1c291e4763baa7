//! The Hasami family as a [`Game`] for the search: move lists with ordering hints, captures for
//! quiescence, and an evaluation chosen from the variant's goals.

mod eval;

use hasami_core::game::repetitions;
use hasami_core::{BitBoard, Move, Outcome, Position, Square};

use crate::game::{Game, Terminal};

pub use eval::{evaluate, feature, features, Family, Weights, FEATURES, N_FEATURES};

/// Ordering hint of a move that captures, before adding 100 per captured piece.
const CAPTURE_HINT: i32 = 10_000;
/// Hint of a quiet move that threatens a sandwich (see [`crate::game::THREAT`]).
const THREAT_HINT: i32 = crate::game::THREAT;

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
        let hot = hot_squares(self);
        // All pieces at once per direction: cheaper than one piece at a time.
        self.for_each_move_into(self.rules().board, |mv| {
            let hint = if hot.has(mv.to) { hint_of(self, mv) } else { 0 };
            out.push((mv, hint));
        });
    }

    fn tactical_moves(&self, out: &mut Vec<(Move, i32)>) {
        let hot = hot_squares(self);
        if hot.is_empty() {
            return;
        }
        // Every move into a square where it might capture or complete a five, with hint 0 for those
        // that do not after all.
        self.for_each_move_into(hot, |mv| out.push((mv, hint_of(self, mv))));
    }

    fn quiet_moves(&self, list: &mut Vec<(Move, i32)>) {
        // Every move into a hot square is in the list already (from `tactical_moves`).
        let mut taken = BitBoard::EMPTY;
        for &(mv, _) in list.iter() {
            taken = taken.with(mv.to);
        }
        let free = self.rules().board & !taken;
        let threats = threat_squares(self);
        self.for_each_move_into(free & !threats, |mv| list.push((mv, 0)));
        self.for_each_move_into(free & threats, |mv| list.push((mv, THREAT_HINT)));
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

/// Empty squares next to an enemy piece with an empty square beyond it: a piece landing there
/// threatens to sandwich that piece next move (C1); and squares that make a four (W3).
fn threat_squares(pos: &Position) -> BitBoard {
    let rules = pos.rules();
    let enemy = pos.pieces(!pos.side());
    let empty = rules.board & !pos.occupied();
    let mut t = BitBoard::EMPTY;
    for &d in rules.capture_dirs {
        let back = d.opposite();
        t |= enemy.shift(back) & empty.shift_by(back, 2);
    }
    t & empty | eval::four_squares(pos, pos.side())
}

/// Squares where a move of the side to move might capture (a superset) or completes a five.
#[inline]
fn hot_squares(pos: &Position) -> BitBoard {
    pos.capture_squares(pos.side()) | eval::five_completions(pos, pos.side())
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
