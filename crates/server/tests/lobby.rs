//! The lobby: an online game open to anyone is listed until someone joins it; the first joiner
//! gets the free seat and its key, every later one 409; one client may have three games waiting and
//! hold three joined seats in games that have not begun.

mod common;

use common::{create, error_of, server, Server, Ws};
use serde_json::{json, Value};
use std::time::Duration;

fn open_game(s: &Server, extra: Value) -> Value {
    let mut req = json!({"variant": "hasami", "opponent": "online", "side": "black", "open": true});
    if let (Some(r), Some(e)) = (req.as_object_mut(), extra.as_object()) {
        r.extend(e.clone());
    }
    create(s, req)
}

fn lobby_ids(s: &Server) -> Vec<i64> {
    common::listed_ids(s, "/api/lobby")
}

fn join(s: &Server, id: i64, body: Value) -> (u16, Value) {
    s.post(&format!("/api/games/{id}/join"), &body)
}

#[test]
fn an_open_game_is_listed_and_the_first_to_join_takes_the_seat() {
    let (_dir, s) = server();
    let c = open_game(
        &s,
        json!({"players": {"black": "Ann"}, "clock": {"initial": 300, "increment": 3}}),
    );
    let id = c["id"].as_i64().unwrap();
    assert_eq!(c["game"]["open_seat"], "white");
    // Games not open to anyone are not listed.
    create(&s, json!({"variant": "hasami", "opponent": "online"}));
    create(
        &s,
        json!({"variant": "hasami", "opponent": "engine", "level": 1}),
    );
    let (_, v) = s.get("/api/lobby");
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), 1, "{v}");
    let g = &games[0];
    assert_eq!(
        (g["id"].as_i64(), g["creator"].as_str(), g["seat"].as_str()),
        (Some(id), Some("Ann"), Some("white"))
    );
    assert_eq!(
        (g["clock_initial"].as_i64(), g["clock_increment"].as_i64()),
        (Some(300_000), Some(3_000))
    );
    assert_eq!(g["variant"], "hasami");

    // The creator's page hears of the joiner.
    let mut ann = Ws::connect(
        s.addr,
        &format!("/api/games/{id}/ws?token={}", c["token"].as_str().unwrap()),
    );
    let (status, j) = join(&s, id, json!({"name": "Bob"}));
    assert_eq!(status, 200, "{j}");
    assert_eq!(
        (j["id"].as_i64(), j["side"].as_str()),
        (Some(id), Some("white"))
    );
    let bob = j["token"].as_str().unwrap().to_string();
    let heard = ann.wait_for(Duration::from_secs(5), |m| {
        m["game"]["players"]["white"] == "Bob" && m["game"]["open_seat"].is_null()
    });
    assert!(heard.is_some(), "the creator did not hear of the joiner");
    let (_, v) = s.get(&format!("/api/games/{id}?token={bob}"));
    assert_eq!(v["you"], "white");
    assert_eq!(v["open_seat"], Value::Null);
    assert!(lobby_ids(&s).is_empty(), "a joined game is still listed");

    // Second joiner: refused, and the seat's key is not given away.
    let (status, v) = join(&s, id, json!({"name": "Eve"}));
    assert_eq!(status, 409, "{v}");
    assert!(error_of(&v).contains("not open to join"), "{v}");
    assert!(v.get("token").is_none());
    // The players play.
    s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "e1e5", "token": c["token"]}),
    );
    s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "a9a6", "token": bob}),
    );
}

#[test]
fn two_joiners_at_once_one_seat() {
    let (_dir, s) = server();
    for _ in 0..5 {
        let c = open_game(&s, json!({"side": "white"}));
        let id = c["id"].as_i64().unwrap();
        let addr = s.addr;
        let joins: Vec<_> = (0..4)
            .map(|i| {
                std::thread::spawn(move || {
                    let body = json!({ "name": format!("P{i}") }).to_string();
                    common::http(addr, "POST", &format!("/api/games/{id}/join"), Some(&body)).0
                })
            })
            .collect();
        let mut codes: Vec<u16> = joins.into_iter().map(|t| t.join().unwrap()).collect();
        codes.sort_unstable();
        assert_eq!(codes, vec![200, 409, 409, 409]);
        let (_, v) = s.get(&format!("/api/games/{id}"));
        assert!(
            v["players"]["black"].as_str().unwrap().starts_with('P'),
            "{v}"
        );
        // Ended, the game no longer counts against its joiner's seats.
        s.post_ok(
            &format!("/api/games/{id}/abort"),
            &json!({"token": c["token"]}),
        );
    }
}

