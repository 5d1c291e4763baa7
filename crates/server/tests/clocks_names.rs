//! Clocks and player names over the JSON API: the server keeps the time, ends a game on time even
//! when nobody makes a request (a timer), stores names and writes them into the record.

mod common;

use std::time::{Duration, Instant};

use common::{create, moves, server, token_of, Server, Ws};
use serde_json::{json, Value};

#[test]
fn an_online_game_is_lost_on_time_without_any_request() {
    let (_dir, s) = server();
    let c = create(
        &s,
        json!({"variant": "hasami", "opponent": "online", "side": "black",
               "clock": {"initial": 0.4, "increment": 0.1}}),
    );
    let id = c["id"].as_i64().unwrap();
    let black = token_of(&c["links"]["black"]);
    let white = token_of(&c["links"]["white"]);
    let clock = &c["game"]["clock"];
    assert_eq!(clock["initial_ms"], 400);
    assert_eq!(clock["increment_ms"], 100);
    assert_eq!(clock["black_ms"], 400);
    assert_eq!(
        clock["running"],
        Value::Null,
        "no clock runs before the first moves"
    );
    let play = |mv: &str, token: &str| {
        s.post_ok(
            &format!("/api/games/{id}/moves"),
            &json!({"move": mv, "token": token}),
        )
    };
    play("e1e5", &black);
    let v = play("e9e6", &white);
    // Each side's first move is free; the increment is added after every move.
    let black_ms = v["clock"]["black_ms"].as_i64().unwrap();
    assert!(
        (450..=500).contains(&black_ms),
        "{black_ms}: Black's clock runs"
    );
    assert_eq!(v["clock"]["white_ms"], 500);
    assert_eq!(v["clock"]["running"], "black");
    // Black does not move: the server's timer ends the game, which a spectator's socket hears
    // without any request (looking at the game would end it too).
    let started = Instant::now();
    let mut ws = Ws::connect(s.addr, &format!("/api/games/{id}/ws"));
    let over = ws.wait_for(Duration::from_secs(2), |m| m["game"]["status"] == "over");
    assert!(over.is_some(), "the timer did not end the game");
    let (_, v) = s.get(&format!("/api/games/{id}"));
    assert_eq!(v["status"], "over", "{v}");
    assert_eq!(v["result"], "0-1");
    assert_eq!(v["reason"], "White wins on time: Black ran out of time");
    assert_eq!(v["clock"]["running"], Value::Null);
    // The loser's clock shows that it ran out, also after a restart (loaded from the store).
    assert_eq!(v["clock"]["black_ms"], 0, "{v}");
    assert!(v["clock"]["white_ms"].as_i64().unwrap() > 0, "{v}");
    assert!(started.elapsed() < Duration::from_secs(2));
    // A move now is too late, and the record says why the game ended.
    let (status, e) = s.post(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "a1a2", "token": black}),
    );
    assert_eq!(status, 409, "{e}");
    let (_, rec) = s.get_text(&format!("/api/games/{id}/record"));
    assert!(rec.contains("[Result \"0-1\"]"), "{rec}");
    assert!(
        rec.contains("[Termination \"White wins on time: Black ran out of time\"]"),
        "{rec}"
    );
    let db = s.db.clone();
    s.stop();
    let s = Server::start(&db);
    let (_, v) = s.get(&format!("/api/games/{id}"));
    assert_eq!(v["clock"]["black_ms"], 0, "after a restart: {v}");
}

#[test]
fn a_move_in_time_keeps_the_game_going_and_the_clock_is_stored() {
    let (_dir, s) = server();
    let db = s.db.clone();
    let c = create(
        &s,
        json!({"variant": "hasami", "opponent": "online", "clock": {"initial": 60, "increment": 2}}),
    );
    let id = c["id"].as_i64().unwrap();
    let black = token_of(&c["links"]["black"]);
    let white = token_of(&c["links"]["white"]);
    for (mv, t) in [("e1e5", &black), ("e9e6", &white), ("a1a4", &black)] {
        s.post_ok(
            &format!("/api/games/{id}/moves"),
            &json!({"move": mv, "token": t}),
        );
    }
    let (_, v) = s.get(&format!("/api/games/{id}"));
    let black_ms = v["clock"]["black_ms"].as_i64().unwrap();
    assert!(
        (63_000..=64_000).contains(&black_ms),
        "{black_ms}: 60 s + 2 × 2 s − thinking"
    );
    // White's clock runs: 60 s + 2 s, minus the moments since Black's move.
    let white_ms = v["clock"]["white_ms"].as_i64().unwrap();
    assert!((61_000..=62_000).contains(&white_ms), "{white_ms}");
    assert_eq!(v["clock"]["running"], "white");
    // After a restart the stored clocks are back.
    s.stop();
    let s = Server::start(&db);
    let (_, v) = s.get(&format!("/api/games/{id}"));
    assert_eq!(v["clock"]["black_ms"], black_ms);
    assert_eq!(v["status"], "playing");
}

