//! Accounts on two servers sharing one PostgreSQL store: a session made on one is known to the
//! other, a deleted account's session dies on both, and a rated game's end raced on both servers
//! changes the ratings exactly once.

mod common;

use common::accounts::{glicko2, Client, Glicko, NEW};
use common::postgres::Postgres;
use common::Server;
use hasami_server::{Db, Limits, RatingRules, StoredRating};
use serde_json::json;

const PASSWORD: &str = "correct horse battery";

fn two(url: &str) -> (Server, Server) {
    (
        Server::start_on_postgres(url, Limits::default()),
        Server::start_on_postgres(url, Limits::default()),
    )
}

#[test]
fn a_session_made_on_one_server_works_on_the_other_and_dies_on_both() {
    let pg = Postgres::start();
    let url = pg.database();
    let (one, two) = two(&url);
    let mut ada = Client::new(one.addr);
    ada.sign_up("Ada", PASSWORD);
    let mut there = ada.on(two.addr);
    assert_eq!(there.get("/api/account").json()["username"], "Ada");
    let mut again = ada.on(one.addr);
    assert_eq!(
        there
            .post("/api/account/delete", json!({"password": PASSWORD}))
            .status,
        200
    );
    assert_eq!(again.get("/api/account").status, 401);
    assert_eq!(ada.get("/api/account").status, 401);
    let login = Client::new(one.addr).post(
        "/api/account/login",
        json!({"username": "Ada", "password": PASSWORD}),
    );
    assert_eq!(login.status, 401);
}

#[test]
fn a_rated_game_resigned_on_both_servers_at_once_is_rated_once() {
    let pg = Postgres::start();
    let url = pg.database();
    let (one, two) = two(&url);
    let mut ada = Client::new(one.addr);
    ada.sign_up("Ada", PASSWORD);
    let mut bea = Client::new(two.addr);
    bea.sign_up("Bea", PASSWORD);
    for round in 0..3 {
        let c = ada
            .post(
                "/api/games",
                json!({"opponent": "online", "side": "black", "open": true, "rated": true}),
            )
            .json();
        let id = c["id"].as_i64().unwrap();
        let bt = c["token"].as_str().unwrap().to_string();
        let j = bea.post(&format!("/api/games/{id}/join"), json!({}));
        assert_eq!(j.status, 200, "{}", j.text);
        let wt = j.json()["token"].as_str().unwrap().to_string();
        let m = ada.post(
            &format!("/api/games/{id}/moves"),
            json!({"move": "a1a2", "token": bt}),
        );
        assert_eq!(m.status, 200, "{}", m.text);
        // Both resign at once, each on its own server.
        let (a, b) = (ada.on(one.addr), bea.on(two.addr));
        let path = format!("/api/games/{id}/resign");
        let (bt2, wt2) = (bt.clone(), wt.clone());
        let p1 = path.clone();
        let t1 = std::thread::spawn(move || {
            a.raw("POST", &p1, Some(&json!({"token": bt2}).to_string()))
                .status
        });
        let t2 = std::thread::spawn(move || {
            b.raw("POST", &path, Some(&json!({"token": wt2}).to_string()))
                .status
        });
        let statuses = (t1.join().unwrap(), t2.join().unwrap());
        assert!(
            statuses.0 == 200 || statuses.1 == 200,
            "{statuses:?} in round {round}"
        );
    }
    let page = one.get("/api/players/Ada").1;
    let history = page["history"]["hasami"].as_array().unwrap();
    assert_eq!(history.len(), 3, "{page}");
    assert_eq!(page["ratings"]["hasami"]["games"], 3);
    let bea_page = two.get("/api/players/Bea").1;
    assert_eq!(bea_page["ratings"]["hasami"]["games"], 3);
    // The ratings follow the results the store kept, once each.
    let (mut a, mut b) = (NEW, NEW);
    for g in page["games"].as_array().unwrap().iter().rev() {
        let score = match g["result"].as_str().unwrap() {
            "1-0" => 1.0,
            "0-1" => 0.0,
            _ => 0.5,
        };
        let (na, nb) = (
            glicko2(a, &[(b, score)], 0.75),
            glicko2(b, &[(a, 1.0 - score)], 0.75),
        );
        (a, b) = (na, nb);
    }
    let rating = |v: &serde_json::Value| v["rating"].as_f64().unwrap();
    assert!(
        (rating(&page["ratings"]["hasami"]) - a.r).abs() < 1e-6,
        "{page} {a:?}"
    );
    assert!((rating(&bea_page["ratings"]["hasami"]) - b.r).abs() < 1e-6);
}

