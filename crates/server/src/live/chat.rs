//! Chat between the two players of an online game (engine and hot-seat games have none): a player
//! posts a message (`post`), anyone reads the chat (`read`: spectators only when both players let
//! them, `set_public`), and every message goes to the game's sockets (live/chat_room.rs keeps the
//! pace and the channel). Messages are stored (db/chat.rs) before they are sent, so a reload or
//! another server sharing the store reads them back; other servers' messages reach this server's
//! sockets through `relay`.
//!
//! The chat stays open for [`CHAT_AFTER_END`] after the game ends (post-game talk), then it is
//! read-only.

use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;
use tokio::sync::{mpsc, Mutex};

use crate::db::{now_ms, Changed, ChatLine, Db, MAX_CHAT};
use crate::live::chat_room::check_text;
use crate::live::error::GameError;
use crate::live::game::LiveGame;
use crate::live::opponent::{side_word, Opponent};
use crate::live::round::Round;

/// How long after the end of a game its players may still post.
pub(crate) const CHAT_AFTER_END: Duration = Duration::from_secs(60 * 60);

/// One chat message as the API answers it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ChatMessage {
    /// `black` or `white`.
    side: &'static str,
    /// The text.
    text: String,
    /// When it was posted, Unix milliseconds.
    time: i64,
}

impl ChatMessage {
    fn of(line: ChatLine) -> ChatMessage {
        ChatMessage {
            side: side_word(line.side),
            text: line.text,
            time: line.time,
        }
    }
}

/// Whether each player lets spectators read the chat.
#[derive(Debug, Clone, Copy, Serialize)]
pub(crate) struct ChatPublic {
    /// Black's (the first player's) consent.
    black: bool,
    /// White's.
    white: bool,
}

impl ChatPublic {
    fn of(public: [bool; 2]) -> ChatPublic {
        ChatPublic {
            black: public[0],
            white: public[1],
        }
    }
}

/// A game's chat as the asker may read it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ChatView {
    /// The messages in the order posted (none for a spectator unless both players allow).
    messages: Vec<ChatMessage>,
    /// The players' consent to spectators reading.
    public: ChatPublic,
}

/// The chat of games: built over the round of the server's games and the store.
pub(crate) struct Chatter {
    round: Round,
    db: Db,
}

impl Chatter {
    /// Over the `round` and the store `db`.
    pub(crate) fn new(round: Round, db: &Db) -> Chatter {
        Chatter {
            round,
            db: db.clone(),
        }
    }

    /// Posts `text` for the player holding `token` in game `id`: stored, then sent to the sockets.
    pub(crate) async fn post(
        &self,
        id: i64,
        token: Option<&str>,
        text: &str,
    ) -> Result<ChatMessage, GameError> {
        let live = self.round.game(id).await?;
        let mut g = live.lock().await;
        let side = chat_side(&g, token)?;
        if let Some(ago) = ended_ago(&g) {
            if ago > CHAT_AFTER_END {
                return Err(GameError::ChatClosed);
            }
        }
        let text = check_text(text)?;
        g.chat_mut()
            .pace(side, tokio::time::Instant::now())
            .map_err(|wait| GameError::ChatTooFast {
                wait_s: wait.as_secs_f64().ceil().max(1.0) as u64,
            })?;
        let line = ChatLine {
            side,
            text,
            time: now_ms(),
        };
        let public = self
            .db
            .add_chat(id, line.clone())
            .await?
            .ok_or(GameError::ChatFull { max: MAX_CHAT })?;
        g.chat_mut().tell(&line, public[0] && public[1]);
        Ok(ChatMessage::of(line))
    }

    /// Game `id`'s chat for the holder of `token`: players read it all, spectators only when both
    /// players allow (else no messages).
    pub(crate) async fn read(&self, id: i64, token: Option<&str>) -> Result<ChatView, GameError> {
        let live = self.round.game(id).await?;
        let player = !live.lock().await.sides_of(token).is_empty();
        let chat = self.db.load_chat(id).await?;
        let open = player || chat.public == [true, true];
        let messages = if open {
            chat.lines.into_iter().map(ChatMessage::of).collect()
        } else {
            Vec::new()
        };
        Ok(ChatView {
            messages,
            public: ChatPublic::of(chat.public),
        })
    }

