//! Lists of games (`GET /api/games`, the latest or the ones asked for by id), each with whose turn
//! it is while it goes on.

use hasami_core::{AnyGame, RecordResult};

use crate::db::{Db, GameSummary, Listing};
use crate::live::error::GameError;
use crate::live::opponent::side_word;

/// Lists of games: built with the store they are read from.
pub(crate) struct GamesList<'a> {
    db: &'a Db,
}

impl<'a> GamesList<'a> {
    /// Lists read from `db`.
    pub(crate) fn new(db: &'a Db) -> GamesList<'a> {
        GamesList { db }
    }

    /// The games `which` names, newest change first, with whose turn it is in those going on.
    pub(crate) async fn games(&self, which: Listing) -> Result<Vec<GameSummary>, GameError> {
        let mut games = self.db.list_games(which).await?;
        for g in &mut games {
            g.turn = turn_of(g);
        }
        Ok(games)
    }
}

/// Whose turn it is in a listed game: the start position's side to move after its plies; `None`
/// once the game has ended (or if its stored start no longer reads).
pub(crate) fn turn_of(g: &GameSummary) -> Option<&'static str> {
    if g.result != RecordResult::Unfinished.token() || g.reason.is_some() {
        return None;
    }
    let first = AnyGame::new(&g.variant, Some(&g.start)).ok()?.side();
    Some(side_word(if g.plies.is_multiple_of(2) {
        first
    } else {
        !first
    }))
}
