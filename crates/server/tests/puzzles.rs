//! Puzzles over HTTP: the games and themes that have puzzles, a puzzle to solve by game, theme and
//! rating (not one excluded), the day's puzzle, and the check of a line played: right, wrong,
//! partial with the defender's reply, a hint, giving up. Hostile input gets a short 400. The tests
//! learn the puzzles through the API, so they hold for any shipped files.

mod common;

use common::{error_of, server, Server};
use serde_json::{json, Value};

/// `GET /api/puzzles`'s games: (variant, count, themes).
fn variants(s: &Server) -> Vec<Value> {
    let (status, v) = s.get("/api/puzzles");
    assert_eq!(status, 200, "{v}");
    let list = v["variants"].as_array().unwrap().clone();
    assert!(!list.is_empty(), "some game has puzzles: {v}");
    list
}

#[track_caller]
fn get_ok(s: &Server, path: &str) -> Value {
    let (status, v) = s.get(path);
    assert_eq!(status, 200, "{path}: {v}");
    v
}

#[track_caller]
fn refused(status_wanted: u16, (status, v): (u16, Value)) -> String {
    assert_eq!(status, status_wanted, "{v}");
    assert_eq!(v.as_object().unwrap().len(), 1, "only an error: {v}");
    let message = error_of(&v).to_string();
    assert!(message.chars().count() <= 200, "short: {message}");
    message
}

/// A puzzle's solution, learnt by giving up.
fn solution(s: &Server, id: &str) -> Vec<String> {
    let v = s.post_ok(
        &format!("/api/puzzles/{id}/attempt"),
        &json!({"moves": [], "give_up": true}),
    );
    assert_eq!(
        (v["correct"].as_bool(), v["complete"].as_bool()),
        (Some(true), Some(false))
    );
    serde_json::from_value(v["solution"].clone()).unwrap()
}

/// A puzzle of the first game listed: its id and its attempt path.
fn first_puzzle(s: &Server) -> (String, String) {
    let variant = variants(s)[0]["variant"].as_str().unwrap().to_string();
    let id = get_ok(s, &format!("/api/puzzles/next?variant={variant}"))["id"]
        .as_str()
        .unwrap()
        .to_string();
    let path = format!("/api/puzzles/{id}/attempt");
    (id, path)
}

/// Checks that `v` is a puzzle as the API shows it (no solution) of `variant`.
#[track_caller]
fn is_puzzle(v: &Value, variant: &str) {
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    for key in ["id", "variant", "position", "side", "rating", "themes"] {
        assert!(keys.contains(&key), "{key} in {v}");
    }
    assert!(v.get("solution").is_none(), "no solution: {v}");
    assert_eq!(v["variant"], variant);
    assert!(v["id"]
        .as_str()
        .unwrap()
        .starts_with(&format!("{variant}-")));
    assert!(["black", "white"].contains(&v["side"].as_str().unwrap()));
}

#[test]
fn every_game_listed_gives_its_puzzles_by_theme_and_rating() {
    let (_dir, s) = server();
    for game in variants(&s) {
        let variant = game["variant"].as_str().unwrap();
        let count = game["count"].as_u64().unwrap();
        assert!(count > 0);
        let themes = game["themes"].as_object().unwrap();
        assert!(themes.values().all(|n| n.as_u64().unwrap() <= count));
        let p = get_ok(&s, &format!("/api/puzzles/next?variant={variant}"));
        is_puzzle(&p, variant);
        assert_eq!(
            get_ok(&s, &format!("/api/puzzles/{}", p["id"].as_str().unwrap())),
            p
        );
        for theme in themes.keys() {
            let p = get_ok(
                &s,
                &format!("/api/puzzles/next?variant={variant}&theme={theme}"),
            );
            is_puzzle(&p, variant);
            assert!(
                p["themes"].as_array().unwrap().contains(&json!(theme)),
                "{p}"
            );
        }
        // A puzzle's own rating is in the narrowest band: every answer is near it.
        let rating = p["rating"].as_u64().unwrap();
        for _ in 0..10 {
            let near = get_ok(
                &s,
                &format!("/api/puzzles/next?variant={variant}&rating={rating}"),
            );
            assert!(
                near["rating"].as_u64().unwrap().abs_diff(rating) <= 100,
                "{near}"
            );
        }
        // A theme the game has none of: 404.
        if let Some(none) = ["capture", "win", "in1", "in2", "in3", "quiet"]
            .into_iter()
            .find(|t| !themes.contains_key(*t))
        {
            refused(
                404,
                s.get(&format!("/api/puzzles/next?variant={variant}&theme={none}")),
            );
        }
    }
}

