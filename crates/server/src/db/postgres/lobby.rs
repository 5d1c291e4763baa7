//! The lobby's calls on PostgreSQL: take an open seat, close one, list the open games.

use super::Postgres;
use crate::db::{now_ms, DbError, OpenGame};

impl Postgres {
    pub(in crate::db) async fn take_seat(
        &self,
        id: i64,
        seat: String,
        name: String,
    ) -> Result<bool, DbError> {
        let names = if seat == "black" {
            "black_name"
        } else {
            "white_name"
        };
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        // The row lock makes a second joiner wait and then find the seat taken.
        let taken = tx
            .execute(
                &format!(
                    "UPDATE games SET open_seat = NULL, {names} = $3, updated = $4
                     WHERE id = $1 AND open_seat = $2 AND result = '*' AND reason IS NULL"
                ),
                &[&id, &seat, &name, &now_ms()],
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
                "SELECT id, variant, black_name, white_name, open_seat, clock_initial,
                    clock_increment, created
                 FROM games WHERE open_seat IS NOT NULL AND result = '*' AND reason IS NULL
                    AND created >= $2
                 ORDER BY created DESC, id DESC LIMIT $1",
                &[&i64::from(limit), &since],
            )
            .await?;
        Ok(rows
            .iter()
            .map(|r| {
                let seat: String = r.get(4);
                OpenGame {
                    id: r.get(0),
                    variant: r.get(1),
                    creator: r.get(if seat == "black" { 3 } else { 2 }),
                    seat,
                    clock_initial: r.get(5),
                    clock_increment: r.get(6),
                    created: r.get(7),
                }
            })
            .collect())
    }
}
