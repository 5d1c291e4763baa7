//! Shogun `setup=choose` (RULES.md S2) and `first=red` (S1) over the JSON API and the WebSocket:
//! each player arranges its own pieces, nobody sees the other's arrangement before both are done
//! (not in the other player's view, a spectator's, nor a WebSocket message), the game starts from
//! both arrangements, the engine arranges its own, and hot-seat arranges White then Red.

mod common;

use std::time::Duration;

use common::{create, error_of, server, token_of, Ws};
use serde_json::{json, Value};

/// The ids on the setup squares (S2 order) of `side` (`P` White, `p` Red) in a start position text.
fn arrangement_in(position: &str, side: char) -> String {
    let ranks: Vec<&str> = position.split(' ').next().unwrap().split('/').collect();
    let (rank, reverse) = if side == 'P' {
        (ranks[7], false)
    } else {
        (ranks[0], true)
    };
    let mut ids: Vec<char> = rank
        .split(['P', 'p'])
        .filter_map(|t| t.chars().next())
        .filter(char::is_ascii_digit)
        .collect();
    if reverse {
        ids.reverse();
    }
    ids.into_iter().collect()
}

#[test]
fn online_players_arrange_unseen_and_the_game_starts_from_both() {
    let (_dir, s) = server();
    let c = create(
        &s,
        json!({"variant": "shogun+setup=choose", "opponent": "online", "side": "black",
               "clock": {"initial": 60, "increment": 0}}),
    );
    let id = c["id"].as_i64().unwrap();
    let white = c["token"].as_str().unwrap().to_string();
    let red = token_of(&c["links"]["white"]);
    assert_eq!(
        c["game"]["arranging"],
        json!({"black": false, "white": false})
    );
    assert_eq!(c["game"]["legal_moves"], json!([]));
    let fixed = c["game"]["position"].as_str().unwrap().to_string();
    let mut watcher = Ws::connect(s.addr, &format!("/api/games/{id}/ws"));
    let mut red_socket = Ws::connect(s.addr, &format!("/api/games/{id}/ws?token={red}"));

    // No move before both have arranged (409), and bad arrangements are refused (400).
    let (status, e) = s.post(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "a1a2", "token": white}),
    );
    assert_eq!(status, 409, "{e}");
    assert!(error_of(&e).contains("arranging"), "{e}");
    for bad in ["1234566", "123456", "abcdefg", ""] {
        let (status, e) = s.post(
            &format!("/api/games/{id}/arrange"),
            &json!({"arrangement": bad, "token": white}),
        );
        assert_eq!(status, 400, "{bad}: {e}");
    }
    let (status, _) = s.post(
        &format!("/api/games/{id}/arrange"),
        &json!({"arrangement": "7654321"}),
    );
    assert_eq!(status, 401);

    // White arranges: its own view shows it; Red's, a spectator's and the sockets' do not.
    let v = s.post_ok(
        &format!("/api/games/{id}/arrange"),
        &json!({"arrangement": "7654321", "token": white}),
    );
    assert_eq!(
        v["arranging"],
        json!({"black": true, "white": false, "yours": "7654321"})
    );
    assert_eq!(
        v["position"],
        fixed.as_str(),
        "the board stays in the fixed order"
    );
    let (_, red_view) = s.get(&format!("/api/games/{id}?token={red}"));
    assert_eq!(
        red_view["arranging"],
        json!({"black": true, "white": false})
    );
    let (_, spectator) = s.get(&format!("/api/games/{id}"));
    assert_eq!(
        spectator["arranging"],
        json!({"black": true, "white": false})
    );
    for view in [&red_view, &spectator] {
        assert!(!view.to_string().contains("7654321"), "{view}");
        assert_eq!(view["position"], fixed.as_str(), "{view}");
        assert_eq!(view["start"], fixed.as_str(), "{view}");
    }
    for socket in [&mut watcher, &mut red_socket] {
        let msg = socket
            .wait_for(Duration::from_secs(10), |m| {
                m["game"]["arranging"]["black"] == json!(true)
            })
            .expect("the arrangement is told");
        assert!(!msg.to_string().contains("7654321"), "{msg}");
        assert_eq!(msg["game"]["position"], fixed.as_str());
    }
    // A side arranges once.
    let (status, e) = s.post(
        &format!("/api/games/{id}/arrange"),
        &json!({"arrangement": "1234567", "token": white}),
    );
    assert_eq!(status, 409, "{e}");
    // Nor may a player arrange the other's pieces.
    let (status, e) = s.post(
        &format!("/api/games/{id}/arrange"),
        &json!({"arrangement": "1234567", "token": white, "side": "white"}),
    );
    assert_eq!(status, 403, "{e}");

    // Red arranges: the game starts from both, White to move, clocks not yet running.
    let v = s.post_ok(
        &format!("/api/games/{id}/arrange"),
        &json!({"arrangement": "2143657", "token": red}),
    );
    assert!(v.get("arranging").is_none(), "{v}");
    let start = v["start"].as_str().unwrap();
    assert_eq!(arrangement_in(start, 'P'), "7654321", "{start}");
    assert_eq!(arrangement_in(start, 'p'), "2143657", "{start}");
    assert_eq!(v["position"], start);
    assert_eq!(v["turn"], "black");
    assert!(!v["legal_moves"].as_array().unwrap().is_empty());
    assert_eq!(v["clock"]["running"], Value::Null);
    let msg = watcher
        .wait_for(Duration::from_secs(10), |m| {
            m["game"].get("arranging").is_none()
        })
        .expect("the start is told");
    assert_eq!(msg["game"]["start"], start);
    let (status, e) = s.post(
        &format!("/api/games/{id}/arrange"),
        &json!({"arrangement": "1234567", "token": red}),
    );
    assert_eq!(status, 409, "{e}");
    let mv = v["legal_moves"][0].as_str().unwrap();
    s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": mv, "token": white}),
    );
    // The record carries the arranged start, and the game reloads the same after a restart.
    let (_, rec) = s.get_text(&format!("/api/games/{id}/record"));
    assert!(rec.contains("[Variant \"shogun+setup=choose\"]"), "{rec}");
    assert!(rec.contains(&format!("[Position \"{start}\"]")), "{rec}");
}