#[test]
fn games_that_cannot_wait_in_the_lobby_and_joins_that_are_refused() {
    let (_dir, s) = server();
    for opponent in ["engine", "local"] {
        let (status, v) = s.post(
            "/api/games",
            &json!({"variant": "hasami", "opponent": opponent, "open": true}),
        );
        assert_eq!(status, 400, "{opponent}: {v}");
        assert!(error_of(&v).contains("lobby"), "{v}");
    }
    // Not open: an invite-only game, a missing game, a bad id or name, unknown fields.
    let private = create(&s, json!({"variant": "hasami", "opponent": "online"}));
    let (status, _) = join(&s, private["id"].as_i64().unwrap(), json!({}));
    assert_eq!(status, 409);
    let (status, _) = join(&s, 999_999, json!({}));
    assert_eq!(status, 404);
    let id = open_game(&s, json!({}))["id"].as_i64().unwrap();
    let (status, v) = join(&s, id, json!({"name": "a\u{202e}b"}));
    assert_eq!(status, 400, "{v}");
    let (status, v) = join(&s, id, json!({"name": "x".repeat(41)}));
    assert_eq!(status, 400, "{v}");
    let (status, _) = join(&s, id, json!({"seat": "black"}));
    assert_eq!(status, 400);
    assert_eq!(lobby_ids(&s), vec![id], "a refused join took the seat");
    // Without a name the seat keeps its side's name.
    let (status, j) = join(&s, id, json!({}));
    assert_eq!(status, 200, "{j}");
    let (_, v) = s.get(&format!("/api/games/{id}"));
    assert_eq!(v["players"]["white"], "White");

    // An aborted open game leaves the lobby and cannot be joined.
    let c = open_game(&s, json!({}));
    let id = c["id"].as_i64().unwrap();
    s.post_ok(
        &format!("/api/games/{id}/abort"),
        &json!({"token": c["token"]}),
    );
    assert!(!lobby_ids(&s).contains(&id));
    let (status, _) = join(&s, id, json!({}));
    assert_eq!(status, 409);
}

#[test]
fn one_client_has_at_most_three_games_waiting() {
    let (_dir, s) = server();
    let ids: Vec<i64> = (0..3)
        .map(|_| open_game(&s, json!({}))["id"].as_i64().unwrap())
        .collect();
    let (status, v) = s.post(
        "/api/games",
        &json!({"variant": "hasami", "opponent": "online", "open": true}),
    );
    assert_eq!(status, 429, "{v}");
    assert!(error_of(&v).contains("3 games waiting"), "{v}");
    assert_eq!(lobby_ids(&s).len(), 3);
    // Invite-only games are not counted.
    create(&s, json!({"variant": "hasami", "opponent": "online"}));
    // Once one is joined, another may wait.
    let (status, _) = join(&s, ids[1], json!({}));
    assert_eq!(status, 200);
    open_game(&s, json!({}));
    assert_eq!(lobby_ids(&s).len(), 3);
}

#[test]
fn six_open_games_asked_at_once_by_one_client_make_three() {
    let (_dir, s) = server();
    let addr = s.addr;
    let creates: Vec<_> = (0..6)
        .map(|_| {
            std::thread::spawn(move || {
                let body = json!({"variant": "hasami", "opponent": "online", "open": true});
                common::http(addr, "POST", "/api/games", Some(&body.to_string())).0
            })
        })
        .collect();
    let mut codes: Vec<u16> = creates.into_iter().map(|t| t.join().unwrap()).collect();
    codes.sort_unstable();
    assert_eq!(codes, vec![201, 201, 201, 429, 429, 429]);
    assert_eq!(lobby_ids(&s).len(), 3);
}

