//! Live updates over WebSocket: `GET /api/games/{id}/ws[?token=…]`.
//!
//! On connect the server sends the whole game (`{"type":"game","game":{…}}`, with `you` set from the
//! token), then the whole game again after every change. A client that reconnects gets the current
//! game at once, so nothing is lost while it was away. Players may also send
//! `{"type":"move","move":"e1e5"}` (answered by the next `game` message, or `{"type":"error",…}`) and
//! `{"type":"ping"}` (answered `{"type":"pong"}`).

use std::collections::HashMap;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use tokio::sync::broadcast::error::RecvError;

use crate::http::error::ApiError;
use crate::http::request::game_id;
use crate::live::Shared;

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
enum ClientMessage {
    Move {
        #[serde(rename = "move")]
        mv: String,
    },
    Ping,
}

/// Upgrades the connection after checking the game exists.
pub async fn upgrade(
    State(state): State<Shared>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    state.live(id).await?;
    let token = q.get("token").cloned();
    Ok(ws.on_upgrade(move |socket| session(state, id, token, socket)))
}

fn error_message(e: &ApiError) -> String {
    serde_json::json!({ "type": "error", "error": crate::http::error::short(&e.message), "status": e.status.as_u16() })
        .to_string()
}

async fn session(state: Shared, id: i64, token: Option<String>, socket: WebSocket) {
    let Ok(live) = state.live(id).await else {
        return;
    };
    let (mut tx, mut rx) = socket.split();
    let (mut updates, first) = {
        let g = live.lock().await;
        (g.updates.subscribe(), g.message(token.as_deref()))
    };
    if tx.send(Message::Text(first.into())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            update = updates.recv() => {
                let text: String = match update {
                    Ok(msg) => msg.to_string(),
                    // Missed some: send the current game instead.
                    Err(RecvError::Lagged(_)) => live.lock().await.message(token.as_deref()),
                    Err(RecvError::Closed) => return,
                };
                if tx.send(Message::Text(text.into())).await.is_err() {
                    return;
                }
            }
            incoming = rx.next() => {
                let text = match incoming {
                    Some(Ok(Message::Text(t))) => t.to_string(),
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    Some(Ok(_)) => continue,
                };
                let reply = match serde_json::from_str::<ClientMessage>(&text) {
                    Err(e) => Some(error_message(&ApiError::bad_request(format!(
                        "malformed message: {e} (send {{\"type\":\"move\",\"move\":\"e1e5\"}} or {{\"type\":\"ping\"}})"
                    )))),
                    Ok(ClientMessage::Ping) => Some(r#"{"type":"pong"}"#.to_string()),
                    Ok(ClientMessage::Move { mv }) => {
                        match state.play(id, &mv, token.as_deref()).await {
                            Ok(_) => None, // the broadcast carries the new game
                            Err(e) => Some(error_message(&ApiError::from(e))),
                        }
                    }
                };
                if let Some(r) = reply {
                    if tx.send(Message::Text(r.into())).await.is_err() {
                        return;
                    }
                }
            }
        }
    }
}
