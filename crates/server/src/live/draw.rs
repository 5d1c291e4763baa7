//! Draw offers between two people: offer, accept, decline. The engine takes none.

use hasami_core::Side;

use crate::db::Db;
use crate::live::end::End;
use crate::live::error::GameError;
use crate::live::finish::Finisher;
use crate::live::game::LiveGame;
use crate::live::opponent::Opponent;

/// What a player does about a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DrawAction {
    /// Offers a draw (accepts when the opponent has offered).
    Offer,
    /// Accepts the opponent's offer.
    Accept,
    /// Declines the opponent's offer.
    Decline,
}

/// Draw offers: built with the store they are written to.
pub(crate) struct Drawer<'a> {
    db: &'a Db,
}

impl<'a> Drawer<'a> {
    /// A drawer writing to `db`.
    pub(crate) fn new(db: &'a Db) -> Drawer<'a> {
        Drawer { db }
    }

    /// Draw offers in online games: `Offer` (accepts when the opponent has offered), `Accept`,
    /// `Decline`.
    pub(crate) async fn answer(
        &self,
        g: &mut LiveGame,
        token: Option<&str>,
        action: DrawAction,
    ) -> Result<(), GameError> {
        let engine = g.opponent() == Opponent::Engine;
        let (me, both) = g.offering_side(token, engine.then_some(GameError::EngineTakesNoDraws))?;
        let offered_to_me = g.draw_offer() == Some(!me);
        match action {
            DrawAction::Offer | DrawAction::Accept if offered_to_me || both => {
                Finisher::new(self.db)
                    .end(g, End::draw("draw: agreed".into()))
                    .await
            }
            DrawAction::Offer => self.offer(g, Some(me)).await,
            DrawAction::Accept => Err(GameError::NoOfferToAccept),
            DrawAction::Decline if offered_to_me => self.offer(g, None).await,
            DrawAction::Decline => Err(GameError::NoOfferToDecline),
        }
    }

    /// Stores and applies the side that offers a draw (none: an offer declined).
    async fn offer(&self, g: &mut LiveGame, side: Option<Side>) -> Result<(), GameError> {
        self.db
            .set_status(g.meta().id, g.status_with_draw_offer(side))
            .await?;
        g.set_draw_offer(side);
        Ok(())
    }
}
