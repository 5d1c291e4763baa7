//! The registry of live games: the server's state, which holds every game in use and loads a game
//! from the store on first use.

use std::collections::HashMap;
use std::sync::Arc;

use tokio::sync::Mutex;

use crate::db::{self, Db};
use crate::engine::Engine;
use crate::live::error::GameError;
use crate::live::game::LiveGame;

/// The shared state of the server.
pub struct AppState {
    /// The store.
    pub db: Db,
    /// Engine searches.
    pub engine: Arc<Engine>,
    games: std::sync::Mutex<HashMap<i64, Arc<Mutex<LiveGame>>>>,
    loading: Mutex<()>,
}

/// A handle to the state.
pub type Shared = Arc<AppState>;

impl AppState {
    /// State over an open store, with at most `max_searches` engine searches at once.
    pub fn new(db: Db, max_searches: usize) -> Shared {
        Arc::new(AppState {
            db,
            engine: Arc::new(Engine::new(max_searches)),
            games: std::sync::Mutex::new(HashMap::new()),
            loading: Mutex::new(()),
        })
    }

    fn cached(&self, id: i64) -> Option<Arc<Mutex<LiveGame>>> {
        self.games
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&id)
            .cloned()
    }

    /// Keeps a game just stored, under its id.
    pub(crate) fn insert(&self, id: i64, live: &Arc<Mutex<LiveGame>>) {
        self.games
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(id, Arc::clone(live));
    }

    /// The game with this id, loaded from the store on first use.
    pub async fn live(self: &Arc<Self>, id: i64) -> Result<Arc<Mutex<LiveGame>>, GameError> {
        if let Some(g) = self.cached(id) {
            return Ok(g);
        }
        let _guard = self.loading.lock().await;
        if let Some(g) = self.cached(id) {
            return Ok(g);
        }
        let stored = self
            .db
            .call(move |c| db::load_game(c, id))
            .await?
            .ok_or(GameError::NotFound(id))?;
        let live = Arc::new(Mutex::new(LiveGame::from_stored(stored)?));
        self.insert(id, &live);
        // An engine game left on the engine's turn (e.g. by a restart) continues.
        {
            let mut g = live.lock().await;
            let _ = self.check_clock(&mut g).await;
            self.start_engine(&live, &mut g);
            self.watch_clock(&live, &mut g);
        }
        Ok(live)
    }
}
