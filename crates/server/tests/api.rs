//! The JSON API on loopback with a temporary database: create, move, undo, resign, errors that
//! leave the stored game unchanged, tokens, engine replies, hints, records, WebSocket updates.

mod common;

use common::{create, error_of, moves, server, Server, Ws};
use serde_json::{json, Value};

#[test]
fn create_move_undo_resign_against_the_engine() {
    let (_dir, s) = server();
    let c = create(
        &s,
        json!({"variant": "hasami", "opponent": "engine", "level": 1, "side": "black"}),
    );
    let id = c["id"].as_i64().unwrap();
    let token = c["token"].as_str().unwrap().to_string();
    assert_eq!(c["side"], "black");
    assert_eq!(c["game"]["turn"], "black");
    assert_eq!(c["game"]["you"], "black");
    assert_eq!(c["game"]["status"], "playing");

    let v = s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "e1e5", "token": token}),
    );
    assert_eq!(v["ply"], 1);
    // The engine's reply arrives.
    let path = format!("/api/games/{id}");
    let v = s.wait_for(&path, |v| v["ply"] == 2 && v["thinking"] == false);
    assert_eq!(v["turn"], "black");
    assert_eq!(moves(&v)[0], "e1e5");
    assert_eq!(v["moves"][1]["side"], "white");

    // Undo takes back the engine's reply and the player's move.
    let v = s.post_ok(&format!("/api/games/{id}/undo"), &json!({"token": token}));
    assert_eq!(v["ply"], 0);
    assert_eq!(v["position"], "wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 1");
    let (status, v) = s.post(&format!("/api/games/{id}/undo"), &json!({"token": token}));
    assert_eq!(status, 409, "{v}");

    let (status, _) = s.post(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "a1a4", "token": token}),
    );
    assert_eq!(status, 200);
    s.wait_for(&path, |v| v["ply"] == 2 && v["thinking"] == false);

    let v = s.post_ok(&format!("/api/games/{id}/resign"), &json!({"token": token}));
    assert_eq!(v["status"], "over");
    assert_eq!(v["result"], "0-1");
    assert_eq!(v["reason"], "White wins: Black resigned");
    assert_eq!(v["legal_moves"], json!([]));
    let (status, v) = s.post(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "a4a5", "token": token}),
    );
    assert_eq!(status, 409);
    assert!(error_of(&v).contains("over"), "{v}");

    // The list shows it, and the record says who resigned.
    let (_, list) = s.get("/api/games");
    assert_eq!(list["games"][0]["id"], id);
    assert_eq!(list["games"][0]["result"], "0-1");
    let (status, rec) = s.get_text(&format!("/api/games/{id}/record"));
    assert_eq!(status, 200);
    assert!(rec.contains("[Result \"0-1\"]"), "{rec}");
    assert!(
        rec.contains("[Termination \"White wins: Black resigned\"]"),
        "{rec}"
    );
    assert!(rec.contains("1. a1a4 "), "{rec}");
}

#[test]
fn the_engine_moves_first_when_the_player_takes_white() {
    let (_dir, s) = server();
    let c = create(
        &s,
        json!({"variant": "mak-yek", "opponent": "engine", "level": 2, "side": "white"}),
    );
    let id = c["id"].as_i64().unwrap();
    assert_eq!(c["game"]["engine_side"], "black");
    let v = s.wait_for(&format!("/api/games/{id}"), |v| v["ply"] == 1);
    assert_eq!(v["turn"], "white");
    // The player now moves White with the token.
    let token = c["token"].as_str().unwrap();
    let mv = v["legal_moves"][0].as_str().unwrap();
    let v = s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": mv, "token": token}),
    );
    assert_eq!(v["ply"], 2);
}

