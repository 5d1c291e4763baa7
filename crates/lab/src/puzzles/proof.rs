//! The proof behind a puzzle: an exact AND/OR search over the solver's and the defender's moves
//! (every move, no evaluation, no pruning but the proof's own cut-offs) that answers "does the side
//! to move force this result within n of its moves?".
//!
//! The result is a *target*: a net gain of at least `target` pieces (pieces the defender lost minus
//! pieces the solver lost since the puzzle's position), counted after the defender's reply to a
//! solver move, or the game won ([`WIN`]). A game the solver wins meets every target; a draw or a
//! loss meets none. Positions are judged as the game judges them (A5 / S6) without repetition (a
//! puzzle is a handful of plies). A proof stops at its node limit, and a stopped proof proves
//! nothing ([`Prover::exhausted`]).

use hasami_core::{Move, Position, Side};

/// The target "win the game".
pub(super) const WIN: i32 = 1_000;

/// One proof: the solver, the material it started with, the positions visited and their limit.
pub(super) struct Prover {
    solver: Side,
    base: i32,
    nodes: u64,
    limit: u64,
}

/// What the game says of a position: over with the solver winning, over otherwise, or going on.
enum Judged {
    Won,
    Lost,
    On,
}

impl Prover {
    /// A prover for the side to move in `root`, visiting at most `limit` positions.
    pub(super) fn new<P: Position>(root: &P, limit: u64) -> Prover {
        let solver = root.side();
        Prover {
            solver,
            base: material(root, solver),
            nodes: 0,
            limit,
        }
    }

    /// Positions visited so far.
    pub(super) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the limit was reached: every answer given since is unproven.
    pub(super) fn exhausted(&self) -> bool {
        self.nodes >= self.limit
    }

    /// The solver's net gain in pieces at `pos` since the root.
    pub(super) fn gain<P: Position>(&self, pos: &P) -> i32 {
        material(pos, self.solver) - self.base
    }

    fn judge<P: Position>(&self, pos: &P) -> Judged {
        match pos.judge(None, true) {
            None => Judged::On,
            Some(o) if o.winner() == Some(self.solver) => Judged::Won,
            Some(_) => Judged::Lost,
        }
    }

    /// Whether the defender's position `pos` (after its reply) already meets `target`.
    fn met<P: Position>(&self, pos: &P, target: i32) -> bool {
        target < WIN && self.gain(pos) >= target
    }

    /// Whether the solver, to move at `pos`, forces `target` within `left` moves.
    pub(super) fn forces<P: Position>(&mut self, pos: &P, left: u32, target: i32) -> bool {
        if left == 0 || self.exhausted() {
            return false;
        }
        for (mv, _) in ordered(pos) {
            if self.move_forces(pos, mv, left, target) {
                return true;
            }
            if self.exhausted() {
                return false;
            }
        }
        false
    }

    /// Whether the solver's `mv` at `pos` forces `target` within `left` moves, this one included.
    pub(super) fn move_forces<P: Position>(
        &mut self,
        pos: &P,
        mv: Move,
        left: u32,
        target: i32,
    ) -> bool {
        self.nodes += 1;
        let mut after = *pos;
        after.play_unchecked(mv);
        match self.judge(&after) {
            Judged::Won => return true,
            Judged::Lost => return false,
            Judged::On => {}
        }
        for (reply, _) in ordered(&after) {
            if self.exhausted() {
                return false;
            }
            if !self.reply_meets(&after, reply, left, target) {
                return false;
            }
        }
        true
    }

    /// Whether, after the defender's `reply` at `pos`, the solver has `target` or forces it with
    /// the `left - 1` moves it has left.
    pub(super) fn reply_meets<P: Position>(
        &mut self,
        pos: &P,
        reply: Move,
        left: u32,
        target: i32,
    ) -> bool {
        self.nodes += 1;
        let mut next = *pos;
        next.play_unchecked(reply);
        match self.judge(&next) {
            Judged::Won => true,
            Judged::Lost => false,
            Judged::On => self.met(&next, target) || self.forces(&next, left - 1, target),
        }
    }

    /// How many solver moves the defender's `reply` at `pos` leaves the solver needing for
    /// `target` (0: met already), or `None` when it escapes within `left - 1`.
    pub(super) fn need<P: Position>(
        &mut self,
        pos: &P,
        reply: Move,
        left: u32,
        target: i32,
    ) -> Option<u32> {
        let mut next = *pos;
        next.play_unchecked(reply);
        match self.judge(&next) {
            Judged::Won => return Some(0),
            Judged::Lost => return None,
            Judged::On => {}
        }
        if self.met(&next, target) {
            return Some(0);
        }
        (1..left).find(|&k| self.forces(&next, k, target))
    }
}

/// A side's pieces minus the other's.
fn material<P: Position>(pos: &P, side: Side) -> i32 {
    pos.piece_count(side) as i32 - pos.piece_count(!side) as i32
}

/// The legal moves with what each captures, captures first (most first), then board order: the
/// solver's likely winners and the defender's likely refutations come early.
pub(super) fn ordered<P: Position>(pos: &P) -> Vec<(Move, u32)> {
    let mut list: Vec<(Move, u32)> = pos
        .moves()
        .into_iter()
        .map(|mv| {
            let mut after = *pos;
            let captured = after.play_unchecked(mv);
            (mv, P::captured_squares(captured).len())
        })
        .collect();
    list.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    list
}
