//! One running hint per game (docs/web.md, "Safe in public"): a newer hint request for a game
//! supersedes an older one still searching, which answers at once with what it found so far, so one
//! game can never keep more than one search busy with hints.

mod common;

use std::time::{Duration, Instant};

use common::{create, server};
use serde_json::json;

#[test]
fn a_newer_hint_for_the_same_game_supersedes_the_older_one() {
    let (_dir, s) = server();
    let g = create(&s, json!({"variant": "dai-hasami", "opponent": "local"}));
    let id = g["id"].as_i64().unwrap();
    let addr = s.addr;
    let started = Instant::now();
    let older = std::thread::spawn(move || {
        let (status, v) = common::http(addr, "GET", &format!("/api/games/{id}/hint?ms=8000"), None);
        (status, v, started.elapsed())
    });
    std::thread::sleep(Duration::from_millis(300));
    let (status, v) = s.get(&format!("/api/games/{id}/hint?ms=300"));
    assert_eq!(status, 200, "{v}");
    let (status, body, took) = older.join().unwrap();
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"best\""), "{body}");
    assert!(
        took < Duration::from_secs(3),
        "the superseded hint took {took:?}"
    );
}