#[test]
fn errors_are_4xx_with_a_message_and_leave_the_game_unchanged() {
    let (_dir, s) = server();
    let c = create(
        &s,
        json!({"variant": "hasami", "opponent": "online", "side": "black"}),
    );
    let id = c["id"].as_i64().unwrap();
    let black = c["token"].as_str().unwrap().to_string();
    let white = c["links"]["white"]
        .as_str()
        .unwrap()
        .rsplit('=')
        .next()
        .unwrap()
        .to_string();
    assert_ne!(black, white);
    let path = format!("/api/games/{id}");
    let moves_path = format!("{path}/moves");
    let (status, _) = s.post(&moves_path, &json!({"move": "e1e5", "token": black}));
    assert_eq!(status, 200);
    let (_, before) = s.get(&path);
    let (_, record_before) = s.get_text(&format!("{path}/record"));

    let cases: Vec<(u16, (u16, Value), &str)> = vec![
        (
            400,
            s.post_raw(&moves_path, "{\"move\": "),
            "malformed JSON",
        ),
        (400, s.post_raw(&moves_path, "[1, 2]"), "malformed JSON"),
        (
            400,
            s.post(&moves_path, &json!({"mv": "a9a8", "token": white})),
            "malformed JSON",
        ),
        (
            400,
            s.post(&moves_path, &json!({"move": "a9a1", "token": white})),
            "illegal move a9a1",
        ),
        (
            400,
            s.post(&moves_path, &json!({"move": "e5e6", "token": white})),
            "illegal move e5e6",
        ),
        (
            400,
            s.post(&moves_path, &json!({"move": "z9z8", "token": white})),
            "z9z8",
        ),
        // Black's token cannot move White's pieces.
        (
            403,
            s.post(&moves_path, &json!({"move": "a9a8", "token": black})),
            "not your turn",
        ),
        (
            403,
            s.post(
                &moves_path,
                &json!({"move": "a9a8", "token": "0123456789abcdef"}),
            ),
            "does not play",
        ),
        (
            401,
            s.post(&moves_path, &json!({"move": "a9a8"})),
            "token is needed",
        ),
        (
            401,
            s.post(&format!("{path}/resign"), &json!({})),
            "token is needed",
        ),
        (
            403,
            s.post(&format!("{path}/resign"), &json!({"token": "nope"})),
            "does not play",
        ),
        (
            409,
            s.post(&format!("{path}/undo"), &json!({"token": white})),
            "online",
        ),
        (
            400,
            s.post(
                &format!("{path}/draw"),
                &json!({"token": white, "action": "maybe"}),
            ),
            "bad draw action",
        ),
        (
            409,
            s.post(
                &format!("{path}/draw"),
                &json!({"token": white, "action": "accept"}),
            ),
            "no draw offer",
        ),
        (403, s.get(&format!("{path}/hint")), "online"),
        (
            404,
            s.post(
                "/api/games/999/moves",
                &json!({"move": "a9a8", "token": white}),
            ),
            "no game with id 999",
        ),
        (404, s.get("/api/games/abc"), "no game with id 'abc'"),
        (404, s.get("/api/games/999/record"), "no game"),
        (404, s.get("/api/nothing-here"), "no such API route"),
        (
            400,
            s.post("/api/games", &json!({"variant": "hasami+jump=maybe"})),
            "bad variant",
        ),
        (
            400,
            s.post("/api/games", &json!({"variant": "hasami", "level": 11})),
            "levels are 1 to 10",
        ),
        (
            400,
            s.post(
                "/api/games",
                &json!({"variant": "hasami", "position": "9/9 b"}),
            ),
            "bad position text",
        ),
        (
            400,
            s.post("/api/games", &json!({"variant": "hasami", "side": "red"})),
            "bad side",
        ),
        (
            400,
            s.post(
                "/api/games/import",
                &json!({"record": "[Variant \"hasami\"]\n\n1. e1e9 *"}),
            ),
            "bad record",
        ),
    ];
    for (want, (status, v), message) in cases {
        assert_eq!(status, want, "{v}");
        assert!(
            error_of(&v).contains(message),
            "expected '{message}' in {v}"
        );
    }
    let (_, after) = s.get(&path);
    assert_eq!(before, after);
    let (_, record_after) = s.get_text(&format!("{path}/record"));
    assert_eq!(record_before, record_after);
    // Still playable by the right side.
    let v = s.post_ok(&moves_path, &json!({"move": "a9a8", "token": white}));
    assert_eq!(v["you"], "white");
}

