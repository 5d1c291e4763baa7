//! The chat of online games as stored (schema step 15): the `chat` table, one row per message in the
//! order posted, and each player's consent that spectators read it (`games.chat_public_black` and
//! `chat_public_white`). A game's chat holds at most `MAX_CHAT` messages: the store refuses more,
//! in the same transaction as the count, so servers sharing a PostgreSQL store cannot pass it
//! together. Every change is told to the other servers (`Changed::Chat`, `Changed::ChatPublic`).

use hasami_core::Side;

use super::{Backend, Db, DbError};

/// The most messages one game's chat keeps.
pub const MAX_CHAT: u32 = 500;

/// One chat message as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatLine {
    /// The side of the player who wrote it.
    pub side: Side,
    /// Its text (checked before it is stored: live/chat_room.rs).
    pub text: String,
    /// When it was posted, Unix milliseconds.
    pub time: i64,
}

/// A game's chat as stored.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StoredChat {
    /// The messages in the order posted.
    pub lines: Vec<ChatLine>,
    /// Whether each player (first, second) lets spectators read the chat.
    pub public: [bool; 2],
}

impl Db {
    /// Appends `line` to game `id`'s chat unless it holds `MAX_CHAT` messages already; each
    /// player's consent to spectators reading (first, second) when stored, `None` when full.
    pub async fn add_chat(&self, id: i64, line: ChatLine) -> Result<Option<[bool; 2]>, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.add_chat(id, line).await,
            Backend::Postgres(p) => p.add_chat(id, line).await,
        }
    }

    /// Game `id`'s chat: its messages and the players' consent to spectators reading it.
    pub async fn load_chat(&self, id: i64) -> Result<StoredChat, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.load_chat(id).await,
            Backend::Postgres(p) => p.load_chat(id).await,
        }
    }

    /// Writes whether `side`'s player lets spectators read game `id`'s chat; both players' consent
    /// after the write (first, second).
    pub async fn set_chat_public(
        &self,
        id: i64,
        side: Side,
        allow: bool,
    ) -> Result<[bool; 2], DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.set_chat_public(id, side, allow).await,
            Backend::Postgres(p) => p.set_chat_public(id, side, allow).await,
        }
    }
}

/// The column of `side`'s consent.
pub(super) fn public_column(side: Side) -> &'static str {
    match side {
        Side::First => "chat_public_black",
        Side::Second => "chat_public_white",
    }
}
