//! Owning games takes no slot of PostgreSQL's shared lock table (db/postgres/owners.rs). With the
//! smallest lock table PostgreSQL allows (`max_locks_per_transaction=10`, few backends: a few hundred
//! slots for the whole cluster), a server owns more running clock games than the table holds, and
//! PostgreSQL still takes new connections and the server still stores new games and moves. When a
//! server held an advisory lock per owned game, the table filled: every new connection to the
//! cluster failed "out of shared memory", and so did the server's moves. Ownership still works as it
//! did: one server owns a game at a time, a game given up or owned by a server that stopped is the
//! next claimant's (crates/cli/tests/serve.rs kills real servers mid-reply and mid-clock).

mod common;

use common::postgres::Postgres;
use common::{create, Server};
use hasami_server::{Db, Limits};
use serde_json::json;

/// More running clock games than the lock table below holds (10 × 27 backends' slots and spare
/// shared memory: with a lock per game, the 421st game's moves failed).
const GAMES: usize = 600;

#[test]
fn a_server_owning_more_clock_games_than_the_lock_table_holds_leaves_it_free() {
    let pg = Postgres::start_with(
        "-c max_locks_per_transaction=10 -c max_connections=24 -c max_wal_senders=0 \
         -c max_worker_processes=1 -c autovacuum_max_workers=1",
    );
    let url = pg.database();
    let limits = Limits {
        new_games_burst: 10_000,
        ..Limits::default()
    };
    let s = Server::start_on_postgres(&url, limits);
    let online = json!({"variant": "hasami", "opponent": "online", "side": "black",
                        "clock": {"initial": 3600, "increment": 0}});
    let mut last = (0, String::new());
    for i in 0..GAMES {
        let c = create(&s, online.clone());
        let id = c["id"].as_i64().unwrap();
        let black = c["token"].as_str().unwrap().to_string();
        let white = common::token_of(&c["links"]["white"]);
        let mut game = c["game"].clone();
        // A move each: White's clock runs, and this server owns the game.
        for token in [&black, &white] {
            let mv = game["legal_moves"][0].as_str().unwrap().to_string();
            let (status, v) = s.post(
                &format!("/api/games/{id}/moves"),
                &json!({"move": mv, "token": token}),
            );
            assert_eq!(status, 200, "game {i} of {GAMES}: {v}");
            game = v;
        }
        assert_eq!(game["status"], "playing", "{game}");
        last = (id, black);
    }
    let owners = || pg.psql(&url, "SELECT count(*) FROM game_owners");
    // The server owns every one of them, with at most one advisory lock (its own) ...
    assert_eq!(owners(), GAMES.to_string());
    let locks: usize = pg
        .psql(
            &url,
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'",
        )
        .parse()
        .unwrap();
    assert!(locks <= 1, "{locks} advisory locks held");
    // ... PostgreSQL takes new connections (psql made one for each query above), and the server
    // still creates games, stores moves and says it is healthy.
    let c = create(&s, online);
    let id = c["id"].as_i64().unwrap();
    let mv = c["game"]["legal_moves"][0].as_str().unwrap();
    s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": mv, "token": c["token"]}),
    );
    assert_eq!(owners(), (GAMES + 1).to_string());
    assert_eq!(s.get("/api/health").0, 200);
    // A game that ends is given up (at the next second's sweep).
    let (id, black) = last;
    s.post_ok(&format!("/api/games/{id}/resign"), &json!({"token": black}));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while owners() != GAMES.to_string() {
        assert!(std::time::Instant::now() < deadline, "{} owned", owners());
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}

/// The ids `claim_many` answered, in order.
fn sorted(mut ids: Vec<i64>) -> Vec<i64> {
    ids.sort();
    ids
}

#[tokio::test(flavor = "multi_thread")]
async fn one_server_owns_a_game_at_a_time_and_another_takes_over_when_it_stops() {
    let pg = Postgres::start();
    let url = pg.database();
    let (a, b) = (Db::connect(&url).unwrap(), Db::connect(&url).unwrap());
    pg.psql(
        &url,
        "INSERT INTO games (variant, start, created, updated, opponent, black_name, white_name,
            black_token, white_token)
         SELECT 'hasami', '-', 0, 0, 'local', 'b', 'w', 'x', 'y' FROM generate_series(1, 3)",
    );
    assert_eq!(sorted(a.claim_many(&[1, 2, 3, 4]).await), [1, 2, 3]);
    assert!(a.owns(1) && !b.owns(1));
    assert_eq!(b.claim_many(&[1, 2, 3]).await, Vec::<i64>::new());
    // A game given up may be claimed by the other, and then not by the first.
    a.release(2).await;
    assert!(b.claim(2).await);
    assert!(!a.claim(2).await);
    // One advisory lock per server, whatever it owns.
    assert_eq!(
        pg.psql(
            &url,
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'"
        ),
        "2"
    );
    // When a server stops, its connection closes and its games are the other's to claim.
    drop(a);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let mut got = Vec::new();
    while got.len() < 2 {
        got.extend(b.claim_many(&[1, 3]).await);
        assert!(std::time::Instant::now() < deadline, "claimed only {got:?}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(sorted(got), [1, 3]);
    assert_eq!(sorted(b.owned()), [1, 2, 3]);
    assert_eq!(
        pg.psql(&url, "SELECT count(*) FROM game_owners WHERE server <> (SELECT server FROM game_owners WHERE game_id = 2)"),
        "0"
    );
}
