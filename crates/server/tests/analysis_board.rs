//! The analysis board: any position, moves of both sides replayed on every request (nothing is
//! stored), hostile input refused with a 400 that names the problem, and the engine's analysis.

mod common;

use common::{game_count, moves, server, Server};
use serde_json::{json, Value};

/// White has two pieces: Black's f1-f5 captures e5 and wins at once.
const WIN_IN_ONE: &str = "4w4/9/9/9/3bw4/9/9/9/5b3 b 0 1";

fn board(s: &Server, req: Value) -> Value {
    s.post_ok("/api/analysis", &req)
}

#[track_caller]
fn refused(s: &Server, path: &str, req: Value) -> String {
    let (status, v) = s.post(path, &req);
    assert_eq!(status, 400, "{v}");
    // Only an error: its words and, for a refused move, its code and facts (tests/refusals.rs).
    let facts = ["error", "code", "move", "square", "number", "rule", "ply"];
    assert!(
        v.as_object()
            .unwrap()
            .keys()
            .all(|k| facts.contains(&k.as_str())),
        "only an error: {v}"
    );
    v["error"].as_str().unwrap().to_string()
}

#[test]
fn moves_are_played_from_the_start_with_captures_and_positions() {
    let (_dir, s) = server();
    let v = board(&s, json!({"variant": "hasami"}));
    assert_eq!(
        (v["ply"].as_u64(), v["turn"].as_str()),
        (Some(0), Some("black"))
    );
    assert_eq!(v["preset"], "hasami");
    assert_eq!(v["size"], 9);
    assert_eq!(v["start"], v["position"]);
    assert_eq!(v["side_names"], json!({"black": "Black", "white": "White"}));
    assert!(v["legal_moves"].as_array().unwrap().len() > 20);
    assert!(v.get("shogun").is_none());

    let v = board(
        &s,
        json!({"variant": "hasami", "position": WIN_IN_ONE, "moves": ["f1f5"]}),
    );
    assert_eq!(moves(&v), ["f1f5"]);
    let m = &v["moves"][0];
    assert_eq!(
        (m["ply"].as_u64(), m["side"].as_str()),
        (Some(1), Some("black"))
    );
    assert_eq!(m["captured"], json!(["e5"]));
    assert_eq!(m["position"], v["position"]);
    assert_eq!(v["start"], WIN_IN_ONE);
    assert!(v["position"]
        .as_str()
        .unwrap()
        .starts_with("4w4/9/9/9/3b1b3/"));
    assert_eq!(v["pieces"], json!({"black": "2", "white": "1"}));
    // The win is reported.
    assert_eq!(v["status"], "over");
    assert_eq!(v["result"], "1-0");
    assert_eq!(v["winner"], "black");
    assert!(v["reason"].as_str().unwrap().len() > 3, "{v}");
    assert_eq!(v["legal_moves"], json!([]));

    // Both sides move; nothing is stored as a game.
    let v = board(
        &s,
        json!({"variant": "hasami", "moves": ["e1e5", "a9a5", "a1a2"]}),
    );
    assert_eq!(moves(&v), ["e1e5", "a9a5", "a1a2"]);
    assert_eq!(
        v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["side"].as_str().unwrap())
            .collect::<Vec<_>>(),
        ["black", "white", "black"]
    );
    assert_eq!(
        (v["ply"].as_u64(), v["turn"].as_str()),
        (Some(3), Some("white"))
    );
    assert_eq!(game_count(&s), 0);
}

#[test]
fn shogun_boards_carry_the_shogun_view() {
    let (_dir, s) = server();
    let v = board(&s, json!({"variant": "shogun"}));
    assert_eq!(v["size"], 8);
    assert_eq!(v["side_names"], json!({"black": "White", "white": "Red"}));
    assert!(v["shogun"]["seed"].is_string(), "{v}");
    let first = v["legal_moves"][0].as_str().unwrap().to_string();
    let v = board(&s, json!({"variant": v["variant"], "moves": [first]}));
    assert_eq!(v["ply"], 1);
}

