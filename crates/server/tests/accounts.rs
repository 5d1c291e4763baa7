//! Accounts end to end on SQLite (docs/web.md, "Accounts"): sign-up, login, sessions, the login
//! throttle, password change and deletion, rated games and their Glicko-2 ratings (checked against
//! the paper's worked example and an independent implementation), leaderboards, player pages,
//! challenges, and the claim of games played anonymously.

mod common;

use common::accounts::{glicko2, Client, Glicko, NEW};
use common::{server, Server};
use serde_json::{json, Value};

const PASSWORD: &str = "correct horse battery";

fn client(s: &Server) -> Client {
    Client::new(s.addr)
}

#[test]
fn the_independent_glicko_matches_the_papers_worked_example() {
    let player = Glicko {
        r: 1500.0,
        rd: 200.0,
        sigma: 0.06,
    };
    let opp = |r, rd| Glicko { r, rd, sigma: 0.06 };
    let after = glicko2(
        player,
        &[
            (opp(1400.0, 30.0), 1.0),
            (opp(1550.0, 100.0), 0.0),
            (opp(1700.0, 300.0), 0.0),
        ],
        0.5,
    );
    assert!((after.r - 1464.06).abs() < 0.01, "{after:?}");
    assert!((after.rd - 151.52).abs() < 0.01, "{after:?}");
    assert!((after.sigma - 0.05999).abs() < 0.00001, "{after:?}");
}

#[test]
fn sign_up_log_in_log_out_and_sessions() {
    let (_dir, s) = server();
    let mut ada = client(&s);
    assert_eq!(ada.get("/api/account").status, 401);
    let answer = ada.post(
        "/api/account/signup",
        json!({"username": "Ada_1", "password": PASSWORD}),
    );
    assert_eq!(answer.status, 201, "{}", answer.text);
    let cookie = &answer.cookies[0];
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
        "{cookie}"
    );
    assert!(!cookie.contains("Secure"), "not behind TLS: {cookie}");
    assert!(!answer.text.contains(PASSWORD) && !answer.text.contains("argon2"));
    let me = ada.get("/api/account").json();
    assert_eq!(me["username"], "Ada_1");
    assert_eq!(me["ratings"], json!({}));

    // Names and passwords.
    let mut other = client(&s);
    for (name, password, status) in [
        ("ada_1", PASSWORD, 409),
        ("ADA_1", PASSWORD, 409),
        ("ab", PASSWORD, 400),
        ("bad name", PASSWORD, 400),
        ("hasami-level-9", PASSWORD, 400),
        ("deleted", PASSWORD, 400),
        ("Bea", "short", 400),
        ("Bea", &"x".repeat(257), 400),
    ] {
        let a = other.post(
            "/api/account/signup",
            json!({"username": name, "password": password}),
        );
        assert_eq!(a.status, status, "{name}: {}", a.text);
        assert!(a.json()["error"].is_string());
    }
    assert_eq!(
        other
            .post("/api/account/signup", json!({"username": 5}))
            .status,
        400
    );

    // Wrong password and unknown name: the same answer.
    let wrong = other.post(
        "/api/account/login",
        json!({"username": "Ada_1", "password": "not the password"}),
    );
    let unknown = other.post(
        "/api/account/login",
        json!({"username": "Nobody", "password": "not the password"}),
    );
    assert_eq!((wrong.status, unknown.status), (401, 401));
    assert_eq!(wrong.text, unknown.text);
    assert!(wrong.cookies.is_empty());

    // Session fixation: a cookie set before the login is not the session after it.
    let forged = "ab".repeat(32);
    let mut second = client(&s);
    second.cookie = Some(forged.clone());
    assert_eq!(second.get("/api/account").status, 401);
    let login = second.post(
        "/api/account/login",
        json!({"username": "ADA_1", "password": PASSWORD}),
    );
    assert_eq!(login.status, 200, "{}", login.text);
    assert_ne!(second.cookie.as_deref(), Some(forged.as_str()));
    assert_ne!(second.cookie, ada.cookie);
    let mut fixated = client(&s);
    fixated.cookie = Some(forged);
    assert_eq!(fixated.get("/api/account").status, 401);
    assert_eq!(second.get("/api/account").json()["username"], "Ada_1");

    // Logout ends that session only.
    let held = second.cookie.clone();
    assert_eq!(second.post("/api/account/logout", json!({})).status, 200);
    assert!(second.cookie.is_none());
    let mut stale = client(&s);
    stale.cookie = held;
    assert_eq!(stale.get("/api/account").status, 401);
    assert_eq!(ada.get("/api/account").status, 200);

    // Password change: other sessions end, this one stays, the old password stops working.
    let mut third = client(&s);
    third.post(
        "/api/account/login",
        json!({"username": "Ada_1", "password": PASSWORD}),
    );
    let wrong_current = ada.post(
        "/api/account/password",
        json!({"password": "nope nope nope", "new_password": "another good one"}),
    );
    assert_eq!(wrong_current.status, 401);
    let changed = ada.post(
        "/api/account/password",
        json!({"password": PASSWORD, "new_password": "another good one"}),
    );
    assert_eq!(changed.status, 200, "{}", changed.text);
    assert_eq!(third.get("/api/account").status, 401);
    assert_eq!(ada.get("/api/account").status, 200);
    let old = client(&s).post(
        "/api/account/login",
        json!({"username": "Ada_1", "password": PASSWORD}),
    );
    assert_eq!(old.status, 401);

    // Log out everywhere.
    let mut fourth = client(&s);
    fourth.post(
        "/api/account/login",
        json!({"username": "Ada_1", "password": "another good one"}),
    );
    assert_eq!(fourth.get("/api/account").status, 200);
    assert_eq!(ada.post("/api/account/logout-all", json!({})).status, 200);
    assert_eq!(fourth.get("/api/account").status, 401);
}

