//! Data-driven perft: every count of docs/PERFT.md, kept in tests/data/*.perft.
//!
//! The default run checks every count up to `FAST_LIMIT` nodes; `cargo test -- --ignored` checks all.

use hasami_core::perft;
use hasami_core::ShogunPosition;
use hasami_core::{HasamiPosition, Variant};

const FAST_LIMIT: u64 = 3_000_000;

struct Case {
    variant: String,
    position: Option<String>,
    depth: u32,
    nodes: u64,
    line: usize,
    file: &'static str,
}

fn cases() -> Vec<Case> {
    let files = [
        ("start.perft", include_str!("data/start.perft")),
        ("midgame.perft", include_str!("data/midgame.perft")),
        ("shogun.perft", include_str!("data/shogun.perft")),
    ];
    let mut out = Vec::new();
    for (file, text) in files {
        let mut variant = String::new();
        let mut position = None;
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, rest) = line.split_once(' ').expect("key and value");
            match key {
                "variant" => {
                    variant = rest.to_string();
                    position = None;
                }
                "position" => position = Some(rest.to_string()),
                "perft" => {
                    let (d, n) = rest.split_once(' ').expect("depth and count");
                    out.push(Case {
                        variant: variant.clone(),
                        position: position.clone(),
                        depth: d.parse().expect("depth"),
                        nodes: n.parse().expect("count"),
                        line: i + 1,
                        file,
                    });
                }
                other => panic!("{file}:{}: unknown key {other}", i + 1),
            }
        }
    }
    out
}

fn run(filter: impl Fn(&Case) -> bool) {
    let mut checked = 0;
    for case in cases().iter().filter(|c| filter(c)) {
        let nodes = match Variant::parse(&case.variant).expect("variant") {
            Variant::Hasami(rules) => {
                let pos = match &case.position {
                    Some(text) => HasamiPosition::from_text(text, rules).expect("position"),
                    None => HasamiPosition::start(rules),
                };
                perft(&pos, case.depth)
            }
            // S4–S7 (moves, safety, end, 1976 rules) and S3 (numbers) together.
            Variant::Shogun(rules) => {
                let pos = match &case.position {
                    Some(text) => ShogunPosition::from_text(text, rules).expect("position"),
                    None => ShogunPosition::start(rules),
                };
                hasami_core::perft(&pos, case.depth)
            }
        };
        assert_eq!(
            nodes, case.nodes,
            "{}:{}: {} {:?} depth {}",
            case.file, case.line, case.variant, case.position, case.depth
        );
        checked += 1;
    }
    assert!(checked > 0);
}

#[test]
fn perft_counts_up_to_limit() {
    run(|c| c.nodes <= FAST_LIMIT);
}

#[test]
#[ignore = "deep counts: cargo test --release -- --ignored"]
fn perft_counts_deep() {
    run(|c| c.nodes > FAST_LIMIT);
}