#[test]
fn excluded_puzzles_are_not_given_until_none_is_left() {
    let (_dir, s) = server();
    let game = variants(&s)
        .into_iter()
        .min_by_key(|g| g["count"].as_u64().unwrap())
        .unwrap();
    let variant = game["variant"].as_str().unwrap();
    let count = game["count"].as_u64().unwrap() as usize;
    let mut seen: Vec<String> = Vec::new();
    for _ in 0..count.min(100) {
        let path = format!(
            "/api/puzzles/next?variant={variant}&exclude={}",
            seen.join(",")
        );
        let p = get_ok(&s, &path);
        let id = p["id"].as_str().unwrap().to_string();
        assert!(!seen.contains(&id), "{id} was excluded");
        seen.push(id);
    }
    if count <= 100 {
        let path = format!(
            "/api/puzzles/next?variant={variant}&exclude={}",
            seen.join(",")
        );
        refused(404, s.get(&path));
    }
}

#[test]
fn bad_requests_are_short_400s_and_unknown_puzzles_404() {
    let (_dir, s) = server();
    let variant = variants(&s)[0]["variant"].as_str().unwrap().to_string();
    for path in [
        "/api/puzzles/next".to_string(),
        "/api/puzzles/next?variant=chess".to_string(),
        format!("/api/puzzles/next?variant={variant}&theme=pin"),
        format!("/api/puzzles/next?variant={variant}&rating=strong"),
        format!("/api/puzzles/next?variant={variant}&rating=-5"),
        format!("/api/puzzles/next?variant={variant}&exclude=a,,b"),
        format!("/api/puzzles/next?variant={variant}&exclude=<script>"),
        format!(
            "/api/puzzles/next?variant={variant}&exclude={}",
            (0..101)
                .map(|i| format!("x-{i}"))
                .collect::<Vec<_>>()
                .join(",")
        ),
        format!(
            "/api/puzzles/next?variant={variant}&exclude={}",
            "a".repeat(5000)
        ),
    ] {
        refused(400, s.get(&path));
    }
    refused(404, s.get("/api/puzzles/hasami-99999999"));
    refused(404, s.get(&format!("/api/puzzles/{}", "x".repeat(3000))));
    refused(
        404,
        s.post("/api/puzzles/nothing-0001/attempt", &json!({"moves": []})),
    );
    // The alias names its preset: a Mak-yek puzzle, or none.
    let (status, v) = s.get("/api/puzzles/next?variant=apit-sodok");
    match status {
        200 => is_puzzle(&v, "mak-yek"),
        _ => assert_eq!(status, 404, "{v}"),
    }

    let id = get_ok(&s, &format!("/api/puzzles/next?variant={variant}"))["id"]
        .as_str()
        .unwrap()
        .to_string();
    let path = format!("/api/puzzles/{id}/attempt");
    for body in [
        json!({}),
        json!({"moves": "e5e3"}),
        json!({"moves": vec!["a1a2"; 17]}),
        json!({"moves": vec!["a1a2"; 6]}),
        json!({"moves": ["a1a2a1a2a"]}),
        json!({"moves": [], "solution": true}),
        json!({"moves": [], "hint": "yes"}),
    ] {
        refused(400, s.post(&path, &body));
    }
    refused(400, s.post_raw(&path, "{\"moves\": ["));
}

#[test]
fn attempts_right_wrong_partial_hint_and_give_up() {
    let (_dir, s) = server();
    let (id, path) = first_puzzle(&s);
    let line = solution(&s, &id);
    assert_eq!(line.len() % 2, 1);

    // A hint: the from-square of the first move; nothing else given away.
    let v = s.post_ok(&path, &json!({"moves": [], "hint": true}));
    assert_eq!(v["hint"].as_str(), Some(&line[0][..2]), "{v}");
    assert!(v.get("solution").is_none());

    // The first move: correct, with the reply (or complete).
    let v = s.post_ok(&path, &json!({"moves": [line[0]]}));
    assert_eq!(v["correct"], true);
    if line.len() > 1 {
        assert_eq!(v["complete"], false);
        assert_eq!(v["reply"].as_str(), Some(line[1].as_str()));
        assert!(v.get("solution").is_none(), "{v}");
        let v = s.post_ok(&path, &json!({"moves": line[..2], "hint": true}));
        assert_eq!(v["hint"].as_str(), Some(&line[2][..2]), "{v}");
    }

    // The whole line: complete, with the solution.
    let v = s.post_ok(&path, &json!({"moves": line}));
    assert_eq!(
        (v["correct"].as_bool(), v["complete"].as_bool()),
        (Some(true), Some(true))
    );
    assert_eq!(v["solution"], json!(line));
    assert!(v.get("reply").is_none() && v.get("hint").is_none());

    // A wrong first move (illegal or not the solution's): not correct, the solution shown.
    for wrong in ["a1a1", "zz9", "i9i1"] {
        if wrong == line[0] {
            continue;
        }
        let v = s.post_ok(&path, &json!({"moves": [wrong], "hint": true}));
        assert_eq!(
            (v["correct"].as_bool(), v["complete"].as_bool()),
            (Some(false), Some(false))
        );
        assert_eq!(v["solution"], json!(line));
        assert!(v.get("reply").is_none() && v.get("hint").is_none(), "{v}");
    }
}

