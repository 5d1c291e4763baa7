//! Games against the engine whose moves the player's page searches (`engine_in: page`, docs/wasm.md):
//! the server never searches for them and takes the engine side's moves from the player's key, and
//! only from it; every other game is as before.

mod common;

use std::time::Duration;

use common::{create, error_of, moves, server};
use serde_json::json;

#[test]
fn the_page_plays_the_engine_side_and_the_server_never_searches() {
    let (_dir, s) = server();
    let g = create(
        &s,
        json!({"variant": "hasami", "level": 3, "side": "black", "engine_in": "page"}),
    );
    let (id, token) = (
        g["id"].as_i64().unwrap(),
        g["token"].as_str().unwrap().to_string(),
    );
    let (_, v) = s.get(&format!("/api/games/{id}?token={token}"));
    assert_eq!(
        (v["engine_in"].as_str(), v["you"].as_str()),
        (Some("page"), Some("black"))
    );
    s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "e1e5", "token": token}),
    );
    // A game the server's engine plays has its reply by now; this one waits for the page.
    let server_side = create(
        &s,
        json!({"variant": "hasami", "level": 3, "side": "black"}),
    );
    let (sid, stoken) = (
        server_side["id"].as_i64().unwrap(),
        server_side["token"].as_str().unwrap().to_string(),
    );
    s.post_ok(
        &format!("/api/games/{sid}/moves"),
        &json!({"move": "e1e5", "token": stoken}),
    );
    let replied = s.wait_for(&format!("/api/games/{sid}"), |v| v["ply"] == 2);
    assert_eq!(replied["engine_in"], "server");
    std::thread::sleep(Duration::from_millis(500));
    let (_, v) = s.get(&format!("/api/games/{id}"));
    assert_eq!(
        (v["ply"].as_u64(), v["thinking"].as_bool()),
        (Some(1), Some(false)),
        "{v}"
    );
    // Nobody but the player moves for the engine.
    let (status, e) = s.post(&format!("/api/games/{id}/moves"), &json!({"move": "a9a5"}));
    assert_eq!(status, 401, "{e}");
    let (status, e) = s.post(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "a9a5", "token": "not-the-key"}),
    );
    assert_eq!(status, 403, "{e}");
    let v = s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "a9a5", "token": token}),
    );
    assert_eq!(moves(&v), ["e1e5", "a9a5"]);
    // The player's own turn again: the engine side's move is not the player's to make twice.
    let (status, e) = s.post(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "a5a4", "token": token}),
    );
    assert_eq!(status, 400, "{e}");
    // Taking back in the player's turn takes back the page's reply and the player's move.
    let v = s.post_ok(&format!("/api/games/{id}/undo"), &json!({"token": token}));
    assert_eq!(v["ply"], 0);
}

#[test]
fn only_a_game_against_the_engine_has_it_in_the_page() {
    let (_dir, s) = server();
    for (req, why) in [
        (
            json!({"opponent": "local", "engine_in": "page"}),
            "engine_in",
        ),
        (json!({"engine_in": "cloud"}), "engine_in"),
    ] {
        let (status, e) = s.post("/api/games", &req);
        assert_eq!(status, 400, "{req}: {e}");
        assert!(error_of(&e).contains(why), "{e}");
    }
    let g = create(&s, json!({"opponent": "local", "engine_in": "server"}));
    let (_, v) = s.get(&format!("/api/games/{}", g["id"]));
    assert_eq!(v["engine_in"], "server");
}
