//! Taking moves back: at once in engine and hot-seat games (undo); in online games by request, once
//! the opponent agrees.

use hasami_core::Side;

use crate::db::{Db, DbError};
use crate::live::error::GameError;
use crate::live::game::LiveGame;
use crate::live::opponent::Opponent;

/// What a player does about a takeback (online games).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TakebackAction {
    /// Asks the opponent to take back the caller's last move (accepts when the opponent asked).
    Offer,
    /// Takes the opponent's requested moves back.
    Accept,
    /// Refuses the opponent's request.
    Decline,
}

impl LiveGame {
    /// How many plies take back `side`'s last move: one on the opponent's turn, two (the
    /// opponent's reply too) on its own; `None` when it has made no move yet.
    fn plies_back_for(&self, side: Side) -> Option<usize> {
        let take = if self.game().side() == side { 2 } else { 1 };
        (self.game().plies() >= take).then_some(take)
    }
}

/// Takebacks: built with the store they are written to. What the game needs after a takeback (the
/// engine's reply, the clock's timer) is the round's (`round.rs`).
pub(crate) struct Takebacker<'a> {
    db: &'a Db,
}

impl<'a> Takebacker<'a> {
    /// A takebacker writing to `db`.
    pub(crate) fn new(db: &'a Db) -> Takebacker<'a> {
        Takebacker { db }
    }

    /// Takes back moves: against the engine the player's last move and the engine's reply to it
    /// (only the player's move while the engine is still thinking); in a local game one move.
    pub(crate) async fn undo(
        &self,
        g: &mut LiveGame,
        token: Option<&str>,
    ) -> Result<(), GameError> {
        g.player_sides(token)?;
        if let Some(end) = g.ended() {
            return Err(GameError::EndedNoTakeback(end.reason.clone()));
        }
        // A result against the engine stands, also a win by rule (review it by stepping through
        // the moves); a hot-seat game may be taken back past its end to try another line.
        if let (Opponent::Engine, Some(why)) = (g.opponent(), g.game().outcome_words()) {
            return Err(GameError::EndedNoTakeback(why));
        }
        let take = match g.opponent() {
            Opponent::Online => return Err(GameError::NoTakebackOnline),
            Opponent::Local => 1,
            Opponent::Engine => {
                if Some(g.game().side()) == g.engine_side() {
                    1
                } else {
                    2
                }
            }
        };
        if g.game().plies() < take {
            return Err(GameError::NothingToTakeBack);
        }
        self.take_back(g, take).await
    }

    /// Takeback requests in online games: `Offer` asks the opponent to take back the caller's
    /// last move (and the opponent's reply to it, on the caller's turn), and accepts when the
    /// opponent has asked already; `Accept` takes the opponent's requested moves back; `Decline`
    /// refuses. A move or the end of the game answers a request too.
    pub(crate) async fn answer(
        &self,
        g: &mut LiveGame,
        token: Option<&str>,
        action: TakebackAction,
    ) -> Result<(), GameError> {
        let online = g.opponent() == Opponent::Online;
        let (me, _) = g.offering_side(token, (!online).then_some(GameError::TakebackByUndo))?;
        let asked_of_me = g.takeback_offer() == Some(!me);
        match action {
            TakebackAction::Offer | TakebackAction::Accept if asked_of_me => {
                let take = g.plies_back_for(!me).ok_or(GameError::NothingToTakeBack)?;
                self.take_back(g, take).await
            }
            TakebackAction::Offer => {
                g.plies_back_for(me).ok_or(GameError::NothingToTakeBack)?;
                self.set_offer(g, Some(me)).await
            }
            TakebackAction::Accept => Err(GameError::NoTakebackToAccept),
            TakebackAction::Decline if asked_of_me => self.set_offer(g, None).await,
            TakebackAction::Decline => Err(GameError::NoTakebackToDecline),
        }
    }

    /// Stores and tells a takeback request made or answered without taking anything back.
    async fn set_offer(&self, g: &mut LiveGame, side: Option<Side>) -> Result<(), GameError> {
        self.db
            .set_status(g.meta().id, g.status_with_takeback_offer(side))
            .await?;
        g.set_takeback_offer(side);
        Ok(())
    }

    /// Takes back the last `take` plies (stored first) and clears offers and requests. Each side's
    /// clock goes back to where its last remaining move left it; the side to move's runs from now.
    /// A copy found stale is read again.
    async fn take_back(&self, g: &mut LiveGame, take: usize) -> Result<(), GameError> {
        let mut next = g.game().clone();
        for _ in 0..take {
            next.undo();
        }
        let keep = next.plies() as u32;
        let status = LiveGame::status_after_takeback(&next);
        let from = g.game().plies() as u32;
        if let Err(e) = self
            .db
            .truncate_moves(g.meta().id, from, keep, status)
            .await
        {
            if matches!(e, DbError::Conflict) {
                // Another server changed the game first: this copy is stale.
                let _ = g.reread(self.db).await;
            }
            return Err(e.into());
        }
        g.take_back(next);
        Ok(())
    }
}
