//! Puzzles (docs/web.md, "Puzzles"): positions with one forced best line, proved by the engine
//! (`hasami-lab puzzles generate`) and shipped in `suites/puzzles/PRESET.txt`. The files are embedded
//! at compile time (`files`), read once into an immutable, indexed [`PuzzleSet`] (`set`), and served
//! statelessly: a puzzle to solve (`pick`), the day's puzzle (`daily`), and the check of a line
//! played (`attempt`); a finished try moves the puzzle's rating in the store (`standing`). Nothing
//! here knows HTTP.
//!
//! - `puzzle`: one puzzle; `parse`: a file into puzzles (its form read by `hasami_core::puzzle`).

mod attempt;
mod daily;
mod files;
mod parse;
mod pick;
mod puzzle;
mod set;
mod standing;

#[cfg(test)]
mod shipped;

pub(crate) use attempt::{check, Verdict};
pub(crate) use daily::{daily, day_of};
pub(crate) use hasami_core::puzzle::attempt::Attempt;
pub(crate) use pick::{Pick, MAX_EXCLUDED};
pub(crate) use puzzle::Puzzle;
pub(crate) use set::PuzzleSet;
pub(crate) use standing::{SolverRating, Standings};

/// The presets that may have puzzles, in the order they are listed (the file names of
/// `suites/puzzles/`): the presets as the API names them, the same list ratings use.
pub(crate) use crate::accounts::PRESETS;

/// The preset named `text` (any case; an alias such as `apit-sodok` names its preset), when it is
/// one that may have puzzles.
pub(crate) fn preset_named(text: &str) -> Option<&'static str> {
    let name = text.trim().to_ascii_lowercase();
    if name == "shogun" {
        return Some("shogun");
    }
    let preset = hasami_core::Preset::named(&name)?.name();
    PRESETS.into_iter().find(|p| *p == preset)
}
