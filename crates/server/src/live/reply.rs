//! The engine's replies: a search started when it is the engine's turn, played when it finishes
//! unless the game changed meanwhile.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use tokio::sync::Mutex;

use crate::db::DbError;
use crate::engine::{timed, REPLY_TIME};
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
        if g.is_over() || g.thinking || g.game.side() != engine_side || g.arranging().is_some() {
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
        let time = match g.remaining(engine_side, tokio::time::Instant::now()) {
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
                .search(
                    timed(pos, history, level, time)
                        .omniscient(omniscient)
                        .seed(seed)
                        .stop(stop),
                )
                .await;
            // A store in trouble is tried again (live/retry.rs); meanwhile the engine still shows as
            // thinking, and a takeback or an end stops it.
            let mut backoff = state.backoff();
            loop {
                let mut g = live.lock().await;
                if g.version != version {
                    return; // the game changed meanwhile (undo, resignation, time)
                }
                match state
                    .store_reply(&live, &mut g, found.best.as_deref())
                    .await
                {
                    Stored::Played => {
                        state.watch_clock(&live, &mut g);
                        return;
                    }
                    Stored::Reloaded => return,
                    Stored::Refused if backoff.again() => {}
                    Stored::Refused | Stored::Dropped => {
                        // Given up; the clock timer of the engine's turn goes on.
                        g.thinking = false;
                        g.reply_stop = None;
                        g.tell();
                        return;
                    }
                }
                drop(g);
                backoff.wait().await;
            }
        });
    }

    /// Plays and stores the engine's move `best` (its text) in `g`, standing where it was searched.
    async fn store_reply(
        self: &Arc<Self>,
        live: &Arc<Mutex<LiveGame>>,
        g: &mut LiveGame,
        best: Option<&str>,
    ) -> Stored {
        let Some(mv) = best.and_then(|m| g.game.parse_move(m).ok()) else {
            return Stored::Dropped;
        };
        if self.check_clock(g).await.is_err() {
            return Stored::Refused;
        }
        if g.is_over() {
            return Stored::Dropped;
        }
        match self.commit_move(g, mv).await {
            Ok(()) => Stored::Played,
            Err(GameError::Store(DbError::Conflict)) => {
                // Another server replied first: show what is stored.
                let _ = self.reload(live, g).await;
                Stored::Reloaded
            }
            Err(GameError::Store(_)) => Stored::Refused,
            Err(_) => Stored::Dropped,
        }
    }
}

/// What became of an engine reply.
enum Stored {
    /// Stored and played.
    Played,
    /// Another server had stored a move first; the game was reloaded.
    Reloaded,
    /// The store failed: tried again later.
    Refused,
    /// Not a move for this game any more (it ended, or the move does not parse).
    Dropped,
}
