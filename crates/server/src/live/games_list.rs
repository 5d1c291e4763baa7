//! Lists of games (`GET /api/games`, the latest or the ones asked for by id), each with whose turn
//! it is while it goes on.

use hasami_core::AnyGame;

use crate::db::{GameSummary, Listing};
use crate::live::error::GameError;
use crate::live::game::side_word;
use crate::live::registry::AppState;

impl AppState {
    /// The games `which` names, newest change first, with whose turn it is in those going on.
    pub async fn games(&self, which: Listing) -> Result<Vec<GameSummary>, GameError> {
        let mut games = self.db.list_games(which).await?;
        for g in &mut games {
            g.turn = turn_of(g);
        }
        Ok(games)
    }
}

/// Whose turn it is in a listed game: the start position's side to move after its plies; `None`
/// once the game has ended (or if its stored start no longer reads).
fn turn_of(g: &GameSummary) -> Option<&'static str> {
    if g.result != "*" || g.reason.is_some() {
        return None;
    }
    let first = AnyGame::new(&g.variant, Some(&g.start)).ok()?.side();
    Some(side_word(if g.plies.is_multiple_of(2) {
        first
    } else {
        !first
    }))
}