#[test]
fn online_game_tokens_spectators_and_draw_offers() {
    let (_dir, s) = server();
    let c = create(
        &s,
        json!({"variant": "dai-hasami", "opponent": "online", "side": "white"}),
    );
    let id = c["id"].as_i64().unwrap();
    assert_eq!(c["side"], "white");
    let white = c["token"].as_str().unwrap().to_string();
    let black = c["links"]["black"]
        .as_str()
        .unwrap()
        .rsplit('=')
        .next()
        .unwrap()
        .to_string();
    assert!(c["links"]["spectator"]
        .as_str()
        .unwrap()
        .ends_with(&format!("/game/{id}")));
    let path = format!("/api/games/{id}");
    let (_, spectator) = s.get(&path);
    assert!(spectator.get("you").is_none());
    let (_, b) = s.get(&format!("{path}?token={black}"));
    assert_eq!(b["you"], "black");
    let (status, _) = s.post(
        &format!("{path}/moves"),
        &json!({"move": "e2e5", "token": black}),
    );
    assert_eq!(status, 200);
    let v = s.post_ok(
        &format!("{path}/draw"),
        &json!({"token": white, "action": "offer"}),
    );
    assert_eq!(v["draw_offer"], "white");
    let v = s.post_ok(
        &format!("{path}/draw"),
        &json!({"token": black, "action": "decline"}),
    );
    assert_eq!(v["draw_offer"], Value::Null);
    let (status, _) = s.post(
        &format!("{path}/draw"),
        &json!({"token": white, "action": "offer"}),
    );
    assert_eq!(status, 200);
    let v = s.post_ok(
        &format!("{path}/draw"),
        &json!({"token": black, "action": "accept"}),
    );
    assert_eq!(v["status"], "over");
    assert_eq!(v["result"], "1/2-1/2");
    assert_eq!(v["reason"], "draw: agreed");
    // Over: hints are allowed for review now.
    let (status, v) = s.get(&format!("{path}/hint?ms=100"));
    assert_eq!(status, 200, "{v}");
}

#[test]
fn a_capture_ends_a_game_from_a_position() {
    let (_dir, s) = server();
    let c = create(
        &s,
        json!({"variant": "hasami", "opponent": "local", "position": "9/9/9/9/2wwb4/9/1b7/9/9 b 0 1"}),
    );
    let id = c["id"].as_i64().unwrap();
    assert_eq!(c["side"], "both");
    let token = c["token"].as_str().unwrap();
    let v = s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "b3-b5", "token": token}),
    );
    assert_eq!(v["moves"][0]["captured"], json!(["c5", "d5"]));
    assert_eq!(v["status"], "over");
    assert_eq!(v["result"], "1-0");
    assert_eq!(v["reason"], "Black wins: White has 0 pieces left");
    // Local games take back one move, which also reopens the game.
    let v = s.post_ok(&format!("/api/games/{id}/undo"), &json!({"token": token}));
    assert_eq!(v["status"], "playing");
    assert_eq!(v["position"], "9/9/9/9/2wwb4/9/1b7/9/9 b 0 1");
}

#[test]
fn records_import_and_export() {
    let (_dir, s) = server();
    let record =
        "[Variant \"hasami\"]\n[Black \"Alice\"]\n[White \"Bob\"]\n\n1. e1e5 a9a5 2. b1b5 *\n";
    let (status, c) = s.post("/api/games/import", &json!({"record": record}));
    assert_eq!(status, 201, "{c}");
    let id = c["id"].as_i64().unwrap();
    assert_eq!(c["game"]["ply"], 3);
    assert_eq!(c["game"]["players"]["black"], "Alice");
    assert_eq!(c["game"]["turn"], "white");
    let (_, text) = s.get_text(&format!("/api/games/{id}/record"));
    assert!(text.contains("1. e1e5 a9a5 2. b1b5"), "{text}");
    assert!(text.contains("[White \"Bob\"]"), "{text}");
    // Import it again: the same game.
    let (status, c2) = s.post("/api/games/import", &json!({"record": text}));
    assert_eq!(status, 201);
    assert_eq!(c2["game"]["position"], c["game"]["position"]);
}

