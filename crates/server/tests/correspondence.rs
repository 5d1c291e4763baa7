//! Correspondence games (`clock: {days: N}`) over the JSON API: days per move offered and checked,
//! the view's days and deadline, a passed deadline lost on time (by the server's timer, after a
//! restart also for a game nobody asks for, and on servers sharing a PostgreSQL store), more time
//! given by the waiting player and its limit. A "day" is made short with `Limits::day`, so no test waits days.

mod common;

use std::time::Duration;

use common::postgres::Postgres;
use common::{create, error_of, online_game, Server, Ws};
use hasami_server::Limits;
use serde_json::{json, Value};

const DAY_MS: i64 = 86_400_000;

/// A server whose correspondence day lasts `day`, on the file `db`.
fn with_day(db: &std::path::Path, day: Duration) -> Server {
    Server::start_within(
        db,
        Limits {
            day,
            ..Limits::default()
        },
    )
}

/// Unix ms now.
fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

/// Plays `mv` in game `id` for `token`, expecting success.
fn play(s: &Server, id: i64, mv: &str, token: &str) -> Value {
    s.post_ok(
        &format!("/api/games/{id}/moves"),
        &json!({"move": mv, "token": token}),
    )
}

/// Asks for more time in game `id` for `token`: the status and the answer.
fn extend(s: &Server, id: i64, token: Option<&str>) -> (u16, Value) {
    let body = match token {
        Some(t) => json!({ "token": t }),
        None => json!({}),
    };
    s.post(&format!("/api/games/{id}/extend"), &body)
}

/// An online game of `days` days per move with both first moves played (Black to move): (id,
/// Black's token, White's token).
fn begun(s: &Server, days: u32) -> (i64, String, String) {
    let (id, black, white) = online_game(s, json!({"clock": {"days": days}}));
    play(s, id, "e1e5", &black);
    play(s, id, "e9e6", &white);
    (id, black, white)
}

#[test]
fn a_game_with_days_per_move_shows_its_days_and_deadline() {
    let (_dir, s) = common::server();
    for days in [1, 2, 3, 5, 7, 14] {
        let before = now_ms();
        let (id, black, _) = online_game(&s, json!({"clock": {"days": days}}));
        let (_, v) = s.get(&format!("/api/games/{id}?token={black}"));
        let clock = &v["clock"];
        assert_eq!(clock["days"], days, "{v}");
        assert_eq!(clock["running"], "black");
        assert_eq!(clock["extensions"], 0);
        assert_eq!(clock["extensions_left"], 3);
        assert!(clock.get("initial_ms").is_none(), "no real-time clock: {v}");
        let deadline = clock["deadline"].as_i64().unwrap();
        let due = before + i64::from(days) * DAY_MS;
        assert!(
            (due - 5_000..=due + 5_000).contains(&deadline),
            "{deadline} is not {days} days from now"
        );
    }
    // After a move the other side's turn has its own days, from the move.
    let (id, black, _) = online_game(&s, json!({"clock": {"days": 3}}));
    let v = play(&s, id, "e1e5", &black);
    assert_eq!(v["clock"]["running"], "white");
    let deadline = v["clock"]["deadline"].as_i64().unwrap();
    assert!((deadline - now_ms() - 3 * DAY_MS).abs() < 5_000, "{v}");
}

#[test]
fn days_per_move_must_be_one_offered_and_for_an_online_game() {
    let (_dir, s) = common::server();
    let bad_days = "bad clock days";
    let cases = [
        (
            json!({"opponent": "online", "clock": {"days": 4}}),
            bad_days,
        ),
        (
            json!({"opponent": "online", "clock": {"days": 0}}),
            bad_days,
        ),
        (
            json!({"opponent": "online", "clock": {"days": -1}}),
            bad_days,
        ),
        (
            json!({"opponent": "online", "clock": {"days": 1.5}}),
            bad_days,
        ),
        (
            json!({"opponent": "online", "clock": {"days": 30}}),
            bad_days,
        ),
        (
            json!({"opponent": "online", "clock": {"days": 1, "initial": 60}}),
            "bad clock: give initial",
        ),
        (
            json!({"opponent": "online", "clock": {"days": 1, "increment": 2}}),
            "bad clock: give initial",
        ),
        (
            json!({"opponent": "online", "clock": {}}),
            "bad clock: give initial",
        ),
        (
            json!({"opponent": "local", "clock": {"days": 1}}),
            "online games only",
        ),
        (
            json!({"opponent": "engine", "clock": {"days": 1}}),
            "online games only",
        ),
    ];
    for (req, message) in cases {
        let (status, v) = s.post("/api/games", &req);
        assert_eq!(status, 400, "{req}: {v}");
        assert!(
            error_of(&v).starts_with(message) || error_of(&v).contains(message),
            "{req}: {v}"
        );
    }
    let (status, v) = s.post(
        "/api/games",
        &json!({"opponent": "online", "clock": {"days": "1"}}),
    );
    assert_eq!(status, 400, "{v}");
    // A real-time clock is asked for as before.
    let c = create(
        &s,
        json!({"opponent": "online", "clock": {"initial": 60, "increment": 1}}),
    );
    assert_eq!(c["game"]["clock"]["initial_ms"], 60_000);
    assert!(c["game"]["clock"].get("days").is_none());
}

