//! The engine's replies: a search started when it is the engine's turn, played when it finishes
//! unless the game changed meanwhile.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use tokio::sync::Mutex;

use crate::db::{self, DbError};
use crate::engine::REPLY_TIME;
use crate::live::error::GameError;
use crate::live::game::LiveGame;
use crate::live::random::random_u64;
use crate::live::registry::AppState;

impl AppState {
    /// Starts the engine's reply if it is the engine's turn.
    pub(crate) fn start_engine(self: &Arc<Self>, live: &Arc<Mutex<LiveGame>>, g: &mut LiveGame) {
        let Some(engine_side) = g.engine_side() else {
            return;
        };
        if g.is_over() || g.thinking || g.game.side() != engine_side {
            return;
        }
        if !self.db.owns(g.meta.id) {
            return; // another server sharing the store owns the game and replies (live/follow.rs)
        }
        g.thinking = true;
        g.changed();
        let version = g.version;
        let pos = g.game.position();
        let omniscient = g.meta.omniscient;
        let history = g.game.hashes();
        let level = g.meta.level;
        let seed = random_u64();
        // With a clock the engine spends about a twentieth of its time plus half the increment.
        let time = match g.remaining(engine_side, db::now_ms()) {
            Some(left) => REPLY_TIME.min(std::time::Duration::from_millis(
                (left / 20 + g.meta.clock_increment / 2).max(20) as u64,
            )),
            None => REPLY_TIME,
        };
        // Stopped when the game is taken back or ends meanwhile (LiveGame::cancel_reply).
        let stop = Arc::new(AtomicBool::new(false));
        g.reply_stop = Some(Arc::clone(&stop));
        let state = Arc::clone(self);
        let live = Arc::clone(live);
        tokio::spawn(async move {
            let found = state
                .engine
                .search(pos, omniscient, history, level, time, seed, stop)
                .await;
            let mut g = live.lock().await;
            if g.version != version {
                return; // the game changed meanwhile (undo, resignation, time)
            }
            let mv = found.best.and_then(|m| g.game.parse_move(&m).ok());
            let done = match mv {
                Some(mv) if state.check_clock(&mut g).await.is_ok() && !g.is_over() => {
                    match state.commit_move(&mut g, mv).await {
                        Ok(()) => true,
                        Err(GameError::Store(DbError::Conflict)) => {
                            // Another server replied first: show what is stored.
                            let _ = state.reload(&live, &mut g).await;
                            return;
                        }
                        Err(_) => false,
                    }
                }
                _ => false,
            };
            if done {
                state.watch_clock(&live, &mut g);
            } else if g.thinking {
                g.thinking = false;
                g.changed();
            }
        });
    }
}
