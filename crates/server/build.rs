//! Prepares what the server embeds:
//! - the puzzle files (`suites/puzzles/PRESET.txt`, docs/learn.md) that exist, listed so that the
//!   server embeds each with `include_str!` and a preset without a file simply has no puzzles; the
//!   same list makes them web assets `puzzles-PRESET.txt` (the page's puzzles with no server), the
//!   macro `with_puzzle_files!` that adds them to the other assets;
//! - the engine as WebAssembly (crates/wasm, docs/wasm.md), built for `wasm32-unknown-unknown` in
//!   release into `target/wasm` (a build directory of its own, so this build's lock is not in its
//!   way) with .cargo/config.toml's flags for that target, passed through Binaryen's
//!   `wasm-opt -O3` where it is on PATH (crates/wasm/build_module.rs, shared with the browser test),
//!   and copied to `OUT_DIR/hasami_wasm.wasm`. Where the target is missing the file is empty, a
//!   warning says how to add it, and the server serves no module (pages use the server's engine).
//!   `HASAMI_NO_WASM=1` skips it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    puzzles();
    engine_module();
}

/// The crates the module is built from, the lock file and the module's flags: a change in any
/// rebuilds it.
const MODULE_SOURCES: [&str; 6] = [
    "crates/core",
    "crates/engine",
    "crates/view",
    "crates/wasm",
    "Cargo.lock",
    ".cargo/config.toml",
];

fn engine_module() {
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("hasami_wasm.wasm");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    println!("cargo:rerun-if-env-changed=HASAMI_NO_WASM");
    for source in MODULE_SOURCES {
        println!("cargo:rerun-if-changed={}", root.join(source).display());
    }
    let bytes = if std::env::var_os("HASAMI_NO_WASM").is_some_and(|v| v == "1") {
        Vec::new()
    } else {
        build_module(&root).unwrap_or_else(|why| {
            println!("cargo:warning=the engine's WebAssembly module was not built ({why}); pages will use the server's engine. Add the target with `rustup target add wasm32-unknown-unknown`.");
            Vec::new()
        })
    };
    std::fs::write(&out, bytes).expect("the build's own directory is writable");
}

// `build_engine_module`: the module's build, shared with crates/wasm/tests/browser.rs.
include!("../wasm/build_module.rs");

/// Builds crates/wasm in release for the browser (crates/wasm/build_module.rs: cargo, then `wasm-opt`
/// where found); the module's bytes.
fn build_module(root: &Path) -> Result<Vec<u8>, String> {
    let (module, not_optimised) = build_engine_module(root)?;
    if let Some(why) = not_optimised {
        println!(
            "cargo:warning=the engine's WebAssembly module is served as cargo built it: {why}"
        );
    }
    std::fs::read(&module).map_err(|e| format!("{}: {e}", module.display()))
}

/// The list of puzzle files for `include_str!`, and the macro that lists them as web assets.
fn puzzles() {
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
    let mut assets = String::from(
        "/// The web assets `list`, then each puzzle file as `puzzles-PRESET.txt`.\n\
         macro_rules! with_puzzle_files {\n    ($($asset:expr),* $(,)?) => {\n        &[\n            $($asset,)*\n",
    );
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
        let _ = writeln!(
            assets,
            "            ({:?}, \"text/plain; charset=utf-8\", include_bytes!({:?})),",
            format!("puzzles-{preset}.txt"),
            path.display().to_string()
        );
    }
    list.push(']');
    assets.push_str("        ]\n    };\n}\n");
    let dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(dir.join("puzzle_files.rs"), list)
        .expect("the build's own directory is writable");
    std::fs::write(dir.join("puzzle_assets.rs"), assets)
        .expect("the build's own directory is writable");
}
