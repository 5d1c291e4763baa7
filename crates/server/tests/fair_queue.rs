//! A cheap engine reply is never stuck behind a crowd of expensive ones (docs/web.md, "Safe in
//! public"): depth-capped levels have a lane of their own beside the full-strength searches.

mod common;

use std::sync::Mutex;
use std::time::{Duration, Instant};

use common::{create, server};
use serde_json::json;

/// The two tests take turns: each measures when a reply comes while its own server's engine is
/// busy, and the other's searches on the same cores (two on the CI machine) would starve it.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

#[test]
fn a_level_1_reply_does_not_wait_for_level_10_games() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let (_dir, s) = server();
    // Eight level-10 games, each with its engine to move: about 1.5 s of search each, two at a
    // time, so six seconds of queue.
    for _ in 0..8 {
        create(
            &s,
            json!({"variant": "dai-hasami", "opponent": "engine", "level": 10, "side": "white"}),
        );
    }
    let started = Instant::now();
    let g = create(
        &s,
        json!({"variant": "dai-hasami", "opponent": "engine", "level": 1, "side": "white"}),
    );
    let id = g["id"].as_i64().unwrap();
    let answered = s.wait_for(&format!("/api/games/{id}"), |v| v["ply"] == 1);
    let waited = started.elapsed();
    assert_eq!(answered["ply"], 1);
    assert!(
        waited < Duration::from_millis(2_500),
        "the level-1 reply took {waited:?}"
    );
}

#[test]
fn a_level_1_reply_does_not_wait_for_deep_shogun_levels() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let (_dir, s) = server();
    // Shogun's level 8 searches four plies deep like the cheap levels of the Hasami family, but its
    // chance nodes make a reply take about a second on a fresh searcher (a millisecond once the
    // searcher's table holds the start, so a cheap one is no sign the next will be): twelve of them,
    // each with its engine to move.
    let shogun: Vec<i64> = (0..12)
        .map(|_| {
            let g = create(
                &s,
                json!({"variant": "shogun", "opponent": "engine", "level": 8, "side": "white"}),
            );
            g["id"].as_i64().unwrap()
        })
        .collect();
    let g = create(
        &s,
        json!({"variant": "dai-hasami", "opponent": "engine", "level": 1, "side": "white"}),
    );
    let id = g["id"].as_i64().unwrap();
    s.wait_for(&format!("/api/games/{id}"), |v| v["ply"] == 1);
    // When the cheap reply came, Shogun replies were still to come: it did not queue behind them all
    // (on a loaded machine a few rounds of them may have passed).
    let replied = shogun
        .iter()
        .filter(|id| s.get(&format!("/api/games/{id}")).1["ply"] != 0)
        .count();
    assert!(
        replied < shogun.len(),
        "{replied} of {} Shogun replies came before the level-1 one",
        shogun.len()
    );
}