#[test]
fn hint_variants_and_front_end() {
    let (_dir, s) = server();
    let c = create(&s, json!({"variant": "hasami-chess", "opponent": "local"}));
    let id = c["id"].as_i64().unwrap();
    let (status, h) = s.get(&format!("/api/games/{id}/hint?ms=200"));
    assert_eq!(status, 200, "{h}");
    let best = h["best"].as_str().unwrap();
    assert!(c["game"]["legal_moves"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m == best));
    assert!(!h["pv"].as_array().unwrap().is_empty());
    let (status, v) = s.get("/api/variants");
    assert_eq!(status, 200);
    assert_eq!(v["presets"].as_array().unwrap().len(), 7);
    assert_eq!(v["presets"][6]["name"], "shogun");
    // Apit-sodok is listed as Mak-yek's Malay name, not as a game of its own.
    assert_eq!(v["aliases"][0]["name"], "apit-sodok");
    assert_eq!(v["aliases"][0]["preset"], "mak-yek");
    assert_eq!(v["aliases"][0]["about"], "the Malay name of Mak-yek");
    let levels = v["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 10);
    assert_eq!(levels[0]["level"], 1);
    assert!(levels[9]["words"].as_str().unwrap().starts_with("10 — "));
    let (status, v) = s.get("/api/variants/check?variant=HASAMI%2Bwin%3Dcaptures%3A5");
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["variant"], "hasami+win=captures:5");
    let (status, v) = s.get("/api/variants/check?variant=apit-sodok");
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["variant"], "mak-yek");
    let (status, v) = s.get("/api/variants/check?variant=dai-hasami%2Bmisere");
    assert_eq!(status, 400, "{v}");
    assert!(v.to_string().contains("misere changes nothing"), "{v}");
    let (status, page) = s.get_text("/");
    assert_eq!(status, 200);
    // The page names the files under this build's version (tests/assets.rs): /assets/VERSION/app.js.
    assert!(
        page.contains("/app.js\"") && page.contains("/assets/"),
        "{page}"
    );
    for asset in ["app.js", "board.js", "api.js", "rules.js", "app.css"] {
        let (status, _) = s.get_text(&format!("/assets/{asset}"));
        assert_eq!(status, 200, "{asset}");
    }
}

#[test]
fn websocket_sends_the_game_then_every_change() {
    let (_dir, s) = server();
    let c = create(&s, json!({"variant": "hasami", "opponent": "online"}));
    let id = c["id"].as_i64().unwrap();
    let black = c["token"].as_str().unwrap().to_string();
    let white = c["links"]["white"]
        .as_str()
        .unwrap()
        .rsplit('=')
        .next()
        .unwrap()
        .to_string();
    let mut watcher = Ws::connect(s.addr, &format!("/api/games/{id}/ws"));
    let first = watcher.recv();
    assert_eq!(first["type"], "game");
    assert_eq!(first["game"]["ply"], 0);
    let (status, _) = s.post(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "e1e5", "token": black}),
    );
    assert_eq!(status, 200);
    let update = watcher.recv();
    assert_eq!(update["game"]["ply"], 1);
    assert_eq!(update["game"]["moves"][0]["move"], "e1e5");

    // A player moves over the WebSocket; mistakes come back as errors on that socket only.
    let mut player = Ws::connect(s.addr, &format!("/api/games/{id}/ws?token={white}"));
    let hello = player.recv();
    assert_eq!(hello["game"]["you"], "white");
    // The watcher hears that White's player is here.
    assert_eq!(watcher.recv()["game"]["connected"]["white"], true);
    player.send(&json!({"type": "move", "move": "e9e1"}));
    let err = player.recv();
    assert_eq!(err["type"], "error");
    assert!(err["error"].as_str().unwrap().contains("illegal"), "{err}");
    player.send(&json!({"type": "move", "move": "a9a8"}));
    assert_eq!(player.recv()["game"]["ply"], 2);
    assert_eq!(watcher.recv()["game"]["ply"], 2);
    // A spectator cannot move.
    watcher.send(&json!({"type": "move", "move": "a1a2"}));
    let err = watcher.recv();
    assert_eq!(err["status"], 401, "{err}");
    // Reconnecting resumes with the current game.
    drop(watcher);
    let mut again = Ws::connect(s.addr, &format!("/api/games/{id}/ws"));
    assert_eq!(again.recv()["game"]["ply"], 2);
}

#[test]
fn games_survive_a_restart_and_the_schema_is_versioned() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sub/dir/games.sqlite3");
    let s = Server::start(&db);
    let c = create(
        &s,
        json!({"variant": "hasami-chess+rows=1,2+win=most-captures", "opponent": "local"}),
    );
    let id = c["id"].as_i64().unwrap();
    let token = c["token"].as_str().unwrap().to_string();
    for mv in ["a2a4", "a7a5", "b2b4"] {
        s.post_ok(
            &format!("/api/games/{id}/moves"),
            &json!({"move": mv, "token": token}),
        );
    }
    let (_, before) = s.get(&format!("/api/games/{id}"));
    s.stop();
    let s = Server::start(&db);
    let (_, after) = s.get(&format!("/api/games/{id}"));
    assert_eq!(before, after);
    s.stop();
    let conn = rusqlite::Connection::open(&db).unwrap();
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, hasami_server::MIGRATIONS.len() as i64);
    // A newer schema is refused with a message.
    conn.pragma_update(None, "user_version", 99).unwrap();
    drop(conn);
    let err = hasami_server::Db::open(&db).err().unwrap().to_string();
    assert!(err.contains("schema version 99"), "{err}");
}

