//! A server on PostgreSQL while the database server stops and comes back (a restart, a failover):
//! while it is away a move is refused at once with 503, nothing is stored and the health check says
//! so (within a second of its last probe); when it is back the same server plays on without a restart of its own, the engine's replies
//! included.

mod common;

use std::time::{Duration, Instant};

use common::postgres::Postgres;
use common::{create, error_of, moves, Server};
use hasami_server::Limits;
use serde_json::json;

#[test]
fn a_server_plays_on_after_postgresql_stops_and_comes_back() {
    let pg = Postgres::start();
    let url = pg.database();
    let s = Server::start_on_postgres(&url, Limits::default());
    let c = create(
        &s,
        json!({"variant": "hasami", "opponent": "engine", "level": 1, "side": "black"}),
    );
    let id = c["id"].as_i64().unwrap();
    let token = c["token"].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}");
    s.post_ok(
        &format!("{path}/moves"),
        &json!({"move": "e1e5", "token": token}),
    );
    let v = s.wait_for(&path, |v| v["ply"] == 2 && v["thinking"] == false);
    let mv = v["legal_moves"][0].as_str().unwrap().to_string();
    let (status, v) = s.get("/api/health");
    assert_eq!((status, v["status"].as_str()), (200, Some("ok")), "{v}");

    pg.pause();
    // The health check reuses its last probe for a second (db/health.rs), then says so.
    let asked = Instant::now();
    let v = loop {
        let (status, v) = s.get("/api/health");
        if status == 503 {
            break v;
        }
        assert!(asked.elapsed() < Duration::from_secs(5), "{status} {v}");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(error_of(&v).contains("database unavailable"), "{v}");
    assert!(
        asked.elapsed() < Duration::from_secs(5),
        "{:?}",
        asked.elapsed()
    );
    let asked = Instant::now();
    let (status, v) = s.post(
        &format!("{path}/moves"),
        &json!({"move": mv, "token": token}),
    );
    assert_eq!(status, 503, "{v}");
    assert!(error_of(&v).contains("database"), "{v}");
    assert!(
        asked.elapsed() < Duration::from_secs(15),
        "{:?}",
        asked.elapsed()
    );
    // The game in memory did not take the refused move.
    let (_, v) = s.get(&path);
    assert_eq!(v["ply"], 2);

    pg.resume();
    // The pool's broken connections are replaced: the move goes through, and the engine replies.
    let end = Instant::now() + Duration::from_secs(20);
    loop {
        let (status, v) = s.post(
            &format!("{path}/moves"),
            &json!({"move": mv, "token": token}),
        );
        if status == 200 {
            break;
        }
        assert!(
            Instant::now() < end,
            "still refused after PostgreSQL came back: {status} {v}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let v = s.wait_for(&path, |v| v["ply"] == 4 && v["thinking"] == false);
    assert_eq!(moves(&v)[2], mv);
    // Healthy again once the last failed probe (reused for a second) is a second old.
    let end = Instant::now() + Duration::from_secs(5);
    loop {
        let (status, h) = s.get("/api/health");
        if status == 200 {
            break;
        }
        assert!(Instant::now() < end, "{status} {h}");
        std::thread::sleep(Duration::from_millis(100));
    }
    // And it is stored: a second server on the same database sees all four plies.
    let other = Server::start_on_postgres(&url, Limits::default());
    let (_, v) = other.get(&path);
    assert_eq!(v["ply"], 4);
}
