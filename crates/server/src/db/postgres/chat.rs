//! The chat of online games in the PostgreSQL store (db/chat.rs says what is stored). A message is
//! counted and stored with its game's row locked, so servers posting at once cannot pass the limit
//! together; each change is told to the other servers in its transaction (notify.rs reads it).

use hasami_core::Side;

use super::settings::CHANNEL;
use super::Postgres;
use crate::db::chat::{public_column, ChatLine, StoredChat, MAX_CHAT};
use crate::db::{side_from_text, side_text, DbError};

impl Postgres {
    pub(in crate::db) async fn add_chat(
        &self,
        id: i64,
        line: ChatLine,
    ) -> Result<Option<[bool; 2]>, DbError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        let Some(row) = tx
            .query_opt(
                "SELECT chat_public_black, chat_public_white FROM games WHERE id = $1 FOR UPDATE",
                &[&id],
            )
            .await?
        else {
            return Ok(None);
        };
        let public: [bool; 2] = [row.get(0), row.get(1)];
        let count: i64 = tx
            .query_one("SELECT count(*) FROM chat WHERE game_id = $1", &[&id])
            .await?
            .get(0);
        if count >= i64::from(MAX_CHAT) {
            return Ok(None);
        }
        let side = side_text(line.side);
        tx.execute(
            "INSERT INTO chat (game_id, side, text, time) VALUES ($1, $2, $3, $4)",
            &[&id, &side, &line.text, &line.time],
        )
        .await?;
        let both = u8::from(public[0] && public[1]);
        let told = format!(
            "{} {id} chat {side} {} {both} {}",
            self.server, line.time, line.text
        );
        tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &told])
            .await?;
        tx.commit().await?;
        Ok(Some(public))
    }

    pub(in crate::db) async fn load_chat(&self, id: i64) -> Result<StoredChat, DbError> {
        let c = self.client().await?;
        let public = c
            .query_opt(
                "SELECT chat_public_black, chat_public_white FROM games WHERE id = $1",
                &[&id],
            )
            .await?
            .map_or([false; 2], |r| [r.get(0), r.get(1)]);
        let rows = c
            .query(
                "SELECT side, text, time FROM chat WHERE game_id = $1 ORDER BY id",
                &[&id],
            )
            .await?;
        let lines = rows
            .iter()
            .filter_map(|r| {
                Some(ChatLine {
                    side: side_from_text(r.get(0))?,
                    text: r.get(1),
                    time: r.get(2),
                })
            })
            .collect();
        Ok(StoredChat { lines, public })
    }

    pub(in crate::db) async fn set_chat_public(
        &self,
        id: i64,
        side: Side,
        allow: bool,
    ) -> Result<[bool; 2], DbError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        let public = tx
            .query_opt(
                &format!(
                    "UPDATE games SET {} = $2 WHERE id = $1
                     RETURNING chat_public_black, chat_public_white",
                    public_column(side)
                ),
                &[&id, &allow],
            )
            .await?
            .map_or([false; 2], |r| [r.get(0), r.get(1)]);
        let told = format!(
            "{} {id} chat-public {} {}",
            self.server,
            u8::from(public[0]),
            u8::from(public[1])
        );
        tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &told])
            .await?;
        tx.commit().await?;
        Ok(public)
    }
}
