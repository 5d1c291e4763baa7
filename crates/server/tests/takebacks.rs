//! Takeback requests in online games: a player asks to take back their last move, the opponent
//! accepts or declines; a move, the end of the game or a decline clears the request; the request and
//! the takeback are stored, so a restarted server shows them.

mod common;

use common::{create, error_of, moves, online_game, server, Server, Ws};
use serde_json::{json, Value};
use std::time::Duration;

fn play(s: &Server, id: i64, token: &str, mv: &str) -> Value {
    s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": mv, "token": token}),
    )
}

fn takeback(s: &Server, id: i64, token: &str, action: &str) -> (u16, Value) {
    s.post(
        &format!("/api/games/{id}/takeback"),
        &json!({"token": token, "action": action}),
    )
}

#[test]
fn a_request_on_the_opponents_turn_takes_back_one_move_once_accepted() {
    let (_dir, s) = server();
    let (id, black, white) = online_game(&s, json!({}));
    let path = format!("/api/games/{id}");
    let mut spectator = Ws::connect(s.addr, &format!("{path}/ws"));
    play(&s, id, &black, "e1e5");

    let (status, v) = takeback(&s, id, &black, "offer");
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["takeback_offer"], "black");
    assert_eq!(v["ply"], 1, "a request alone takes nothing back");
    // The opponent and the spectators hear of it.
    let heard = spectator.wait_for(Duration::from_secs(5), |m| {
        m["type"] == "game" && m["game"]["takeback_offer"] == "black"
    });
    assert!(heard.is_some(), "the spectator did not hear the request");
    let (_, w) = s.get(&format!("{path}?token={white}"));
    assert_eq!(w["takeback_offer"], "black");

    // The requester cannot accept their own request.
    let (status, v) = takeback(&s, id, &black, "accept");
    assert_eq!(status, 409, "{v}");
    assert!(error_of(&v).contains("no takeback request"), "{v}");

    let (status, v) = takeback(&s, id, &white, "accept");
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["ply"], 0);
    assert_eq!(v["turn"], "black");
    assert_eq!(v["takeback_offer"], Value::Null);
    assert_eq!(v["status"], "playing");
    let taken = spectator.wait_for(Duration::from_secs(5), |m| {
        m["type"] == "game" && m["game"]["ply"] == 0
    });
    assert!(taken.is_some(), "the spectator did not see the takeback");

    // Black plays another move instead.
    let v = play(&s, id, &black, "a1a4");
    assert_eq!(moves(&v), ["a1a4"]);
}

#[test]
fn a_request_on_the_requesters_turn_takes_back_the_reply_too() {
    let (_dir, s) = server();
    let (id, black, white) = online_game(&s, json!({}));
    play(&s, id, &black, "e1e5");
    play(&s, id, &white, "a9a6");
    let (status, v) = takeback(&s, id, &black, "offer");
    assert_eq!(status, 200, "{v}");
    let (status, v) = takeback(&s, id, &white, "accept");
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["ply"], 0, "{v}");
    assert_eq!(v["turn"], "black");
    // White's request with one move each: only White's own move goes.
    play(&s, id, &black, "e1e5");
    play(&s, id, &white, "a9a6");
    takeback(&s, id, &white, "offer");
    let (status, v) = takeback(&s, id, &black, "accept");
    assert_eq!(status, 200, "{v}");
    assert_eq!(moves(&v), ["e1e5"]);
    assert_eq!(v["turn"], "white");
}

#[test]
fn decline_a_move_and_the_end_clear_a_request() {
    let (_dir, s) = server();
    let (id, black, white) = online_game(&s, json!({}));
    play(&s, id, &black, "e1e5");
    takeback(&s, id, &black, "offer");
    let (status, v) = takeback(&s, id, &white, "decline");
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["takeback_offer"], Value::Null);
    assert_eq!(v["ply"], 1);
    let (status, v) = takeback(&s, id, &white, "accept");
    assert_eq!(status, 409, "{v}");

    // A move answers a request: it is gone.
    takeback(&s, id, &black, "offer");
    let v = play(&s, id, &white, "a9a6");
    assert_eq!(v["takeback_offer"], Value::Null);
    let (status, _) = takeback(&s, id, &white, "decline");
    assert_eq!(status, 409);

    // A resignation ends the game; no request survives it and none can be made.
    takeback(&s, id, &black, "offer");
    let v = s.post_ok(&format!("/api/games/{id}/resign"), &json!({"token": white}));
    assert_eq!(v["takeback_offer"], Value::Null);
    let (status, v) = takeback(&s, id, &black, "offer");
    assert_eq!(status, 409, "{v}");
    assert!(error_of(&v).contains("over"), "{v}");
}

