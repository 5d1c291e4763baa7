//! Shogun (RULES.md Part B) over the JSON API: creating games (a random magnet board stored in the
//! variant text), numbers and the "Shogun!" warning in the view, moves refused by S4/S5 with the
//! reason and the stored game unchanged, the engine's reply, records, and resuming after a restart.

mod common;

use common::{create, server, Server};
use serde_json::json;

/// A position (numbers=random, so any numbers are allowed): White's piece 1 on b2 shields the White
/// Shogun on b1 from Red's piece 1 on b5, which shows 4.
const PINNED: &str = "p2:16s:1/8/7p3:1/1p1:46/8/8/1P1:16/1S:14P3:1P2:1 w 1979 0 12345 0 1";

#[test]
fn a_hot_seat_shogun_game_with_a_random_board() {
    let (_dir, s) = server();
    let c = create(
        &s,
        json!({"variant": "shogun+setup=shuffle", "opponent": "local", "random_board": true}),
    );
    let g = &c["game"];
    // S3/S9: the drawn seed and rotation are part of the stored variant text.
    let variant = g["variant"].as_str().unwrap();
    assert!(variant.starts_with("shogun+seed="), "{variant}");
    assert!(variant.contains("setup=shuffle"), "{variant}");
    assert_eq!(g["preset"], "shogun");
    assert_eq!(g["size"], 8);
    assert_eq!(g["side_names"], json!({"black": "White", "white": "Red"}));
    assert_eq!(g["players"], json!({"black": "White", "white": "Red"}));
    assert_eq!(g["pieces"], json!({"black": "8", "white": "8"}));
    let sh = &g["shogun"];
    assert_eq!(sh["numbers"], "magnets");
    assert_eq!(sh["attacked"], false);
    assert_eq!(
        sh["seed"].as_str().unwrap(),
        variant["shogun+seed=".len()..].split('+').next().unwrap()
    );
    // The learning view has the number for every legal move (S3: number_on).
    let legal = g["legal_moves"].as_array().unwrap();
    assert!(!legal.is_empty());
    assert_eq!(sh["arrivals"].as_object().unwrap().len(), legal.len());
    for m in legal {
        let n = sh["arrivals"][m.as_str().unwrap()].as_u64().unwrap();
        assert!((1..=4).contains(&n), "{m}: {n}");
    }
    // Play: the moved piece shows its arrival number afterwards.
    let id = c["id"].as_i64().unwrap();
    let token = c["token"].as_str().unwrap();
    let mv = legal[0].as_str().unwrap();
    let expected = sh["arrivals"][mv].as_u64().unwrap();
    let v = s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": mv, "token": token}),
    );
    assert_eq!(v["turn"], "white");
    let to = &mv[2..];
    let rank = 8 - to[1..].parse::<usize>().unwrap();
    let row = v["position"]
        .as_str()
        .unwrap()
        .split('/')
        .nth(rank)
        .unwrap()
        .to_string();
    assert!(row.contains(&format!(":{expected}")), "{row} after {mv}");
    // A move the piece's number does not allow (S4) is refused with the reason.
    let bad = v["legal_moves"][0].as_str().unwrap();
    let wrong = format!("{}{}", &bad[..2], &bad[..2]);
    let (status, e) = s.post(
        &format!("/api/games/{id}/moves"),
        &json!({"move": wrong, "token": token}),
    );
    assert!((400..500).contains(&status), "{e}");
    // The record: Shogun variant with the seed, White/Red players.
    let (status, rec) = s.get_text(&format!("/api/games/{id}/record"));
    assert_eq!(status, 200);
    assert!(
        rec.starts_with(&format!(
            "[Variant \"{variant}\"]\n[White \"White\"]\n[Red \"Red\"]\n"
        )),
        "{rec}"
    );
    assert!(rec.contains(&format!("1. {mv}")), "{rec}");
    // ... which imports again as a Shogun game.
    let (status, imp) = s.post("/api/games/import", &json!({"record": rec}));
    assert_eq!(status, 201, "{imp}");
    assert_eq!(imp["game"]["variant"], variant);
    assert_eq!(imp["game"]["ply"], 1);
}

