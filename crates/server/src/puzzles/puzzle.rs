//! One puzzle, as read from its file line (docs/web.md, "Puzzles").

use hasami_core::Move;
use serde::Serialize;

use hasami_core::puzzle::Theme;

/// A puzzle: a position whose side to move (the solver) has one best line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Puzzle {
    /// `PRESET-NNNN`, unique across all files.
    pub(crate) id: String,
    /// The preset (`hasami`, …, `shogun`).
    pub(crate) preset: &'static str,
    /// The position text (RULES.md A7 / S8).
    pub(crate) position: String,
    /// The side to move, the solver: `black` or `white` (the API's words).
    pub(crate) side: &'static str,
    /// The board's size (its files and ranks), for reading move text.
    pub(crate) size: u8,
    /// The solution: solver, defender, solver, …, an odd number of moves.
    pub(crate) solution: Vec<Move>,
    /// The themes, each once, in the order of [`Theme::ALL`].
    pub(crate) themes: Vec<Theme>,
    /// The puzzle's difficulty rating.
    pub(crate) rating: u32,
    /// The proof's search effort (positions visited).
    pub(crate) nodes: u64,
}

/// A puzzle as the API shows it: everything but the solution.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PuzzleView {
    /// The puzzle's id.
    pub(crate) id: String,
    /// The preset.
    pub(crate) variant: &'static str,
    /// The position text.
    pub(crate) position: String,
    /// The solver: `black` or `white`.
    pub(crate) side: &'static str,
    /// The difficulty rating.
    pub(crate) rating: u32,
    /// The theme names.
    pub(crate) themes: Vec<&'static str>,
}

impl Puzzle {
    /// The puzzle as the API shows it (no solution).
    pub(crate) fn view(&self) -> PuzzleView {
        PuzzleView {
            id: self.id.clone(),
            variant: self.preset,
            position: self.position.clone(),
            side: self.side,
            rating: self.rating,
            themes: self.themes.iter().map(|t| t.name()).collect(),
        }
    }
}
