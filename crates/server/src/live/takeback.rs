//! Taking moves back: at once in engine and hot-seat games (undo); in online games by request, once
//! the opponent agrees.

use std::sync::Arc;

use hasami_core::Side;
use tokio::sync::Mutex;

use crate::db::{DbError, Status};
use crate::live::error::GameError;
use crate::live::game::{side_word, LiveGame, Opponent};
use crate::live::registry::AppState;
use crate::live::turn::TurnClock;
use crate::live::view::GameView;

impl LiveGame {
    /// How many plies take back `side`'s last move: one on the opponent's turn, two (the
    /// opponent's reply too) on its own; `None` when it has made no move yet.
    fn plies_back_for(&self, side: Side) -> Option<usize> {
        let take = if self.game.side() == side { 2 } else { 1 };
        (self.game.plies() >= take).then_some(take)
    }
}

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
        if g.game.plies() < take {
            return Err(GameError::NothingToTakeBack);
        }
        self.take_back(&live, &mut g, take).await?;
        Ok(g.view(token))
    }

    /// Takeback requests in online games: `offer` asks the opponent to take back the caller's
    /// last move (and the opponent's reply to it, on the caller's turn), and accepts when the
    /// opponent has asked already; `accept` takes the opponent's requested moves back; `decline`
    /// refuses. A move or the end of the game answers a request too.
    pub async fn takeback(
        self: &Arc<Self>,
        id: i64,
        token: Option<&str>,
        action: &str,
    ) -> Result<GameView, GameError> {
        let live = self.live(id).await?;
        let mut g = live.lock().await;
        self.check_clock(&mut g).await?;
        let online = g.opponent() == Opponent::Online;
        let (me, _) = g.offering_side(token, (!online).then_some(GameError::TakebackByUndo))?;
        let asked_of_me = g.takeback_offer == Some(!me);
        match action {
            "offer" | "accept" if asked_of_me => {
                let take = g.plies_back_for(!me).ok_or(GameError::NothingToTakeBack)?;
                self.take_back(&live, &mut g, take).await?;
            }
            "offer" => {
                g.plies_back_for(me).ok_or(GameError::NothingToTakeBack)?;
                self.set_takeback_offer(&mut g, Some(me)).await?;
            }
            "accept" => return Err(GameError::NoTakebackToAccept),
            "decline" if asked_of_me => self.set_takeback_offer(&mut g, None).await?,
            "decline" => return Err(GameError::NoTakebackToDecline),
            other => return Err(GameError::BadTakebackAction(other.to_string())),
        }
        Ok(g.view(token))
    }

    /// Stores and tells a takeback request made or answered without taking anything back.
    async fn set_takeback_offer(
        &self,
        g: &mut LiveGame,
        side: Option<Side>,
    ) -> Result<(), GameError> {
        let mut status = g.status();
        status.takeback_offer = side.map(|s| side_word(s).to_string());
        self.db.set_status(g.meta.id, status).await?;
        g.takeback_offer = side;
        // The position and the clocks stay: an engine reply or clock timer in flight goes on.
        g.tell();
        Ok(())
    }

    /// Takes back the last `take` plies (stored first), clears offers and requests, and restarts
    /// what the game needs next (the engine's reply, the clock's timer). Each side's clock goes back
    /// to where its last remaining move left it; the side to move's runs from now.
    async fn take_back(
        self: &Arc<Self>,
        live: &Arc<Mutex<LiveGame>>,
        g: &mut LiveGame,
        take: usize,
    ) -> Result<(), GameError> {
        let mut next = g.game.clone();
        for _ in 0..take {
            next.undo();
        }
        let keep = next.plies() as u32;
        let mut status = Status {
            result: "*".into(),
            reason: None,
            draw_offer: None,
            takeback_offer: None,
        };
        if let Some(o) = next.outcome() {
            status.result = o.result_token().into();
            status.reason = next.outcome_words();
        }
        let from = g.game.plies() as u32;
        if let Err(e) = self.db.truncate_moves(g.meta.id, from, keep, status).await {
            if matches!(e, DbError::Conflict) {
                // Another server changed the game first: this copy is stale.
                let _ = self.reload(live, g).await;
            }
            return Err(e.into());
        }
        g.game = next;
        g.times.truncate(keep as usize);
        g.clocks.truncate(keep as usize);
        g.turn = TurnClock::start();
        g.stopped_after = g.game.outcome().map(|_| 0);
        g.draw_offer = None;
        g.takeback_offer = None;
        g.cancel_reply();
        g.changed();
        self.act(live, g).await;
        Ok(())
    }
}
