//! The `presence` table: one row per game, side and server holding a socket of that side's player,
//! with when the server last said so (PostgreSQL's clock, so the servers' clocks do not matter).

use super::settings::CHANNEL;
use super::Postgres;
use crate::db::DbError;

/// Now in Unix milliseconds by the database's clock.
const NOW_MS: &str = "(extract(epoch from clock_timestamp()) * 1000)::BIGINT";
/// A row not kept for this long belongs to a server that stopped (each keeps its rows every 10 s).
const STALE_MS: i64 = 30_000;

impl Postgres {
    /// This server's id as stored.
    pub(super) fn me(&self) -> i64 {
        self.server as i64
    }

    pub(in crate::db) async fn set_presence(
        &self,
        id: i64,
        here: [bool; 2],
    ) -> Result<(), DbError> {
        let mut c = self.client().await?;
        let t = c.transaction().await?;
        let me = self.me();
        t.execute(
            "DELETE FROM presence WHERE game_id = $1 AND server = $2",
            &[&id, &me],
        )
        .await?;
        for (side, held) in ["black", "white"].into_iter().zip(here) {
            if held {
                t.execute(
                    &format!(
                        "INSERT INTO presence (game_id, side, server, seen) VALUES ($1, $2, $3, {NOW_MS})"
                    ),
                    &[&id, &side, &me],
                )
                .await?;
            }
        }
        t.execute(
            "SELECT pg_notify($1, $2)",
            &[&CHANNEL, &format!("{} {id} here", self.server)],
        )
        .await?;
        t.commit().await?;
        Ok(())
    }

    /// `(game, side is the second)` for every side of the games of `ids` that another server holds
    /// a socket of and has kept within [`STALE_MS`].
    pub(in crate::db) async fn present_elsewhere(
        &self,
        ids: &[i64],
    ) -> Result<Vec<(i64, bool)>, DbError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let c = self.client().await?;
        let rows = c
            .query(
                &format!(
                    "SELECT DISTINCT game_id, side = 'white' FROM presence
                     WHERE game_id = ANY($1::BIGINT[]) AND server <> $2 AND seen > {NOW_MS} - $3"
                ),
                &[&ids, &self.me(), &STALE_MS],
            )
            .await?;
        Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
    }

    pub(in crate::db) async fn keep_presence(&self) -> Result<(), DbError> {
        let c = self.client().await?;
        c.execute(
            &format!("UPDATE presence SET seen = {NOW_MS} WHERE server = $1"),
            &[&self.me()],
        )
        .await?;
        c.execute(
            &format!("DELETE FROM presence WHERE seen < {NOW_MS} - $1"),
            &[&STALE_MS],
        )
        .await?;
        Ok(())
    }
}
