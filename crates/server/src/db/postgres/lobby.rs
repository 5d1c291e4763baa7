//! The lobby's calls on PostgreSQL: take an open seat, close one, list the open games.

use super::Postgres;
use crate::db::{now_ms, DbError, OpenGame};

impl Postgres {
    pub(in crate::db) async fn take_seat(
        &self,
        id: i64,
        seat: String,
        name: String,
        token: String,
        user: Option<i64>,
    ) -> Result<bool, DbError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        // The row lock makes a second joiner wait and then find the seat taken.
        let taken = tx
            .execute(
                "UPDATE games SET open_seat = NULL, updated = $4, turn_started = $4, paired = TRUE,
                    black_name = CASE WHEN $2 = 'black' THEN $3 ELSE black_name END,
                    white_name = CASE WHEN $2 = 'white' THEN $3 ELSE white_name END,
                    black_token = CASE WHEN $2 = 'black' THEN $5 ELSE black_token END,
                    white_token = CASE WHEN $2 = 'white' THEN $5 ELSE white_token END,
                    black_user = CASE WHEN $2 = 'black' THEN $6 ELSE black_user END,
                    white_user = CASE WHEN $2 = 'white' THEN $6 ELSE white_user END
                 WHERE id = $1 AND open_seat = $2 AND result = '*' AND reason IS NULL",
                &[&id, &seat, &name, &now_ms(), &token, &user],
            )
            .await?;
        if taken == 1 {
            self.notify(&tx, id).await?;
        }
        tx.commit().await?;
        Ok(taken == 1)
    }

    pub(in crate::db) async fn close_seat(&self, id: i64, seat: String) -> Result<bool, DbError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        let closed = tx
            .execute(
                "UPDATE games SET open_seat = NULL, updated = $3 WHERE id = $1 AND open_seat = $2",
                &[&id, &seat, &now_ms()],
            )
            .await?;
        if closed == 1 {
            self.notify(&tx, id).await?;
        }
        tx.commit().await?;
        Ok(closed == 1)
    }

    pub(in crate::db) async fn list_open(
        &self,
        limit: u32,
        since: i64,
    ) -> Result<Vec<OpenGame>, DbError> {
        let c = self.client().await?;
        let rows = c
            .query(
                "SELECT g.id, g.variant,
                    CASE g.open_seat WHEN 'black' THEN g.white_name ELSE g.black_name END,
                    g.open_seat, g.clock_initial, g.clock_increment, g.created, g.rated, r.rating,
                    g.clock_days
                 FROM games g LEFT JOIN ratings r
                    ON r.user_id = CASE g.open_seat WHEN 'black' THEN g.white_user ELSE g.black_user END
                    AND r.preset = split_part(g.variant, '+', 1)
                 WHERE g.open_seat IS NOT NULL AND g.result = '*' AND g.reason IS NULL
                    AND g.created >= $2
                 ORDER BY g.created DESC, g.id DESC LIMIT $1",
                &[&i64::from(limit), &since],
            )
            .await?;
        Ok(rows
            .iter()
            .map(|r| OpenGame {
                id: r.get(0),
                variant: r.get(1),
                creator: r.get(2),
                seat: r.get(3),
                clock_initial: r.get(4),
                clock_increment: r.get(5),
                created: r.get(6),
                rated: r.get(7),
                rating: r.get(8),
                clock_days: r.get(9),
            })
            .collect())
    }
}
