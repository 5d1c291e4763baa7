//! Tests of `retry.rs` (a file of their own: they drive the whole [`AppState`], which itself uses
//! `retry.rs`): work a real SQLite store refuses, by a trigger made on a second connection, is done
//! when the store takes it again, or at the next look at the game once it was given up.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use tokio::time::Instant;

use crate::db::Db;
use crate::live::registry::AppState;
use crate::live::{Creator, NewGame, Round};

/// A game against the level-1 engine, the player Black (to move), on a store at `path`.
async fn engine_game(path: &Path) -> (Arc<AppState>, i64, String) {
    let state = AppState::new(Db::open(path).unwrap(), 1);
    let req: NewGame = serde_json::from_value(serde_json::json!({
        "variant": "hasami", "opponent": "engine", "level": 1, "side": "black"
    }))
    .unwrap();
    let c = Creator::over(&state).create(req).await.unwrap();
    (state, c.id, c.token)
}

/// Makes the store refuse the move of ply 2 (the engine's first reply), as a failing disk would.
fn refuse_ply_2(path: &Path) -> rusqlite::Connection {
    let other = rusqlite::Connection::open(path).unwrap();
    other
        .execute_batch(
            "CREATE TRIGGER refuse BEFORE INSERT ON moves WHEN NEW.ply = 2 \
             BEGIN SELECT RAISE(ABORT, 'disk trouble'); END;",
        )
        .unwrap();
    other
}

/// Waits up to `wait` for the game to reach `ply`; its ply and whether the engine thinks.
async fn wait_for_ply(state: &Arc<AppState>, id: i64, ply: usize, wait: Duration) -> (usize, bool) {
    let end = tokio::time::Instant::now() + wait;
    loop {
        let v = Round::new(state).view(id, None).await.unwrap();
        if v.board.ply == ply || tokio::time::Instant::now() >= end {
            return (v.board.ply, v.thinking);
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn an_engine_reply_the_store_refuses_for_a_moment_is_stored_when_it_is_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.sqlite3");
    let (state, id, token) = engine_game(&path).await;
    let other = refuse_ply_2(&path);
    Round::new(&state)
        .play(id, "e1e5", Some(&token))
        .await
        .unwrap();
    // The reply is found at once but cannot be stored: the engine is still on it.
    let (ply, thinking) = wait_for_ply(&state, id, 2, Duration::from_millis(1500)).await;
    assert_eq!(
        (ply, thinking),
        (1, true),
        "ply and thinking while the store refuses"
    );
    other.execute_batch("DROP TRIGGER refuse;").unwrap();
    let (ply, thinking) = wait_for_ply(&state, id, 2, Duration::from_secs(20)).await;
    assert_eq!((ply, thinking), (2, false), "the reply was not stored");
    // And it is in the store: a fresh server sees it.
    let (fresh, _, _) = engine_game(&path).await;
    assert_eq!(
        Round::new(&fresh).view(id, None).await.unwrap().board.ply,
        2
    );
}

#[tokio::test]
async fn a_game_whose_reply_could_not_be_stored_replies_when_next_looked_at() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.sqlite3");
    let (state, id, token) = engine_game(&path).await;
    state.services.set_store_retry(Duration::from_millis(300));
    let other = refuse_ply_2(&path);
    Round::new(&state)
        .play(id, "e1e5", Some(&token))
        .await
        .unwrap();
    // The store refuses for longer than the reply keeps trying: the engine gives up.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    {
        let live = state.in_memory(id).unwrap();
        let g = live.lock().await;
        assert_eq!((g.game().plies(), g.thinking()), (1, false));
    }
    other.execute_batch("DROP TRIGGER refuse;").unwrap();
    // The next look at the game (a page loaded again, a socket opened) starts the reply again.
    let (ply, thinking) = wait_for_ply(&state, id, 2, Duration::from_secs(10)).await;
    assert_eq!(
        (ply, thinking),
        (2, false),
        "the game stayed on the engine's turn"
    );
}

/// An online game with 0.3 s clocks where each side has moved once: Black's clock runs.
async fn clock_game(path: &Path) -> (Arc<AppState>, i64) {
    let state = AppState::new(Db::open(path).unwrap(), 1);
    let req: NewGame = serde_json::from_value(serde_json::json!({
        "variant": "hasami", "opponent": "online", "side": "black",
        "clock": {"initial": 0.3}
    }))
    .unwrap();
    let c = Creator::over(&state).create(req).await.unwrap();
    let white = c.links["white"]
        .rsplit("token=")
        .next()
        .unwrap()
        .to_string();
    Round::new(&state)
        .play(c.id, "e1e5", Some(&c.token))
        .await
        .unwrap();
    Round::new(&state)
        .play(c.id, "e9e6", Some(&white))
        .await
        .unwrap();
    (state, c.id)
}

/// Makes the store refuse to end any game from now on.
fn refuse_ends(path: &Path) -> rusqlite::Connection {
    let other = rusqlite::Connection::open(path).unwrap();
    other
        .execute_batch(
            "CREATE TRIGGER refuse BEFORE UPDATE ON games WHEN NEW.result <> '*' \
             BEGIN SELECT RAISE(ABORT, 'disk trouble'); END;",
        )
        .unwrap();
    other
}

/// Whether the game in memory has ended, without looking at it through a view.
async fn over_in_memory(state: &Arc<AppState>, id: i64) -> bool {
    let live = state.in_memory(id).unwrap();
    let g = live.lock().await;
    g.is_over()
}

#[tokio::test]
async fn a_loss_on_time_the_store_refuses_for_a_moment_is_stored_when_it_is_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.sqlite3");
    let (state, id) = clock_game(&path).await;
    let other = refuse_ends(&path);
    // Black's time runs out while the store refuses: the game cannot end yet.
    tokio::time::sleep(Duration::from_millis(1000)).await;
    assert!(!over_in_memory(&state, id).await);
    other.execute_batch("DROP TRIGGER refuse;").unwrap();
    // Nobody acts, and the timer ends the game once the store takes it.
    let end = Instant::now() + Duration::from_secs(20);
    while !over_in_memory(&state, id).await && Instant::now() < end {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let v = Round::new(&state).view(id, None).await.unwrap();
    assert_eq!(v.result, "0-1", "{:?}", v.reason);
    let (fresh, _) = clock_game(&path).await;
    assert_eq!(
        Round::new(&fresh).view(id, None).await.unwrap().result,
        "0-1"
    );
}

#[tokio::test]
async fn a_loss_on_time_given_up_is_stored_when_the_game_is_next_looked_at() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.sqlite3");
    let (state, id) = clock_game(&path).await;
    state.services.set_store_retry(Duration::from_millis(300));
    let other = refuse_ends(&path);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert!(!over_in_memory(&state, id).await);
    other.execute_batch("DROP TRIGGER refuse;").unwrap();
    let v = Round::new(&state).view(id, None).await.unwrap();
    assert_eq!(
        v.result, "0-1",
        "the game looked at after the time ran out goes on"
    );
}
