//! Correspondence games on SQLite: another period given to the side to move, and the games whose
//! deadline passed (schema step 16).

use rusqlite::params;

use super::Sqlite;
use crate::db::{now_ms, DbError};

impl Sqlite {
    pub(in crate::db) async fn extend(
        &self,
        id: i64,
        plies: u32,
        before: i64,
    ) -> Result<bool, DbError> {
        self.call(move |c| {
            let given = c.execute(
                "UPDATE games SET extensions = ?3 + 1, updated = ?4
                 WHERE id = ?1 AND plies = ?2 AND extensions = ?3 AND clock_days IS NOT NULL
                    AND result = '*' AND reason IS NULL",
                params![id, plies, before, now_ms()],
            )?;
            Ok(given == 1)
        })
        .await
    }

    pub(in crate::db) async fn overdue(
        &self,
        now: i64,
        day: i64,
        limit: u32,
    ) -> Result<Vec<i64>, DbError> {
        self.call(move |c| {
            let mut stmt = c.prepare(
                "SELECT id FROM games WHERE clock_days IS NOT NULL AND result = '*'
                    AND reason IS NULL AND open_seat IS NULL AND arranging = 0
                    AND COALESCE(turn_started, created) + clock_days * ?2 * (1 + extensions) < ?1
                 ORDER BY id LIMIT ?3",
            )?;
            let ids = stmt.query_map(params![now, day, limit], |r| r.get(0))?;
            Ok(ids.collect::<Result<_, _>>()?)
        })
        .await
    }
}
