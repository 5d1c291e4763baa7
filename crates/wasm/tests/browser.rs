//! The engine as WebAssembly in headless Chromium, in a Web Worker (crates/wasm/js/engine-worker.js,
//! driven by e2e/wasm-engine.mjs): built for `wasm32-unknown-unknown` in release as the server embeds
//! it (through `wasm-opt` where Binaryen is installed), it visits exactly
//! the native engine's nodes on every `hasami bench` position, answers requests as the native build of
//! the same crate does (boards, records, puzzles and puzzle attempts included), plays at every level
//! the move the server's engine plays for the same seed and node limit, and the page stays responsive
//! while it searches.
//!
//! Needs the `wasm32-unknown-unknown` target (`rustup target add wasm32-unknown-unknown`; the test
//! command adds it), `node`, `e2e/node_modules` and Debian's Chromium, as the browser tests do; Binaryen's
//! `wasm-opt` where installed (the test command installs Debian's binaryen).

use std::path::{Path, PathBuf};
use std::process::Command;

use hasami_core::AnyGame;
use hasami_engine::{level_for, Limits, SearchRequest, Searcher};
use serde_json::Value;

/// The depth the bench positions are searched to here (the bench's own is 9).
const DEPTH: u32 = 7;

fn root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.canonicalize().unwrap_or(root)
}

// `build_engine_module`: the module's build, shared with crates/server/build.rs.
include!("../build_module.rs");

/// Builds the module as the server embeds it (crates/wasm/build_module.rs: release, its own target
/// directory, .cargo/config.toml's flags, `wasm-opt` where found) and returns its path.
fn build_wasm() -> PathBuf {
    match build_engine_module(&root()) {
        Ok((module, None)) => module,
        Ok((_, Some(why))) => panic!("{why}"),
        Err(why) => panic!(
            "building the WebAssembly engine failed (is the target installed? \
             rustup target add wasm32-unknown-unknown): {why}"
        ),
    }
}

/// A request's answer as the native build of the crate gives it.
type Answer = fn(&str) -> String;

/// The move the server's engine plays for a search request of levels (`variant`, `moves`, `level`,
/// `seed`, `nodes`): the request the server makes for an engine reply (level_for, its seed) with a
/// node limit, on a searcher as the server's (a 16 MiB table, one thread).
fn server_move(request: &str) -> Value {
    let field = |key: &str| {
        request
            .lines()
            .find_map(|l| l.strip_prefix(key).map(|v| v.trim().to_string()))
            .unwrap_or_default()
    };
    let mut game = AnyGame::new(&field("variant "), None).unwrap();
    for mv in field("moves ").split_whitespace() {
        game.play_text(mv).unwrap();
    }
    let position = game.position();
    let request = SearchRequest::new(position, game.hashes())
        .level(level_for(&position, field("level ").parse().unwrap()))
        .limits(Limits {
            nodes: Some(field("nodes ").parse().unwrap()),
            ..Limits::default()
        })
        .seed(field("seed ").parse().unwrap());
    let out = Searcher::new(16, 1).search(&request, |_| {});
    out.best
        .map_or(Value::Null, |m| Value::String(m.to_string()))
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
    let total = hasami_engine::bench::run(
        DEPTH,
        hasami_engine::Learned::Confirmed,
        |variant, position, nodes, _| {
            native.push((variant.to_string(), position.to_string(), nodes));
        },
    );
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
    assert!(answers[3]["error"].is_string());
    // Levels: the page plays the move the server's engine plays at the same level, seed and nodes.
    let levels = requests
        .iter()
        .zip(answers)
        .filter(|(r, _)| r.as_str().unwrap().contains("\nlevel "));
    let mut checked = 0;
    for (request, answer) in levels {
        assert_eq!(
            answer["best"],
            server_move(request.as_str().unwrap()),
            "{request}"
        );
        checked += 1;
    }
    assert_eq!(checked, 40, "ten levels of four games");
    // Boards, records and puzzles: as the native build answers (the server's `POST /api/analysis`
    // answers with the same type, hasami_view::BoardView; its puzzle attempts with the same check,
    // hasami_core::puzzle::attempt).
    let native: [(&str, &str, Answer); 4] = [
        ("views", "viewed", hasami_wasm::view),
        ("records", "recorded", hasami_wasm::record),
        ("puzzles", "puzzled", hasami_wasm::puzzles),
        ("attempts", "attempted", hasami_wasm::attempt),
    ];
    for (asked, answered, native) in native {
        let (asked, answered) = (
            got[asked].as_array().unwrap(),
            got[answered].as_array().unwrap(),
        );
        assert_eq!(asked.len(), answered.len());
        for (request, answer) in asked.iter().zip(answered) {
            let expected: Value = serde_json::from_str(&native(request.as_str().unwrap())).unwrap();
            assert_eq!(answer, &expected, "{request}");
        }
    }
    assert_eq!(got["viewed"][0]["ply"], 3);
    assert_eq!(got["viewed"][2]["code"], "occupied");
    assert!(got["recorded"][0]["record"]
        .as_str()
        .unwrap()
        .contains("Black resigned"));
    assert!(got["puzzled"][0]["puzzles"].as_array().unwrap().len() > 10);
    let attempted = got["attempted"].as_array().unwrap();
    assert_eq!(
        (
            attempted[0]["correct"].as_bool(),
            attempted[1]["correct"].as_bool()
        ),
        (Some(true), Some(false))
    );
    assert!(attempted[2]["solution"].is_array() && attempted[3]["hint"].is_string());
    assert!(
        got["ticks"].as_u64().unwrap() > 0,
        "the page's timers ran while the worker searched"
    );
}