#[test]
fn a_deleted_account_keeps_its_games_under_deleted_and_its_name_stays_taken() {
    let (_dir, s) = server();
    let mut ada = client(&s);
    ada.sign_up("Ada", PASSWORD);
    let created = ada.post("/api/games", json!({"opponent": "engine", "level": 1}));
    assert_eq!(created.status, 201, "{}", created.text);
    let id = created.json()["id"].as_i64().unwrap();
    assert_eq!(created.json()["game"]["players"]["black"], "Ada");
    assert_eq!(created.json()["game"]["accounts"]["black"], "Ada");
    let mut other = client(&s);
    other.cookie = ada.cookie.clone();
    assert_eq!(
        ada.post("/api/account/delete", json!({"password": "wrong one!"}))
            .status,
        401
    );
    assert_eq!(
        ada.post("/api/account/delete", json!({"password": PASSWORD}))
            .status,
        200
    );
    assert_eq!(other.get("/api/account").status, 401);
    let (_, game) = s.get(&format!("/api/games/{id}"));
    assert_eq!(game["players"]["black"], "deleted");
    assert_eq!(s.get("/api/players/Ada").0, 404);
    let again = client(&s).post(
        "/api/account/signup",
        json!({"username": "ada", "password": PASSWORD}),
    );
    assert_eq!(again.status, 409);
}

#[test]
fn failed_logins_are_limited_per_address_but_never_lock_out_the_owner() {
    let dir = tempfile::tempdir().unwrap();
    let limits = hasami_server::Limits {
        trusted_proxies: vec!["127.0.0.1".parse().unwrap()],
        ..hasami_server::Limits::default()
    };
    let s = Server::start_within(&dir.path().join("games.sqlite3"), limits);
    let mut owner = client(&s);
    owner.from = Some("10.1.1.1".into());
    owner.sign_up("Owner", PASSWORD);
    let mut stranger = client(&s);
    stranger.from = Some("10.6.6.6".into());
    let mut statuses = Vec::new();
    for i in 0..30 {
        let a = stranger.post(
            "/api/account/login",
            json!({"username": "Owner", "password": format!("guess number {i}")}),
        );
        if a.status == 429 {
            assert!(a.json()["error"].as_str().unwrap().contains("wait"));
        }
        statuses.push(a.status);
    }
    assert!(
        statuses.iter().all(|&s| s == 401 || s == 429),
        "{statuses:?}"
    );
    assert_eq!(statuses.last(), Some(&429), "{statuses:?}");
    // Even the right password from that address waits now.
    let blocked = stranger.post(
        "/api/account/login",
        json!({"username": "Owner", "password": PASSWORD}),
    );
    assert_eq!(blocked.status, 429);
    // The owner elsewhere logs in.
    let mut elsewhere = client(&s);
    elsewhere.from = Some("10.1.1.2".into());
    let ok = elsewhere.post(
        "/api/account/login",
        json!({"username": "Owner", "password": PASSWORD}),
    );
    assert_eq!(ok.status, 200, "{}", ok.text);
}

