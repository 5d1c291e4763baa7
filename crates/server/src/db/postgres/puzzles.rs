//! Players' results on puzzles in the PostgreSQL store (db/puzzles.rs says what is stored): the
//! row is made if missing and locked, so tries on servers sharing the store are each counted once.

use tokio_postgres::Row;

use super::Postgres;
use crate::db::puzzles::PuzzleStanding;
use crate::db::DbError;

fn standing(row: &Row) -> PuzzleStanding {
    PuzzleStanding {
        rating: row.get(0),
        rd: row.get(1),
        volatility: row.get(2),
        attempts: row.get(3),
        solved: row.get(4),
    }
}

impl Postgres {
    pub(in crate::db) async fn record_puzzle_result(
        &self,
        puzzle: &str,
        start: f64,
        player: (f64, f64),
        solved: bool,
    ) -> Result<PuzzleStanding, DbError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        let new = PuzzleStanding::new(start);
        tx.execute(
            "INSERT INTO puzzle_results (puzzle, rating, rd, volatility, attempts, solved)
             VALUES ($1, $2, $3, $4, 0, 0) ON CONFLICT (puzzle) DO NOTHING",
            &[&puzzle, &new.rating, &new.rd, &new.volatility],
        )
        .await?;
        let row = tx
            .query_one(
                "SELECT rating, rd, volatility, attempts, solved FROM puzzle_results
                 WHERE puzzle = $1 FOR UPDATE",
                &[&puzzle],
            )
            .await?;
        let after = standing(&row).after(player, solved);
        tx.execute(
            "UPDATE puzzle_results SET rating = $2, rd = $3, volatility = $4, attempts = $5,
                 solved = $6 WHERE puzzle = $1",
            &[
                &puzzle,
                &after.rating,
                &after.rd,
                &after.volatility,
                &after.attempts,
                &after.solved,
            ],
        )
        .await?;
        tx.commit().await?;
        Ok(after)
    }

    pub(in crate::db) async fn puzzle_standing(
        &self,
        puzzle: &str,
    ) -> Result<Option<PuzzleStanding>, DbError> {
        let c = self.client().await?;
        let row = c
            .query_opt(
                "SELECT rating, rd, volatility, attempts, solved FROM puzzle_results
                 WHERE puzzle = $1",
                &[&puzzle],
            )
            .await?;
        Ok(row.as_ref().map(standing))
    }
}