#[test]
fn a_finished_engine_game_cannot_be_taken_back_and_hints_review_any_ply() {
    let (_dir, s) = server();
    // Black's b3-b5 captures White's last two pieces against the engine.
    let c = create(
        &s,
        json!({"variant": "hasami", "opponent": "engine", "level": 1, "side": "black",
               "position": "9/9/9/9/2wwb4/9/1b7/9/9 b 0 1"}),
    );
    let id = c["id"].as_i64().unwrap();
    let token = c["token"].as_str().unwrap();
    let v = s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "b3b5", "token": token}),
    );
    assert_eq!(v["result"], "1-0");
    let (status, e) = s.post(&format!("/api/games/{id}/undo"), &json!({"token": token}));
    assert_eq!(status, 409, "{e}");
    assert!(error_of(&e).contains("cannot be taken back"), "{e}");
    let (_, v) = s.get(&format!("/api/games/{id}"));
    assert_eq!(v["status"], "over");
    // A hint for the start position (ply 0) suggests a move there; past the end is refused.
    let (status, a) = s.get(&format!("/api/games/{id}/hint?ms=100&ply=0&token={token}"));
    assert_eq!(status, 200, "{a}");
    assert!(a["best"].is_string(), "{a}");
    let (status, e) = s.get(&format!("/api/games/{id}/hint?ms=100&ply=5"));
    assert_eq!(status, 400, "{e}");
    assert!(error_of(&e).contains("no ply 5"), "{e}");
}

#[test]
fn the_health_check_says_ok_with_the_games_in_memory() {
    let (_dir, s) = server();
    let (status, v) = s.get("/api/health");
    assert_eq!(status, 200, "{v}");
    assert_eq!(v, json!({"status": "ok", "games_in_memory": 0}));
    create(&s, json!({"variant": "hasami", "opponent": "local"}));
    assert_eq!(s.get("/api/health").1["games_in_memory"], 1);
}

#[test]
fn the_games_list_says_whose_turn_it_is_in_games_going_on() {
    let (_dir, s) = server();
    let turn_of = |id: i64| -> Value {
        let (_, v) = s.get("/api/games");
        v["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == id)
            .map(|g| g["turn"].clone())
            .unwrap()
    };
    let c = create(&s, json!({"variant": "hasami", "opponent": "local"}));
    let id = c["id"].as_i64().unwrap();
    assert_eq!(turn_of(id), "black");
    s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "e1e5", "token": c["token"]}),
    );
    assert_eq!(turn_of(id), "white");
    // White to move in the start position; Shogun, where the first player is White.
    let w = create(
        &s,
        json!({"variant": "hasami", "opponent": "local", "position": "4w4/9/9/9/3bw4/9/9/9/5b3 w 0 1"}),
    );
    assert_eq!(turn_of(w["id"].as_i64().unwrap()), "white");
    let sh = create(&s, json!({"variant": "shogun", "opponent": "local"}));
    assert_eq!(turn_of(sh["id"].as_i64().unwrap()), "black");
    // Over: nobody's turn.
    s.post_ok(
        &format!("/api/games/{id}/resign"),
        &json!({"token": c["token"]}),
    );
    assert_eq!(turn_of(id), Value::Null);
}

#[test]
fn a_list_by_ids_holds_a_browsers_own_games_past_the_latest_200() {
    let (_dir, s) = server();
    let mine = create(&s, json!({"opponent": "local"}))["id"]
        .as_i64()
        .unwrap();
    for _ in 0..200 {
        create(&s, json!({"opponent": "local"}));
    }
    let listed = |path: &str| common::listed_ids(&s, path);
    // The latest 200 no longer hold it; asked for by id, it is there, with its turn.
    assert!(!listed("/api/games").contains(&mine));
    assert_eq!(listed(&format!("/api/games?ids={mine},999999")), vec![mine]);
    let (_, v) = s.get(&format!("/api/games?ids={mine}"));
    assert_eq!(v["games"][0]["turn"], "black");
    assert_eq!(listed("/api/games?ids="), Vec::<i64>::new());
    // Bad or too many ids: a short error, nothing listed.
    let many = (1..=201)
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(",");
    for bad in ["x", "1,,2", "1;2", many.as_str()] {
        let (status, v) = s.get(&format!("/api/games?ids={bad}"));
        assert_eq!(status, 400, "{bad}: {v}");
        assert_eq!(
            error_of(&v),
            "ids: at most 200 game numbers, separated by commas"
        );
    }
}