/// Plays one rated lobby game: `black` creates, `white` joins, two moves, then `loser` resigns.
fn rated_game(black: &mut Client, white: &mut Client, black_loses: bool) -> i64 {
    let c = black.post(
        "/api/games",
        json!({"opponent": "online", "side": "black", "open": true, "rated": true}),
    );
    assert_eq!(c.status, 201, "{}", c.text);
    let c = c.json();
    let id = c["id"].as_i64().unwrap();
    assert_eq!(c["game"]["rated"], true);
    let bt = c["token"].as_str().unwrap().to_string();
    let j = white.post(&format!("/api/games/{id}/join"), json!({}));
    assert_eq!(j.status, 200, "{}", j.text);
    let wt = j.json()["token"].as_str().unwrap().to_string();
    for (who, mv, token) in [(&mut *black, "a1a2", &bt), (&mut *white, "a9a8", &wt)] {
        let a = who.post(
            &format!("/api/games/{id}/moves"),
            json!({"move": mv, "token": token}),
        );
        assert_eq!(a.status, 200, "{}", a.text);
    }
    let (loser, token) = if black_loses {
        (black, &bt)
    } else {
        (white, &wt)
    };
    let a = loser.post(&format!("/api/games/{id}/resign"), json!({"token": token}));
    assert_eq!(a.status, 200, "{}", a.text);
    id
}

fn rating_of(v: &Value) -> Glicko {
    Glicko {
        r: v["rating"].as_f64().unwrap(),
        rd: v["rd"].as_f64().unwrap(),
        sigma: v["volatility"].as_f64().unwrap(),
    }
}

fn close(a: Glicko, b: Glicko) -> bool {
    (a.r - b.r).abs() < 1e-6 && (a.rd - b.rd).abs() < 1e-6 && (a.sigma - b.sigma).abs() < 1e-9
}

#[test]
fn rated_games_change_both_ratings_as_glicko_2_says_and_fill_the_leaderboard() {
    let (_dir, s) = server();
    let mut ada = client(&s);
    ada.sign_up("Ada", PASSWORD);
    let mut bea = client(&s);
    bea.sign_up("Bea", PASSWORD);

    // Only logged-in players join a rated game, and not their own.
    let c = ada
        .post(
            "/api/games",
            json!({"opponent": "online", "open": true, "rated": true}),
        )
        .json();
    let id = c["id"].as_i64().unwrap();
    let listed = s.get("/api/lobby").1;
    assert_eq!(listed["games"][0]["rated"], true);
    assert_eq!(
        client(&s)
            .post(&format!("/api/games/{id}/join"), json!({}))
            .status,
        401
    );
    assert_eq!(
        ada.post(&format!("/api/games/{id}/join"), json!({})).status,
        409
    );
    assert_eq!(
        client(&s)
            .post(
                "/api/games",
                json!({"opponent": "online", "open": true, "rated": true})
            )
            .status,
        400,
        "anonymous players play casual"
    );
    assert_eq!(
        ada.post(
            "/api/games",
            json!({"variant": "hasami+win=captures:5", "opponent": "online", "open": true, "rated": true})
        )
        .status,
        400,
        "variants with options play casual"
    );
    assert_eq!(
        ada.post("/api/games", json!({"opponent": "engine", "rated": true}))
            .status,
        400
    );
    let c = ada.post(
        &format!("/api/games/{id}/abort"),
        json!({"token": c["token"]}),
    );
    assert_eq!(c.status, 200, "{}", c.text);

    let (mut a, mut b) = (NEW, NEW);
    let mut games = 0;
    while games < 10 || a.rd > 110.0 || b.rd > 110.0 {
        // Ada wins two of three.
        let ada_wins = games % 3 != 2;
        rated_game(&mut ada, &mut bea, !ada_wins);
        let score = if ada_wins { 1.0 } else { 0.0 };
        let (na, nb) = (
            glicko2(a, &[(b, score)], 0.75),
            glicko2(b, &[(a, 1.0 - score)], 0.75),
        );
        (a, b) = (na, nb);
        games += 1;
        assert!(games <= 60, "the deviations do not fall: {a:?} {b:?}");
        if games == 1 {
            let page = s.get("/api/players/ada").1;
            assert!(
                close(rating_of(&page["ratings"]["hasami"]), a),
                "{page} vs {a:?}"
            );
            let shown = s.get("/api/leaderboard/hasami").1;
            assert_eq!(shown["players"], json!([]), "one game is too few");
        }
    }
    let page = s.get("/api/players/Ada").1;
    assert_eq!(page["username"], "Ada");
    assert!(
        close(rating_of(&page["ratings"]["hasami"]), a),
        "{page} vs {a:?}"
    );
    assert_eq!(page["ratings"]["hasami"]["games"], games);
    assert_eq!(
        page["history"]["hasami"].as_array().unwrap().len(),
        games as usize
    );
    assert!(page["games"].as_array().unwrap().len() >= games as usize);
    let bea_page = s.get("/api/players/bea").1;
    assert!(close(rating_of(&bea_page["ratings"]["hasami"]), b));
    let board = s.get("/api/leaderboard/hasami").1;
    let names: Vec<&str> = board["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["username"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ada", "Bea"]);
    assert!((board["players"][0]["rating"].as_f64().unwrap() - a.r).abs() < 1e-6);
    assert_eq!(s.get("/api/leaderboard/chess").0, 404);
    assert_eq!(s.get("/api/leaderboard/shogun").1["players"], json!([]));
    let me = ada.get("/api/account").json();
    assert!(close(rating_of(&me["ratings"]["hasami"]), a));
    assert_eq!(s.get("/api/players/Nobody").0, 404);
    assert_eq!(s.get("/api/players/%3Cscript%3E").0, 404);
}

