//! Draw offers between two people: offer, accept, decline. The engine takes none.

use std::sync::Arc;

use crate::live::error::GameError;
use crate::live::game::Opponent;
use crate::live::registry::AppState;
use crate::live::view::GameView;

/// The result and reason of an agreed draw.
fn agreed() -> Option<(String, String)> {
    Some(("1/2-1/2".into(), "draw: agreed".into()))
}

impl AppState {
    /// Draw offers in online games: `offer` (accepts when the opponent has offered), `accept`,
    /// `decline`.
    pub async fn draw(
        self: &Arc<Self>,
        id: i64,
        token: Option<&str>,
        action: &str,
    ) -> Result<GameView, GameError> {
        let live = self.live(id).await?;
        let mut g = live.lock().await;
        self.check_clock(&mut g).await?;
        let engine = g.opponent() == Opponent::Engine;
        let (me, both) = g.offering_side(token, engine.then_some(GameError::EngineTakesNoDraws))?;
        let offered_to_me = g.draw_offer == Some(!me);
        match action {
            "offer" | "accept" if offered_to_me || both => {
                self.set_end(&mut g, agreed(), None).await?
            }
            "offer" => self.set_end(&mut g, None, Some(me)).await?,
            "accept" => return Err(GameError::NoOfferToAccept),
            "decline" if offered_to_me => self.set_end(&mut g, None, None).await?,
            "decline" => return Err(GameError::NoOfferToDecline),
            other => return Err(GameError::BadDrawAction(other.to_string())),
        }
        Ok(g.view(token))
    }
}
