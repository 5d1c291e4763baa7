//! The store's calls, each run against both stores: an SQLite file and a throw-away PostgreSQL
//! server (tests/common/postgres.rs). What one store does, the other does the same.

mod common;

use common::postgres::Postgres;
use hasami_server::{Db, DbError};
use hasami_server::{Listing, Status, StoredGame, StoredMove, MIGRATIONS};

/// A game as the API would store it: no moves, no result yet.
fn game() -> StoredGame {
    StoredGame {
        id: 0,
        variant: "hasami".into(),
        start: "start text".into(),
        created: 1_000,
        updated: 1_000,
        opponent: "online".into(),
        engine_side: None,
        level: 0,
        black_name: "Ada".into(),
        white_name: "Bob".into(),
        black_token: "tb".into(),
        white_token: "tw".into(),
        result: "*".into(),
        reason: None,
        draw_offer: None,
        takeback_offer: None,
        open_seat: None,
        turn_started: None,
        paired: false,
        omniscient: false,
        page_engine: false,
        clock_initial: Some(300_000),
        clock_increment: 2_000,
        clock_days: None,
        extensions: 0,
        rematch: None,
        arranging: false,
        arranged: [None, None],
        users: [None, None],
        rated: false,
        moves: Vec::new(),
    }
}

fn mv(text: &str, time: i64) -> StoredMove {
    StoredMove {
        mv: text.into(),
        captured: String::new(),
        time,
        clock: Some(299_000),
    }
}

fn playing() -> Status {
    Status::playing()
}

/// Runs `$check(db)` on a fresh SQLite file and on a fresh PostgreSQL database.
macro_rules! on_both_stores {
    ($check:ident) => {
        mod $check {
            #[tokio::test(flavor = "multi_thread")]
            async fn sqlite() {
                let dir = tempfile::tempdir().unwrap();
                let db = hasami_server::Db::open(&dir.path().join("g.sqlite3")).unwrap();
                super::$check(db).await;
            }

            #[tokio::test(flavor = "multi_thread")]
            async fn postgres() {
                let pg = super::Postgres::start();
                let db = hasami_server::Db::connect(&pg.database()).unwrap();
                super::$check(db).await;
            }
        }
    };
}

on_both_stores!(a_game_comes_back_as_it_was_stored);
async fn a_game_comes_back_as_it_was_stored(db: Db) {
    assert_eq!(db.schema_version().await.unwrap(), MIGRATIONS.len() as i64);
    let mut g = game();
    g.moves = vec![mv("a1a5", 1_500), mv("i9i5", 1_600)];
    g.engine_side = Some("white".into());
    g.level = 7;
    g.omniscient = true;
    g.page_engine = true;
    let id = db.insert_game(g.clone()).await.unwrap();
    let back = db.load_game(id).await.unwrap().unwrap();
    assert_eq!(back, StoredGame { id, ..g });
    assert_eq!(db.load_game(id + 1000).await.unwrap(), None);
}