    /// Lets spectators read game `id`'s chat, or not, for the player holding `token` (both players
    /// must allow); both players' consent after it.
    pub(crate) async fn set_public(
        &self,
        id: i64,
        token: Option<&str>,
        allow: bool,
    ) -> Result<ChatPublic, GameError> {
        let live = self.round.game(id).await?;
        let g = live.lock().await;
        let side = chat_side(&g, token)?;
        let public = self.db.set_chat_public(id, side, allow).await?;
        g.chat().tell_public(public);
        Ok(ChatPublic::of(public))
    }
}

/// The side the holder of `token` chats for: a player of an online game.
fn chat_side(g: &LiveGame, token: Option<&str>) -> Result<hasami_core::Side, GameError> {
    let sides = g.player_sides(token)?;
    if g.opponent() != Opponent::Online {
        return Err(GameError::ChatNotOnline);
    }
    Ok(sides[0])
}

/// How long ago the game ended, if it did: the turn it ended on has lasted since what it had lasted
/// when the game ended.
fn ended_ago(g: &LiveGame) -> Option<Duration> {
    if !g.is_over() {
        return None;
    }
    let at_end = g.stopped_after()?;
    let now = g.turn().elapsed_ms(tokio::time::Instant::now());
    Some(Duration::from_millis(
        u64::try_from(now - at_end).unwrap_or(0),
    ))
}

/// Chat events other servers stored, waiting to reach this server's sockets, at most (beyond, one
/// is dropped; a player's page reads the chat again when its socket connects again).
const RELAY_BACKLOG: usize = 256;

/// The queue of other servers' chat events (`Changed::Chat`, `Changed::ChatPublic`) for the games
/// in memory here, sent to their sockets one after another in the order told.
pub(crate) fn relay() -> mpsc::Sender<(Arc<Mutex<LiveGame>>, Changed)> {
    let (tx, mut rx) = mpsc::channel::<(Arc<Mutex<LiveGame>>, Changed)>(RELAY_BACKLOG);
    tokio::spawn(async move {
        while let Some((live, what)) = rx.recv().await {
            let g = live.lock().await;
            match what {
                Changed::Chat(line, public) => g.chat().tell(&line, public),
                Changed::ChatPublic(public) => g.chat().tell_public(public),
                _ => {}
            }
        }
    });
    tx
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::wall_shift;
    use crate::live::registry::AppState;
    use crate::live::{Creator, NewGame};

    #[tokio::test]
    async fn the_chat_closes_an_hour_after_the_end_and_stays_readable() {
        let dir = tempfile::tempdir().unwrap();
        let state = AppState::new(Db::open(&dir.path().join("g.sqlite3")).unwrap(), 1);
        let req: NewGame = serde_json::from_value(serde_json::json!({
            "variant": "hasami", "opponent": "online", "side": "black"
        }))
        .unwrap();
        let c = Creator::over(&state).create(req).await.unwrap();
        let round = Round::new(&state);
        let chatter = Chatter::new(round.clone(), &state.db);
        round.resign(c.id, Some(&c.token)).await.unwrap();
        chatter.post(c.id, Some(&c.token), "gg").await.unwrap();
        // An hour and a bit later, read again from the store (as after a restart): closed.
        wall_shift::step(CHAT_AFTER_END.as_millis() as i64 + 60_000);
        let live = round.game(c.id).await.unwrap();
        round.reload(&live, &mut *live.lock().await).await.unwrap();
        let refused = chatter.post(c.id, Some(&c.token), "still there?").await;
        assert!(matches!(refused, Err(GameError::ChatClosed)), "{refused:?}");
        let view = chatter.read(c.id, Some(&c.token)).await.unwrap();
        assert_eq!(view.messages.len(), 1);
        assert_eq!(view.messages[0].text, "gg");
    }
}
