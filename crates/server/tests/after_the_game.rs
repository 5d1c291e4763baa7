//! Around a game: abort before each side has moved, rematch with colours swapped, and the
//! post-game review (each position searched, each move judged, stored once).

mod common;

use std::time::{Duration, Instant};

use common::{create, server, token_of, Server, Ws};
use serde_json::{json, Value};

/// White has two pieces: Black's f1-f5 captures e5 and wins at once.
const WIN_IN_ONE: &str = "4w4/9/9/9/3bw4/9/9/9/5b3 b 0 1";

fn online(s: &Server) -> (i64, String, String) {
    let g = create(
        s,
        json!({"variant": "hasami", "opponent": "online", "players": {"black": "Ann"}}),
    );
    let id = g["id"].as_i64().unwrap();
    (
        id,
        token_of(&g["links"]["black"]),
        token_of(&g["links"]["white"]),
    )
}

#[test]
fn a_game_is_aborted_before_each_side_has_moved_and_not_after() {
    let (dir, s) = server();
    let (id, black, white) = online(&s);
    // A spectator may not abort.
    let (status, _) = s.post(&format!("/api/games/{id}/abort"), &json!({}));
    assert_eq!(status, 401);
    s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "a1a2", "token": black}),
    );
    let v = s.post_ok(&format!("/api/games/{id}/abort"), &json!({"token": white}));
    assert_eq!(v["status"], "over");
    assert_eq!(v["result"], "*");
    assert_eq!(v["reason"], "Game aborted");
    assert_eq!(v["legal_moves"], json!([]));
    let (status, v) = s.post(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "a9a8", "token": white}),
    );
    assert_eq!(status, 409, "{v}");
    // Still aborted after a restart.
    s.stop();
    let s = Server::start(&dir.path().join("games.sqlite3"));
    let (_, v) = s.get(&format!("/api/games/{id}"));
    assert_eq!(
        (v["status"].as_str(), v["reason"].as_str()),
        (Some("over"), Some("Game aborted"))
    );

    // Once both sides have moved, abort is refused and nothing changes.
    let (id, black, white) = online(&s);
    s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "a1a2", "token": black}),
    );
    s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "a9a8", "token": white}),
    );
    let (status, v) = s.post(&format!("/api/games/{id}/abort"), &json!({"token": black}));
    assert_eq!(status, 409, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("resign instead"),
        "{v}"
    );
    let (_, v) = s.get(&format!("/api/games/{id}"));
    assert_eq!(v["status"], "playing");
}

#[test]
fn a_rematch_swaps_colours_and_both_players_reach_the_same_game() {
    let (_dir, s) = server();
    let (id, black, white) = online(&s);
    let (status, v) = s.post(
        &format!("/api/games/{id}/rematch"),
        &json!({"token": black}),
    );
    assert_eq!(status, 409, "not over yet: {v}");
    s.post_ok(&format!("/api/games/{id}/resign"), &json!({"token": white}));
    let (status, _) = s.post(&format!("/api/games/{id}/rematch"), &json!({}));
    assert_eq!(status, 401, "a spectator asks for no rematch");
    let (status, ann) = s.post(
        &format!("/api/games/{id}/rematch"),
        &json!({"token": black}),
    );
    assert_eq!(status, 200, "{ann}");
    assert_eq!(ann["side"], "white", "Ann played Black, now White");
    // The old game names its rematch, so the other player's page can offer to join.
    let (_, old) = s.get(&format!("/api/games/{id}"));
    assert_eq!(old["rematch"], ann["id"]);
    let other = s.post_ok(
        &format!("/api/games/{id}/rematch"),
        &json!({"token": white}),
    );
    assert_eq!(other["id"], ann["id"], "one rematch, not two");
    assert_eq!(other["side"], "black");
    let new_id = ann["id"].as_i64().unwrap();
    let (_, g) = s.get(&format!(
        "/api/games/{new_id}?token={}",
        ann["token"].as_str().unwrap()
    ));
    assert_eq!(g["you"], "white");
    assert_eq!(g["players"]["white"], "Ann");
    assert_eq!(g["opponent"], "online");
    let (_, g) = s.get(&format!(
        "/api/games/{new_id}?token={}",
        other["token"].as_str().unwrap()
    ));
    assert_eq!(g["you"], "black");
}