#[test]
fn a_passed_deadline_is_a_loss_on_time_without_any_request() {
    let dir = tempfile::tempdir().unwrap();
    let s = with_day(
        &dir.path().join("games.sqlite3"),
        Duration::from_millis(400),
    );
    let (id, _black, _white) = begun(&s, 1);
    // Black does not move: the server's timer ends the game, heard on a spectator's socket.
    let mut ws = Ws::connect(s.addr, &format!("/api/games/{id}/ws"));
    let over = ws.wait_for(Duration::from_secs(5), |m| m["game"]["status"] == "over");
    assert!(over.is_some(), "the timer did not end the game");
    let (_, v) = s.get(&format!("/api/games/{id}"));
    assert_eq!(v["result"], "0-1", "{v}");
    assert_eq!(
        v["reason"],
        "White wins on time: Black did not move in time"
    );
    assert_eq!(v["clock"]["deadline"], Value::Null);
    assert_eq!(v["clock"]["running"], Value::Null);
}

#[test]
fn a_first_move_not_made_in_time_aborts_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let s = with_day(
        &dir.path().join("games.sqlite3"),
        Duration::from_millis(300),
    );
    let (id, black, _) = online_game(&s, json!({"clock": {"days": 1}}));
    play(&s, id, "e1e5", &black);
    let v = s.wait_for(&format!("/api/games/{id}"), |v| v["status"] == "over");
    assert_eq!(v["result"], "*", "{v}");
    assert_eq!(v["reason"], "Game aborted: White did not move in time");
}

#[test]
fn the_waiting_player_gives_more_time_up_to_three_times_a_turn() {
    let (_dir, s) = common::server();
    let (id, black, white) = begun(&s, 2);
    let (_, v) = s.get(&format!("/api/games/{id}"));
    let first = v["clock"]["deadline"].as_i64().unwrap();
    // Only the waiting player, with its token, may give more time.
    let (status, v) = extend(&s, id, Some(&black));
    assert_eq!(status, 409, "{v}");
    assert!(error_of(&v).contains("only the waiting player"), "{v}");
    assert_eq!(extend(&s, id, None).0, 401);
    assert_eq!(extend(&s, id, Some("not-a-token")).0, 403);
    for n in 1..=3 {
        let (status, v) = extend(&s, id, Some(&white));
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["clock"]["extensions"], n);
        assert_eq!(v["clock"]["extensions_left"], 3 - n);
        let deadline = v["clock"]["deadline"].as_i64().unwrap();
        let moved = deadline - first;
        assert!(
            (moved - n * 2 * DAY_MS).abs() < 5_000,
            "the deadline moved by {moved} ms after {n} extensions"
        );
    }
    let (status, v) = extend(&s, id, Some(&white));
    assert_eq!(status, 409, "{v}");
    assert!(error_of(&v).contains("3 times"), "{v}");
    // The extensions survive a reload from the store.
    let db = s.db.clone();
    s.stop();
    let s = Server::start(&db);
    let (_, v) = s.get(&format!("/api/games/{id}"));
    assert_eq!(v["clock"]["extensions"], 3, "{v}");
    // A move gives the next turn its days afresh, and its own extensions.
    let v = play(&s, id, "a1a2", &black);
    assert_eq!(v["clock"]["extensions"], 0, "{v}");
    assert_eq!(v["clock"]["running"], "white");
    let deadline = v["clock"]["deadline"].as_i64().unwrap();
    assert!((deadline - now_ms() - 2 * DAY_MS).abs() < 5_000, "{v}");
    let (status, v) = extend(&s, id, Some(&black));
    assert_eq!(status, 200, "{v}");
    // A game without days gives no more time.
    let (rt, rt_black, _) = online_game(&s, json!({"clock": {"initial": 60}}));
    let (status, v) = extend(&s, rt, Some(&rt_black));
    assert_eq!(status, 400, "{v}");
}

#[test]
fn more_time_keeps_a_game_going_past_its_first_deadline() {
    let dir = tempfile::tempdir().unwrap();
    let s = with_day(
        &dir.path().join("games.sqlite3"),
        Duration::from_millis(600),
    );
    let (id, _black, white) = begun(&s, 1);
    assert_eq!(extend(&s, id, Some(&white)).0, 200);
    // Past the first day, within the second.
    std::thread::sleep(Duration::from_millis(800));
    let (_, v) = s.get(&format!("/api/games/{id}"));
    assert_eq!(v["status"], "playing", "{v}");
    let v = s.wait_for(&format!("/api/games/{id}"), |v| v["status"] == "over");
    assert_eq!(v["result"], "0-1", "{v}");
}

