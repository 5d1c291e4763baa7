//! `GET /api/health`: whether this server can serve games now, for load balancers, container
//! orchestrators and monitoring. 200 `{"status": "ok", "games_in_memory": N}` when the store took a
//! write (db/health.rs: a one-row write probe, made at most once a second per server however often
//! this is asked); 503 `{"status": "unavailable", "error": "database unavailable: …"}` when it did
//! not, or no answer came within [`HEALTH_WAIT`] (the server itself is up, but every move would be
//! refused: the store is away, read-only, full, locked, or out of lock slots).

use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use crate::live::Shared;

/// How long the answer may take at most.
pub const HEALTH_WAIT: Duration = Duration::from_secs(2);

/// `GET /api/health`.
pub async fn health(State(state): State<Shared>) -> Response {
    let why = match tokio::time::timeout(HEALTH_WAIT, state.db.writable()).await {
        Ok(Ok(())) => {
            return Json(json!({
                "status": "ok",
                "games_in_memory": state.games_in_memory(),
            }))
            .into_response()
        }
        Ok(Err(why)) => why,
        Err(_) => format!("no answer within {} s", HEALTH_WAIT.as_secs()),
    };
    (
        StatusCode::SERVICE_UNAVAILABLE,
        Json(json!({
            "status": "unavailable",
            "error": format!("database unavailable: {why}"),
        })),
    )
        .into_response()
}