#[test]
fn a_challenge_by_name_is_accepted_declined_or_cancelled() {
    let (_dir, s) = server();
    let mut ada = client(&s);
    ada.sign_up("Ada", PASSWORD);
    let mut bea = client(&s);
    bea.sign_up("Bea", PASSWORD);
    assert_eq!(client(&s).get("/api/challenges").status, 401);
    assert_eq!(
        ada.post("/api/challenges", json!({"to": "ada"})).status,
        400,
        "yourself"
    );
    assert_eq!(
        ada.post("/api/challenges", json!({"to": "nobody"})).status,
        404
    );
    assert_eq!(
        ada.post("/api/challenges", json!({"to": "bea", "side": "green"}))
            .status,
        400
    );
    assert_eq!(
        ada.post(
            "/api/challenges",
            json!({"to": "bea", "clock": {"initial": -1}})
        )
        .status,
        400
    );
    let sent = ada.post(
        "/api/challenges",
        json!({"to": "BEA", "variant": "hasami", "side": "white", "rated": true,
               "clock": {"initial": 300, "increment": 3}}),
    );
    assert_eq!(sent.status, 201, "{}", sent.text);
    let cid = sent.json()["id"].as_i64().unwrap();
    let incoming = bea.get("/api/challenges").json();
    assert_eq!(incoming["incoming"][0]["from"], "Ada");
    assert_eq!(incoming["incoming"][0]["rated"], true);
    assert_eq!(incoming["incoming"][0]["status"], "open");
    assert_eq!(
        ada.post(&format!("/api/challenges/{cid}/accept"), json!({}))
            .status,
        404,
        "only the challenged accepts"
    );
    let accepted = bea.post(&format!("/api/challenges/{cid}/accept"), json!({}));
    assert_eq!(accepted.status, 200, "{}", accepted.text);
    let accepted = accepted.json();
    assert_eq!(accepted["side"], "black");
    let game = accepted["game"].as_i64().unwrap();
    assert_eq!(
        bea.post(&format!("/api/challenges/{cid}/accept"), json!({}))
            .status,
        404,
        "once"
    );
    let view = s.get(&format!("/api/games/{game}")).1;
    assert_eq!(view["accounts"], json!({"black": "Bea", "white": "Ada"}));
    assert_eq!(view["rated"], true);
    assert!(view["clock"].is_object());
    let out = ada.get("/api/challenges").json();
    assert_eq!(out["outgoing"][0]["status"], "accepted");
    assert_eq!(out["outgoing"][0]["game"], game);
    let mine = ada.get("/api/account/games").json();
    assert_eq!(mine["games"][0]["id"], game);
    assert_eq!(mine["games"][0]["side"], "white");
    let moved = bea.post(
        &format!("/api/games/{game}/moves"),
        json!({"move": "a1a2", "token": accepted["token"]}),
    );
    assert_eq!(moved.status, 200, "{}", moved.text);

    // A correspondence challenge makes a correspondence game.
    let days = ada.post(
        "/api/challenges",
        json!({"to": "Bea", "clock": {"days": 3}}),
    );
    assert_eq!(days.status, 201, "{}", days.text);
    let days_id = days.json()["id"].clone();
    let made = bea.post(&format!("/api/challenges/{days_id}/accept"), json!({}));
    assert_eq!(made.status, 200, "{}", made.text);
    let view = s.get(&format!("/api/games/{}", made.json()["game"])).1;
    assert_eq!(view["clock"]["days"], 3, "{view}");
    assert_eq!(
        ada.post(
            "/api/challenges",
            json!({"to": "Bea", "clock": {"days": 4}})
        )
        .status,
        400
    );

    // Declined and cancelled.
    let second = ada.post("/api/challenges", json!({"to": "Bea"})).json()["id"].clone();
    assert_eq!(
        bea.post(&format!("/api/challenges/{second}/decline"), json!({}))
            .status,
        200
    );
    assert_eq!(
        ada.get("/api/challenges").json()["outgoing"][0]["status"],
        "declined"
    );
    let third = ada.post("/api/challenges", json!({"to": "Bea"})).json()["id"].clone();
    assert_eq!(
        bea.post(&format!("/api/challenges/{third}/cancel"), json!({}))
            .status,
        404,
        "only the challenger cancels"
    );
    assert_eq!(
        ada.post(&format!("/api/challenges/{third}/cancel"), json!({}))
            .status,
        200
    );
    assert_eq!(
        bea.post(&format!("/api/challenges/{third}/accept"), json!({}))
            .status,
        404
    );
    // At most ten open at once.
    for _ in 0..10 {
        assert_eq!(
            ada.post("/api/challenges", json!({"to": "Bea"})).status,
            201
        );
    }
    assert_eq!(
        ada.post("/api/challenges", json!({"to": "Bea"})).status,
        429
    );
    assert_eq!(ada.post("/api/challenges/x/accept", json!({})).status, 404);
}