#[test]
fn an_illegal_move_is_named_and_nothing_else_is_answered() {
    let (_dir, s) = server();
    let error = refused(
        &s,
        "/api/analysis",
        json!({"variant": "hasami", "moves": ["e1e5", "e5e9"]}),
    );
    assert!(
        error.contains("move 2") && error.contains("e5e9"),
        "{error}"
    );
    let error = refused(
        &s,
        "/api/analysis",
        json!({"variant": "hasami", "moves": ["zz"]}),
    );
    assert!(error.contains("zz"), "{error}");
    // A move after the end is illegal too.
    let error = refused(
        &s,
        "/api/analysis",
        json!({"variant": "hasami", "position": WIN_IN_ONE, "moves": ["f1f5", "a9a8"]}),
    );
    assert!(error.contains("move 2"), "{error}");
    // The same request without it still answers the board.
    let v = board(&s, json!({"variant": "hasami", "moves": ["e1e5"]}));
    assert_eq!(moves(&v), ["e1e5"]);
}

#[test]
fn bad_variants_positions_and_bodies_are_refused() {
    let (_dir, s) = server();
    for path in ["/api/analysis", "/api/analysis/search"] {
        let error = refused(&s, path, json!({"variant": "nope"}));
        assert!(error.contains("nope"), "{error}");
        let error = refused(&s, path, json!({"variant": "hasami", "position": "9/9 b"}));
        assert!(error.contains("bad position"), "{error}");
        let error = refused(&s, path, json!({"variant": "hasami", "extra": 1}));
        assert!(error.contains("extra"), "{error}");
        refused(&s, path, json!({"variant": "hasami", "moves": "e1e5"}));
        refused(&s, path, json!({}));
        let (status, v) = s.post_raw(path, "{not json");
        assert_eq!(status, 400, "{v}");
        let many: Vec<&str> = ["e1e2", "e9e8", "e2e1", "e8e9"]
            .into_iter()
            .cycle()
            .take(1001)
            .collect();
        let error = refused(&s, path, json!({"variant": "hasami", "moves": many}));
        assert!(
            error.contains("1001 moves") && error.contains("1000"),
            "{error}"
        );
    }
    // 1000 moves are taken.
    let many: Vec<&str> = ["e1e2", "e9e8", "e2e1", "e8e9"]
        .into_iter()
        .cycle()
        .take(1000)
        .collect();
    let (status, v) = s.post(
        "/api/analysis",
        &json!({"variant": "hasami", "moves": many}),
    );
    // (Repetition may end the game first, which refuses the moves after it: either is an answer.)
    assert!(status == 200 || status == 400, "{v}");
    let error = refused(&s, "/api/analysis", json!({"variant": "hasami", "ms": 100}));
    assert!(error.contains("ms"), "{error}");
}

