//! Lists the puzzle files (`suites/puzzles/PRESET.txt`, docs/web.md "Puzzles") that exist, so that
//! the server embeds each with `include_str!` and a preset without a file simply has no puzzles.

use std::fmt::Write as _;
use std::path::Path;

/// The presets that may have a puzzle file, in the order the server lists them.
const PRESETS: [&str; 7] = [
    "hasami",
    "hasami-chess",
    "dai-hasami",
    "dai-hasami-captures",
    "agon",
    "mak-yek",
    "shogun",
];

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../suites/puzzles");
    // A directory is watched with everything in it: a file added, changed or removed.
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut list = String::from("&[\n");
    for preset in PRESETS {
        let file = dir.join(format!("{preset}.txt"));
        if file.is_file() {
            let path = file.canonicalize().unwrap_or(file);
            let _ = writeln!(
                list,
                "    ({preset:?}, include_str!({:?})),",
                path.display().to_string()
            );
        }
    }
    list.push(']');
    let out =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("puzzle_files.rs");
    std::fs::write(out, list).expect("the build's own directory is writable");
}