#[test]
fn an_engine_rematch_gives_the_engine_the_other_colour() {
    let (_dir, s) = server();
    let g = create(
        &s,
        json!({"variant": "dai-hasami", "opponent": "engine", "level": 1, "side": "black"}),
    );
    let id = g["id"].as_i64().unwrap();
    let token = g["token"].as_str().unwrap().to_string();
    s.post_ok(&format!("/api/games/{id}/resign"), &json!({"token": token}));
    let r = s.post_ok(
        &format!("/api/games/{id}/rematch"),
        &json!({"token": token}),
    );
    assert_eq!(r["side"], "white");
    let new_id = r["id"].as_i64().unwrap();
    let g = s.wait_for(
        &format!("/api/games/{new_id}?token={}", r["token"].as_str().unwrap()),
        |v| v["ply"] == 1,
    );
    assert_eq!(g["engine_side"], "black");
    assert_eq!(g["level"], 1);
}

fn review(s: &Server, id: i64) -> (u16, Value, Duration) {
    let t = Instant::now();
    let (status, v) = s.post(&format!("/api/games/{id}/review"), &json!({}));
    (status, v, t.elapsed())
}

#[test]
fn the_review_marks_a_missed_win_as_a_blunder_and_is_computed_once() {
    let (_dir, s) = server();
    let g = create(
        &s,
        json!({"variant": "hasami", "opponent": "local", "position": WIN_IN_ONE}),
    );
    let id = g["id"].as_i64().unwrap();
    let token = g["token"].as_str().unwrap().to_string();
    let (status, _) = s.get(&format!("/api/games/{id}/review"));
    assert_eq!(status, 404, "not reviewed yet");
    // Black misses the win (f1-f2 instead of f1-f5), White's e5 walks away.
    s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "f1f2", "token": token}),
    );
    s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "e5e6", "token": token}),
    );
    let (status, r, took) = review(&s, id);
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["plies"], 2);
    assert_eq!(r["positions"].as_array().unwrap().len(), 3);
    assert_eq!(r["positions"][0]["best"], "f1f5", "{r}");
    assert_eq!(
        r["positions"][0]["expected"], 1.0,
        "Black wins at once: {r}"
    );
    let first = &r["moves"][0];
    assert_eq!(first["played"], "f1f2");
    assert_eq!(first["best"], "f1f5");
    assert_eq!(first["judgement"], "blunder", "{r}");
    assert_eq!(r["black"]["blunders"], 1);
    // Stored: the same review again, without searching.
    let (status, again, fast) = review(&s, id);
    assert_eq!(status, 200);
    assert_eq!(again, r);
    assert!(
        fast < took,
        "the stored review took {fast:?}, the first {took:?}"
    );
    let (status, stored) = s.get(&format!("/api/games/{id}/review"));
    assert_eq!((status, stored), (200, r));
    // A new move makes the stored review out of date.
    s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "f2f3", "token": token}),
    );
    let (status, _) = s.get(&format!("/api/games/{id}/review"));
    assert_eq!(status, 404);
}

#[test]
fn an_online_game_in_progress_is_not_reviewed() {
    let (_dir, s) = server();
    let (id, black, _) = online(&s);
    s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "a1a2", "token": black}),
    );
    let (status, v, _) = review(&s, id);
    assert_eq!(status, 403, "{v}");
}

#[test]
fn a_player_shows_as_connected_while_their_page_is_open() {
    let (_dir, s) = server();
    let (id, black, white) = online(&s);
    let (_, v) = s.get(&format!("/api/games/{id}"));
    assert_eq!(v["connected"], json!({"black": false, "white": false}));
    let mut ann = Ws::connect(s.addr, &format!("/api/games/{id}/ws?token={black}"));
    assert_eq!(ann.recv()["game"]["connected"]["black"], true);
    // A spectator does not count as a player.
    let mut watcher = Ws::connect(s.addr, &format!("/api/games/{id}/ws"));
    assert_eq!(watcher.recv()["game"]["connected"]["white"], false);
    // Bob opens the game: everybody hears he is there.
    let mut bob = Ws::connect(s.addr, &format!("/api/games/{id}/ws?token={white}"));
    assert_eq!(
        bob.recv()["game"]["connected"],
        json!({"black": true, "white": true})
    );
    assert_eq!(ann.recv()["game"]["connected"]["white"], true);
    // Ann leaves: Bob's page hears it.
    drop(ann);
    let after = bob.recv();
    assert_eq!(
        after["game"]["connected"],
        json!({"black": false, "white": true})
    );
    s.wait_for(&format!("/api/games/{id}"), |v| {
        v["connected"]["black"] == false
    });
}