#[test]
fn a_deadline_passed_while_the_server_was_stopped_ends_the_game_when_it_starts() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let day = Duration::from_millis(500);
    let s = with_day(&db, day);
    let (late, _, _) = begun(&s, 1);
    s.stop();
    std::thread::sleep(Duration::from_millis(700));
    let s = with_day(&db, day);
    // The starting server ends it though nobody asks for the game (the list reads the store).
    let listed = s.wait_for(&format!("/api/games?ids={late}"), |v| {
        v["games"][0]["result"] != "*"
    });
    assert_eq!(listed["games"][0]["result"], "0-1", "{listed}");
    let (_, v) = s.get(&format!("/api/games/{late}"));
    assert_eq!(v["status"], "over", "{v}");
    assert_eq!(
        v["reason"],
        "White wins on time: Black did not move in time"
    );
    // A deadline still to come when the server starts arms a timer: the game ends without another
    // request once the game is in memory.
    let slow = Duration::from_millis(1_500);
    s.stop();
    let s = with_day(&db, slow);
    let (id, _, _) = begun(&s, 1);
    s.stop();
    let s = with_day(&db, slow);
    let mut ws = Ws::connect(s.addr, &format!("/api/games/{id}/ws"));
    let over = ws.wait_for(Duration::from_secs(5), |m| m["game"]["status"] == "over");
    assert!(over.is_some(), "no timer after the restart");
}

#[test]
fn a_rematch_and_a_lobby_game_keep_the_days() {
    let (_dir, s) = common::server();
    let (id, black, white) = begun(&s, 7);
    s.post_ok(&format!("/api/games/{id}/resign"), &json!({"token": black}));
    let r = s.post_ok(
        &format!("/api/games/{id}/rematch"),
        &json!({"token": white}),
    );
    let (_, v) = s.get(&format!("/api/games/{}", r["id"]));
    assert_eq!(v["clock"]["days"], 7, "{v}");
    let c = create(
        &s,
        json!({"opponent": "online", "open": true, "clock": {"days": 3}}),
    );
    let (_, lobby) = s.get("/api/lobby");
    let listed = lobby["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == c["id"])
        .cloned()
        .unwrap();
    assert_eq!(listed["clock_days"], 3, "{lobby}");
    // The days run once someone takes the seat.
    assert_eq!(c["game"]["clock"]["deadline"], Value::Null, "{c}");
    let id = c["id"].as_i64().unwrap();
    let j = s.post_ok(&format!("/api/games/{id}/join"), &json!({}));
    assert_eq!(j["side"], "white");
    let (_, v) = s.get(&format!("/api/games/{id}"));
    assert!(v["clock"]["deadline"].as_i64().is_some(), "{v}");
}

#[test]
fn days_and_extensions_on_servers_sharing_a_postgres_store() {
    let pg = Postgres::start();
    let url = pg.database();
    let limits = Limits {
        day: Duration::from_millis(800),
        ..Limits::default()
    };
    let one = Server::start_on_postgres(&url, limits.clone());
    let two = Server::start_on_postgres(&url, limits.clone());
    let (id, black, white) = online_game(&one, json!({"clock": {"days": 1}}));
    play(&one, id, "e1e5", &black);
    play(&two, id, "e9e6", &white);
    // More time given on one server is seen on the other, and stored once.
    let (status, v) = extend(&two, id, Some(&white));
    assert_eq!(status, 200, "{v}");
    let v = one.wait_for(&format!("/api/games/{id}"), |v| {
        v["clock"]["extensions"] == 1
    });
    assert_eq!(v["clock"]["days"], 1);
    // Whichever server owns the game ends it on time, and both say so.
    for s in [&one, &two] {
        let v = s.wait_for(&format!("/api/games/{id}"), |v| v["status"] == "over");
        assert_eq!(
            v["reason"],
            "White wins on time: Black did not move in time"
        );
    }
    // A deadline that passes while no server runs: the next server to start ends the game.
    let (late, black, white) = online_game(&one, json!({"clock": {"days": 1}}));
    play(&one, late, "e1e5", &black);
    play(&one, late, "e9e6", &white);
    one.stop();
    two.stop();
    std::thread::sleep(Duration::from_millis(1_000));
    let three = Server::start_on_postgres(&url, limits);
    let listed = three.wait_for(&format!("/api/games?ids={late}"), |v| {
        v["games"][0]["result"] != "*"
    });
    assert_eq!(listed["games"][0]["result"], "0-1", "{listed}");
}