on_both_stores!(a_correspondence_game_keeps_its_days_extensions_and_deadline);
async fn a_correspondence_game_keeps_its_days_extensions_and_deadline(db: Db) {
    let day = 1_000;
    let mut g = game();
    g.clock_initial = None;
    g.clock_increment = 0;
    g.clock_days = Some(2);
    let id = db.insert_game(g.clone()).await.unwrap();
    let back = db.load_game(id).await.unwrap().unwrap();
    assert_eq!(back, StoredGame { id, ..g });
    // A real-time game is never overdue.
    let timed = db.insert_game(game()).await.unwrap();
    // Created at 1,000: two days of 1,000 ms later the deadline passes.
    assert!(db.overdue(2_999, day, 10).await.unwrap().is_empty());
    assert_eq!(db.overdue(3_001, day, 10).await.unwrap(), vec![id]);
    // More time, only at the ply and count the caller saw.
    assert!(db.extend(id, 0, 0).await.unwrap());
    assert!(!db.extend(id, 0, 0).await.unwrap(), "a stale count");
    assert!(!db.extend(id, 1, 1).await.unwrap(), "a stale ply");
    assert!(
        !db.extend(timed, 0, 0).await.unwrap(),
        "a game without days"
    );
    assert_eq!(db.load_game(id).await.unwrap().unwrap().extensions, 1);
    assert!(db.overdue(3_001, day, 10).await.unwrap().is_empty());
    assert_eq!(db.overdue(5_001, day, 10).await.unwrap(), vec![id]);
    // A move starts a turn with none, its days counted from the move.
    db.append_move(id, 1, mv("a1a5", 10_000), playing())
        .await
        .unwrap();
    let back = db.load_game(id).await.unwrap().unwrap();
    assert_eq!((back.extensions, back.turn_started), (0, Some(10_000)));
    assert!(db.overdue(11_999, day, 10).await.unwrap().is_empty());
    assert_eq!(db.overdue(12_001, day, 10).await.unwrap(), vec![id]);
    // An ended game is neither overdue nor given more time.
    let over = Status {
        result: hasami_core::RecordResult::SecondWins,
        reason: Some("resigned".into()),
        draw_offer: None,
        takeback_offer: None,
    };
    db.set_status(id, over).await.unwrap();
    assert!(db.overdue(99_000, day, 10).await.unwrap().is_empty());
    assert!(!db.extend(id, 1, 0).await.unwrap());
}

on_both_stores!(moves_append_in_order_and_a_ply_is_stored_once);
async fn moves_append_in_order_and_a_ply_is_stored_once(db: Db) {
    let id = db.insert_game(game()).await.unwrap();
    db.append_move(id, 1, mv("a1a5", 2_000), playing())
        .await
        .unwrap();
    // A second move for the same ply (another request or another server was first): refused,
    // nothing written, not even the status.
    let late = Status {
        result: hasami_core::RecordResult::FirstWins,
        reason: Some("late".into()),
        draw_offer: None,
        takeback_offer: None,
    };
    let err = db
        .append_move(id, 1, mv("b1b5", 3_000), late)
        .await
        .unwrap_err();
    assert!(matches!(err, DbError::Conflict), "{err}");
    let back = db.load_game(id).await.unwrap().unwrap();
    assert_eq!(back.moves, vec![mv("a1a5", 2_000)]);
    assert_eq!(back.result, "*");
    assert_eq!(back.updated, 2_000);
}

on_both_stores!(two_moves_for_one_ply_at_once_store_exactly_one);
async fn two_moves_for_one_ply_at_once_store_exactly_one(db: Db) {
    let id = db.insert_game(game()).await.unwrap();
    for ply in 1..=20u32 {
        let (a, b) = tokio::join!(
            db.append_move(id, ply, mv("a1a5", 1), playing()),
            db.append_move(id, ply, mv("b1b5", 2), playing()),
        );
        assert!(
            a.is_ok() != b.is_ok(),
            "ply {ply}: exactly one of two moves is stored ({a:?}, {b:?})"
        );
        let loser = if a.is_err() { a } else { b };
        assert!(matches!(loser, Err(DbError::Conflict)));
    }
    assert_eq!(db.load_game(id).await.unwrap().unwrap().moves.len(), 20);
}