#[test]
fn one_client_holds_at_most_three_seats_in_games_not_begun() {
    let (_dir, s) = server();
    let games: Vec<Value> = (0..3).map(|_| open_game(&s, json!({}))).collect();
    let mut white = Vec::new();
    for g in &games {
        let (status, j) = join(&s, g["id"].as_i64().unwrap(), json!({}));
        assert_eq!(status, 200, "{j}");
        white.push(j["token"].as_str().unwrap().to_string());
    }
    // A fourth seat while none of the three games has begun: refused, the seat stays free.
    let fourth = open_game(&s, json!({}))["id"].as_i64().unwrap();
    let (status, v) = join(&s, fourth, json!({}));
    assert_eq!(status, 429, "{v}");
    assert!(error_of(&v).contains("joined 3 games"), "{v}");
    assert!(lobby_ids(&s).contains(&fourth));
    // Once one of them has begun (both sides moved), another seat may be taken.
    let first = games[0]["id"].as_i64().unwrap();
    s.post_ok(
        &format!("/api/games/{first}/moves"),
        &json!({"move": "e1e5", "token": games[0]["token"]}),
    );
    s.post_ok(
        &format!("/api/games/{first}/moves"),
        &json!({"move": "a9a6", "token": white[0]}),
    );
    let (status, v) = join(&s, fourth, json!({}));
    assert_eq!(status, 200, "{v}");
}

#[test]
fn a_game_leaves_the_lobby_when_its_creator_does_not_come_back() {
    let dir = tempfile::tempdir().unwrap();
    let limits = hasami_server::Limits {
        lobby_grace: Duration::from_millis(500),
        ..hasami_server::Limits::default()
    };
    let s = Server::start_within(&dir.path().join("g.sqlite3"), limits);
    let gone = open_game(&s, json!({}));
    let back = open_game(&s, json!({}));
    let socket = |c: &Value| {
        let path = format!(
            "/api/games/{}/ws?token={}",
            c["id"],
            c["token"].as_str().unwrap()
        );
        let mut ws = Ws::connect(s.addr, &path);
        ws.recv();
        ws
    };
    // Both creators' pages open and close; one of them opens again at once (a reload).
    drop(socket(&gone));
    drop(socket(&back));
    let _reloaded = socket(&back);
    let gone_id = gone["id"].as_i64().unwrap();
    let back_id = back["id"].as_i64().unwrap();
    let end = std::time::Instant::now() + Duration::from_secs(10);
    while lobby_ids(&s).contains(&gone_id) && std::time::Instant::now() < end {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(
        lobby_ids(&s),
        vec![back_id],
        "the game whose creator left is still listed"
    );
    let (status, _) = join(&s, gone_id, json!({}));
    assert_eq!(status, 409);
    let (_, v) = s.get(&format!("/api/games/{gone_id}"));
    assert_eq!(v["open_seat"], Value::Null);
    assert_eq!(
        v["status"], "playing",
        "the game itself goes on: its invite links work"
    );
    // The one whose creator came back stays past the grace, and can be joined.
    std::thread::sleep(Duration::from_millis(800));
    assert_eq!(lobby_ids(&s), vec![back_id]);
    let (status, _) = join(&s, back_id, json!({}));
    assert_eq!(status, 200);
}

/// A server whose paired players have `ms` for each first move.
fn first_move_server(dir: &std::path::Path, ms: u64) -> Server {
    let limits = hasami_server::Limits {
        first_move: Duration::from_millis(ms),
        ..hasami_server::Limits::default()
    };
    Server::start_within(&dir.join("g.sqlite3"), limits)
}

/// Creates a timed lobby game for Black and joins it as White: (id, Black's key, White's key).
fn paired(s: &Server, clock: Value) -> (i64, String, String) {
    let c = open_game(s, json!({ "clock": clock }));
    let id = c["id"].as_i64().unwrap();
    let (status, j) = join(s, id, json!({}));
    assert_eq!(status, 200, "{j}");
    let key = |v: &Value| v["token"].as_str().unwrap().to_string();
    (id, key(&c), key(&j))
}

fn status_of(s: &Server, id: i64) -> (String, String, String) {
    let (_, v) = s.get(&format!("/api/games/{id}"));
    let text = |k: &str| v[k].as_str().unwrap_or("").to_string();
    (text("status"), text("result"), text("reason"))
}

#[test]
fn a_paired_player_who_makes_no_first_move_has_the_game_aborted() {
    let dir = tempfile::tempdir().unwrap();
    let s = first_move_server(dir.path(), 600);
    let clock = json!({"initial": 60, "increment": 0});
    // Black never moves; White never answers Black's first move; both move at once.
    let (silent, silent_black, _) = paired(&s, clock.clone());
    let (answered, black, _) = paired(&s, clock.clone());
    let (going, black2, white2) = paired(&s, clock.clone());
    s.post_ok(
        &format!("/api/games/{answered}/moves"),
        &json!({"move": "e1e5", "token": black}),
    );
    s.post_ok(
        &format!("/api/games/{going}/moves"),
        &json!({"move": "e1e5", "token": black2}),
    );
    s.post_ok(
        &format!("/api/games/{going}/moves"),
        &json!({"move": "a9a6", "token": white2}),
    );
    // Not paired through the lobby: an invite-only game with a clock, and an untimed lobby game.
    let (invited, _, _) = common::online_game(&s, json!({"clock": clock}));
    let (untimed, _, _) = paired(&s, Value::Null);
    // The view says how long the side to move has left for its first move, while that holds.
    let left = |id: i64| s.get(&format!("/api/games/{id}")).1["clock"]["first_move_ms"].as_i64();
    assert!(
        matches!(left(silent), Some(ms) if ms <= 600),
        "{:?}",
        left(silent)
    );
    assert_eq!((left(going), left(invited)), (None, None));
    std::thread::sleep(Duration::from_millis(1500));
    let aborted = |who: &str| {
        (
            "over".to_string(),
            "*".to_string(),
            format!("Game aborted: {who} did not make a first move"),
        )
    };
    assert_eq!(status_of(&s, silent), aborted("Black"));
    assert_eq!(status_of(&s, answered), aborted("White"));
    for id in [going, invited, untimed] {
        assert_eq!(status_of(&s, id).0, "playing", "game {id}");
    }
    // An aborted game is not a loss: no move is taken any more, and the lists show it ended.
    let (status, v) = s.post(
        &format!("/api/games/{silent}/moves"),
        &json!({"move": "e1e5", "token": silent_black}),
    );
    assert_eq!(status, 409, "{v}");
}

#[test]
fn the_first_move_time_holds_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let s = first_move_server(dir.path(), 1500);
    let (id, _, _) = paired(&s, json!({"initial": 60, "increment": 0}));
    s.stop();
    // The restarted server loads the game and its window, counted from the join.
    let s = first_move_server(dir.path(), 1500);
    assert_eq!(status_of(&s, id).0, "playing");
    let done = s.wait_for(&format!("/api/games/{id}"), |v| v["status"] == "over");
    assert_eq!(
        done["reason"],
        "Game aborted: Black did not make a first move"
    );
}

