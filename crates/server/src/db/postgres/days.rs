//! Correspondence games on PostgreSQL: another period given to the side to move, and the games
//! whose deadline passed (schema step 16).

use super::Postgres;
use crate::db::{now_ms, DbError};

impl Postgres {
    pub(in crate::db) async fn extend(
        &self,
        id: i64,
        plies: u32,
        before: i64,
    ) -> Result<bool, DbError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        // Only at the ply and count the caller saw: the row lock makes a concurrent extension or
        // move wait and then find the row changed.
        let given = tx
            .execute(
                "UPDATE games SET extensions = $3 + 1, updated = $4
                 WHERE id = $1 AND plies = $2 AND extensions = $3 AND clock_days IS NOT NULL
                    AND result = '*' AND reason IS NULL",
                &[&id, &i64::from(plies), &before, &now_ms()],
            )
            .await?;
        if given != 1 {
            return Ok(false);
        }
        self.notify(&tx, id).await?;
        tx.commit().await?;
        Ok(true)
    }

    pub(in crate::db) async fn overdue(
        &self,
        now: i64,
        day: i64,
        limit: u32,
    ) -> Result<Vec<i64>, DbError> {
        let c = self.client().await?;
        let rows = c
            .query(
                "SELECT id FROM games WHERE clock_days IS NOT NULL AND result = '*'
                    AND reason IS NULL AND open_seat IS NULL AND NOT arranging
                    AND COALESCE(turn_started, created) + clock_days * $2 * (1 + extensions) < $1
                 ORDER BY id LIMIT $3",
                &[&now, &day, &i64::from(limit)],
            )
            .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }
}