#[test]
fn bad_clocks_are_refused() {
    let (_dir, s) = server();
    for clock in [
        json!({"initial": 0}),
        json!({"initial": -5}),
        json!({"initial": 60, "increment": 100}),
        json!({"minutes": 5}),
    ] {
        let (status, e) = s.post("/api/games", &json!({"opponent": "online", "clock": clock}));
        assert_eq!(status, 400, "{clock}: {e}");
    }
    let (_, list) = s.get("/api/games");
    assert_eq!(list["games"], json!([]));
}

#[test]
fn the_engine_plays_with_a_clock() {
    let (_dir, s) = server();
    let c = create(
        &s,
        json!({"variant": "shogun", "opponent": "engine", "level": 1, "side": "white",
               "clock": {"initial": 30}}),
    );
    let id = c["id"].as_i64().unwrap();
    let v = s.wait_for(&format!("/api/games/{id}"), |v| v["ply"] == 1);
    assert_eq!(v["status"], "playing");
    assert_eq!(v["clock"]["black_ms"], 30_000);
}

#[test]
fn names_at_new_game_and_when_joining() {
    let (_dir, s) = server();
    let c = create(
        &s,
        json!({"variant": "hasami", "opponent": "online", "side": "black",
               "players": {"black": "  Alice  "}}),
    );
    let id = c["id"].as_i64().unwrap();
    assert_eq!(
        c["game"]["players"],
        json!({"black": "Alice", "white": "White"})
    );
    let white = token_of(&c["links"]["white"]);
    let black = c["token"].as_str().unwrap().to_string();
    // The friend opens the invite link and gives a name.
    let v = s.post_ok(
        &format!("/api/games/{id}/name"),
        &json!({"token": white, "name": "Bob"}),
    );
    assert_eq!(v["players"], json!({"black": "Alice", "white": "Bob"}));
    // Bad names and other people's sides are refused; nothing changes.
    for (body, code) in [
        (json!({"token": white, "name": ""}), 400),
        (json!({"token": white, "name": "a\nb"}), 400),
        (json!({"token": white, "name": "x".repeat(41)}), 400),
        (json!({"token": white, "name": "Eve", "side": "black"}), 403),
        (json!({"name": "Eve"}), 401),
        (json!({"token": black, "name": "Eve", "extra": 1}), 400),
    ] {
        let (status, e) = s.post(&format!("/api/games/{id}/name"), &body);
        assert_eq!(status, code, "{body}: {e}");
    }
    let (_, v) = s.get(&format!("/api/games/{id}"));
    assert_eq!(v["players"], json!({"black": "Alice", "white": "Bob"}));
    let (_, rec) = s.get_text(&format!("/api/games/{id}/record"));
    assert!(
        rec.contains("[Black \"Alice\"]\n[White \"Bob\"]\n"),
        "{rec}"
    );
    // Hot-seat: one token plays both sides, so the side is named.
    let c = create(
        &s,
        json!({"opponent": "local", "players": {"black": "P1", "white": "P2"}}),
    );
    let id = c["id"].as_i64().unwrap();
    let t = c["token"].as_str().unwrap();
    assert_eq!(c["game"]["players"], json!({"black": "P1", "white": "P2"}));
    let (status, _) = s.post(
        &format!("/api/games/{id}/name"),
        &json!({"token": t, "name": "Q"}),
    );
    assert_eq!(status, 400);
    let v = s.post_ok(
        &format!("/api/games/{id}/name"),
        &json!({"token": t, "name": "Q", "side": "white"}),
    );
    assert_eq!(v["players"]["white"], "Q");
    // Shogun records carry the names in White/Red tags.
    let c = create(
        &s,
        json!({"variant": "shogun", "opponent": "local", "players": {"black": "Sen", "white": "Go"}}),
    );
    let id = c["id"].as_i64().unwrap();
    let (_, rec) = s.get_text(&format!("/api/games/{id}/record"));
    assert!(rec.contains("[White \"Sen\"]\n[Red \"Go\"]\n"), "{rec}");
}

