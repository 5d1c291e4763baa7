//! Schema step 10: games stored under the rules before Mak-yek took the corner capture (and before
//! Apit-sodok became its other name) keep their meaning. A store at schema version 9 holds games
//! played under the old rules; after the migration every stored move replays, legal, under the
//! game's new variant text, to the position the old rules gave. Run on SQLite and PostgreSQL.

mod common;

use common::postgres::Postgres;
use hasami_core::AnyGame;
use hasami_server::Db;
use hasami_server::MIGRATIONS;

const MAK_YEK_START: &str = "wwwwwwww/8/wwwwwwww/8/8/bbbbbbbb/8/bbbbbbbb b 0 1";

/// A game as an older server stored it, and what the migration must make of it.
struct Old {
    id: i64,
    /// The variant text as stored under the old rules.
    variant: &'static str,
    start: &'static str,
    moves: &'static str,
    /// The variant text after the migration.
    now: &'static str,
    /// The position the old rules reached after the moves (computed by the release before the
    /// change, `hasami ugi` then `query fen`).
    end: &'static str,
}

const GAMES: &[Old] = &[
    // Old Mak-yek, no corner capture: the last move g2g1 closes the corner h1 with h2, which today's
    // `mak-yek` would capture.
    Old {
        id: 1,
        variant: "mak-yek",
        start: MAK_YEK_START,
        moves: "h3h5 f6f4 h5f5 g8g7 f3f2 g6f6 f5g5 g7c7 d3d2 f6f3 h1h5 a8a7 g5g4 b6b7 g1g2 f3h3 \
                f2f3 h3h1 h5h3 c7d7 h3h2 e6e2 g2g1",
        now: "mak-yek+corner=off",
        end: "1wwwww1w/ww1w4/w1ww3w/8/6b1/bbb2b2/3bw2b/bbbbbbbw w 13 12",
    },
    // Old Apit-sodok: 8×8, two rows each, most captures.
    Old {
        id: 2,
        variant: "apit-sodok",
        start: "wwwwwwww/wwwwwwww/8/8/8/8/bbbbbbbb/bbbbbbbb b 0 1",
        moves: "a2a4 a7a5 b2b4 h7h6 b4b6",
        now: "hasami-chess+rows=1,2+win=most-captures",
        end: "wwwwwwww/1wwwwww1/1b5w/w7/b7/8/2bbbbbb/bbbbbbbb w 5 3",
    },
    // `misere` with no win condition that counts pieces: it changed nothing and is refused today.
    Old {
        id: 3,
        variant: "dai-hasami+misere",
        start: "wwwwwwwww/wwwwwwwww/9/9/9/9/9/bbbbbbbbb/bbbbbbbbb b 0 1",
        moves: "e2e5 e8e6 a2a5 a8a6 b2b6 b8b7",
        now: "dai-hasami",
        end: "wwwwwwwww/2ww1wwww/1w7/wb2w4/b3b4/9/9/2bb1bbbb/bbbbbbbbb b 6 4",
    },
    // Texts that mean the same game today stay as they are.
    Old {
        id: 4,
        variant: "mak-yek+corner=on",
        start: MAK_YEK_START,
        moves: "h3h5",
        now: "mak-yek+corner=on",
        end: "wwwwwwww/8/wwwwwwww/7b/8/bbbbbbb1/8/bbbbbbbb w 1 1",
    },
    Old {
        id: 5,
        variant: "hasami+win=captures:5",
        start: "wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 1",
        moves: "e1e5",
        now: "hasami+win=captures:5",
        end: "wwwwwwwww/9/9/9/4b4/9/9/9/bbbb1bbbb w 1 1",
    },
];

