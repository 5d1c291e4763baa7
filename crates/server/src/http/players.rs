//! The public routes of players (docs/web.md, "Accounts"): a player's page, a leaderboard per
//! rated game, and the online games now playing.

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::accounts::Players;
use crate::http::error::ApiError;
use crate::live::Shared;

/// `GET /api/players/{name}`: ratings, their history, recent games, results against the engine.
pub async fn player(
    State(state): State<Shared>,
    Path(name): Path<String>,
) -> Result<Response, ApiError> {
    let page = Players::new(&state.db).page(&name).await?;
    Ok(Json(page).into_response())
}

/// `GET /api/leaderboard/{preset}`: the best players with at least 10 rated games and RD ≤ 110.
pub async fn leaderboard(
    State(state): State<Shared>,
    Path(preset): Path<String>,
) -> Result<Response, ApiError> {
    let players = Players::new(&state.db).leaderboard(&preset).await?;
    Ok(Json(serde_json::json!({ "preset": preset, "players": players })).into_response())
}

/// `GET /api/now-playing`: online games between two players going on, anyone may watch.
pub async fn now_playing(State(state): State<Shared>) -> Result<Response, ApiError> {
    let games = Players::new(&state.db).now_playing().await?;
    Ok(Json(serde_json::json!({ "games": games })).into_response())
}