#[test]
fn requests_that_cannot_be_made_are_refused_and_change_nothing() {
    let (_dir, s) = server();
    let (id, black, white) = online_game(&s, json!({}));
    // Nothing of White's to take back, nor of Black's before a move.
    let (status, v) = takeback(&s, id, &black, "offer");
    assert_eq!(status, 409, "{v}");
    assert!(error_of(&v).contains("no move of yours"), "{v}");
    play(&s, id, &black, "e1e5");
    let (status, v) = takeback(&s, id, &white, "offer");
    assert_eq!(status, 409, "{v}");
    let (status, v) = takeback(&s, id, &black, "maybe");
    assert_eq!(status, 400, "{v}");
    assert!(error_of(&v).contains("offer, accept, decline"), "{v}");
    let (status, _) = s.post(
        &format!("/api/games/{id}/takeback"),
        &json!({"action": "offer"}),
    );
    assert_eq!(status, 401);
    let (status, _) = takeback(&s, id, "0123456789abcdef0123456789abcdef", "offer");
    assert_eq!(status, 403);
    let (_, v) = s.get(&format!("/api/games/{id}"));
    assert_eq!(v["takeback_offer"], Value::Null);
    assert_eq!(v["ply"], 1);

    // Engine and hot-seat games take moves back with Undo at once; no request is needed.
    for opponent in ["engine", "local"] {
        let c = create(
            &s,
            json!({"variant": "hasami", "opponent": opponent, "level": 1}),
        );
        let gid = c["id"].as_i64().unwrap();
        let token = c["token"].as_str().unwrap();
        play(&s, gid, token, "e1e5");
        let (status, v) = takeback(&s, gid, token, "offer");
        assert_eq!(status, 409, "{opponent}: {v}");
        assert!(error_of(&v).contains("Undo"), "{v}");
    }
}

#[test]
fn both_asking_is_agreement() {
    let (_dir, s) = server();
    let (id, black, white) = online_game(&s, json!({}));
    play(&s, id, &black, "e1e5");
    play(&s, id, &white, "a9a6");
    takeback(&s, id, &white, "offer");
    // Black asks too: that accepts White's request (White's move goes, Black to answer it anew).
    let (status, v) = takeback(&s, id, &black, "offer");
    assert_eq!(status, 200, "{v}");
    assert_eq!(moves(&v), ["e1e5"]);
    assert_eq!(v["takeback_offer"], Value::Null);
}

#[test]
fn the_request_and_the_takeback_are_stored_and_the_clocks_go_back_also_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let s = Server::start(&db);
    let (id, black, white) = online_game(&s, json!({"clock": {"initial": 300, "increment": 2}}));
    play(&s, id, &black, "e1e5");
    play(&s, id, &white, "a9a6");
    play(&s, id, &black, "a1a4");
    std::thread::sleep(Duration::from_millis(300));
    play(&s, id, &white, "i9i6");
    // Time passes before the takeback: it must not count against White once the move is gone.
    std::thread::sleep(Duration::from_millis(2_000));
    let (status, v) = takeback(&s, id, &white, "offer");
    assert_eq!(status, 200, "{v}");
    s.stop();

    let s = Server::start(&db);
    let path = format!("/api/games/{id}");
    let (_, v) = s.get(&path);
    assert_eq!(v["takeback_offer"], "white", "the request was not stored");
    let (status, v) = takeback(&s, id, &black, "accept");
    assert_eq!(status, 200, "{v}");
    assert_eq!(moves(&v), ["e1e5", "a9a6", "a1a4"]);
    // White's clock is back where it stood after its last remaining move (a9a6, its free first
    // move), not where i9i6 left it (about 303.7 s), and it runs again.
    let white_ms = v["clock"]["white_ms"].as_i64().unwrap();
    assert!(
        (299_000..=302_000).contains(&white_ms),
        "white has {white_ms} ms"
    );
    assert_eq!(v["clock"]["running"], "white");
    s.stop();

    let s = Server::start(&db);
    let (_, v) = s.get(&path);
    assert_eq!(
        moves(&v),
        ["e1e5", "a9a6", "a1a4"],
        "the takeback was not stored"
    );
    assert_eq!(v["takeback_offer"], Value::Null);
    // The turn began at the takeback, also for a server that loads the game from the store (not
    // at a1a4, more than two seconds earlier).
    let white_ms = v["clock"]["white_ms"].as_i64().unwrap();
    assert!(
        white_ms > 301_000,
        "after a restart White has {white_ms} ms"
    );
    s.stop();
}