#[test]
fn the_search_answers_a_legal_best_move_and_sees_the_win() {
    let (_dir, s) = server();
    let req = json!({"variant": "hasami", "moves": ["e1e5", "a9a5"], "ms": 100});
    let a = s.post_ok("/api/analysis/search", &req);
    let v = board(&s, json!({"variant": "hasami", "moves": ["e1e5", "a9a5"]}));
    let best = a["best"].as_str().unwrap();
    assert!(
        v["legal_moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m == best),
        "{best} in {v}"
    );
    assert!(!a["pv"].as_array().unwrap().is_empty());
    assert!(a["depth"].as_u64().unwrap() >= 1);

    let a = s.post_ok(
        "/api/analysis/search",
        &json!({"variant": "hasami", "position": WIN_IN_ONE, "ms": 200}),
    );
    assert_eq!(a["best"], "f1f5", "{a}");
    assert_eq!(a["mate"], 1, "{a}");
    // A finished position has no best move.
    let a = s.post_ok(
        "/api/analysis/search",
        &json!({"variant": "hasami", "position": WIN_IN_ONE, "moves": ["f1f5"], "ms": 50}),
    );
    assert!(a["best"].is_null(), "{a}");
}

#[test]
fn the_search_reports_the_lines_asked_for() {
    let (_dir, s) = server();
    // The win in one first, then the two next best moves, each line with its own first move.
    let a = s.post_ok(
        "/api/analysis/search",
        &json!({"variant": "hasami", "position": WIN_IN_ONE, "ms": 300, "lines": 3}),
    );
    let lines = a["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 3, "{a}");
    assert_eq!(lines[0]["pv"][0], "f1f5", "{a}");
    assert_eq!(lines[0]["mate"], 1, "{a}");
    // Best first: every other line scores no more than the one before it.
    let score = |i: usize| lines[i]["score"].as_i64().unwrap();
    assert!(score(0) > score(1) && score(1) >= score(2), "{a}");
    let firsts: std::collections::HashSet<_> =
        lines.iter().map(|l| l["pv"][0].to_string()).collect();
    assert_eq!(firsts.len(), 3, "{a}");
    assert_eq!(a["best"], "f1f5");
    // One line unless asked; more than five asked for gives five.
    let one = s.post_ok(
        "/api/analysis/search",
        &json!({"variant": "hasami", "ms": 100}),
    );
    assert_eq!(one["lines"].as_array().unwrap().len(), 1, "{one}");
    assert_eq!(one["lines"][0]["pv"], one["pv"]);
    let many = s.post_ok(
        "/api/analysis/search",
        &json!({"variant": "hasami", "ms": 200, "lines": 50}),
    );
    assert_eq!(many["lines"].as_array().unwrap().len(), 5, "{many}");
}

#[test]
fn the_search_counts_as_a_hint_for_the_per_client_limit() {
    let dir = tempfile::tempdir().unwrap();
    let limits = hasami_server::Limits {
        hints_per_address: 1,
        ..hasami_server::Limits::default()
    };
    let s = Server::start_within(&dir.path().join("games.sqlite3"), limits);
    let addr = s.addr;
    let long = std::thread::spawn(move || {
        common::http(
            addr,
            "POST",
            "/api/analysis/search",
            Some(&json!({"variant": "hasami", "ms": 2500}).to_string()),
        )
    });
    std::thread::sleep(std::time::Duration::from_millis(500));
    let (status, v) = s.post(
        "/api/analysis/search",
        &json!({"variant": "hasami", "ms": 50}),
    );
    assert_eq!(status, 429, "{v}");
    // The board itself is no engine work.
    board(&s, json!({"variant": "hasami"}));
    assert_eq!(long.join().unwrap().0, 200);
}

#[test]
fn the_search_of_an_online_games_position_waits_until_the_game_is_over() {
    // Fair play: what a hint would say in an online game in progress is not had from the analysis
    // board either, under any variant text for the same position; once the game is over, it is.
    let (_dir, s) = server();
    let (id, black, white) = common::online_game(&s, json!({}));
    let play = |mv: &str, token: &str| {
        s.post_ok(
            &format!("/api/games/{id}/moves"),
            &json!({"move": mv, "token": token}),
        )
    };
    play("e1e5", &black);
    let search = |variant: &str, moves: &[&str]| {
        s.post(
            "/api/analysis/search",
            &json!({"variant": variant, "moves": moves, "ms": 50}),
        )
    };
    for variant in ["hasami", "hasami+quiet=0"] {
        let (status, v) = search(variant, &["e1e5"]);
        assert_eq!(status, 403, "{variant}: {v}");
        assert!(
            common::error_of(&v).contains("online game in progress"),
            "{v}"
        );
    }
    // The board itself (no evaluation) is answered; the start is anyone's.
    assert_eq!(
        board(&s, json!({"variant": "hasami", "moves": ["e1e5"]}))["ply"],
        1
    );
    assert_eq!(search("hasami", &[]).0, 200);
    // The game moves on: its new position is refused, the one it left is not.
    play("a9a5", &white);
    assert_eq!(search("hasami", &["e1e5", "a9a5"]).0, 403);
    assert_eq!(search("hasami", &["e1e5"]).0, 200);
    // Over: answered.
    s.post_ok(&format!("/api/games/{id}/resign"), &json!({"token": black}));
    let (status, v) = search("hasami", &["e1e5", "a9a5"]);
    assert_eq!(status, 200, "{v}");
    assert!(v["best"].is_string(), "{v}");
}
