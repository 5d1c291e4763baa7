//! Checking a line played on a puzzle: the check itself is the rules library's
//! (`hasami_core::puzzle::attempt`, shared with the WebAssembly module); here its answer as the
//! API writes it.

use hasami_core::puzzle::attempt::{Attempt, AttemptError};
use serde::Serialize;

use super::puzzle::Puzzle;

/// The answer to an attempt, as JSON (`hasami_core::puzzle::attempt::Verdict`'s fields).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Verdict {
    /// The line is the solution's beginning.
    pub(crate) correct: bool,
    /// The line is the whole solution.
    pub(crate) complete: bool,
    /// The defender's next move, when the solver has just played a correct move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) reply: Option<String>,
    /// The from-square of the solver's next move, when asked with a correct line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) hint: Option<String>,
    /// The whole solution, when the line is wrong or complete or the solver gives up.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) solution: Option<Vec<String>>,
}

/// The verdict on `attempt` of `puzzle`.
pub(crate) fn check(attempt: &Attempt<'_>, puzzle: &Puzzle) -> Result<Verdict, AttemptError> {
    let v = attempt.check(&puzzle.solution, puzzle.size)?;
    Ok(Verdict {
        correct: v.correct,
        complete: v.complete,
        reply: v.reply,
        hint: v.hint,
        solution: v.solution,
    })
}
