//! Shogun `setup=choose` on PostgreSQL: a side's arrangement stored, and the start written by the
//! transaction that completes both (schema step 11).

use super::Postgres;
use crate::db::{now_ms, DbError, StartOf};

impl Postgres {
    pub(in crate::db) async fn arrange(
        &self,
        id: i64,
        seat: String,
        arrangement: String,
        start: StartOf,
    ) -> Result<Option<[Option<String>; 2]>, DbError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        let now = now_ms();
        // The row lock makes the other side's arrangement wait, so the second of the two sees both.
        let Some(row) = tx
            .query_opt(
                "UPDATE games SET updated = $4,
                    arranged_black = CASE WHEN $2 = 'black' THEN $3 ELSE arranged_black END,
                    arranged_white = CASE WHEN $2 = 'white' THEN $3 ELSE arranged_white END
                 WHERE id = $1 AND arranging AND result = '*' AND reason IS NULL
                    AND CASE WHEN $2 = 'black' THEN arranged_black ELSE arranged_white END IS NULL
                 RETURNING arranged_black, arranged_white",
                &[&id, &seat, &arrangement, &now],
            )
            .await?
        else {
            return Ok(None);
        };
        let both: [Option<String>; 2] = [row.get(0), row.get(1)];
        if let [Some(black), Some(white)] = &both {
            if let Some(text) = start(black, white) {
                tx.execute(
                    "UPDATE games SET start = $2, arranging = FALSE, turn_started = $3 WHERE id = $1",
                    &[&id, &text, &now],
                )
                .await?;
            }
        }
        self.notify(&tx, id).await?;
        tx.commit().await?;
        Ok(Some(both))
    }
}
