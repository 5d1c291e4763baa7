//! Bounds on what a client can make the server hold (docs/web.md, "Safe in public"): an imported record
//! passes the same checks as the API (names, a short reason), records and games have a size limit,
//! and nothing refused is stored.

mod common;

use common::{create, error_of, game_count, http, server, shuffle, Server, Ws};
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

#[test]
fn games_in_memory_stay_within_their_size_and_games_in_use_are_never_dropped() {
    // Six stored games of 2,000 plies (about 250 KB each in memory), loaded with GET by a server
    // with room for two and a half of them.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let first = Server::start(&db);
    let ids: Vec<i64> = (0..6)
        .map(|_| {
            let (status, g) = first.post("/api/games/import", &json!({ "record": shuffle(2_000) }));
            assert_eq!(status, 201, "{g}");
            g["id"].as_i64().unwrap()
        })
        .collect();
    let short = create(&first, json!({"variant": "hasami", "opponent": "local"}))["id"]
        .as_i64()
        .unwrap();
    first.stop();
    let long = hasami_server::game_bytes(2_000, false);
    let budget = long * 5 / 2;
    let limits = hasami_server::Limits {
        live_bytes: budget,
        ..hasami_server::Limits::default()
    };
    let (s, metrics) = Server::start_with_metrics_within(&db, limits);
    let in_memory = || {
        let (_, text) = http(metrics, "GET", "/metrics", None);
        let gauge = |name: &str| -> usize {
            text.lines()
                .find_map(|l| l.strip_prefix(&format!("{name} ")))
                .unwrap_or_else(|| panic!("no {name} in\n{text}"))
                .parse()
                .unwrap()
        };
        (
            gauge("hasami_games_in_memory"),
            gauge("hasami_games_in_memory_bytes"),
        )
    };
    for &id in &ids {
        let (status, v) = s.get(&format!("/api/games/{id}"));
        assert_eq!((status, v["ply"].as_u64()), (200, Some(2_000)), "{v}");
        let (games, bytes) = in_memory();
        assert!(
            games <= 2 && bytes <= budget,
            "{games} games, {bytes} bytes in memory"
        );
    }
    // Two games in use (a socket each) fill the room: they stay, and a third long game is refused
    // until one is let go; a short game still fits.
    let held: Vec<Ws> = ids[..2]
        .iter()
        .map(|id| {
            let mut ws = Ws::connect(s.addr, &format!("/api/games/{id}/ws"));
            ws.recv();
            ws
        })
        .collect();
    let (status, v) = s.get(&format!("/api/games/{}", ids[5]));
    assert_eq!(status, 503, "{v}");
    assert!(error_of(&v).contains("as many games as it can"), "{v}");
    assert_eq!(s.get(&format!("/api/games/{short}")).0, 200);
    assert!(in_memory().1 <= budget);
    drop(held);
    let started = std::time::Instant::now();
    while s.get(&format!("/api/games/{}", ids[5])).0 != 200 {
        assert!(
            started.elapsed().as_secs() < 10,
            "still refused after the sockets closed"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(in_memory().1 <= budget);
}
