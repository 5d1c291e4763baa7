//! `GET /api/health` says whether the store takes writes, not only whether it answers (db/health.rs):
//! while another connection holds SQLite's write lock, or PostgreSQL takes no writes, it answers 503
//! `{"status": "unavailable", "error": …}` within its bound, and 200 again once writes go through.

mod common;

use std::time::{Duration, Instant};

use common::postgres::Postgres;
use common::{error_of, Server};
use hasami_server::Limits;

/// Asks for the health of `s` until it answers `status` (each answer within 2.5 s, all within
/// `within`); the last answer.
#[track_caller]
fn health_until(s: &Server, status: u16, within: Duration) -> serde_json::Value {
    let end = Instant::now() + within;
    loop {
        let asked = Instant::now();
        let (got, v) = s.get("/api/health");
        let took = asked.elapsed();
        assert!(took < Duration::from_millis(2500), "took {took:?}: {v}");
        if got == status {
            return v;
        }
        assert!(Instant::now() < end, "still {got}, not {status}: {v}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn health_is_503_while_sqlite_cannot_write_and_200_again_after() {
    let (_dir, s) = common::server();
    let v = health_until(&s, 200, Duration::ZERO);
    assert_eq!(v["status"], "ok", "{v}");
    // Another process holds the write lock (reads still go through: WAL).
    let other = rusqlite::Connection::open(&s.db).unwrap();
    other.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let v = health_until(&s, 503, Duration::from_secs(5));
    assert_eq!(v["status"], "unavailable", "{v}");
    assert!(error_of(&v).starts_with("database unavailable"), "{v}");
    assert!(error_of(&v).len() < 300, "{v}");
    other.execute_batch("ROLLBACK").unwrap();
    health_until(&s, 200, Duration::from_secs(5));
}

#[test]
fn a_flood_of_health_checks_makes_at_most_one_write_a_second() {
    let (_dir, s) = common::server();
    let probed = || -> i64 {
        let c = rusqlite::Connection::open(&s.db).unwrap();
        c.query_row("SELECT probed FROM health", [], |r| r.get(0))
            .unwrap()
    };
    let mut seen = std::collections::BTreeSet::new();
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(2500) {
        assert_eq!(s.get("/api/health").0, 200);
        seen.insert(probed());
    }
    // One write a second at most (the probe writes its time): about three in 2.5 s, never dozens.
    assert!(
        (1..=4).contains(&seen.len()),
        "{} writes: {seen:?}",
        seen.len()
    );
}

#[test]
fn health_is_503_while_postgresql_is_read_only_and_200_again_after() {
    let pg = Postgres::start();
    let url = pg.database();
    let s = Server::start_on_postgres(&url, Limits::default());
    health_until(&s, 200, Duration::ZERO);
    // The database takes no more writes: new sessions are read-only, and the server's are ended.
    let name = url.rsplit('/').next().unwrap();
    let admin = url.replace(&format!("/{name}"), "/postgres");
    let restart_sessions = |setting: &str| {
        pg.psql(&admin, &format!("ALTER DATABASE {name} {setting}"));
        pg.psql(
            &admin,
            &format!(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
                 WHERE datname = '{name}'"
            ),
        );
    };
    restart_sessions("SET default_transaction_read_only = on");
    // The first probe may meet a connection that was just ended; the next ones a read-only one.
    let end = Instant::now() + Duration::from_secs(5);
    loop {
        let v = health_until(&s, 503, Duration::from_secs(5));
        assert!(error_of(&v).starts_with("database unavailable"), "{v}");
        if error_of(&v).contains("read-only") {
            break;
        }
        assert!(Instant::now() < end, "{v}");
        std::thread::sleep(Duration::from_millis(200));
    }
    restart_sessions("RESET default_transaction_read_only");
    health_until(&s, 200, Duration::from_secs(15));
}
