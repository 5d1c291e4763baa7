//! Hints and analysis: the engine's best move, score and principal variation for the position.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::engine::Analysis;
use crate::live::error::GameError;
use crate::live::game::Opponent;
use crate::live::random::random_u64;
use crate::live::registry::AppState;

impl AppState {
    /// The engine's best move, score and principal variation for the current position, searched for
    /// `ms` milliseconds (default 700, 50 to 10,000). Not available in an online game in progress.
    pub async fn hint(self: &Arc<Self>, id: i64, ms: Option<u64>) -> Result<Analysis, GameError> {
        let live = self.live(id).await?;
        let (pos, omniscient, history) = {
            let g = live.lock().await;
            if g.opponent() == Opponent::Online && !g.is_over() {
                return Err(GameError::NoHintsOnline);
            }
            (g.game.position(), g.meta.omniscient, g.game.hashes())
        };
        let time = std::time::Duration::from_millis(ms.unwrap_or(700).clamp(50, 10_000));
        Ok(self
            .engine
            .search(
                pos,
                omniscient,
                history,
                10,
                time,
                random_u64(),
                Arc::new(AtomicBool::new(false)),
            )
            .await)
    }
}