#[test]
fn a_self_endangering_move_is_refused_with_the_reason_and_nothing_changes() {
    let (_dir, s) = server();
    let c = create(
        &s,
        json!({"variant": "shogun+numbers=random", "opponent": "local", "position": PINNED}),
    );
    let id = c["id"].as_i64().unwrap();
    let token = c["token"].as_str().unwrap();
    let g = &c["game"];
    // S5: b2a2 would leave the White Shogun on b1 capturable by b5 (showing 4).
    assert!(g["shogun"]["refused"]["b2a2"]
        .as_str()
        .unwrap()
        .starts_with("Shogun!"));
    assert!(!g["legal_moves"]
        .as_array()
        .unwrap()
        .contains(&json!("b2a2")));
    assert!(g["legal_moves"]
        .as_array()
        .unwrap()
        .contains(&json!("b2b3")));
    assert_eq!(
        g["shogun"]["arrivals"],
        json!({}),
        "numbers=random: no learning view"
    );
    let (_, before) = s.get(&format!("/api/games/{id}"));
    let (status, e) = s.post(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "b2a2", "token": token}),
    );
    assert_eq!(status, 400, "{e}");
    let msg = e["error"].as_str().unwrap();
    assert!(
        msg.contains(
            "Shogun! the move would leave the White Shogun capturable by the piece on b5 (S5)"
        ),
        "{msg}"
    );
    let (_, after) = s.get(&format!("/api/games/{id}"));
    assert_eq!(before, after);
    // Moving the shield along the line keeps it legal; then Red's piece on b5 attacks nothing.
    let v = s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "b2b3", "token": token}),
    );
    assert_eq!(v["ply"], 1);
    // The reason is in Shogun's words when a side resigns.
    let v = s.post_ok(&format!("/api/games/{id}/resign"), &json!({"token": token}));
    assert_eq!(v["reason"], "White wins: Red resigned");
    assert_eq!(v["result"], "1-0");
}

#[test]
fn the_warning_when_the_shogun_is_attacked() {
    let (_dir, s) = server();
    // Red's piece 1 on b5 shows 4 and b2..b4 are empty: the White Shogun on b1 is attacked.
    let c = create(
        &s,
        json!({"variant": "shogun+numbers=random", "opponent": "local",
               "position": "p2:16s:1/8/7p3:1/1p1:46/8/8/P1:17/1S:14P3:1P2:1 w 1979 0 12345 0 1"}),
    );
    let sh = &c["game"]["shogun"];
    assert_eq!(sh["attacked"], true);
    assert_eq!(sh["attackers"], json!(["b5"]));
    // S5: a move that does not save the Shogun is refused, with the reason.
    assert!(
        sh["refused"]["g1g2"]
            .as_str()
            .unwrap()
            .starts_with("Shogun!"),
        "{sh}"
    );
    assert!(!c["game"]["legal_moves"]
        .as_array()
        .unwrap()
        .contains(&json!("g1g2")));
}

#[test]
fn an_engine_shogun_game_resumes_after_a_restart() {
    let (_dir, s) = server();
    let db = s.db.clone();
    let c = create(
        &s,
        json!({"variant": "shogun+seed=42+rotation=1", "opponent": "engine", "level": 1,
               "side": "black", "players": {"black": "Ann"}}),
    );
    let id = c["id"].as_i64().unwrap();
    let token = c["token"].as_str().unwrap().to_string();
    assert_eq!(c["game"]["engine"], "fair");
    assert_eq!(
        c["game"]["players"],
        json!({"black": "Ann", "white": "hasami level 1"})
    );
    let mv = c["game"]["legal_moves"][0].as_str().unwrap().to_string();
    s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": mv, "token": token}),
    );
    let path = format!("/api/games/{id}");
    let before = s.wait_for(&path, |v| v["ply"] == 2 && v["thinking"] == false);
    // A hint from the engine is one of the legal moves.
    let (status, h) = s.get(&format!("/api/games/{id}/hint?ms=100"));
    assert_eq!(status, 200, "{h}");
    assert!(before["legal_moves"]
        .as_array()
        .unwrap()
        .contains(&h["best"]));
    s.stop();
    let s = Server::start(&db);
    let (_, after) = s.get(&format!("/api/games/{id}?token={token}"));
    assert_eq!(after["variant"], "shogun+seed=42+rotation=1");
    assert_eq!(after["moves"], before["moves"]);
    assert_eq!(after["position"], before["position"]);
    assert_eq!(after["you"], "black");
    // Undo takes back the engine's reply and the move.
    let v = s.post_ok(&format!("/api/games/{id}/undo"), &json!({"token": token}));
    assert_eq!(v["ply"], 0);
    assert_eq!(v["position"], c["game"]["position"]);
    // The omniscient engine is for Shogun only.
    let (status, e) = s.post(
        "/api/games",
        &json!({"variant": "hasami", "engine": "omniscient"}),
    );
    assert_eq!(status, 400, "{e}");
    let (status, _) = s.post(
        "/api/games",
        &json!({"variant": "shogun", "engine": "omniscient", "level": 1}),
    );
    assert_eq!(status, 201);
}

#[test]
fn a_random_board_with_random_numbers_draws_only_the_seed() {
    // With numbers=random the rotation changes nothing and may not be written (RULES.md A6, S9),
    // so a random board draws the seed alone; the game reloads from its variant text.
    let (_dir, s) = server();
    for _ in 0..8 {
        let c = create(
            &s,
            json!({"variant": "shogun+numbers=random", "opponent": "local", "random_board": true}),
        );
        let variant = c["game"]["variant"].as_str().unwrap();
        assert!(!variant.contains("rotation"), "{variant}");
        let (status, _) = s.get(&format!("/api/games/{}/record", c["id"]));
        assert_eq!(status, 200);
    }
}
