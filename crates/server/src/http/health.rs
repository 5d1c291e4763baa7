//! `GET /api/health`: whether this server can serve games now, for load balancers, container
//! orchestrators and monitoring. 200 `{"status": "ok", "games_in_memory": N}` when the store answers a
//! query within [`HEALTH_WAIT`]; 503 `{"error": "…"}` when it does not (the server itself is up, but
//! every move would be refused).

use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::http::error::ApiError;
use crate::live::Shared;

/// How long the store has to answer.
pub const HEALTH_WAIT: Duration = Duration::from_secs(2);

/// `GET /api/health`.
pub async fn health(State(state): State<Shared>) -> Result<Response, ApiError> {
    let unavailable = |why: String| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, why);
    match tokio::time::timeout(HEALTH_WAIT, state.db.schema_version()).await {
        Ok(Ok(_)) => Ok(Json(serde_json::json!({
            "status": "ok",
            "games_in_memory": state.games_in_memory(),
        }))
        .into_response()),
        Ok(Err(e)) => Err(unavailable(format!("database unavailable: {e}"))),
        Err(_) => Err(unavailable(format!(
            "database unavailable: no answer within {} s",
            HEALTH_WAIT.as_secs()
        ))),
    }
}
