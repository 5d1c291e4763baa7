//! Players' results on puzzles in the SQLite store (db/puzzles.rs says what is stored): the read
//! and the write of a try are one immediate transaction.

use rusqlite::{params, Connection, OptionalExtension};

use super::Sqlite;
use crate::db::puzzles::PuzzleStanding;
use crate::db::DbError;

fn standing(c: &Connection, puzzle: &str) -> Result<Option<PuzzleStanding>, rusqlite::Error> {
    c.query_row(
        "SELECT rating, rd, volatility, attempts, solved FROM puzzle_results WHERE puzzle = ?1",
        [puzzle],
        |r| {
            Ok(PuzzleStanding {
                rating: r.get(0)?,
                rd: r.get(1)?,
                volatility: r.get(2)?,
                attempts: r.get(3)?,
                solved: r.get(4)?,
            })
        },
    )
    .optional()
}

impl Sqlite {
    pub(in crate::db) async fn record_puzzle_result(
        &self,
        puzzle: String,
        start: f64,
        player: (f64, f64),
        solved: bool,
    ) -> Result<PuzzleStanding, DbError> {
        self.call(move |c| {
            let tx = c.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let before = standing(&tx, &puzzle)?.unwrap_or(PuzzleStanding::new(start));
            let after = before.after(player, solved);
            tx.execute(
                "INSERT INTO puzzle_results (puzzle, rating, rd, volatility, attempts, solved)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT (puzzle) DO UPDATE SET rating = ?2, rd = ?3, volatility = ?4,
                     attempts = ?5, solved = ?6",
                params![
                    puzzle,
                    after.rating,
                    after.rd,
                    after.volatility,
                    after.attempts,
                    after.solved
                ],
            )?;
            tx.commit()?;
            Ok(after)
        })
        .await
    }

    pub(in crate::db) async fn puzzle_standing(
        &self,
        puzzle: String,
    ) -> Result<Option<PuzzleStanding>, DbError> {
        self.call(move |c| Ok(standing(c, &puzzle)?)).await
    }
}
