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

/// How long an engine reply that the store refuses (a disk or database server in trouble) is
/// tried again before it is given up; the next look at the game starts it again.
pub(crate) const REPLY_RETRY: std::time::Duration = std::time::Duration::from_secs(60);

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
            // A store in trouble is tried again, less often each time, until the window closes;
            // meanwhile the engine still shows as thinking and a takeback or an end stops it.
            let give_up = tokio::time::Instant::now() + state.reply_retry();
            let mut wait = RETRY_FIRST;
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
                    Stored::Refused if tokio::time::Instant::now() + wait < give_up => {}
                    Stored::Refused | Stored::Dropped => {
                        g.thinking = false;
                        g.reply_stop = None;
                        g.changed();
                        return;
                    }
                }
                drop(g);
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(RETRY_MOST);
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

/// The first wait before an engine reply the store refused is tried again; it doubles each time.
const RETRY_FIRST: std::time::Duration = std::time::Duration::from_millis(250);
/// The longest wait between two tries.
const RETRY_MOST: std::time::Duration = std::time::Duration::from_secs(8);

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

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::time::Duration;

    use super::*;
    use crate::db::Db;
    use crate::live::NewGame;

    /// A game against the level-1 engine, the player Black (to move), on a store at `path`.
    async fn engine_game(path: &Path) -> (Arc<AppState>, i64, String) {
        let state = AppState::new(Db::open(path).unwrap(), 1);
        let req: NewGame = serde_json::from_value(serde_json::json!({
            "variant": "hasami", "opponent": "engine", "level": 1, "side": "black"
        }))
        .unwrap();
        let c = state.create(req).await.unwrap();
        (state, c.id, c.token)
    }

    /// Makes the store refuse every second ply's move from now on, as a failing disk would.
    fn refuse_ply_2(path: &Path) -> rusqlite::Connection {
        let other = rusqlite::Connection::open(path).unwrap();
        other
            .execute_batch(
                "CREATE TRIGGER refuse BEFORE INSERT ON moves WHEN NEW.ply = 2 \
                 BEGIN SELECT RAISE(ABORT, 'disk trouble'); END;",
            )
            .unwrap();
        other
    }

    /// Waits up to `wait` for the game to reach `ply`; its ply and whether the engine thinks.
    async fn wait_for_ply(
        state: &Arc<AppState>,
        id: i64,
        ply: usize,
        wait: Duration,
    ) -> (usize, bool) {
        let end = tokio::time::Instant::now() + wait;
        loop {
            let v = state.view(id, None).await.unwrap();
            if v.board.ply == ply || tokio::time::Instant::now() >= end {
                return (v.board.ply, v.thinking);
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    #[tokio::test]
    async fn an_engine_reply_the_store_refuses_for_a_moment_is_stored_when_it_is_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.sqlite3");
        let (state, id, token) = engine_game(&path).await;
        let other = refuse_ply_2(&path);
        state.play(id, "e1e5", Some(&token)).await.unwrap();
        // The reply is found at once but cannot be stored: the engine is still on it.
        let (ply, thinking) = wait_for_ply(&state, id, 2, Duration::from_millis(1500)).await;
        assert_eq!(
            (ply, thinking),
            (1, true),
            "ply and thinking while the store refuses"
        );
        other.execute_batch("DROP TRIGGER refuse;").unwrap();
        let (ply, thinking) = wait_for_ply(&state, id, 2, Duration::from_secs(20)).await;
        assert_eq!((ply, thinking), (2, false), "the reply was not stored");
        // And it is in the store: a fresh server sees it.
        let (fresh, _, _) = engine_game(&path).await;
        assert_eq!(fresh.view(id, None).await.unwrap().board.ply, 2);
    }

    #[tokio::test]
    async fn a_game_whose_reply_could_not_be_stored_replies_when_next_looked_at() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.sqlite3");
        let (state, id, token) = engine_game(&path).await;
        state.set_reply_retry(Duration::from_millis(300));
        let other = refuse_ply_2(&path);
        state.play(id, "e1e5", Some(&token)).await.unwrap();
        // The store refuses for longer than the reply keeps trying: the engine gives up.
        tokio::time::sleep(Duration::from_millis(1500)).await;
        {
            let live = state.in_memory(id).unwrap();
            let g = live.lock().await;
            assert_eq!((g.game.plies(), g.thinking), (1, false));
        }
        other.execute_batch("DROP TRIGGER refuse;").unwrap();
        // The next look at the game (a page loaded again, a socket opened) starts the reply again.
        let (ply, thinking) = wait_for_ply(&state, id, 2, Duration::from_secs(10)).await;
        assert_eq!(
            (ply, thinking),
            (2, false),
            "the game stayed on the engine's turn"
        );
    }
}
