//! Checking a line played on a puzzle: whether it is the solution so far, the defender's reply, a
//! hint (the from-square of the solver's next move), and the solution when the line is wrong,
//! complete, or the solver gives up. Stateless: the caller sends the whole line each time. The
//! server's `POST /api/puzzles/{id}/attempt` and the WebAssembly module's `attempt` request both
//! answer with this check.

use thiserror::Error;

use crate::Move;

/// The most moves an attempt may send.
pub const MAX_ATTEMPT_MOVES: usize = 16;

/// The longest move text an attempt may send.
pub const MAX_MOVE_CHARS: usize = 8;

/// A line played on a puzzle.
#[derive(Debug, Clone)]
pub struct Attempt<'a> {
    /// The moves from the puzzle's position: solver, defender, solver, …
    pub moves: &'a [String],
    /// Whether the solver asks for a hint.
    pub hint: bool,
    /// Whether the solver gives up (the answer shows the solution).
    pub give_up: bool,
}

/// Why an attempt is refused (a malformed request, not a wrong move).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AttemptError {
    /// More moves than the solution has (or than any attempt may send).
    #[error("moves: at most {max} moves (the solution's length)")]
    TooManyMoves {
        /// The most this puzzle takes.
        max: usize,
    },
    /// A move text longer than [`MAX_MOVE_CHARS`].
    #[error("moves: each move at most {MAX_MOVE_CHARS} characters, like e5e3")]
    MoveTooLong,
}

/// The answer to an attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// The line is the solution's beginning.
    pub correct: bool,
    /// The line is the whole solution.
    pub complete: bool,
    /// The defender's next move, when the solver has just played a correct move.
    pub reply: Option<String>,
    /// The from-square of the solver's next move, when asked with a correct line.
    pub hint: Option<String>,
    /// The whole solution, when the line is wrong or complete or the solver gives up.
    pub solution: Option<Vec<String>>,
}

impl Attempt<'_> {
    /// The verdict on this line against `solution`, the puzzle's moves on a board of `size`
    /// files and ranks (for reading the line's move texts).
    pub fn check(&self, solution: &[Move], size: u8) -> Result<Verdict, AttemptError> {
        let max = solution.len().min(MAX_ATTEMPT_MOVES);
        if self.moves.len() > max {
            return Err(AttemptError::TooManyMoves { max });
        }
        if self
            .moves
            .iter()
            .any(|m| m.chars().count() > MAX_MOVE_CHARS)
        {
            return Err(AttemptError::MoveTooLong);
        }
        // A move that is not the solution's (unreadable or illegal moves included) is wrong.
        let correct = self
            .moves
            .iter()
            .zip(solution)
            .all(|(text, want)| Move::parse(text, size).ok() == Some(*want));
        let played = self.moves.len();
        let complete = correct && played == solution.len();
        let reply = (correct && played % 2 == 1 && played < solution.len())
            .then(|| solution[played].to_string());
        // The solver's next move: the next one, or the one after the reply still to come.
        let next = played + played % 2;
        let hint = (self.hint && correct && !complete)
            .then(|| solution.get(next).map(|m| m.from.to_string()))
            .flatten();
        let solution = (!correct || complete || self.give_up)
            .then(|| solution.iter().map(Move::to_string).collect());
        Ok(Verdict {
            correct,
            complete,
            reply,
            hint,
            solution,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A three-move solution on a 9×9 board (its defender's reply need not be best for these
    /// checks).
    fn solution() -> Vec<Move> {
        ["a6e6", "a9a8", "e6e7"]
            .iter()
            .map(|m| Move::parse(m, 9).unwrap())
            .collect()
    }

    fn check(moves: &[&str], hint: bool, give_up: bool) -> Result<Verdict, AttemptError> {
        let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        Attempt {
            moves: &moves,
            hint,
            give_up,
        }
        .check(&solution(), 9)
    }

    #[test]
    fn right_wrong_partial_complete() {
        let v = check(&["a6e6"], false, false).unwrap();
        assert!(v.correct && !v.complete);
        assert_eq!(v.reply.as_deref(), Some("a9a8"));
        assert_eq!(v.solution, None);
        let v = check(&["A6-E6", "a9a8"], true, false).unwrap();
        assert!(v.correct && v.reply.is_none());
        assert_eq!(v.hint.as_deref(), Some("e6"));
        let v = check(&["a6e6", "a9a8", "e6e7"], true, false).unwrap();
        assert!(v.correct && v.complete && v.hint.is_none());
        assert_eq!(v.solution.unwrap(), ["a6e6", "a9a8", "e6e7"]);
        let v = check(&["a1a2"], false, false).unwrap();
        assert!(!v.correct && !v.complete && v.reply.is_none());
        assert_eq!(v.solution.unwrap().len(), 3);
        assert!(!check(&["zz"], true, false).unwrap().correct);
    }

    #[test]
    fn hints_and_giving_up() {
        let v = check(&[], true, false).unwrap();
        assert_eq!(v.hint.as_deref(), Some("a6"));
        assert_eq!(v.solution, None);
        let v = check(&[], false, true).unwrap();
        assert!(v.correct);
        assert_eq!(v.solution.unwrap()[0], "a6e6");
    }

    #[test]
    fn refuses_long_input() {
        assert_eq!(
            check(&["a6e6", "a9a8", "e6e7", "a1a2"], false, false),
            Err(AttemptError::TooManyMoves { max: 3 })
        );
        assert_eq!(
            check(&["a6e6a6e6a"], false, false),
            Err(AttemptError::MoveTooLong)
        );
    }
}
