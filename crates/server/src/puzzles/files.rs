//! The puzzle files embedded at compile time: `build.rs` lists the `suites/puzzles/PRESET.txt`
//! that exist (a preset without a file has no puzzles).

/// Each embedded file: its preset and its text.
pub(crate) const FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/puzzle_files.rs"));
