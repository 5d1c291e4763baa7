//! Refused moves carry a stable `code` with the facts a client needs to say why in its player's
//! language (docs/web.md, "Refusal codes"), beside the English `error`: Shogun safety, the board's
//! reasons for a Hasami move, a move out of turn, after the end, and on the analysis board.

mod common;

use common::{create, online_game, server, Ws};
use serde_json::{json, Value};
use std::time::Duration;

/// White's piece 1 on b2 shields the White Shogun on b1 from Red's piece 1 on b5, which shows 4
/// (numbers=random, so any numbers are allowed).
const PINNED: &str = "p2:16s:1/8/7p3:1/1p1:46/8/8/1P1:16/1S:14P3:1P2:1 w 1979 0 12345 0 1";

/// The refusal's code and facts, without `error`.
fn facts(e: &Value) -> Value {
    let mut e = e.clone();
    e.as_object_mut().unwrap().remove("error");
    e
}

#[test]
fn a_move_that_exposes_the_shogun_is_refused_with_its_code_and_square() {
    let (_dir, s) = server();
    let c = create(
        &s,
        json!({"variant": "shogun+numbers=random", "opponent": "local", "position": PINNED}),
    );
    let (id, token) = (c["id"].as_i64().unwrap(), c["token"].as_str().unwrap());
    let (status, e) = s.post(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "b2a2", "token": token}),
    );
    assert_eq!(status, 400, "{e}");
    assert_eq!(
        facts(&e),
        json!({"code": "shogun_exposed", "move": "b2a2", "square": "b5", "rule": "S5"})
    );
    let error = e["error"].as_str().unwrap();
    assert!(error.starts_with("illegal move b2a2: Shogun!"), "{error}");
}

#[test]
fn hasami_refusals_say_what_stops_the_piece() {
    let (_dir, s) = server();
    let c = create(&s, json!({"variant": "hasami", "opponent": "local"}));
    let (id, token) = (c["id"].as_i64().unwrap(), c["token"].as_str().unwrap());
    let refuse = |mv: &str| {
        let (status, e) = s.post(
            &format!("/api/games/{id}/moves"),
            &json!({"move": mv, "token": token}),
        );
        assert_eq!(status, 400, "{e}");
        facts(&e)
    };
    assert_eq!(
        refuse("e1e9"),
        json!({"code": "occupied", "move": "e1e9", "square": "e9"})
    );
    assert_eq!(
        refuse("e1f3"),
        json!({"code": "not_straight", "move": "e1f3"})
    );
    assert_eq!(
        refuse("e9e5"),
        json!({"code": "not_your_piece", "move": "e9e5", "square": "e9"})
    );
    assert_eq!(refuse("e1"), json!({"code": "bad_move_text"}));
    // A piece in the way: after e1e5 a9a5, Black's a1a6 would pass White's piece on a5.
    for mv in ["e1e5", "a9a5"] {
        s.post_ok(
            &format!("/api/games/{id}/moves"),
            &json!({"move": mv, "token": token}),
        );
    }
    assert_eq!(
        refuse("a1a6"),
        json!({"code": "blocked", "move": "a1a6", "square": "a5"})
    );
    // After the end: resigned.
    s.post_ok(&format!("/api/games/{id}/resign"), &json!({"token": token}));
    let (status, e) = s.post(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "b1b5", "token": token}),
    );
    assert_eq!(
        (status, facts(&e)),
        (409, json!({"code": "game_over"})),
        "{e}"
    );
}

#[test]
fn out_of_turn_and_on_the_analysis_board() {
    let (_dir, s) = server();
    let (id, _black, white) = online_game(&s, json!({}));
    let (status, e) = s.post(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "a9a5", "token": white}),
    );
    assert_eq!(
        (status, facts(&e)),
        (403, json!({"code": "not_your_turn"})),
        "{e}"
    );
    // The same on the game's socket.
    let mut ws = Ws::connect(s.addr, &format!("/api/games/{id}/ws?token={white}"));
    ws.recv();
    ws.send(&json!({"type": "move", "move": "a9a5"}));
    let e = ws
        .wait_for(Duration::from_secs(10), |m| m["type"] == "error")
        .expect("an error on the socket");
    assert_eq!(
        (e["code"].as_str(), e["status"].as_u64()),
        (Some("not_your_turn"), Some(403)),
        "{e}"
    );
    // Other errors have no code.
    let (status, e) = s.post(
        &format!("/api/games/{id}/draw"),
        &json!({"action": "x", "token": white}),
    );
    assert_eq!((status, facts(&e)), (400, json!({})), "{e}");
    // The analysis board names the move's ply.
    let (status, e) = s.post(
        "/api/analysis",
        &json!({"variant": "hasami", "moves": ["e1e5", "a9a5", "e5e9"]}),
    );
    assert_eq!(status, 400, "{e}");
    assert_eq!(
        facts(&e),
        json!({"code": "occupied", "move": "e5e9", "square": "e9", "ply": "3"})
    );
}