on_both_stores!(takeback_resignation_and_names_are_written);
async fn takeback_resignation_and_names_are_written(db: Db) {
    let id = db.insert_game(game()).await.unwrap();
    for (ply, m) in ["a1a5", "i9i5", "b1b5"].iter().enumerate() {
        db.append_move(id, ply as u32 + 1, mv(m, 2_000), playing())
            .await
            .unwrap();
    }
    // A takeback request is stored with the status; the takeback clears it.
    let asked = Status {
        takeback_offer: Some(hasami_core::Side::Second),
        draw_offer: Some(hasami_core::Side::First),
        ..playing()
    };
    db.set_status(id, asked).await.unwrap();
    let back = db.load_game(id).await.unwrap().unwrap();
    assert_eq!(
        (back.takeback_offer.as_deref(), back.draw_offer.as_deref()),
        (Some("white"), Some("black"))
    );
    db.truncate_moves(id, 3, 1, playing()).await.unwrap();
    assert_eq!(
        db.load_game(id).await.unwrap().unwrap().takeback_offer,
        None
    );
    let resigned = Status {
        result: hasami_core::RecordResult::SecondWins,
        reason: Some("Black resigned".into()),
        draw_offer: None,
        takeback_offer: None,
    };
    db.set_status(id, resigned).await.unwrap();
    db.set_names(id, "Ada L".into(), "Bob B".into())
        .await
        .unwrap();
    let back = db.load_game(id).await.unwrap().unwrap();
    assert_eq!(back.moves, vec![mv("a1a5", 2_000)]);
    assert_eq!(
        (back.result.as_str(), back.reason.as_deref()),
        ("0-1", Some("Black resigned"))
    );
    assert_eq!(
        (back.black_name.as_str(), back.white_name.as_str()),
        ("Ada L", "Bob B")
    );
    // The store holds the game as ended: no move, and no second end (a copy on another server
    // that missed the resignation), so a rated game's result cannot change after its rating did.
    assert!(matches!(
        db.append_move(id, 2, mv("i9i4", 3_000), playing()).await,
        Err(DbError::Conflict)
    ));
    let white_resigned = Status {
        result: hasami_core::RecordResult::FirstWins,
        reason: Some("White resigned".into()),
        draw_offer: None,
        takeback_offer: None,
    };
    assert!(matches!(
        db.set_status(id, white_resigned).await,
        Err(DbError::Conflict)
    ));
    assert_eq!(db.load_game(id).await.unwrap().unwrap().result, "0-1");
}

on_both_stores!(after_a_takeback_the_next_move_takes_the_freed_ply);
async fn after_a_takeback_the_next_move_takes_the_freed_ply(db: Db) {
    let id = db.insert_game(game()).await.unwrap();
    for (ply, m) in ["a1a5", "i9i5"].iter().enumerate() {
        db.append_move(id, ply as u32 + 1, mv(m, 2_000), playing())
            .await
            .unwrap();
    }
    db.truncate_moves(id, 2, 1, playing()).await.unwrap();
    db.append_move(id, 2, mv("i9i4", 3_000), playing())
        .await
        .unwrap();
    assert_eq!(db.load_game(id).await.unwrap().unwrap().moves.len(), 2);
}

on_both_stores!(a_move_or_takeback_from_a_stale_copy_of_the_game_is_refused);
async fn a_move_or_takeback_from_a_stale_copy_of_the_game_is_refused(db: Db) {
    // Two servers on one store each hold a copy of the game; a copy that missed the other's last
    // change must not write past it, or the stored moves would no longer replay.
    let id = db.insert_game(game()).await.unwrap();
    for (ply, m) in ["a1a5", "i9i5"].iter().enumerate() {
        db.append_move(id, ply as u32 + 1, mv(m, 2_000), playing())
            .await
            .unwrap();
    }
    // A takeback to the start; a copy still at ply 2 then stores ply 3: a gap.
    db.truncate_moves(id, 2, 0, playing()).await.unwrap();
    let err = db
        .append_move(id, 3, mv("b1b5", 3_000), playing())
        .await
        .unwrap_err();
    assert!(matches!(err, DbError::Conflict), "{err}");
    db.append_move(id, 1, mv("b1b5", 3_000), playing())
        .await
        .unwrap();
    // A takeback from a copy at ply 3 (the game has 1 ply): it would delete a move it never saw.
    let err = db.truncate_moves(id, 3, 2, playing()).await.unwrap_err();
    assert!(matches!(err, DbError::Conflict), "{err}");
    db.append_move(id, 2, mv("i9i4", 3_000), playing())
        .await
        .unwrap();
    let err = db.truncate_moves(id, 1, 0, playing()).await.unwrap_err();
    assert!(matches!(err, DbError::Conflict), "{err}");
    let back = db.load_game(id).await.unwrap().unwrap();
    assert_eq!(back.moves, vec![mv("b1b5", 3_000), mv("i9i4", 3_000)]);
    let listed = db.list_games(Listing::Latest(10)).await.unwrap();
    assert_eq!(listed[0].plies, 2);
}

