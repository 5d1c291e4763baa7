// The engine's WebAssembly module as the server embeds it and the browser test runs it (docs/wasm.md),
// built the same way by both: `include!`d by crates/server/build.rs and crates/wasm/tests/browser.rs,
// so the second finds the first's build fresh and nothing is built twice.
//
// - `cargo build --release -p hasami-wasm --target wasm32-unknown-unknown` into `target/wasm` (a build
//   directory of its own). Its compiler flags are those of
//   `[target.wasm32-unknown-unknown]` in .cargo/config.toml, and only those: RUSTFLAGS and the like
//   given to the calling build are removed here (they override that table, and would make the two
//   callers' builds differ).
// - Then, where Binaryen's `wasm-opt` is on PATH, `wasm-opt -O3` (smaller, not slower) into
//   `hasami_wasm.opt.wasm` beside it, redone only when the module is newer. Without `wasm-opt`, or
//   where it fails, the module is used as cargo built it.

/// `wasm-opt`'s optimisation of the module (docs/wasm.md, "Speed and size").
const WASM_OPT_ARGS: [&str; 1] = ["-O3"];

/// Builds the module; the path of the file to serve, and why `wasm-opt` was not applied (where found
/// but failed).
fn build_engine_module(
    root: &std::path::Path,
) -> Result<(std::path::PathBuf, Option<String>), String> {
    use std::process::Command;
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let target_dir = root.join("target/wasm");
    let mut command = Command::new(cargo);
    command
        .current_dir(root)
        .args([
            "build",
            "--release",
            "--locked",
            "--quiet",
            "-p",
            "hasami-wasm",
            "--target",
            "wasm32-unknown-unknown",
        ])
        .env("CARGO_TARGET_DIR", &target_dir);
    // What the calling build was given for its own crates is not for the module's (clippy's driver,
    // flags): the module's flags are .cargo/config.toml's.
    for var in [
        "RUSTC_WORKSPACE_WRAPPER",
        "RUSTC_WRAPPER",
        "RUSTFLAGS",
        "CARGO_ENCODED_RUSTFLAGS",
        "CARGO_BUILD_TARGET",
        "CARGO_BUILD_RUSTFLAGS",
        "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS",
    ] {
        command.env_remove(var);
    }
    let out = command
        .output()
        .map_err(|e| format!("cargo could not run: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "cargo build for wasm32-unknown-unknown: {}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let module = target_dir.join("wasm32-unknown-unknown/release/hasami_wasm.wasm");
    let built = std::fs::metadata(&module)
        .and_then(|m| m.modified())
        .map_err(|e| format!("{}: {e}", module.display()))?;
    let optimised = module.with_extension("opt.wasm");
    let fresh = std::fs::metadata(&optimised)
        .and_then(|m| m.modified())
        .is_ok_and(|t| t >= built);
    if fresh {
        return Ok((optimised, None));
    }
    let _ = std::fs::remove_file(&optimised);
    match Command::new("wasm-opt")
        .args(WASM_OPT_ARGS)
        .arg(&module)
        .arg("-o")
        .arg(&optimised)
        .output()
    {
        // No Binaryen here: the module as built.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok((module, None)),
        Err(e) => Ok((module, Some(format!("wasm-opt could not run: {e}")))),
        Ok(out) if out.status.success() => Ok((optimised, None)),
        Ok(out) => {
            let _ = std::fs::remove_file(&optimised);
            Ok((
                module,
                Some(format!(
                    "wasm-opt failed ({}): {}",
                    out.status,
                    String::from_utf8_lossy(&out.stderr).trim()
                )),
            ))
        }
    }
}
