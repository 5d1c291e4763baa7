//! Playing a move: checked, stored (the move is committed before it is acknowledged or broadcast),
//! then applied. The engine's reply and the clock's timer follow (`round.rs`).

use hasami_core::{BitBoard, Move};

use crate::db::{self, Db, DbError, StoredMove};
use crate::live::end::MAX_PLIES;
use crate::live::error::GameError;
use crate::live::game::LiveGame;
use crate::live::turn::TurnClock;
use crate::metrics::Metrics;

/// Captured squares as stored: square names separated by spaces.
pub(crate) fn captured_text(squares: BitBoard) -> String {
    squares
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Moves: built with the store they are written to and the counts they add to.
pub(crate) struct Mover<'a> {
    db: &'a Db,
    metrics: &'a Metrics,
}

impl<'a> Mover<'a> {
    /// A mover writing to `db`, counting in `metrics`.
    pub(crate) fn new(db: &'a Db, metrics: &'a Metrics) -> Mover<'a> {
        Mover { db, metrics }
    }

    /// Plays `text` for the holder of `token`. The move is stored before this returns; a copy
    /// found stale is read again.
    pub(crate) async fn play(
        &self,
        g: &mut LiveGame,
        text: &str,
        token: Option<&str>,
    ) -> Result<(), GameError> {
        let mover = g.game().side();
        g.check_turn(token, mover)?;
        g.check_playing()?;
        g.check_arranged()?;
        let mv = match g.game().parse_move(text) {
            Ok(mv) => mv,
            Err(e) => return Err(self.refused(g, e).await),
        };
        // The server that stores a move in an engine, clock or correspondence game owns the game
        // first, so the others (who hear of the move as it commits) leave the reply and the clock
        // to it.
        let timed = g.meta().clock_initial.is_some() || g.meta().clock_days.is_some();
        if g.engine_side().is_some() || timed {
            self.db.claim(g.meta().id).await;
        }
        if let Err(e) = self.commit(g, mv).await {
            return Err(match e {
                GameError::Store(DbError::Conflict) => {
                    // Another server stored this ply first: this copy is stale.
                    let _ = g.reread(self.db).await;
                    e
                }
                GameError::IllegalMove(e, _) => self.refused(g, e).await,
                e => e,
            });
        }
        Ok(())
    }

    /// The answer to a move this copy of the game refuses. With a store other servers share, the
    /// copy may be behind it (the last move was stored elsewhere and not yet heard of here): then
    /// the game is read again and the answer is a conflict (409: look again), not an illegal move.
    async fn refused(&self, g: &mut LiveGame, e: hasami_core::AnyGameError) -> GameError {
        if self.db.is_shared() {
            let seen = (g.game().plies(), g.is_over());
            if g.reread(self.db).await.is_ok() && (g.game().plies(), g.is_over()) != seen {
                return GameError::Store(DbError::Conflict);
            }
        }
        GameError::illegal(e)
    }

    /// Checks and stores a move, then applies it and tells the watchers.
    pub(crate) async fn commit(&self, g: &mut LiveGame, mv: Move) -> Result<(), GameError> {
        if g.game().plies() >= MAX_PLIES {
            return Err(GameError::PlyLimit { max: MAX_PLIES });
        }
        let mut next = g.game().clone();
        let captured = next.play(mv).map_err(GameError::illegal)?;
        let time = db::now_ms();
        let ply = next.plies() as u32;
        let mover = g.game().side();
        let clock = g
            .remaining(mover, tokio::time::Instant::now())
            .map(|left| left + g.meta().clock_increment);
        let stored = StoredMove {
            mv: mv.to_string(),
            captured: captured_text(captured),
            time,
            clock,
        };
        let status = g.status_after_move(&next);
        self.db
            .append_move(g.meta().id, ply, stored, status)
            .await?;
        self.metrics.moved();
        g.reply_done();
        g.take_move(next, time, clock, TurnClock::start());
        Ok(())
    }
}