on_both_stores!(an_open_seat_is_taken_once_and_the_lobby_lists_recent_open_games);
async fn an_open_seat_is_taken_once_and_the_lobby_lists_recent_open_games(db: Db) {
    let mut old = game();
    old.open_seat = Some("white".into());
    old.created = 1_000;
    let old = db.insert_game(old).await.unwrap();
    let mut new = game();
    new.open_seat = Some("black".into());
    new.created = 5_000;
    let new = db.insert_game(new).await.unwrap();
    db.insert_game(game()).await.unwrap();
    let listed = db.list_open(10, 0).await.unwrap();
    let ids: Vec<i64> = listed.iter().map(|g| g.id).collect();
    assert_eq!(ids, vec![new, old], "newest first, open games only");
    // The waiting player is the one in the other seat.
    assert_eq!(
        (listed[0].seat.as_str(), listed[0].creator.as_str()),
        ("black", "Bob")
    );
    assert_eq!(
        db.list_open(10, 2_000).await.unwrap().len(),
        1,
        "too old to list"
    );
    // Two takers at once: one seat.
    let (a, b) = tokio::join!(
        db.take_seat(new, "black", "Cy".into(), "tc".into(), None),
        db.take_seat(new, "black", "Di".into(), "td".into(), None),
    );
    assert!(a.unwrap() != b.unwrap(), "exactly one taker");
    assert!(
        !db.take_seat(old, "black", "Ed".into(), "te".into(), None)
            .await
            .unwrap(),
        "the wrong seat"
    );
    assert_eq!(db.list_open(10, 0).await.unwrap().len(), 1);
    let back = db.load_game(new).await.unwrap().unwrap();
    assert_eq!(back.open_seat, None);
    assert!(["Cy", "Di"].contains(&back.black_name.as_str()));
}

on_both_stores!(the_list_shows_the_latest_games_first_with_their_lengths);
async fn the_list_shows_the_latest_games_first_with_their_lengths(db: Db) {
    let mut ids = Vec::new();
    for i in 0..5 {
        let mut g = game();
        g.updated = 1_000 + i;
        ids.push(db.insert_game(g).await.unwrap());
    }
    db.append_move(ids[1], 1, mv("a1a5", 9_000), playing())
        .await
        .unwrap();
    let list = db.list_games(Listing::Latest(3)).await.unwrap();
    let order: Vec<i64> = list.iter().map(|s| s.id).collect();
    assert_eq!(order, vec![ids[1], ids[4], ids[3]]);
    assert_eq!(list[0].plies, 1);
    assert_eq!(list[1].plies, 0);
    assert_eq!(
        (list[0].black.as_str(), list[0].white.as_str()),
        ("Ada", "Bob")
    );
}

on_both_stores!(a_list_by_ids_holds_those_games_however_old);
async fn a_list_by_ids_holds_those_games_however_old(db: Db) {
    let mut ids = Vec::new();
    for i in 0..8 {
        let mut g = game();
        g.updated = 1_000 + i;
        ids.push(db.insert_game(g).await.unwrap());
    }
    // The two oldest, one in the middle, and an id no game has; newest change first.
    let asked = Listing::Ids(vec![ids[0], ids[1], ids[4], 999_999]);
    let list = db.list_games(asked).await.unwrap();
    let order: Vec<i64> = list.iter().map(|s| s.id).collect();
    assert_eq!(order, vec![ids[4], ids[1], ids[0]]);
    assert!(db
        .list_games(Listing::Ids(Vec::new()))
        .await
        .unwrap()
        .is_empty());
}

#[test]
fn a_postgres_store_is_migrated_once_and_a_newer_schema_is_refused() {
    let pg = Postgres::start();
    let url = pg.database();
    // Several servers starting at once migrate once.
    let starts: Vec<_> = (0..4)
        .map(|_| {
            let url = url.clone();
            std::thread::spawn(move || Db::connect(&url).map(|_| ()))
        })
        .collect();
    for s in starts {
        s.join().unwrap().unwrap();
    }
    assert_eq!(
        pg.psql(&url, "SELECT version FROM schema_version"),
        MIGRATIONS.len().to_string()
    );
    pg.psql(&url, "UPDATE schema_version SET version = 99");
    let err = Db::connect(&url).err().unwrap().to_string();
    assert!(err.contains("schema version 99"), "{err}");
    // The message names the server, never a password.
    let with_password = url.replace("hasami@", "hasami:secret@");
    let err = Db::connect(&with_password).err().unwrap().to_string();
    assert!(!err.contains("secret"), "{err}");
}

