//! The chat routes of a game (docs/web.md, "Chat"): `POST /api/games/{id}/chat` posts a player's
//! message, `GET /api/games/{id}/chat[?token=…]` reads the chat, `POST /api/games/{id}/chat/public`
//! lets spectators read it (both players must). Each handler reads the request and calls the
//! game's chat (`live/chat.rs`).

use std::collections::HashMap;

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;

use crate::http::error::ApiError;
use crate::http::request::{body, game_id};
use crate::live::{Chatter, Round, Shared};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PostRequest {
    text: String,
    #[serde(default)]
    token: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PublicRequest {
    allow: bool,
    #[serde(default)]
    token: Option<String>,
}

/// The chat of the server's games.
fn chatter(state: &Shared) -> Chatter {
    Chatter::new(Round::new(state), &state.db)
}

/// `POST /api/games/{id}/chat {token, text}`: a player's message, answered with it as stored.
pub async fn post(
    State(state): State<Shared>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let req: PostRequest = body(&bytes)?;
    let message = chatter(&state)
        .post(id, req.token.as_deref(), &req.text)
        .await?;
    Ok(Json(message).into_response())
}

/// `GET /api/games/{id}/chat[?token=…]`: the messages (a spectator's list is empty unless both
/// players let spectators read) and the players' consent.
pub async fn read(
    State(state): State<Shared>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let view = chatter(&state)
        .read(id, q.get("token").map(String::as_str))
        .await?;
    Ok(Json(view).into_response())
}

/// `POST /api/games/{id}/chat/public {token, allow}`: whether the player lets spectators read the
/// chat; both players' consent after it.
pub async fn public(
    State(state): State<Shared>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let req: PublicRequest = body(&bytes)?;
    let public = chatter(&state)
        .set_public(id, req.token.as_deref(), req.allow)
        .await?;
    Ok(Json(serde_json::json!({ "public": public })).into_response())
}
