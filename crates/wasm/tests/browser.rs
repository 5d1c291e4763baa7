//! The engine as WebAssembly in headless Chromium, in a Web Worker (crates/wasm/js/engine-worker.js,
//! driven by e2e/wasm-engine.mjs): built for `wasm32-unknown-unknown` in release, it visits exactly
//! the native engine's nodes on every `hasami bench` position, answers requests as the native build of
//! the same crate does, and the page stays responsive while it searches.
//!
//! Needs the `wasm32-unknown-unknown` target (`rustup target add wasm32-unknown-unknown`; the test
//! command adds it), `node`, `e2e/node_modules` and Debian's Chromium, as the browser tests do.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// The depth the bench positions are searched to here (the bench's own is 9).
const DEPTH: u32 = 7;

fn root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.canonicalize().unwrap_or(root)
}

/// Builds the module (release, its own target directory) and returns its path.
fn build_wasm() -> PathBuf {
    let root = root();
    let target = root.join("target/wasm");
    let out = Command::new(env!("CARGO"))
        .args([
            "build",
            "--locked",
            "--release",
            "-p",
            "hasami-wasm",
            "--target",
            "wasm32-unknown-unknown",
        ])
        .env("CARGO_TARGET_DIR", &target)
        .current_dir(&root)
        .output()
        .expect("run cargo build for wasm32");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "building the WebAssembly engine failed (is the target installed? \
         rustup target add wasm32-unknown-unknown):\n{said}"
    );
    target.join("wasm32-unknown-unknown/release/hasami_wasm.wasm")
}

#[test]
fn the_webassembly_engine_in_a_worker_searches_as_the_native_one() {
    let wasm = build_wasm();
    let out = Command::new("node")
        .arg("wasm-engine.mjs")
        .arg(&wasm)
        .arg(DEPTH.to_string())
        .current_dir(root().join("e2e"))
        .output()
        .expect("run node e2e/wasm-engine.mjs (needs node and npm ci --prefix e2e)");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let got: Value = serde_json::from_str(stdout.trim()).expect("one JSON line");

    let mut native = Vec::new();
    let total = hasami_engine::bench::run(DEPTH, |variant, position, nodes, _| {
        native.push((variant.to_string(), position.to_string(), nodes));
    });
    let positions = got["bench"]["positions"].as_array().unwrap();
    assert_eq!(positions.len(), native.len());
    for (p, (variant, position, nodes)) in positions.iter().zip(&native) {
        assert_eq!(
            (
                p["variant"].as_str().unwrap(),
                p["position"].as_str().unwrap()
            ),
            (variant.as_str(), position.as_str())
        );
        assert_eq!(p["nodes"].as_u64(), Some(*nodes), "{variant} {position}");
    }
    assert_eq!(got["bench"]["nodes"].as_u64(), Some(total.nodes));

    let requests = got["requests"].as_array().unwrap();
    let answers = got["answers"].as_array().unwrap();
    assert_eq!(requests.len(), answers.len());
    for (request, answer) in requests.iter().zip(answers) {
        let native: Value = serde_json::from_str(&hasami_wasm::search(request.as_str().unwrap()))
            .expect("the native answer is JSON");
        assert_eq!(answer, &native, "{request}");
    }
    assert!(answers.last().unwrap()["error"].is_string());
    assert!(
        got["ticks"].as_u64().unwrap() > 0,
        "the page's timers ran while the worker searched"
    );
}
