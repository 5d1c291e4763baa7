//! Following changes made by other servers that share the store (PostgreSQL): a game that another
//! server changed is reloaded from the store and sent to this server's sockets, so a player or a
//! spectator may be connected to any server. A move refused by the store because another server
//! stored that ply first ([`DbError::Conflict`]) reloads the game too, so the refusal is the last
//! thing a stale copy can cause.
//!
//! The server that stores the move that puts an engine on turn runs that engine reply; a server
//! that only follows the change does not start one.

use std::sync::Arc;

use tokio::sync::Mutex;

use crate::live::error::GameError;
use crate::live::game::LiveGame;
use crate::live::registry::AppState;

impl AppState {
    /// Follows the store's changes until the store stops sending them (runs for the server's life;
    /// does nothing for a store only this server uses).
    pub async fn follow_store(self: Arc<Self>) {
        let Some(mut changes) = self.db.changes() else {
            return;
        };
        while let Some(id) = changes.recv().await {
            // Only games in memory here have copies to update; the others load fresh when used.
            if let Some(live) = self.in_memory(id) {
                let mut g = live.lock().await;
                let _ = self.reload(&live, &mut g).await;
            }
        }
    }

    /// Replaces `g` with the game as stored (its watchers stay and get the new game).
    pub(crate) async fn reload(
        self: &Arc<Self>,
        live: &Arc<Mutex<LiveGame>>,
        g: &mut LiveGame,
    ) -> Result<(), GameError> {
        let id = g.meta.id;
        let stored = self
            .db
            .load_game(id)
            .await?
            .ok_or(GameError::NotFound(id))?;
        let fresh = LiveGame::from_stored(stored)?;
        g.cancel_reply();
        g.meta = fresh.meta;
        g.game = fresh.game;
        g.times = fresh.times;
        g.clocks = fresh.clocks;
        g.turn_started = fresh.turn_started;
        g.ended = fresh.ended;
        g.draw_offer = fresh.draw_offer;
        g.changed();
        self.watch_clock(live, g);
        Ok(())
    }
}