#[test]
fn a_postgres_server_that_does_not_answer_is_a_clear_error() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let err = Db::connect(&format!("postgres://hasami@127.0.0.1:{port}/none"))
        .err()
        .unwrap()
        .to_string();
    assert!(
        err.starts_with("cannot use the database postgres://hasami@127.0.0.1:"),
        "{err}"
    );
}

#[tokio::test]
async fn a_store_made_before_the_ply_count_counts_the_plies_of_its_games() {
    // An SQLite file at schema step 4 with a game of two moves, as an older server left it.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.sqlite3");
    {
        let c = rusqlite::Connection::open(&path).unwrap();
        for step in &MIGRATIONS[..4] {
            c.execute_batch(step.sqlite).unwrap();
        }
        c.pragma_update(None, "user_version", 4).unwrap();
        c.execute_batch(
            "INSERT INTO games (id, variant, start, created, updated, opponent, black_name,
                white_name, black_token, white_token)
             VALUES (7, 'hasami', 'wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 1', 1, 2, 'local', 'A',
                'B', 'x', 'y');
             INSERT INTO moves (game_id, ply, mv, time) VALUES (7, 1, 'a1a5', 1), (7, 2, 'i9i5', 2);",
        )
        .unwrap();
    }
    let db = Db::open(&path).unwrap();
    assert_eq!(db.list_games(Listing::Latest(5)).await.unwrap()[0].plies, 2);
    // The next move goes on top of ply 2, and only there.
    let err = db
        .append_move(7, 2, mv("b1b5", 3), playing())
        .await
        .unwrap_err();
    assert!(matches!(err, DbError::Conflict), "{err}");
    db.append_move(7, 3, mv("b1b5", 3), playing())
        .await
        .unwrap();
    assert_eq!(db.load_game(7).await.unwrap().unwrap().moves.len(), 3);
}

on_both_stores!(a_puzzles_tries_move_its_rating_and_are_each_counted);

async fn a_puzzles_tries_move_its_rating_and_are_each_counted(db: Db) {
    assert_eq!(db.puzzle_standing("hasami-0001").await.unwrap(), None);
    let failed = db
        .record_puzzle_result("hasami-0001", 1200.0, (1500.0, 100.0), false)
        .await
        .unwrap();
    assert!(failed.rating > 1200.0, "{failed:?}");
    assert_eq!((failed.attempts, failed.solved), (1, 0));
    let solved = db
        .record_puzzle_result("hasami-0001", 1200.0, (1500.0, 100.0), true)
        .await
        .unwrap();
    assert!(solved.rating < failed.rating, "{solved:?}");
    assert_eq!((solved.attempts, solved.solved), (2, 1));
    assert_eq!(
        db.puzzle_standing("hasami-0001").await.unwrap(),
        Some(solved)
    );
    // Tries at once from many tasks are each counted (the row is locked while it is moved).
    let tries: Vec<_> = (0..8)
        .map(|i| {
            let db = db.clone();
            tokio::spawn(async move {
                db.record_puzzle_result("agon-0002", 1000.0, (1000.0, 200.0), i % 2 == 0)
                    .await
                    .unwrap()
            })
        })
        .collect();
    for t in tries {
        t.await.unwrap();
    }
    let s = db.puzzle_standing("agon-0002").await.unwrap().unwrap();
    assert_eq!((s.attempts, s.solved), (8, 4));
    // A player's rating from outside is kept within bounds: a try never makes a number that is not finite.
    let wild = db
        .record_puzzle_result("mak-yek-0003", 1500.0, (f64::MAX, -5.0), true)
        .await
        .unwrap();
    assert!(wild.rating.is_finite() && wild.rd > 0.0, "{wild:?}");
}
