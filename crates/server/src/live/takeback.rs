//! Taking moves back (undo) in engine and hot-seat games.

use std::sync::Arc;

use crate::db::{self, Status};
use crate::live::error::GameError;
use crate::live::game::Opponent;
use crate::live::registry::AppState;
use crate::live::view::GameView;

impl AppState {
    /// Takes back moves: against the engine the player's last move and the engine's reply to it
    /// (only the player's move while the engine is still thinking); in a local game one move.
    pub async fn undo(
        self: &Arc<Self>,
        id: i64,
        token: Option<&str>,
    ) -> Result<GameView, GameError> {
        let live = self.live(id).await?;
        let mut g = live.lock().await;
        self.check_clock(&mut g).await?;
        g.player_sides(token)?;
        if let Some((_, why)) = &g.ended {
            return Err(GameError::EndedNoTakeback(why.clone()));
        }
        // A result against the engine stands, also a win by rule (review it by stepping through
        // the moves); a hot-seat game may be taken back past its end to try another line.
        if let (Opponent::Engine, Some(why)) = (g.opponent(), g.game.outcome_words()) {
            return Err(GameError::EndedNoTakeback(why));
        }
        let plies = g.game.plies();
        let take = match g.opponent() {
            Opponent::Online => return Err(GameError::NoTakebackOnline),
            Opponent::Local => 1,
            Opponent::Engine => {
                if Some(g.game.side()) == g.engine_side() {
                    1
                } else {
                    2
                }
            }
        };
        if plies < take {
            return Err(GameError::NothingToTakeBack);
        }
        let mut next = g.game.clone();
        for _ in 0..take {
            next.undo();
        }
        let keep = next.plies() as u32;
        let mut status = Status {
            result: "*".into(),
            reason: None,
            draw_offer: None,
        };
        if let Some(o) = next.outcome() {
            status.result = o.result_token().into();
            status.reason = next.outcome_words();
        }
        let gid = g.meta.id;
        self.db.truncate_moves(gid, keep, status).await?;
        g.game = next;
        g.times.truncate(keep as usize);
        g.clocks.truncate(keep as usize);
        g.turn_started = db::now_ms();
        g.stopped_at = g.game.outcome().map(|_| g.turn_started);
        g.draw_offer = None;
        g.cancel_reply();
        g.changed();
        self.act(&live, &mut g).await;
        Ok(g.view(token))
    }
}
