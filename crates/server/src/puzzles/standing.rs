//! Puzzles' ratings as players' tries move them (the store's `puzzle_results`, docs/learn.md
//! "Difficulty"): a puzzle is shown with its moved rating (its file's until someone finishes a
//! try), and a finished try is a Glicko-2 game between the solver's puzzle rating and the puzzle's.
//! A store that does not answer leaves the file's rating shown and the try uncounted: puzzles never
//! fail for it.

use serde::Deserialize;

use super::puzzle::{Puzzle, PuzzleView};
use crate::db::Db;

/// The solver's puzzle rating, sent with the attempt that ends a try (the browser keeps it).
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SolverRating {
    /// The rating (0–5000).
    pub(crate) rating: f64,
    /// Its deviation (1–500).
    pub(crate) rd: f64,
}

impl SolverRating {
    /// Whether the numbers are ratings: finite, the rating 0–5000, the deviation 1–500.
    pub(crate) fn valid(&self) -> bool {
        (0.0..=5000.0).contains(&self.rating) && (1.0..=500.0).contains(&self.rd)
    }
}

/// A rating as the API shows it: whole points, 1–4000.
fn shown(rating: f64) -> u32 {
    rating.round().clamp(1.0, 4000.0) as u32
}

/// The puzzles' standings in the store.
pub(crate) struct Standings<'a> {
    db: &'a Db,
}

impl<'a> Standings<'a> {
    /// The standings kept in `db`.
    pub(crate) fn new(db: &'a Db) -> Standings<'a> {
        Standings { db }
    }

    /// `puzzle` as the API shows it, with its rating as tries moved it.
    pub(crate) async fn view(&self, puzzle: &Puzzle) -> PuzzleView {
        let mut view = puzzle.view();
        if let Ok(Some(standing)) = self.db.puzzle_standing(&puzzle.id).await {
            view.rating = shown(standing.rating);
        }
        view
    }

    /// Counts a finished try of `puzzle` by `solver` (`solved`: the solver won); the puzzle's
    /// rating after it, `None` when the store did not take it.
    pub(crate) async fn record(
        &self,
        puzzle: &Puzzle,
        solver: SolverRating,
        solved: bool,
    ) -> Option<u32> {
        let start = f64::from(puzzle.rating);
        self.db
            .record_puzzle_result(&puzzle.id, start, (solver.rating, solver.rd), solved)
            .await
            .ok()
            .map(|s| shown(s.rating))
    }
}
