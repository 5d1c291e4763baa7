//! Lists the puzzle files (`suites/puzzles/PRESET.txt`, docs/learn.md) that exist, so that the
//! server embeds each with `include_str!` and a preset without a file simply has no puzzles.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../suites/puzzles");
    // A directory is watched with everything in it: a file added, changed or removed.
    println!("cargo:rerun-if-changed={}", dir.display());
    // Every `PRESET.txt` in name order; the server refuses a name that is not a preset's.
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|f| f.extension().is_some_and(|e| e == "txt") && f.is_file());
    files.sort();
    let mut list = String::from("&[\n");
    for file in files {
        let Some(preset) = file.file_stem().and_then(|s| s.to_str()).map(String::from) else {
            continue;
        };
        let path = file.canonicalize().unwrap_or(file);
        let _ = writeln!(
            list,
            "    ({preset:?}, include_str!({:?})),",
            path.display().to_string()
        );
    }
    list.push(']');
    let out =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("puzzle_files.rs");
    std::fs::write(out, list).expect("the build's own directory is writable");
}
