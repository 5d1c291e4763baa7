//! The registry of live games: the server's state, which holds the games in use and loads a game
//! from the store on first use. The games in memory are bounded by count ([`MAX_LIVE_GAMES`]) and
//! by size ([`MAX_LIVE_BYTES`], each game's bytes estimated from its plies, `memory.rs`): past
//! either, games nobody is using (no socket, request, engine reply or clock timer holds them) are
//! dropped, oldest first; the store has every change, so a dropped game is loaded again when it is
//! next used. A game in use is never dropped: when the games in use alone fill the room, a new
//! game or a load is refused ([`GameError::MemoryFull`], 503) instead of growing. Loads of one game
//! wait for each other (it is loaded once); loads of different games never wait for each other.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use tokio::sync::Mutex;

use crate::db::Db;
use crate::live::error::GameError;
use crate::live::game::LiveGame;
use crate::live::memory::Ledger;
use crate::live::presence_sync::Presences;
use crate::live::services::Services;

/// The most games kept in memory unless the server sets another bound (`Limits::live_games`).
pub(crate) const MAX_LIVE_GAMES: usize = 10_000;

/// The most bytes (estimated, `memory.rs`) the games in memory may hold unless the server sets
/// another bound (`Limits::live_bytes`): about 1,000 games of the most plies a game may have.
pub(crate) const MAX_LIVE_BYTES: usize = 256_000_000;

/// The shared state of the server: the registry of the games in memory, over the store, with the
/// services the concerns of live games are built with (`services.rs`).
pub struct AppState {
    /// The store.
    pub(crate) db: Db,
    /// The engine, the counts, the reviews, the lobby's allowances and the settings.
    pub(crate) services: Services,
    games: std::sync::Mutex<HashMap<i64, Arc<Mutex<LiveGame>>>>,
    /// The games being loaded (see [`Loading`]).
    loading: std::sync::Mutex<Loading>,
    max_live: usize,
    /// The most bytes the games in memory may hold (estimated).
    max_bytes: std::sync::atomic::AtomicUsize,
    /// What the games in memory hold together: their bytes, and the positions of the online games
    /// in progress (`memory.rs`).
    ledger: Arc<Ledger>,
}

/// The games being loaded from the store. Its mutex also covers putting a loaded game into memory
/// and [`AppState::followed`]'s look for it, so a change another server tells while a game loads is
/// either seen by the copy in memory or marked here for the load to read again.
#[derive(Default)]
struct Loading {
    /// One lock per game being loaded, so a game is loaded once and other games' loads go on.
    locks: HashMap<i64, Arc<Mutex<()>>>,
    /// Games being loaded that another server changed meanwhile (their copies may be stale).
    missed: HashSet<i64>,
}

/// A game found in memory, or just loaded from the store.
pub(crate) enum Found {
    /// It was in memory.
    InMemory(Arc<Mutex<LiveGame>>),
    /// It was just loaded: its lock is held until what it needs has run.
    Loaded {
        /// The game.
        live: Arc<Mutex<LiveGame>>,
        /// Its lock.
        guard: tokio::sync::OwnedMutexGuard<LiveGame>,
        /// Another server changed it while it loaded: it is to be read again.
        missed: bool,
    },
}

/// A handle to the state.
pub type Shared = Arc<AppState>;

impl AppState {
    /// State over an open store, with at most `max_searches` engine searches at once.
    #[cfg(test)]
    pub(crate) fn new(db: Db, max_searches: usize) -> Shared {
        AppState::with_limits(db, max_searches, MAX_LIVE_GAMES)
    }

    /// State with at most `max_searches` engine searches at once and about `max_live` games in memory.
    pub(crate) fn with_limits(db: Db, max_searches: usize, max_live: usize) -> Shared {
        Arc::new(AppState {
            db,
            services: Services::new(max_searches),
            games: std::sync::Mutex::new(HashMap::new()),
            loading: std::sync::Mutex::new(Loading::default()),
            max_live: max_live.max(1),
            max_bytes: std::sync::atomic::AtomicUsize::new(MAX_LIVE_BYTES),
            ledger: Arc::default(),
        })
    }

