//! Ending a game other than by the rules: resignation, abort, loss on time (checked before every
//! action and by a timer, `round.rs`). Every end is stored before anyone is told.

use tokio::time::Instant;

use crate::db::{Db, DbError};
use crate::live::end::End;
use crate::live::error::GameError;
use crate::live::game::LiveGame;

/// The reason stored for an aborted game (its result stays `*`: nobody won, nothing was drawn).
pub(crate) const ABORTED: &str = "Game aborted";

impl LiveGame {
    /// The end "on time" for the side to move, when its time is up at `now`, or the abort of a
    /// paired game whose side to move let its time for a first move pass.
    fn flag(&self, now: Instant) -> Option<End> {
        if self.meta().clock_days.is_some() {
            return self.days_flag(now);
        }
        if self.first_move_due() {
            if self.turn().elapsed_ms(now) < self.first_move_ms() {
                return None;
            }
            let late = self.game().side_name(self.game().side());
            return Some(End::aborted(format!(
                "{ABORTED}: {late} did not make a first move"
            )));
        }
        if !self.clock_running() || self.remaining(self.game().side(), now)? > 0 {
            return None;
        }
        let loser = self.game().side();
        Some(End::win(
            !loser,
            format!(
                "{} wins on time: {} ran out of time",
                self.game().side_name(!loser),
                self.game().side_name(loser)
            ),
        ))
    }
}

/// Ends games: built with the store the ends are written to.
pub(crate) struct Finisher<'a> {
    db: &'a Db,
}

impl<'a> Finisher<'a> {
    /// A finisher writing to `db`.
    pub(crate) fn new(db: &'a Db) -> Finisher<'a> {
        Finisher { db }
    }

    /// Resigns for the holder of `token` (in a local game, the side to move resigns).
    pub(crate) async fn resign(
        &self,
        g: &mut LiveGame,
        token: Option<&str>,
    ) -> Result<(), GameError> {
        let sides = g.player_sides(token)?;
        g.check_playing()?;
        let loser = g.acting_side(&sides);
        let winner = !loser;
        let reason = format!(
            "{} wins: {} resigned",
            g.game().side_name(winner),
            g.game().side_name(loser)
        );
        self.end(g, End::win(winner, reason)).await
    }

    /// Aborts the game for a player before each side has moved (fewer than two plies): it ends
    /// with no result, as if never played. Later a player resigns instead.
    pub(crate) async fn abort(
        &self,
        g: &mut LiveGame,
        token: Option<&str>,
    ) -> Result<(), GameError> {
        g.player_sides(token)?;
        g.check_playing()?;
        if g.game().plies() >= 2 {
            return Err(GameError::TooLateToAbort);
        }
        self.end(g, End::aborted(ABORTED.into())).await
    }

    /// Ends the game on time when the side to move's time is up, or aborts it when a paired
    /// player's first move is late (stored before anyone is told).
    pub(crate) async fn check_clock(&self, g: &mut LiveGame) -> Result<(), GameError> {
        if let Some(end) = g.flag(Instant::now()) {
            self.end(g, end).await?;
        }
        Ok(())
    }

    /// Stores and applies `end` (it answers any draw offer and takeback request).
    /// The store refuses the end of a game it holds as ended already (another request or
    /// server ended it first): then this copy reads it again and the answer is a conflict.
    pub(crate) async fn end(&self, g: &mut LiveGame, end: End) -> Result<(), GameError> {
        if let Err(e) = self.db.set_status(g.meta().id, g.status_ended(&end)).await {
            if matches!(e, DbError::Conflict) {
                let _ = g.reread(self.db).await;
            }
            return Err(e.into());
        }
        g.end(end);
        Ok(())
    }
}
