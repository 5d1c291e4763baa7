//! Hints and analysis: the engine's best move, score and principal variation for the position.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::engine::{timed, Analysis};
use crate::live::error::GameError;
use crate::live::game::Opponent;
use crate::live::random::random_u64;
use crate::live::registry::AppState;

impl AppState {
    /// The engine's best move, score and principal variation for the current position, or for the
    /// position after ply `ply` (reviewing a game: 0 is the start), searched for `ms` milliseconds
    /// (default 700, 50 to 10,000). Not available in an online game in progress.
    /// A newer hint for the same game stops this one, which then answers with what it found so far:
    /// one game keeps at most one hint search busy.
    pub async fn hint(
        self: &Arc<Self>,
        id: i64,
        ms: Option<u64>,
        ply: Option<usize>,
    ) -> Result<Analysis, GameError> {
        let live = self.live(id).await?;
        let stop = Arc::new(AtomicBool::new(false));
        let (pos, omniscient, history) = {
            let mut g = live.lock().await;
            if g.opponent() == Opponent::Online && !g.is_over() {
                return Err(GameError::NoHintsOnline);
            }
            g.check_arranged()?;
            if let Some(older) = g.hint_stop.replace(Arc::clone(&stop)) {
                older.store(true, Ordering::Relaxed);
            }
            let plies = g.game.plies();
            match ply {
                Some(p) if p > plies => return Err(GameError::NoSuchPly(p, plies)),
                Some(p) if p < plies => {
                    // The game as it stood after ply `p`, with its history for repetitions.
                    let mut then = g.game.clone();
                    for _ in p..plies {
                        then.undo();
                    }
                    (then.position(), g.meta.omniscient, then.hashes())
                }
                _ => (g.game.position(), g.meta.omniscient, g.game.hashes()),
            }
        };
        let time = std::time::Duration::from_millis(ms.unwrap_or(700).clamp(50, 10_000));
        Ok(self
            .engine
            .search(
                timed(pos, history, 10, time)
                    .omniscient(omniscient)
                    .seed(random_u64())
                    .stop(stop),
            )
            .await)
    }
}