#[test]
fn the_engine_arranges_its_own_and_red_may_move_first() {
    let (_dir, s) = server();
    // The person plays White; Red (the engine) moves first once the person has arranged.
    let c = create(
        &s,
        json!({"variant": "shogun+setup=choose+first=red", "opponent": "engine", "level": 1,
               "side": "black"}),
    );
    let id = c["id"].as_i64().unwrap();
    let token = c["token"].as_str().unwrap();
    assert_eq!(
        c["game"]["arranging"],
        json!({"black": false, "white": true})
    );
    assert_eq!(c["game"]["thinking"], false);
    assert_eq!(c["game"]["ply"], 0);
    let (status, e) = s.get(&format!("/api/games/{id}/hint"));
    assert_eq!(status, 409, "{e}");
    let v = s.post_ok(
        &format!("/api/games/{id}/arrange"),
        &json!({"arrangement": "3142576", "token": token}),
    );
    assert!(v.get("arranging").is_none(), "{v}");
    assert_eq!(arrangement_in(v["start"].as_str().unwrap(), 'P'), "3142576");
    assert!(
        v["start"].as_str().unwrap().contains(" r "),
        "Red to move: {v}"
    );
    let after = s.wait_for(&format!("/api/games/{id}"), |g| g["ply"] == json!(1));
    assert_eq!(after["moves"][0]["side"], "white", "Red moved first");
    assert_eq!(after["turn"], "black");
}

#[test]
fn hot_seat_arranges_white_then_red() {
    let (_dir, s) = server();
    let c = create(
        &s,
        json!({"variant": "shogun+setup=choose", "opponent": "local"}),
    );
    let id = c["id"].as_i64().unwrap();
    let token = c["token"].as_str().unwrap();
    let v = s.post_ok(
        &format!("/api/games/{id}/arrange"),
        &json!({"arrangement": "1357246", "token": token}),
    );
    assert_eq!(v["arranging"], json!({"black": true, "white": false}));
    let v = s.post_ok(
        &format!("/api/games/{id}/arrange"),
        &json!({"arrangement": "7531642", "token": token}),
    );
    let start = v["start"].as_str().unwrap();
    assert_eq!(arrangement_in(start, 'P'), "1357246");
    assert_eq!(arrangement_in(start, 'p'), "7531642");
    // A game of another variant has nothing to arrange.
    let other = create(&s, json!({"variant": "shogun", "opponent": "local"}));
    let (status, e) = s.post(
        &format!("/api/games/{}/arrange", other["id"]),
        &json!({"arrangement": "1234567", "token": other["token"]}),
    );
    assert_eq!(status, 409, "{e}");
    assert!(other["game"].get("arranging").is_none());
}

#[test]
fn a_given_position_needs_no_arranging() {
    let (_dir, s) = server();
    let fixed = create(&s, json!({"variant": "shogun", "opponent": "local"}));
    let start = fixed["game"]["position"].as_str().unwrap();
    let c = create(
        &s,
        json!({"variant": "shogun+setup=choose", "opponent": "local", "position": start}),
    );
    assert!(c["game"].get("arranging").is_none(), "{c}");
    assert!(!c["game"]["legal_moves"].as_array().unwrap().is_empty());
}
