//! The challenge routes (docs/web.md, "Accounts"): send one by name, list an account's, accept,
//! decline or cancel. Every route needs a session.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::accounts::{ChallengeRequest, Challenger};
use crate::db::ChallengeAnswer;
use crate::http::account::required;
use crate::http::error::ApiError;
use crate::http::request::body;
use crate::live::{Creator, Shared};

fn challenger(state: &Shared) -> Challenger<'_> {
    Challenger::new(&state.db, Creator::over(state))
}

fn challenge_id(text: &str) -> Result<i64, ApiError> {
    text.parse::<i64>().map_err(|_| {
        ApiError::not_found(format!(
            "no challenge with id '{}' (ids are numbers)",
            text.chars().take(40).collect::<String>()
        ))
    })
}

/// `POST /api/challenges {to, variant?, side?, clock?, rated?}`: 201 `{id}`.
pub async fn send(
    State(state): State<Shared>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let user = required(&state, &headers).await?;
    let req: ChallengeRequest = body(&bytes)?;
    let id = challenger(&state).send(&user, req).await?;
    Ok((StatusCode::CREATED, Json(serde_json::json!({ "id": id }))).into_response())
}

/// `GET /api/challenges`: `{incoming, outgoing}`.
pub async fn list(State(state): State<Shared>, headers: HeaderMap) -> Result<Response, ApiError> {
    let user = required(&state, &headers).await?;
    Ok(Json(challenger(&state).list(&user).await?).into_response())
}

/// `POST /api/challenges/{id}/accept`: the game is made; `{game, side, token}`.
pub async fn accept(
    State(state): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let user = required(&state, &headers).await?;
    let id = challenge_id(&id)?;
    Ok(Json(challenger(&state).accept(&user, id).await?).into_response())
}

/// `POST /api/challenges/{id}/decline` (the challenged).
pub async fn decline(
    State(state): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    refuse(state, headers, id, ChallengeAnswer::Decline).await
}

/// `POST /api/challenges/{id}/cancel` (the challenger).
pub async fn cancel(
    State(state): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    refuse(state, headers, id, ChallengeAnswer::Cancel).await
}

async fn refuse(
    state: Shared,
    headers: HeaderMap,
    id: String,
    answer: ChallengeAnswer,
) -> Result<Response, ApiError> {
    let user = required(&state, &headers).await?;
    let id = challenge_id(&id)?;
    challenger(&state).refuse(&user, id, answer).await?;
    Ok(Json(serde_json::json!({})).into_response())
}
