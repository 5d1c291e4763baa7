//! Hints and analysis: the engine's best move, score and principal variation for the position.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::engine::{timed, Analysis, Engine};
use crate::live::error::GameError;
use crate::live::opponent::Opponent;
use crate::live::random::random_u64;
use crate::live::round::Round;

/// Hints: built over the round of the server's games and the engine that searches them.
pub(crate) struct Hinter {
    round: Round,
    engine: Arc<Engine>,
}

impl Hinter {
    /// Over the `round` and the `engine`.
    pub(crate) fn new(round: Round, engine: &Arc<Engine>) -> Hinter {
        Hinter {
            round,
            engine: Arc::clone(engine),
        }
    }
}

impl Hinter {
    /// The engine's best move, score and principal variation for the current position, or for the
    /// position after ply `ply` (reviewing a game: 0 is the start), searched for `ms` milliseconds
    /// (default 700, 50 to 10,000). Not available in an online game in progress.
    /// A newer hint for the same game stops this one, which then answers with what it found so far:
    /// one game keeps at most one hint search busy.
    pub(crate) async fn hint(
        &self,
        id: i64,
        ms: Option<u64>,
        ply: Option<usize>,
    ) -> Result<Analysis, GameError> {
        let live = self.round.game(id).await?;
        let stop = Arc::new(AtomicBool::new(false));
        let (pos, omniscient, history) = {
            let mut g = live.lock().await;
            if g.opponent() == Opponent::Online && !g.is_over() {
                return Err(GameError::NoHintsOnline);
            }
            g.check_arranged()?;
            g.replace_hint(Arc::clone(&stop));
            let plies = g.game().plies();
            match ply {
                Some(p) if p > plies => return Err(GameError::NoSuchPly(p, plies)),
                Some(p) if p < plies => {
                    // The game as it stood after ply `p`, with its history for repetitions.
                    let mut then = g.game().clone();
                    for _ in p..plies {
                        then.undo();
                    }
                    (then.position(), g.meta().omniscient, then.hashes())
                }
                _ => (g.game().position(), g.meta().omniscient, g.game().hashes()),
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
