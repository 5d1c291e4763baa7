//! Rules are kept for good once made (positions hold them by reference), so a stream of distinct
//! variant texts from strangers must not grow the server's memory without bound (docs/web.md,
//! "Running it in public"): beyond `--max-rule-sets` a variant not seen before is refused with 503,
//! and everything already in use goes on working. (A test binary of its own: the limit is the
//! process's.)

mod common;

use common::{create, Server};
use serde_json::json;

/// The process's resident memory, KiB.
fn rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn distinct_variants_beyond_the_limit_are_refused_and_memory_stays_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let limits = hasami_server::Limits {
        rule_sets: 300,
        ..hasami_server::Limits::default()
    };
    let s = Server::start_within(&dir.path().join("games.sqlite3"), limits);
    // Warm up (the first requests allocate the server's own buffers and tables).
    for seed in 0..50 {
        s.get(&format!(
            "/api/variants/check?variant=shogun%2Bseed%3D{seed}"
        ));
    }
    let before = rss_kib();
    let (mut answered, mut refused) = (0, 0);
    for seed in 50..6_000 {
        let (status, v) = s.get(&format!(
            "/api/variants/check?variant=shogun%2Bseed%3D{seed}"
        ));
        match status {
            200 => answered += 1,
            503 => {
                refused += 1;
                let words = v["error"].as_str().unwrap();
                assert!(words.contains("distinct rule sets"), "{words}");
            }
            other => panic!("{other} {v}"),
        }
    }
    let grown = rss_kib().saturating_sub(before);
    // 5,950 magnet boards would hold about 7.5 MB; 250 of them about 0.3 MB.
    // 250 new ones, and seed 1979: the standard board, a preset's, never counted.
    assert_eq!(answered, 251, "{answered} answered");
    assert_eq!(refused, 5_950 - 251);
    assert!(grown < 3_000, "the server grew by {grown} KiB");
    // Presets and variants already in use go on working.
    assert_eq!(s.get("/api/variants/check?variant=dai-hasami").0, 200);
    assert_eq!(
        s.get("/api/variants/check?variant=shogun%2Bseed%3D7").0,
        200
    );
    create(&s, json!({"variant": "shogun+seed=7", "opponent": "local"}));
    create(&s, json!({"variant": "hasami", "opponent": "local"}));
    // A new game's variant beyond the limit is refused the same way, and nothing is stored.
    let (status, v) = s.post(
        "/api/games",
        &json!({"variant": "shogun+seed=987654", "opponent": "local"}),
    );
    assert_eq!(status, 503, "{v}");
}