fn test_rate(
    black: Option<StoredRating>,
    white: Option<StoredRating>,
    result: &str,
) -> (StoredRating, StoredRating) {
    let of = |r: Option<StoredRating>| {
        r.map_or(NEW, |r| Glicko {
            r: r.rating,
            rd: r.rd,
            sigma: r.volatility,
        })
    };
    let score = if result == "1-0" { 1.0 } else { 0.0 };
    let (b, w) = (of(black), of(white));
    let (nb, nw) = (
        glicko2(b, &[(w, score)], 0.75),
        glicko2(w, &[(b, 1.0 - score)], 0.75),
    );
    let stored = |g: Glicko, old: Option<StoredRating>| StoredRating {
        rating: g.r,
        rd: g.rd,
        volatility: g.sigma,
        games: old.map_or(0, |o| o.games) + 1,
    };
    (stored(nb, black), stored(nw, white))
}

#[test]
fn two_stores_applying_one_games_rating_at_once_apply_it_once() {
    let pg = Postgres::start();
    let url = pg.database();
    let (one, _two) = two(&url);
    let mut ada = Client::new(one.addr);
    ada.sign_up("Ada", PASSWORD);
    let mut bea = Client::new(one.addr);
    bea.sign_up("Bea", PASSWORD);
    let mut ids = Vec::new();
    for _ in 0..10 {
        let c = ada
            .post(
                "/api/games",
                json!({"opponent": "online", "side": "black", "open": true, "rated": true}),
            )
            .json();
        let id = c["id"].as_i64().unwrap();
        let j = bea.post(&format!("/api/games/{id}/join"), json!({})).json();
        let r = bea.post(
            &format!("/api/games/{id}/resign"),
            json!({"token": j["token"]}),
        );
        assert_eq!(r.status, 200, "{}", r.text);
        ids.push(id);
    }
    // The changes are undone in the store and applied again by two stores racing.
    pg.psql(
        &url,
        "UPDATE games SET rating_applied = FALSE; DELETE FROM rating_history; DELETE FROM ratings;",
    );
    let rules = RatingRules {
        preset_of: |_| Some("hasami"),
        rate: test_rate,
    };
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let stores = [Db::connect(&url).unwrap(), Db::connect(&url).unwrap()];
    let applied: usize = runtime.block_on(async {
        let mut count = 0;
        for &id in &ids {
            let (a, b) = tokio::join!(
                stores[0].rate_game(id, rules),
                stores[1].rate_game(id, rules)
            );
            let (a, b) = (a.unwrap(), b.unwrap());
            assert!(a ^ b, "game {id}: {a} {b}");
            count += 1;
        }
        count
    });
    assert_eq!(applied, 10);
    let page = one.get("/api/players/Ada").1;
    assert_eq!(page["ratings"]["hasami"]["games"], 10, "{page}");
    let mut a = NEW;
    let mut b = NEW;
    for _ in 0..10 {
        let (na, nb) = (glicko2(a, &[(b, 1.0)], 0.75), glicko2(b, &[(a, 0.0)], 0.75));
        (a, b) = (na, nb);
    }
    assert!((page["ratings"]["hasami"]["rating"].as_f64().unwrap() - a.r).abs() < 1e-6);
}
