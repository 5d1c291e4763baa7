//! The chat of online games in the SQLite store (db/chat.rs says what is stored). The one
//! connection is behind a mutex, so a count and the insert it allows are one step.

use hasami_core::Side;
use rusqlite::{params, OptionalExtension};

use super::Sqlite;
use crate::db::chat::{public_column, ChatLine, StoredChat, MAX_CHAT};
use crate::db::{side_from_text, side_text, DbError};

impl Sqlite {
    pub(in crate::db) async fn add_chat(
        &self,
        id: i64,
        line: ChatLine,
    ) -> Result<Option<[bool; 2]>, DbError> {
        self.call(move |c| {
            let tx = c.transaction()?;
            let public = public_of(&tx, id)?;
            let count: i64 =
                tx.query_row("SELECT count(*) FROM chat WHERE game_id = ?1", [id], |r| {
                    r.get(0)
                })?;
            if count >= i64::from(MAX_CHAT) {
                return Ok(None);
            }
            tx.execute(
                "INSERT INTO chat (game_id, side, text, time) VALUES (?1, ?2, ?3, ?4)",
                params![id, side_text(line.side), line.text, line.time],
            )?;
            tx.commit()?;
            Ok(Some(public))
        })
        .await
    }

    pub(in crate::db) async fn load_chat(&self, id: i64) -> Result<StoredChat, DbError> {
        self.call(move |c| {
            let public = public_of(c, id)?;
            let mut q =
                c.prepare("SELECT side, text, time FROM chat WHERE game_id = ?1 ORDER BY id")?;
            let rows = q.query_map([id], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get(2)?))
            })?;
            let mut lines = Vec::new();
            for row in rows {
                let (side, text, time) = row?;
                if let Some(side) = side_from_text(&side) {
                    lines.push(ChatLine { side, text, time });
                }
            }
            Ok(StoredChat { lines, public })
        })
        .await
    }

    pub(in crate::db) async fn set_chat_public(
        &self,
        id: i64,
        side: Side,
        allow: bool,
    ) -> Result<[bool; 2], DbError> {
        self.call(move |c| {
            c.execute(
                &format!(
                    "UPDATE games SET {} = ?2 WHERE id = ?1",
                    public_column(side)
                ),
                params![id, allow],
            )?;
            Ok(public_of(c, id)?)
        })
        .await
    }
}

/// Both players' consent to spectators reading game `id`'s chat (none for a game not stored).
fn public_of(c: &rusqlite::Connection, id: i64) -> rusqlite::Result<[bool; 2]> {
    let both = c
        .query_row(
            "SELECT chat_public_black, chat_public_white FROM games WHERE id = ?1",
            [id],
            |r| Ok([r.get(0)?, r.get(1)?]),
        )
        .optional()?;
    Ok(both.unwrap_or_default())
}
