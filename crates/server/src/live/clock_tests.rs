//! Tests of the game clocks against steps of the system clock (NTP corrections, a virtual machine
//! resumed, an operator's `date -s`): a step forward must not flag the side to move, a step back must
//! not stop its clock. The wall clock is stepped on the test's thread only (`db::wall_shift`).

use std::sync::Arc;
use std::time::Duration;

use crate::db::{wall_shift, Db};
use crate::live::registry::AppState;
use crate::live::view::ClockShown;
use crate::live::{Creator, NewGame, Round};

const HOUR: i64 = 3_600_000;

/// An online game with 60 s each, both sides' first moves played: Black's clock runs.
async fn running_clock(path: &std::path::Path) -> (Arc<AppState>, i64, String, String) {
    let state = AppState::new(Db::open(path).unwrap(), 1);
    let req: NewGame = serde_json::from_value(serde_json::json!({
        "variant": "hasami", "opponent": "online", "side": "black",
        "clock": {"initial": 60, "increment": 0}
    }))
    .unwrap();
    let c = Creator::over(&state).create(req).await.unwrap();
    let white = c.links["white"].clone();
    let white = white.rsplit("token=").next().unwrap().to_string();
    Round::new(&state)
        .play(c.id, "e1e5", Some(&c.token))
        .await
        .unwrap();
    Round::new(&state)
        .play(c.id, "a9a6", Some(&white))
        .await
        .unwrap();
    (state, c.id, c.token, white)
}

/// Black's and White's remaining time and the game's status.
async fn clocks(state: &Arc<AppState>, id: i64) -> (i64, i64, &'static str) {
    let v = Round::new(state).view(id, None).await.unwrap();
    let Some(ClockShown::RealTime(c)) = v.clock else {
        panic!("no clocks");
    };
    (c.black_ms, c.white_ms, v.status)
}

#[tokio::test]
async fn a_step_of_the_system_clock_forward_does_not_flag_the_side_to_move() {
    let dir = tempfile::tempdir().unwrap();
    let (state, id, black, _) = running_clock(&dir.path().join("g.sqlite3")).await;
    wall_shift::step(2 * HOUR);
    let (black_ms, _, status) = clocks(&state, id).await;
    assert_eq!(
        status, "playing",
        "Black lost on time by a step of the clock"
    );
    assert!(black_ms > 55_000, "Black has {black_ms} ms after the step");
    // The timer does not flag Black either, and Black can move.
    tokio::time::sleep(Duration::from_millis(300)).await;
    Round::new(&state)
        .play(id, "a1a4", Some(&black))
        .await
        .unwrap();
    let (black_ms, _, status) = clocks(&state, id).await;
    assert_eq!(status, "playing");
    assert!(black_ms > 55_000, "Black has {black_ms} ms after moving");
}

#[tokio::test]
async fn a_step_of_the_system_clock_back_does_not_stop_the_running_clock() {
    let dir = tempfile::tempdir().unwrap();
    let (state, id, _, _) = running_clock(&dir.path().join("g.sqlite3")).await;
    let (before, _, _) = clocks(&state, id).await;
    wall_shift::step(-2 * HOUR);
    tokio::time::sleep(Duration::from_millis(400)).await;
    let (after, _, status) = clocks(&state, id).await;
    assert_eq!(status, "playing");
    assert!(
        before - after >= 350,
        "Black's clock stood still: {before} ms, 400 ms later {after} ms"
    );
}
