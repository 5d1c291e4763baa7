//! The puzzles the server serves: every embedded file read once into an immutable set, indexed by
//! id, by preset and by preset and theme. Its memory is bounded by the files.

use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

use serde::Serialize;

use super::files::FILES;
use super::parse::{parse_file, FileError};
use super::puzzle::Puzzle;
use super::PRESETS;
use hasami_core::puzzle::Theme;

/// The puzzles of one preset: indices into the set's list.
#[derive(Debug, Default)]
struct PresetIndex {
    /// Every puzzle of the preset.
    all: Vec<usize>,
    /// The puzzles of each theme.
    by_theme: BTreeMap<Theme, Vec<usize>>,
}

/// An immutable, indexed set of puzzles.
#[derive(Debug, Default)]
pub(crate) struct PuzzleSet {
    puzzles: Vec<Puzzle>,
    by_id: HashMap<String, usize>,
    by_preset: BTreeMap<&'static str, PresetIndex>,
}

/// A preset's puzzles counted, for `GET /api/puzzles`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct VariantCount {
    /// The preset.
    pub(crate) variant: &'static str,
    /// How many puzzles it has.
    pub(crate) count: usize,
    /// How many of them carry each theme (themes with none left out).
    pub(crate) themes: BTreeMap<&'static str, usize>,
}

impl PuzzleSet {
    /// The set of the embedded files (read on first use); a line that is not a puzzle is left out
    /// and said once on stderr (the unit tests refuse such a file before it ships).
    pub(crate) fn shipped() -> &'static PuzzleSet {
        static SET: OnceLock<PuzzleSet> = OnceLock::new();
        SET.get_or_init(|| {
            let (set, errors) = PuzzleSet::read(FILES);
            for e in errors.iter().take(10) {
                eprintln!("hasami: puzzle left out: {e}");
            }
            set
        })
    }

    /// The set of `files` (preset and text; a preset not in [`PRESETS`] is refused), and the lines
    /// that are not puzzles (a second puzzle with an id already read is one).
    pub(crate) fn read(files: &[(&str, &str)]) -> (PuzzleSet, Vec<FileError>) {
        let mut set = PuzzleSet::default();
        let mut errors = Vec::new();
        for (name, text) in files {
            let Some(preset) = PRESETS.into_iter().find(|p| p == name) else {
                errors.push(FileError {
                    preset: "?",
                    why: format!("no preset '{name}' has puzzles"),
                });
                continue;
            };
            let (puzzles, mut bad) = parse_file(preset, text);
            errors.append(&mut bad);
            for puzzle in puzzles {
                if set.by_id.contains_key(&puzzle.id) {
                    errors.push(FileError {
                        preset,
                        why: format!("id {} twice", puzzle.id),
                    });
                    continue;
                }
                set.add(puzzle);
            }
        }
        (set, errors)
    }

    /// Adds a puzzle whose id is new.
    fn add(&mut self, puzzle: Puzzle) {
        let at = self.puzzles.len();
        let index = self.by_preset.entry(puzzle.preset).or_default();
        index.all.push(at);
        for theme in &puzzle.themes {
            index.by_theme.entry(*theme).or_default().push(at);
        }
        self.by_id.insert(puzzle.id.clone(), at);
        self.puzzles.push(puzzle);
    }

    /// The puzzle with `id`.
    pub(crate) fn get(&self, id: &str) -> Option<&Puzzle> {
        self.by_id.get(id).map(|&i| &self.puzzles[i])
    }

    /// The puzzles of `preset` (with `theme` when given), in file order.
    pub(crate) fn of(&self, preset: &str, theme: Option<Theme>) -> impl Iterator<Item = &Puzzle> {
        let index = self.by_preset.get(preset);
        let list = match (index, theme) {
            (None, _) => &[][..],
            (Some(i), None) => &i.all[..],
            (Some(i), Some(t)) => i.by_theme.get(&t).map_or(&[][..], Vec::as_slice),
        };
        list.iter().map(|&i| &self.puzzles[i])
    }

    /// The presets that have puzzles, in the order of [`PRESETS`].
    pub(crate) fn presets(&self) -> Vec<&'static str> {
        PRESETS
            .into_iter()
            .filter(|p| self.by_preset.contains_key(p))
            .collect()
    }

    /// Each preset that has puzzles, with its counts.
    pub(crate) fn counts(&self) -> Vec<VariantCount> {
        self.presets()
            .into_iter()
            .map(|variant| {
                let index = &self.by_preset[variant];
                VariantCount {
                    variant,
                    count: index.all.len(),
                    themes: index
                        .by_theme
                        .iter()
                        .map(|(t, list)| (t.name(), list.len()))
                        .collect(),
                }
            })
            .collect()
    }

    /// How many puzzles the set holds.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.puzzles.len()
    }

    /// Every puzzle, in file order.
    #[cfg(test)]
    pub(crate) fn iter(&self) -> impl Iterator<Item = &Puzzle> {
        self.puzzles.iter()
    }
}
