//! Playing a move: checked, stored (the move is committed before it is acknowledged or broadcast),
//! then applied; the engine's reply and the clock's timer follow.

use std::sync::Arc;

use hasami_core::{BitBoard, Move};

use crate::db::{self, DbError, StoredMove};
use crate::live::error::GameError;
use crate::live::game::LiveGame;
use crate::live::game::{ply_limit_end, MAX_PLIES};
use crate::live::registry::AppState;
use crate::live::turn::TurnClock;
use crate::live::view::GameView;

/// Captured squares as stored: square names separated by spaces.
pub(crate) fn captured_text(squares: BitBoard) -> String {
    squares
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

impl AppState {
    /// Plays `text` for the holder of `token`. The move is stored before this returns.
    pub async fn play(
        self: &Arc<Self>,
        id: i64,
        text: &str,
        token: Option<&str>,
    ) -> Result<GameView, GameError> {
        let live = self.live(id).await?;
        let mut g = live.lock().await;
        self.check_clock(&mut g).await?;
        let mover = g.game.side();
        g.check_turn(token, mover)?;
        g.check_playing()?;
        g.check_arranged()?;
        let mv = match g.game.parse_move(text) {
            Ok(mv) => mv,
            Err(e) => return Err(self.refused_move(&live, &mut g, e).await),
        };
        // The server that stores a move in an engine or clock game owns the game first, so the
        // others (who hear of the move as it commits) leave the reply and the clock to it.
        if g.engine_side().is_some() || g.meta.clock_initial.is_some() {
            self.db.claim(id).await;
        }
        if let Err(e) = self.commit_move(&mut g, mv).await {
            return Err(match e {
                GameError::Store(DbError::Conflict) => {
                    // Another server stored this ply first: this copy is stale.
                    let _ = self.reload(&live, &mut g).await;
                    e
                }
                GameError::IllegalMove(e) => self.refused_move(&live, &mut g, e).await,
                e => e,
            });
        }
        self.act(&live, &mut g).await;
        Ok(g.view(token))
    }

    /// The answer to a move this copy of the game refuses. With a store other servers share, the
    /// copy may be behind it (the last move was stored elsewhere and not yet heard of here): then
    /// the game is read again and the answer is a conflict (409: look again), not an illegal move.
    async fn refused_move(
        self: &Arc<Self>,
        live: &Arc<tokio::sync::Mutex<LiveGame>>,
        g: &mut LiveGame,
        e: hasami_core::AnyGameError,
    ) -> GameError {
        if self.db.is_shared() {
            let seen = (g.game.plies(), g.is_over());
            if self.reload(live, g).await.is_ok() && (g.game.plies(), g.is_over()) != seen {
                return GameError::Store(DbError::Conflict);
            }
        }
        GameError::IllegalMove(e)
    }

    /// Checks and stores a move, then applies it and tells the watchers.
    pub(crate) async fn commit_move(&self, g: &mut LiveGame, mv: Move) -> Result<(), GameError> {
        if g.game.plies() >= MAX_PLIES {
            return Err(GameError::PlyLimit { max: MAX_PLIES });
        }
        let mut next = g.game.clone();
        let captured = next.play(mv).map_err(GameError::IllegalMove)?;
        let time = db::now_ms();
        let ply = next.plies() as u32;
        let mover = g.game.side();
        let clock = g
            .remaining(mover, tokio::time::Instant::now())
            .map(|left| left + g.meta.clock_increment);
        let stored = StoredMove {
            mv: mv.to_string(),
            captured: captured_text(captured),
            time,
            clock,
        };
        let mut status = g.status();
        if let Some(o) = next.outcome() {
            status.result = o.result_token().into();
            status.reason = next.outcome_words();
        }
        if let Some((result, why)) = ply_limit_end(&next) {
            status.result = result;
            status.reason = Some(why);
        }
        status.draw_offer = None;
        status.takeback_offer = None;
        let id = g.meta.id;
        self.db.append_move(id, ply, stored, status).await?;
        self.metrics.moved();
        g.take_move(next, time, clock, TurnClock::start());
        g.thinking = false;
        g.reply_stop = None;
        g.changed();
        Ok(())
    }
}
