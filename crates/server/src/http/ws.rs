//! Live updates over WebSocket: `GET /api/games/{id}/ws[?token=…]`.
//!
//! On connect the server sends the whole game (`{"type":"game","game":{…}}`, with `you` set from the
//! token), then the whole game again after every change. A client that reconnects gets the current
//! game at once, so nothing is lost while it was away. Players may also send
//! `{"type":"move","move":"e1e5"}` (answered by the next `game` message, or `{"type":"error",…}`) and
//! `{"type":"ping"}` (answered `{"type":"pong"}`). In an online game each chat message comes as
//! `{"type":"chat","side","text","time"}` to the players' sockets, and to spectators' only when both
//! players let them read (`{"type":"chat-public","public":{…}}` tells every socket when that
//! changes; `{"type":"chat-reload"}` a socket that missed chat events, which reads the chat again).
//!
//! Bounds (docs/web.md, "Running it in public"): a client has at most
//! [`Limits::websockets_per_address`](crate::Limits) sockets open at once and the server at most
//! [`Limits::websockets`](crate::Limits); a message from the client is
//! at most [`MAX_MESSAGE`] bytes; the server pings every half [`Limits::socket_timeout`](crate::Limits)
//! and closes a socket that has sent nothing (no pong either) for the whole timeout, or that has not
//! taken a message within it (sooner when the connection takes nothing of a message being written
//! for [`Limits::write_timeout`](crate::Limits): the write deadline of every connection). A reader that falls behind never makes a queue: it gets the current
//! game instead of the updates it missed.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Extension, Path, Query, State};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use tokio::sync::broadcast::{self, error::RecvError};
use tokio::sync::Mutex;

use crate::http::edge::{ClientAddr, Edge};
use crate::http::error::ApiError;
use crate::http::request::game_id;
use crate::live::{ChatNote, LiveGame, Round, Shared};

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
enum ClientMessage {
    Move {
        #[serde(rename = "move")]
        mv: String,
    },
    Ping,
}

/// The largest message a client may send, bytes (a move is a few dozen).
pub const MAX_MESSAGE: usize = 4096;

/// Upgrades the connection after checking the game exists and the client may open one more socket.
pub async fn upgrade(
    State(state): State<Shared>,
    Extension(edge): Extension<Arc<Edge>>,
    client: Option<Extension<ClientAddr>>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let share = edge.websocket(client.map(|Extension(ClientAddr(c))| c))?;
    Round::new(&state).game(id).await?;
    let token = q.get("token").cloned();
    let timeout = edge.socket_timeout;
    Ok(ws
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| async move {
            session(state, id, token, socket, timeout).await;
            drop(share);
        }))
}

/// A refusal on the socket: the API's error answer (with its `code` and facts when it has them),
/// with `type` and `status`.
fn error_message(e: &ApiError) -> String {
    let mut body = e.body();
    body["type"] = "error".into();
    body["status"] = e.status.as_u16().into();
    body.to_string()
}

async fn session(state: Shared, id: i64, token: Option<String>, ws: WebSocket, timeout: Duration) {
    let round = Round::new(&state);
    let Ok(live) = round.game(id).await else {
        return;
    };
    state.services.metrics.socket(1);
    let (updates, first) = {
        let mut g = live.lock().await;
        round.looked_at(&live, &mut g).await;
        // Others hear of this socket; it hears only what comes after.
        if g.socket_changed(token.as_deref(), 1) {
            round.presences().publish_presence(&live);
        }
        let updates = (g.subscribe(), g.chat().subscribe());
        (updates, g.message(token.as_deref()))
    };
    let socket = Session {
        state,
        id,
        token,
        live,
        timeout,
    };
    socket.run(ws, updates, first).await;
    // Closed, for whatever reason: the player is away unless another socket of theirs is open.
    let mut g = socket.live.lock().await;
    let presences = round.presences();
    if g.socket_changed(socket.token.as_deref(), -1) {
        presences.publish_presence(&socket.live);
    }
    socket.state.services.metrics.socket(-1);
    presences.watch_creator(&socket.live, &mut g);
}

/// One open WebSocket of a game.
struct Session {
    state: Shared,
    id: i64,
    token: Option<String>,
    live: Arc<Mutex<LiveGame>>,
    timeout: Duration,
}

impl Session {
    /// Sends the game on every change (and the chat events the socket may have) and plays the
    /// moves the client sends, until either side closes or stops answering.
    async fn run(&self, ws: WebSocket, updates: Updates, first: String) {
        let (mut updates, mut chat) = updates;
        let (state, id, token, live, timeout) =
            (&self.state, self.id, &self.token, &self.live, self.timeout);
        let (mut tx, mut rx) = ws.split();
        if !sent(&mut tx, Message::Text(first.into()), timeout).await {
            return;
        }
        let mut pings = tokio::time::interval_at(
            tokio::time::Instant::now() + timeout / 2,
            (timeout / 2).max(Duration::from_millis(10)),
        );
        let mut heard = tokio::time::Instant::now();
        loop {
            tokio::select! {
                _ = pings.tick() => {
                    if heard.elapsed() >= timeout {
                        return; // silent for the whole timeout, not even a pong
                    }
                    if !sent(&mut tx, Message::Ping(Default::default()), timeout).await {
                        return;
                    }
                }
                update = updates.recv() => {
                    let text: String = match update {
                        Ok(msg) => msg.to_string(),
                        // Missed some: send the current game instead.
                        Err(RecvError::Lagged(_)) => live.lock().await.message(token.as_deref()),
                        Err(RecvError::Closed) => return,
                    };
                    if !sent(&mut tx, Message::Text(text.into()), timeout).await {
                        return;
                    }
                }
                note = chat.recv() => {
                    let text: String = match note {
                        Ok(note) if note.public || self.plays().await => note.json.to_string(),
                        Ok(_) => continue,
                        Err(RecvError::Lagged(_)) => r#"{"type":"chat-reload"}"#.to_string(),
                        Err(RecvError::Closed) => return,
                    };
                    if !sent(&mut tx, Message::Text(text.into()), timeout).await {
                        return;
                    }
                }
                incoming = rx.next() => {
                    heard = tokio::time::Instant::now();
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
                            match Round::new(state).play(id, &mv, token.as_deref()).await {
                                Ok(_) => None, // the broadcast carries the new game
                                Err(e) => Some(error_message(&ApiError::from(e))),
                            }
                        }
                    };
                    if let Some(r) = reply {
                        if !sent(&mut tx, Message::Text(r.into()), timeout).await {
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// What a socket is sent: the game's changes and its chat events.
type Updates = (
    broadcast::Receiver<Arc<str>>,
    broadcast::Receiver<Arc<ChatNote>>,
);

impl Session {
    /// Whether the socket's token plays in the game (a player reads the whole chat).
    async fn plays(&self) -> bool {
        self.token.is_some()
            && !self
                .live
                .lock()
                .await
                .sides_of(self.token.as_deref())
                .is_empty()
    }
}

/// Sends `message`; false when the socket failed or the client did not take it within `timeout`
/// (then the socket is given up: a reader that stops reading holds no queue).
async fn sent(
    tx: &mut futures_util::stream::SplitSink<WebSocket, Message>,
    message: Message,
    timeout: Duration,
) -> bool {
    matches!(
        tokio::time::timeout(timeout, tx.send(message)).await,
        Ok(Ok(()))
    )
}