#[test]
fn a_longer_puzzle_has_replies() {
    let (_dir, s) = server();
    let Some(game) = variants(&s)
        .into_iter()
        .find(|g| g["themes"].get("in2").is_some())
    else {
        return; // no puzzle of two moves shipped
    };
    let variant = game["variant"].as_str().unwrap();
    let id = get_ok(
        &s,
        &format!("/api/puzzles/next?variant={variant}&theme=in2"),
    )["id"]
        .as_str()
        .unwrap()
        .to_string();
    let line = solution(&s, &id);
    assert_eq!(line.len(), 3);
    let path = format!("/api/puzzles/{id}/attempt");
    let v = s.post_ok(&path, &json!({"moves": [line[0]]}));
    assert_eq!(v["reply"].as_str(), Some(line[1].as_str()));
    // A reply other than the solution's is not the solution's line.
    let v = s.post_ok(&path, &json!({"moves": [line[0], line[0]]}));
    assert_eq!(v["correct"], false);
    let v = s.post_ok(&path, &json!({"moves": line[..2]}));
    assert_eq!(
        (v["correct"].as_bool(), v["complete"].as_bool()),
        (Some(true), Some(false))
    );
    assert!(v.get("reply").is_none());
}

#[test]
fn the_daily_puzzle_is_stable() {
    let (_dir, s) = server();
    let first = get_ok(&s, "/api/puzzles/daily");
    let variant = first["variant"].as_str().unwrap().to_string();
    is_puzzle(&first, &variant);
    for _ in 0..3 {
        assert_eq!(get_ok(&s, "/api/puzzles/daily"), first);
    }
    let (_dir2, other) = server();
    assert_eq!(
        get_ok(&other, "/api/puzzles/daily"),
        first,
        "the same on another server"
    );
    assert_eq!(
        get_ok(
            &s,
            &format!("/api/puzzles/{}", first["id"].as_str().unwrap())
        ),
        first
    );
}

#[test]
fn a_finished_try_moves_the_puzzle_rating() {
    let (_dir, s) = server();
    let variant = variants(&s)[0]["variant"].as_str().unwrap().to_string();
    let p = get_ok(&s, &format!("/api/puzzles/next?variant={variant}"));
    let id = p["id"].as_str().unwrap().to_string();
    let start = p["rating"].as_u64().unwrap();
    let path = format!("/api/puzzles/{id}/attempt");
    let rating_now = || {
        get_ok(&s, &format!("/api/puzzles/{id}"))["rating"]
            .as_u64()
            .unwrap()
    };
    let player = json!({"rating": 1500, "rd": 100});

    // Without the solver's rating nothing is counted; an attempt that does not end the try neither.
    let line = solution(&s, &id);
    assert_eq!(rating_now(), start);
    if line.len() > 1 {
        let v = s.post_ok(&path, &json!({"moves": [line[0]], "player": player}));
        assert!(v.get("puzzle_rating").is_none(), "{v}");
        assert_eq!(rating_now(), start);
    }

    // A miss: the puzzle won, its rating goes up, and the API shows the moved rating.
    let wrong = if line[0] == "a1a1" { "b1b1" } else { "a1a1" };
    let v = s.post_ok(&path, &json!({"moves": [wrong], "player": player}));
    let up = v["puzzle_rating"].as_u64().unwrap();
    assert!(up > start, "{start} → {up}");
    assert_eq!(rating_now(), up);

    // Solved: the puzzle lost, its rating goes down.
    let v = s.post_ok(&path, &json!({"moves": line, "player": player}));
    let down = v["puzzle_rating"].as_u64().unwrap();
    assert!(down < up, "{up} → {down}");
    assert_eq!(rating_now(), down);
    // A hint or giving up is a miss.
    let v = s.post_ok(&path, &json!({"moves": [], "hint": true, "player": player}));
    assert!(v["puzzle_rating"].as_u64().unwrap() > down, "{v}");

    for bad in [
        json!({"rating": -1, "rd": 100}),
        json!({"rating": 1500, "rd": 0}),
        json!({"rating": 9999, "rd": 100}),
        json!({"rating": "strong", "rd": 100}),
        json!({"rating": 1500}),
        json!({"rating": 1500, "rd": 100, "volatility": 0.06}),
    ] {
        refused(
            400,
            s.post(&path, &json!({"moves": [], "give_up": true, "player": bad})),
        );
    }
}

#[test]
fn one_client_moves_puzzle_ratings_only_within_its_allowance() {
    let (_dir, s) = server();
    let (_, path) = first_puzzle(&s);
    let player = json!({"rating": 1500, "rd": 100});
    let counted = (0..75)
        .filter(|_| {
            let v = s.post_ok(
                &path,
                &json!({"moves": [], "give_up": true, "player": player}),
            );
            assert!(v["solution"].is_array(), "still answered: {v}");
            v.get("puzzle_rating").is_some()
        })
        .count();
    // A burst of 60, then one per 2 seconds (the 75 tries take far less).
    assert!((60..=61).contains(&counted), "{counted} counted");
}
