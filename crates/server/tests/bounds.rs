//! Bounds on what a client can make the server hold (docs/web.md, "Safe in public"): an imported record
//! passes the same checks as the API (names, a short reason), records and games have a size limit,
//! and nothing refused is stored.

mod common;

use common::{create, error_of, game_count, server, shuffle};
use serde_json::json;

#[test]
fn imported_tags_pass_the_same_checks_as_the_api() {
    let (_dir, s) = server();
    let head = "[Variant \"hasami\"]\n";
    for (tags, why) in [
        (
            format!("[Black \"{}\"]\n", "x".repeat(1_000_000)),
            "a 1 MB name",
        ),
        (
            "[White \"a\u{202E}b\"]\n".to_string(),
            "a name reversing the text",
        ),
        (
            format!("[Termination \"{}\"]\n", "y".repeat(40_000)),
            "a 40,000-character reason",
        ),
    ] {
        let record = format!("{head}{tags}\n1. e1e5 *\n");
        let (status, v) = s.post("/api/games/import", &json!({ "record": record }));
        assert_eq!(status, 400, "{why}: {v}");
        assert!(
            error_of(&v).len() < 400,
            "{why}: the error echoes the input"
        );
    }
    assert_eq!(game_count(&s), 0);
}

#[test]
fn records_and_games_have_a_size_limit() {
    let (_dir, s) = server();
    // Far past the limit: refused, nothing stored.
    let (status, v) = s.post("/api/games/import", &json!({ "record": shuffle(20_000) }));
    assert_eq!(status, 400, "{v}");
    assert!(error_of(&v).contains("plies"), "{v}");
    assert_eq!(game_count(&s), 0);
    // At the limit: imported as a game drawn there; one move more is refused with the reason, and
    // nothing changes.
    let (status, g) = s.post("/api/games/import", &json!({ "record": shuffle(2_000) }));
    assert_eq!(status, 201, "{}", error_of(&g));
    assert_eq!(g["game"]["status"], "over", "{}", g["game"]["reason"]);
    assert_eq!(g["game"]["result"], "1/2-1/2");
    let id = g["id"].as_i64().unwrap();
    let token = g["token"].as_str().unwrap().to_string();
    let (status, v) = s.post(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "a1a2", "token": token}),
    );
    assert_eq!(status, 409, "{v}");
    assert!(error_of(&v).contains("2000 plies"), "{v}");
    let (_, after) = s.get(&format!("/api/games/{id}"));
    assert_eq!(after["ply"], 2_000);
    // A fresh game keeps playing.
    let g = create(&s, json!({"variant": "hasami", "opponent": "local"}));
    let id = g["id"].as_i64().unwrap();
    let token = g["token"].as_str().unwrap().to_string();
    let (status, v) = s.post(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "e1e5", "token": token}),
    );
    assert_eq!(status, 200, "{v}");
}

#[test]
fn new_games_are_limited_per_client_address() {
    // A burst of 300 new games, then 5 a second: asking on at once is refused with the time to wait,
    // and nothing is stored for the refused ones.
    let (_dir, s) = server();
    let body = r#"{"variant":"hasami","opponent":"local"}"#;
    let started = std::time::Instant::now();
    let mut created = 0;
    let mut refused = None;
    for _ in 0..400 {
        let (status, text) = common::http(s.addr, "POST", "/api/games", Some(body));
        match status {
            201 => created += 1,
            _ => {
                refused = Some((status, text));
                break;
            }
        }
    }
    let (status, text) = refused.expect("a client creating 400 games at once is stopped");
    assert_eq!(status, 429, "{text}");
    assert!(text.contains("try again in"), "{text}");
    let allowed = 300.0 + 5.0 * started.elapsed().as_secs_f64() + 1.0;
    assert!(
        f64::from(created) <= allowed,
        "{created} created, {allowed} allowed"
    );
}

#[test]
fn a_game_that_reaches_the_ply_limit_ends_drawn() {
    let (_dir, s) = server();
    // A local game one ply short of the limit: the next move ends it.
    let (status, g) = s.post("/api/games/import", &json!({ "record": shuffle(1_999) }));
    assert_eq!(status, 201, "{}", error_of(&g));
    assert_eq!(g["game"]["status"], "playing");
    let id = g["id"].as_i64().unwrap();
    let token = g["token"].as_str().unwrap().to_string();
    let v = s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "a8a9", "token": token}),
    );
    assert_eq!(
        (v["ply"].as_u64(), v["status"].as_str()),
        (Some(2_000), Some("over"))
    );
    assert_eq!(v["result"], "1/2-1/2");
    assert!(
        v["reason"].as_str().unwrap().contains("2000 plies"),
        "{}",
        v["reason"]
    );
    assert_eq!(v["legal_moves"], json!([]));
    // Against the engine, its reply is the last ply: the game ends instead of waiting on it.
    let (status, g) = s.post(
        "/api/games/import",
        &json!({ "record": shuffle(1_999), "opponent": "engine", "level": 1, "side": "black" }),
    );
    assert_eq!(status, 201, "{}", error_of(&g));
    let id = g["id"].as_i64().unwrap();
    let v = s.wait_for(&format!("/api/games/{id}"), |v| v["status"] == "over");
    assert_eq!(
        (v["ply"].as_u64(), v["result"].as_str()),
        (Some(2_000), Some("1/2-1/2"))
    );
    assert_eq!(v["thinking"], false);
}
