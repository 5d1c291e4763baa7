//! Moves (A3) and captures (A4).

use super::RefGame;
use crate::notation::*;
use crate::rules::*;

impl RefGame {
    /// All legal moves of the side to move as (from, to), ignoring whether the game is over.
    pub(super) fn generate_moves(&self) -> Vec<(Sq, Sq)> {
        let n = self.rules.n;
        let me = self.to_move;
        let mut moves = Vec::new();
        for rank in 0..n {
            for file in 0..n {
                let from = (file, rank);
                if self.at(from) != Some(me) {
                    continue;
                }
                let mut targets = Vec::new();
                for d in ORTHOGONAL {
                    // A3.1 slide / A3.2 step.
                    let mut k = 1;
                    while let Some(t) = self.step_from(from, d, k) {
                        if self.at(t).is_some() {
                            break;
                        }
                        targets.push(t);
                        if self.rules.step {
                            break;
                        }
                        k += 1;
                    }
                    // A3.3 jump over one adjacent piece of either colour.
                    if self.rules.jump {
                        if let (Some(over), Some(t)) =
                            (self.step_from(from, d, 1), self.step_from(from, d, 2))
                        {
                            if self.at(over).is_some() && self.at(t).is_none() {
                                targets.push(t);
                            }
                        }
                    }
                }
                for t in targets {
                    if self.rules.house {
                        // A3.4: never into the opponent's home rows; from outside one's own
                        // home rows never back into them.
                        if self.in_home(me.other(), t) {
                            continue;
                        }
                        if self.in_home(me, t) && !self.in_home(me, from) {
                            continue;
                        }
                    }
                    if !moves.contains(&(from, t)) {
                        moves.push((from, t));
                    }
                }
            }
        }
        moves
    }

    // ----------------------------------------------------------------------------------------
    // Captures (A4).

    /// The enemy pieces captured by the piece of `mover` that has just landed on `t`
    /// (the board already shows it there). Sorted, without duplicates.
    pub(super) fn find_captures(&self, t: Sq, mover: Side) -> Vec<Sq> {
        let enemy = mover.other();
        let mut dirs: Vec<(i32, i32)> = ORTHOGONAL.to_vec();
        if self.rules.diagonal {
            dirs.extend_from_slice(&DIAGONAL);
        }
        let mut caught: Vec<Sq> = Vec::new();
        for &d in &dirs {
            // C1 line capture: walk over enemy pieces, then a piece of the mover must follow.
            let mut run = Vec::new();
            let mut k = 1;
            let mut end = None;
            while let Some(sq) = self.step_from(t, d, k) {
                if self.at(sq) == Some(enemy) {
                    run.push(sq);
                    k += 1;
                } else {
                    end = Some(sq);
                    break;
                }
            }
            let run_ok = match self.rules.max_run {
                Some(max) => run.len() <= max,
                None => true,
            };
            if !run.is_empty() && run_ok {
                if let Some(e) = end {
                    if self.at(e) == Some(mover) {
                        caught.extend(run.iter().copied());
                    }
                }
            }
            // C4 intervention: enemy pieces on both sides of t along this axis.
            if self.rules.intervention {
                let a = self.step_from(t, d, 1);
                let b = self.step_from(t, d, -1);
                if let (Some(a), Some(b)) = (a, b) {
                    if self.at(a) == Some(enemy) && self.at(b) == Some(enemy) {
                        caught.push(a);
                        caught.push(b);
                    }
                }
            }
        }
        // C2 corner capture.
        if self.rules.corner {
            for c in self.corner_squares() {
                if self.at(c) != Some(enemy) {
                    continue;
                }
                let neighbours: Vec<Sq> = ORTHOGONAL
                    .iter()
                    .filter_map(|&d| self.step_from(c, d, 1))
                    .filter(|&sq| self.in_corner_region(sq))
                    .collect();
                if neighbours.contains(&t)
                    && neighbours.iter().all(|&sq| self.at(sq) == Some(mover))
                {
                    caught.push(c);
                }
            }
        }
        caught.sort();
        caught.dedup();
        caught
    }

    /// Plays a move known to be legal: moves the piece, removes captures, updates counters,
    /// history and the result. Returns the captured squares.
    pub(super) fn apply(&mut self, from: Sq, to: Sq) -> Vec<Sq> {
        let mover = self.to_move;
        self.board[from.1][from.0] = None;
        self.board[to.1][to.0] = Some(mover);
        let captured = self.find_captures(to, mover);
        for &sq in &captured {
            self.board[sq.1][sq.0] = None;
        }
        if captured.is_empty() {
            self.quiet_plies = self.quiet_plies.saturating_add(1);
        } else {
            self.quiet_plies = 0;
        }
        if mover == Side::White {
            self.move_number = self.move_number.saturating_add(1);
        }
        self.to_move = mover.other();
        self.history.push((self.board.clone(), self.to_move));
        self.outcome = self.judge();
        captured
    }
}