/// The SQL that stores the games at schema version 9 (placeholders as `?`; PostgreSQL takes the
/// same text, with literals).
fn inserts() -> String {
    let mut sql = String::new();
    for g in GAMES {
        sql.push_str(&format!(
            "INSERT INTO games (id, variant, start, created, updated, opponent, black_name,
                white_name, black_token, white_token, plies)
             VALUES ({id}, '{variant}', '{start}', 1, 2, 'local', 'A', 'B', 'x{id}', 'y{id}', {n});\n",
            id = g.id,
            variant = g.variant,
            start = g.start,
            n = g.moves.split_whitespace().count(),
        ));
        for (i, mv) in g.moves.split_whitespace().enumerate() {
            sql.push_str(&format!(
                "INSERT INTO moves (game_id, ply, mv, time) VALUES ({}, {}, '{mv}', {});\n",
                g.id,
                i + 1,
                i + 3
            ));
        }
    }
    // A Shogun game is left alone.
    sql.push_str(
        "INSERT INTO games (id, variant, start, created, updated, opponent, black_name,
            white_name, black_token, white_token)
         VALUES (6, 'shogun+seed=7', 'any', 1, 2, 'local', 'A', 'B', 'x6', 'y6');\n",
    );
    sql
}

/// After the migration: every game has its new text and replays, move by move, to the old end.
async fn check_migrated(db: &Db) {
    assert_eq!(
        db.schema_version().await.unwrap(),
        hasami_server::schema_version()
    );
    for g in GAMES {
        let stored = db.load_game(g.id).await.unwrap().unwrap();
        assert_eq!(stored.variant, g.now, "game {}", g.id);
        // Step 18: a game stored before the engine in the page is one the server's engine plays.
        assert!(!stored.page_engine, "game {}", g.id);
        let mut game = AnyGame::new(&stored.variant, Some(&stored.start))
            .unwrap_or_else(|e| panic!("game {}: {e}", g.id));
        assert_eq!(stored.moves.len(), g.moves.split_whitespace().count());
        for (ply, m) in stored.moves.iter().enumerate() {
            game.play_text(&m.mv)
                .unwrap_or_else(|e| panic!("game {} ply {}: {} {e}", g.id, ply + 1, m.mv));
        }
        assert_eq!(game.position_text(), g.end, "game {}", g.id);
    }
    assert_eq!(
        db.load_game(6).await.unwrap().unwrap().variant,
        "shogun+seed=7"
    );
}

#[test]
fn the_old_texts_under_todays_rules_would_not_be_the_games_played() {
    // Why the step is needed: read as today's rules, the old Mak-yek game ends elsewhere (g2g1
    // captures h1) and the old Dai Hasami text no longer reads.
    let g = &GAMES[0];
    let mut game = AnyGame::new(g.variant, Some(g.start)).unwrap();
    for mv in g.moves.split_whitespace() {
        game.play_text(mv).unwrap();
    }
    assert_ne!(game.position_text(), g.end);
    assert!(AnyGame::new(GAMES[2].variant, Some(GAMES[2].start)).is_err());
}

#[tokio::test(flavor = "multi_thread")]
async fn sqlite_games_of_the_old_rules_replay_after_step_10() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.sqlite3");
    {
        let c = rusqlite::Connection::open(&path).unwrap();
        for step in &MIGRATIONS[..9] {
            c.execute_batch(step.sqlite).unwrap();
        }
        c.pragma_update(None, "user_version", 9).unwrap();
        c.execute_batch(&inserts()).unwrap();
    }
    let db = Db::open(&path).unwrap();
    check_migrated(&db).await;
    drop(db);
    // Opening again changes nothing.
    let db = Db::open(&path).unwrap();
    check_migrated(&db).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn postgres_games_of_the_old_rules_replay_after_step_10() {
    let pg = Postgres::start();
    let url = pg.database();
    let mut sql = String::new();
    for step in &MIGRATIONS[..9] {
        sql.push_str(step.postgres);
        sql.push_str(";\n");
    }
    sql.push_str("CREATE TABLE schema_version (version BIGINT NOT NULL);\n");
    sql.push_str("INSERT INTO schema_version (version) VALUES (9);\n");
    sql.push_str(&inserts());
    pg.psql(&url, &sql);
    let db = tokio::task::spawn_blocking(move || Db::connect(&url).unwrap())
        .await
        .unwrap();
    check_migrated(&db).await;
}