#[test]
fn games_played_anonymously_are_claimed_into_the_account_once() {
    let (_dir, s) = server();
    let (status, created) = s.post("/api/games", &json!({"opponent": "engine", "level": 1}));
    assert_eq!(status, 201);
    let (id, token) = (created["id"].as_i64().unwrap(), created["token"].clone());
    let mut ada = client(&s);
    ada.sign_up("Ada", PASSWORD);
    assert_eq!(ada.get("/api/account/games").json()["games"], json!([]));
    let wrong = ada.post(
        "/api/account/claim",
        json!({"games": [{"id": id, "token": "0".repeat(32)}]}),
    );
    assert_eq!(wrong.json()["claimed"], json!([]));
    let claimed = ada.post(
        "/api/account/claim",
        json!({"games": [{"id": id, "token": token}]}),
    );
    assert_eq!(claimed.json()["claimed"], json!([id]));
    let games = ada.get("/api/account/games").json();
    assert_eq!(games["games"][0]["id"], id);
    assert_eq!(games["games"][0]["token"], token);
    assert_eq!(games["games"][0]["side"], "black");
    let mut bea = client(&s);
    bea.sign_up("Bea", PASSWORD);
    let again = bea.post(
        "/api/account/claim",
        json!({"games": [{"id": id, "token": token}]}),
    );
    assert_eq!(again.json()["claimed"], json!([]), "claimed once");
    assert_eq!(
        client(&s)
            .post("/api/account/claim", json!({"games": []}))
            .status,
        401
    );
    let many: Vec<Value> = (0..201).map(|i| json!({"id": i, "token": "x"})).collect();
    assert_eq!(
        ada.post("/api/account/claim", json!({"games": many}))
            .status,
        400
    );
}