#[test]
fn a_name_set_while_the_engine_thinks_keeps_its_reply() {
    let (_dir, s) = server();
    // Level 10 thinks for a while: the name arrives during its search.
    let c = create(
        &s,
        json!({"variant": "hasami", "opponent": "engine", "level": 10, "side": "black"}),
    );
    let id = c["id"].as_i64().unwrap();
    let token = c["token"].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}");
    let v = s.post_ok(
        &format!("{path}/moves"),
        &json!({"move": "e1e5", "token": token}),
    );
    assert_eq!(v["thinking"], true);
    s.post_ok(
        &format!("{path}/name"),
        &json!({"token": token, "name": "Ann"}),
    );
    let end = Instant::now() + Duration::from_secs(15);
    loop {
        let (_, v) = s.get(&path);
        if v["ply"] == 2 && v["thinking"] == false {
            assert_eq!(v["players"]["black"], "Ann");
            break;
        }
        assert!(
            Instant::now() < end,
            "the engine's reply never came: {}",
            v["thinking"]
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_name_or_a_draw_offer_does_not_stop_the_clock_of_the_side_to_move() {
    for (what, body) in [
        ("a name", json!({"name": "Ann"})),
        ("a draw offer", json!({"action": "offer"})),
    ] {
        let (_dir, s) = server();
        let c = create(
            &s,
            json!({"variant": "hasami", "opponent": "online", "side": "black",
                   "clock": {"initial": 0.5}}),
        );
        let id = c["id"].as_i64().unwrap();
        let black = token_of(&c["links"]["black"]);
        let white = token_of(&c["links"]["white"]);
        let path = format!("/api/games/{id}");
        s.post_ok(
            &format!("{path}/moves"),
            &json!({"move": "e1e5", "token": black}),
        );
        s.post_ok(
            &format!("{path}/moves"),
            &json!({"move": "e9e6", "token": white}),
        );
        // Black's clock runs; White, waiting, sends a name or offers a draw.
        let mut ws = Ws::connect(s.addr, &format!("{path}/ws"));
        let mut body = body;
        body["token"] = json!(white);
        let route = if what == "a name" { "name" } else { "draw" };
        s.post_ok(&format!("{path}/{route}"), &body);
        let over = ws.wait_for(Duration::from_secs(3), |m| m["game"]["status"] == "over");
        assert!(
            over.is_some(),
            "after {what} the timer no longer ends the game on time"
        );
        assert_eq!(over.unwrap()["game"]["result"], "0-1");
    }
}

#[test]
fn a_hot_seat_game_has_a_clock_like_a_chess_clock_on_the_table() {
    let (_dir, s) = server();
    let c = create(
        &s,
        json!({"variant": "hasami", "opponent": "local", "clock": {"initial": 0.5, "increment": 0}}),
    );
    let id = c["id"].as_i64().unwrap();
    let token = c["token"].as_str().unwrap().to_string();
    assert_eq!(c["game"]["clock"]["initial_ms"], 500, "{c}");
    let play = |mv: &str| {
        s.post_ok(
            &format!("/api/games/{id}/moves"),
            &json!({"move": mv, "token": token}),
        )
    };
    // One key plays both sides; each side's first move is free, then Black's clock runs.
    play("e1e5");
    let v = play("e9e6");
    assert_eq!(v["clock"]["running"], "black", "{v}");
    // An undo takes White's move back: White is to move again, with its clock as it was.
    let v = s.post_ok(&format!("/api/games/{id}/undo"), &json!({"token": token}));
    assert_eq!(moves(&v).len(), 1);
    play("e9e6");
    // Nobody moves for Black: the game is lost on time by Black.
    let v = s.wait_for(&format!("/api/games/{id}"), |v| v["status"] == "over");
    assert_eq!(v["result"], "0-1", "{v}");
    assert_eq!(v["reason"], "White wins on time: Black ran out of time");
}

#[test]
fn invisible_and_engine_like_names_are_refused() {
    // Issue 49.13: a name of invisible characters alone, with tag characters or a soft hyphen, or
    // one that reads as the engine's, is refused (400) and nothing changes.
    let (_dir, s) = server();
    let c = create(
        &s,
        json!({"variant": "hasami", "opponent": "online", "side": "black"}),
    );
    let id = c["id"].as_i64().unwrap();
    let token = c["token"].as_str().unwrap().to_string();
    for name in [
        "\u{3164}",
        "\u{115F}\u{1160}",
        "\u{FFA0}",
        "Al\u{E0041}ice",
        "\u{E0001}",
        "Ali\u{00AD}ce",
        "A\u{034F}da",
        "hasami level 10",
        "Hasami  Level 3",
        "HASAMI LEVEL",
    ] {
        let (status, e) = s.post(
            &format!("/api/games/{id}/name"),
            &json!({"token": token, "name": name}),
        );
        assert_eq!(status, 400, "{name:?}: {e}");
        let (status, e) = s.post(
            "/api/games",
            &json!({"opponent": "local", "players": {"black": name}}),
        );
        assert_eq!(status, 400, "{name:?} at a new game: {e}");
    }
    let (_, v) = s.get(&format!("/api/games/{id}"));
    assert_eq!(v["players"]["black"], "Black");
    // Names with letters of any script stay welcome.
    for name in ["はさみ", "Ana-María", "Hasami fan"] {
        s.post_ok(
            &format!("/api/games/{id}/name"),
            &json!({"token": token, "name": name}),
        );
    }
}

#[test]
fn a_player_who_gave_no_name_is_anonymous_in_the_record() {
    let (_dir, s) = server();
    let c = create(&s, json!({"opponent": "engine", "level": 3}));
    let id = c["id"].as_i64().unwrap();
    assert_eq!(
        c["game"]["players"]["black"], "You",
        "the page's word for its player"
    );
    let (status, rec) = s.get_text(&format!("/api/games/{id}/record"));
    assert_eq!(status, 200);
    assert!(rec.contains("[Black \"Anonymous\"]"), "{rec}");
    assert!(rec.contains("[White \"hasami level 3\"]"), "{rec}");
    assert!(!rec.contains("\"You\""), "{rec}");
}