#[test]
fn taking_a_lobby_seat_gives_a_new_key_and_the_invite_link_stops_working() {
    // Issue 49.1: the creator was given the free seat's invite link; the stranger who takes the
    // seat gets a key of its own, and the old link's key can neither move nor resign for them.
    let (_dir, s) = server();
    let c = open_game(&s, json!({}));
    let id = c["id"].as_i64().unwrap();
    let creator = c["token"].as_str().unwrap().to_string();
    let invite = common::token_of(&c["links"]["white"]);
    let (status, j) = join(&s, id, json!({"name": "Stranger"}));
    assert_eq!(status, 200, "{j}");
    let stranger = j["token"].as_str().unwrap().to_string();
    assert_ne!(stranger, invite);
    s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "e1e5", "token": creator}),
    );
    for (path, body) in [
        ("moves", json!({"move": "a9a6", "token": invite})),
        ("resign", json!({"token": invite})),
        ("draw", json!({"action": "offer", "token": invite})),
    ] {
        let (status, e) = s.post(&format!("/api/games/{id}/{path}"), &body);
        assert_eq!(status, 403, "{path}: {e}");
    }
    let (_, v) = s.get(&format!("/api/games/{id}?token={invite}"));
    assert!(v.get("you").is_none(), "the old link is a spectator's: {v}");
    s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "a9a6", "token": stranger}),
    );
}
