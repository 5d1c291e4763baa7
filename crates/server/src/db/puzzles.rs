//! Players' results on puzzles as stored (schema step 17): the `puzzle_results` table, one row per
//! puzzle tried. Each finished try is a Glicko-2 game between the player and the puzzle (solved: the
//! player won); the puzzle's rating starts at its file's rating and moves with every try, so a
//! puzzle's difficulty comes from its proof's effort first and from players' solve rates after.
//! A row is read and written in one transaction, so servers sharing a PostgreSQL store count every
//! try. Rows are at most one per shipped puzzle (the caller checks the id against the set).

use super::{Backend, Db, DbError};
use crate::glicko::{Rating, TAU};

/// A puzzle's standing: its rating as players' results moved it, its tries and solves.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PuzzleStanding {
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub rd: f64,
    /// Its volatility.
    pub volatility: f64,
    /// Finished tries.
    pub attempts: i64,
    /// Tries that solved it.
    pub solved: i64,
}

/// The deviation of a puzzle no player has tried: its starting rating is an estimate.
pub const START_RD: f64 = 300.0;

impl PuzzleStanding {
    /// A puzzle no one has tried, at its file's rating.
    pub fn new(rating: f64) -> PuzzleStanding {
        PuzzleStanding {
            rating,
            rd: START_RD,
            volatility: Rating::NEW.volatility,
            attempts: 0,
            solved: 0,
        }
    }

    /// The standing after one try by a player rated `player` (rating, deviation).
    pub fn after(self, player: (f64, f64), solved: bool) -> PuzzleStanding {
        let own = Rating {
            rating: self.rating,
            rd: self.rd,
            volatility: self.volatility,
        };
        let player = Rating {
            rating: player.0.clamp(100.0, 4000.0),
            rd: player.1.clamp(30.0, 350.0),
            volatility: Rating::NEW.volatility,
        };
        let score = if solved { 0.0 } else { 1.0 };
        let next = own.after(&[(player, score)], TAU);
        PuzzleStanding {
            rating: next.rating,
            rd: next.rd,
            volatility: next.volatility,
            attempts: self.attempts + 1,
            solved: self.solved + i64::from(solved),
        }
    }
}

impl Db {
    /// Records one finished try of `puzzle` (starting at `start` if never tried) by a player rated
    /// `player` (rating, deviation); the puzzle's standing after it.
    pub async fn record_puzzle_result(
        &self,
        puzzle: &str,
        start: f64,
        player: (f64, f64),
        solved: bool,
    ) -> Result<PuzzleStanding, DbError> {
        let puzzle = puzzle.to_string();
        match &self.backend {
            Backend::Sqlite(s) => s.record_puzzle_result(puzzle, start, player, solved).await,
            Backend::Postgres(p) => p.record_puzzle_result(&puzzle, start, player, solved).await,
        }
    }

    /// The standing of `puzzle`, `None` if no one has finished a try.
    pub async fn puzzle_standing(&self, puzzle: &str) -> Result<Option<PuzzleStanding>, DbError> {
        let puzzle = puzzle.to_string();
        match &self.backend {
            Backend::Sqlite(s) => s.puzzle_standing(puzzle).await,
            Backend::Postgres(p) => p.puzzle_standing(&puzzle).await,
        }
    }
}
