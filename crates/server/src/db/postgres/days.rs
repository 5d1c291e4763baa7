//! Correspondence games on PostgreSQL: another period given to the side to move (schema step 16).

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
}