    /// Sets the most bytes (estimated) the games in memory may hold (`Limits::live_bytes`).
    pub(crate) fn set_live_bytes(&self, bytes: usize) {
        self.max_bytes
            .store(bytes.max(1), std::sync::atomic::Ordering::Relaxed);
    }

    fn max_bytes(&self) -> usize {
        self.max_bytes.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The estimated bytes the games in memory hold (`memory.rs`).
    pub(crate) fn live_bytes(&self) -> usize {
        self.ledger.bytes()
    }

    /// What the games in memory hold together: their bytes, and the positions of the online games
    /// in progress (analysis of those is refused, `analysis_board.rs`).
    pub(crate) fn ledger(&self) -> &Ledger {
        &self.ledger
    }

    /// How many games are in memory.
    pub(crate) fn games_in_memory(&self) -> usize {
        self.games.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    /// The game with this id if it is in memory (without loading it).
    pub(crate) fn in_memory(&self, id: i64) -> Option<Arc<Mutex<LiveGame>>> {
        self.cached(id)
    }

    /// Every game in memory.
    pub(crate) fn all_in_memory(&self) -> Vec<(i64, Arc<Mutex<LiveGame>>)> {
        let games = self.games.lock().unwrap_or_else(|p| p.into_inner());
        games.iter().map(|(&id, g)| (id, Arc::clone(g))).collect()
    }

    fn cached(&self, id: i64) -> Option<Arc<Mutex<LiveGame>>> {
        self.games
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&id)
            .cloned()
    }

    /// Makes room for `g`, a game about to be kept (just read from the store, or about to be stored):
    /// enters it in the ledger (so that loads at the same time count it), and drops games nobody
    /// holds until it fits within both bounds. When the games in use leave no room, refuses it
    /// ([`GameError::MemoryFull`]); the caller then drops `g`, which takes its line out of the
    /// ledger again.
    pub(crate) fn make_room(&self, g: &mut LiveGame) -> Result<(), GameError> {
        g.enter(&self.ledger);
        let mut games = self.games.lock().unwrap_or_else(|p| p.into_inner());
        self.shed(&mut games, 1, None);
        // A game larger than the whole room on its own is kept when nothing else is left (it could
        // never be loaded otherwise).
        if self.over(&games, 1) && !games.is_empty() {
            return Err(GameError::MemoryFull);
        }
        Ok(())
    }

    /// Keeps a game just stored, under its id (after [`AppState::make_room`]; games grow with
    /// their moves, so games nobody holds are dropped here too when the bounds are passed).
    pub(crate) fn insert(&self, id: i64, live: &Arc<Mutex<LiveGame>>) {
        let mut games = self.games.lock().unwrap_or_else(|p| p.into_inner());
        games.insert(id, Arc::clone(live));
        self.shed(&mut games, 0, Some(id));
    }

    /// Whether the games in memory, with `more` games to come (whose bytes are in the ledger
    /// already), pass either bound.
    fn over(&self, games: &HashMap<i64, Arc<Mutex<LiveGame>>>, more: usize) -> bool {
        games.len() + more > self.max_live || self.ledger.bytes() > self.max_bytes()
    }

    /// Past either bound, drops games nobody holds (but `keep`), oldest (lowest ids) first, until a
    /// quarter of the room is free again (so that not every load looks for games to drop).
    fn shed(&self, games: &mut HashMap<i64, Arc<Mutex<LiveGame>>>, more: usize, keep: Option<i64>) {
        if !self.over(games, more) {
            return;
        }
        let max_games = self.max_live - self.max_live / 4;
        let max_bytes = self.max_bytes() - self.max_bytes() / 4;
        let mut idle: Vec<i64> = games
            .iter()
            .filter(|(&g, held)| Some(g) != keep && Arc::strong_count(held) == 1)
            .map(|(&g, _)| g)
            .collect();
        idle.sort_unstable();
        for g in idle {
            if games.len() + more <= max_games && self.ledger.bytes() <= max_bytes {
                break;
            }
            // Nobody else holds it (the map's lock is held, so nobody can take it meanwhile): the
            // game is dropped here, and its line leaves the ledger.
            games.remove(&g);
        }
    }

    /// The game with this id, loaded from the store on first use. A game just loaded comes with
    /// its lock held ([`Found::Loaded`]), so that what it needs (`Round::game`) runs before anyone
    /// else uses it.
    pub(crate) async fn find(&self, id: i64) -> Result<Found, GameError> {
        if let Some(g) = self.cached(id) {
            return Ok(Found::InMemory(g));
        }
        let lock = self.loading_lock(id);
        let _guard = lock.lock().await;
        let loaded = self.load(id).await;
        // The last one out forgets the lock (a later load after an unload makes a new one).
        let mut loading = self.loading.lock().unwrap_or_else(|p| p.into_inner());
        if Arc::strong_count(&lock) == 2 {
            loading.locks.remove(&id);
            loading.missed.remove(&id);
        }
        loaded
    }

    /// The lock that loads of game `id` share.
    fn loading_lock(&self, id: i64) -> Arc<Mutex<()>> {
        let mut loading = self.loading.lock().unwrap_or_else(|p| p.into_inner());
        Arc::clone(loading.locks.entry(id).or_default())
    }

    /// Loads game `id` from the store unless a load that went first did (call with its lock held).
    async fn load(&self, id: i64) -> Result<Found, GameError> {
        if let Some(g) = self.cached(id) {
            return Ok(Found::InMemory(g));
        }
        let stored = self
            .db
            .load_game(id)
            .await?
            .ok_or(GameError::NotFound(id))?;
        let mut fresh = LiveGame::from_stored(stored)?;
        self.make_room(&mut fresh)?;
        fresh.set_timing(self.services.timing());
        // Players connected through other servers sharing the store.
        Presences::new(&self.db, self.services.lobby_grace())
            .read(&mut fresh)
            .await;
        Ok(self.admit(id, fresh).await)
    }

    /// Puts game `id`, just read from the store, into memory, its lock held; marks whether another
    /// server changed it meanwhile (its notice found no copy in memory to update).
    async fn admit(&self, id: i64, mut fresh: LiveGame) -> Found {
        fresh.enter(&self.ledger);
        let live = Arc::new(Mutex::new(fresh));
        let guard = Arc::clone(&live).lock_owned().await;
        let missed = {
            let mut loading = self.loading.lock().unwrap_or_else(|p| p.into_inner());
            self.insert(id, &live);
            loading.missed.remove(&id)
        };
        Found::Loaded {
            live,
            guard,
            missed,
        }
    }

    /// Reads `g` again from the store and replaces it (its watchers stay and get the new game);
    /// what the game needs next is the caller's (`Round::reload`).
    pub(crate) async fn reread(&self, g: &mut LiveGame) -> Result<(), GameError> {
        g.reread(&self.db).await
    }

    /// Every game in memory, for changes that may have gone untold (this server was not listening):
    /// games being loaded are marked, and their loads read them again.
    pub(crate) fn all_followed(&self) -> Vec<(i64, Arc<Mutex<LiveGame>>)> {
        let mut loading = self.loading.lock().unwrap_or_else(|p| p.into_inner());
        let ids: Vec<i64> = loading.locks.keys().copied().collect();
        loading.missed.extend(ids);
        self.all_in_memory()
    }

    /// The copy in memory of game `id` that a change told by another server is for; `None` when
    /// the game is not in memory (a game being loaded is marked, and its load reads it again).
    pub(crate) fn followed(&self, id: i64) -> Option<Arc<Mutex<LiveGame>>> {
        let mut loading = self.loading.lock().unwrap_or_else(|p| p.into_inner());
        let found = self.cached(id);
        if found.is_none() && loading.locks.contains_key(&id) {
            loading.missed.insert(id);
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::live::{Creator, NewGame, Round};

    #[tokio::test]
    async fn games_nobody_uses_leave_memory_and_come_back_from_the_store() {
        let dir = tempfile::tempdir().unwrap();
        let state = AppState::with_limits(Db::open(&dir.path().join("g.sqlite3")).unwrap(), 1, 8);
        let mut ids = Vec::new();
        for _ in 0..40 {
            let req: NewGame = serde_json::from_value(serde_json::json!({
                "variant": "hasami", "opponent": "local"
            }))
            .unwrap();
            ids.push(Creator::over(&state).create(req).await.unwrap().id);
        }
        assert!(
            state.games_in_memory() <= 8,
            "{} games in memory",
            state.games_in_memory()
        );
        // A game held by someone (a socket, say) stays; a dropped one loads again with its moves.
        let held = Round::new(&state).game(ids[39]).await.unwrap();
        let first = Round::new(&state).game(ids[0]).await.unwrap();
        assert_eq!(first.lock().await.game().plies(), 0);
        for _ in 0..20 {
            let req: NewGame = serde_json::from_value(serde_json::json!({
                "variant": "hasami", "opponent": "local"
            }))
            .unwrap();
            Creator::over(&state).create(req).await.unwrap();
        }
        assert!(state.games_in_memory() <= 8);
        assert!(Arc::ptr_eq(
            &held,
            &Round::new(&state).game(ids[39]).await.unwrap()
        ));
    }

    #[tokio::test]
    async fn a_game_being_loaded_does_not_hold_up_loading_another() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.sqlite3");
        let state = AppState::new(Db::open(&path).unwrap(), 1);
        let mut ids = Vec::new();
        for _ in 0..2 {
            let req: NewGame = serde_json::from_value(serde_json::json!({
                "variant": "hasami", "opponent": "local"
            }))
            .unwrap();
            ids.push(Creator::over(&state).create(req).await.unwrap().id);
        }
        // A fresh server on the same store has neither game in memory.
        let state = AppState::new(Db::open(&path).unwrap(), 1);
        // Game 0 is being loaded (its load lock is held, as during a slow load) ...
        let slow = state.loading_lock(ids[0]);
        let _loading = slow.lock().await;
        // ... and game 1 loads all the same.
        let other = tokio::time::timeout(
            std::time::Duration::from_secs(2),
            Round::new(&state).game(ids[1]),
        )
        .await;
        assert!(other.is_ok(), "loading game 1 waited for game 0's load");
        // A second load of game 0 waits for the first.
        let same = tokio::time::timeout(
            std::time::Duration::from_millis(200),
            Round::new(&state).game(ids[0]),
        )
        .await;
        assert!(same.is_err());
    }

    #[tokio::test]
    async fn a_change_told_while_a_game_loads_reaches_the_loaded_game() {
        // Another server (here: another state on the same store) moves while this one loads the
        // game: it read the game before the move, and the move's notice came before the game was
        // in memory. The game in memory must still show the move.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.sqlite3");
        let other = AppState::new(Db::open(&path).unwrap(), 1);
        let req: NewGame = serde_json::from_value(serde_json::json!({
            "variant": "hasami", "opponent": "local"
        }))
        .unwrap();
        let id = Creator::over(&other).create(req).await.unwrap().id;
        let state = AppState::new(Db::open(&path).unwrap(), 1);
        let lock = state.loading_lock(id);
        let _loading = lock.lock().await;
        let stored = state.db.load_game(id).await.unwrap().unwrap();
        let fresh = LiveGame::from_stored(stored).unwrap();
        let status = crate::db::Status::playing();
        let mv = crate::db::StoredMove {
            mv: "a1a2".into(),
            captured: String::new(),
            time: crate::db::now_ms(),
            clock: None,
        };
        other.db.append_move(id, 1, mv, status).await.unwrap();
        // The notice of the move: the game is not in memory yet.
        assert!(state.followed(id).is_none());
        let Found::Loaded {
            live,
            mut guard,
            missed,
        } = state.admit(id, fresh).await
        else {
            panic!("the game was in memory");
        };
        assert!(missed, "the move told during the load is not marked");
        // What `Round::game` does with a game marked so: it reads it again.
        state.reread(&mut guard).await.unwrap();
        drop(guard);
        assert_eq!(
            live.lock().await.game().plies(),
            1,
            "the move told during the load is lost"
        );
    }
}
