//! What the concerns of live games are built with besides the registry of games and the store: the
//! engine, the counts for the operator, the reviews that may run at once, the lobby's allowances per
//! client, what the accounts share (the password hashing pool, the login throttle) and the settings the server's owner may change while it runs. The registry
//! ([`AppState`](super::AppState)) owns them beside the games, and the edge hands each concern the
//! ones it uses.

use std::sync::Arc;

use tokio::sync::Semaphore;

use crate::accounts::Accounts;
use crate::engine::Engine;
use crate::live::client_games::ClientGames;
use crate::live::game::FIRST_MOVE_MS;
use crate::live::retry::{Backoff, STORE_RETRY};
use crate::live::timing::{Timing, DAY_MS};
use crate::metrics::Metrics;

/// The engine, the counts, the reviews, the lobby's allowances and the settings of one server.
pub(crate) struct Services {
    /// Engine searches.
    pub(crate) engine: Arc<Engine>,
    /// Counts for the operator (`hasami serve --metrics`).
    pub(crate) metrics: Metrics,
    /// Post-game reviews running at once (as many as full-strength searches); one more is refused.
    pub(crate) reviews: Semaphore,
    /// The lobby games each client created (live/lobby.rs).
    pub(crate) lobby_created: ClientGames,
    /// The lobby games each client joined (live/lobby.rs).
    pub(crate) lobby_joined: ClientGames,
    /// The accounts' hashing pool, login throttle and cookie setting (accounts/).
    pub(crate) accounts: Accounts,
    /// How long work the store refuses is tried again, in milliseconds (live/retry.rs).
    store_retry: Setting,
    /// How long a lobby game waits for its creator's socket to come back, ms (live/lobby.rs).
    lobby_grace: Setting,
    /// How long each paired player has for its first move, ms (live/clock.rs).
    first_move: Setting,
    /// The length of a correspondence game's day, ms (live/days.rs).
    day: Setting,
}

/// A length of time the server's owner may change while it runs (`Limits`, tests), kept in ms.
struct Setting(std::sync::atomic::AtomicU64);

impl Setting {
    fn new(time: std::time::Duration) -> Setting {
        let d = Setting(std::sync::atomic::AtomicU64::new(0));
        d.set(time);
        d
    }

    fn set(&self, time: std::time::Duration) {
        let ms = u64::try_from(time.as_millis()).unwrap_or(u64::MAX);
        self.0.store(ms, std::sync::atomic::Ordering::Relaxed);
    }

    fn get(&self) -> std::time::Duration {
        std::time::Duration::from_millis(self.0.load(std::sync::atomic::Ordering::Relaxed))
    }
}

impl Services {
    /// With at most `max_searches` engine searches (and as many reviews) at once.
    pub(crate) fn new(max_searches: usize) -> Services {
        Services {
            engine: Arc::new(Engine::new(max_searches)),
            metrics: Metrics::default(),
            reviews: Semaphore::new(max_searches.max(1)),
            lobby_created: ClientGames::default(),
            lobby_joined: ClientGames::default(),
            accounts: Accounts::new(),
            store_retry: Setting::new(STORE_RETRY),
            lobby_grace: Setting::new(std::time::Duration::from_secs(30)),
            first_move: Setting::new(std::time::Duration::from_millis(FIRST_MOVE_MS as u64)),
            day: Setting::new(std::time::Duration::from_millis(DAY_MS as u64)),
        }
    }

    /// Sets how long a lobby game waits for its creator's socket to come back (`Limits::lobby_grace`).
    pub(crate) fn set_lobby_grace(&self, grace: std::time::Duration) {
        self.lobby_grace.set(grace);
    }

    /// How long a lobby game waits for its creator's socket to come back.
    pub(crate) fn lobby_grace(&self) -> std::time::Duration {
        self.lobby_grace.get()
    }

    /// Sets how long each player of a timed game paired through the lobby has for its first move
    /// (`Limits::first_move`).
    pub(crate) fn set_first_move(&self, time: std::time::Duration) {
        self.first_move.set(time);
    }

    /// Sets the length of a correspondence game's day (`Limits::day`).
    pub(crate) fn set_day(&self, time: std::time::Duration) {
        self.day.set(time);
    }

    /// The times a game keeps besides its clocks: a paired player's first move, a correspondence
    /// day.
    pub(crate) fn timing(&self) -> Timing {
        let ms = |d: std::time::Duration| i64::try_from(d.as_millis()).unwrap_or(i64::MAX);
        Timing {
            first_move_ms: ms(self.first_move.get()),
            day_ms: ms(self.day.get()).max(1),
        }
    }

    /// The tries of a new piece of work that the store may refuse (live/retry.rs).
    pub(crate) fn backoff(&self) -> Backoff {
        Backoff::new(self.store_retry.get())
    }

    /// Sets how long work the store refuses is tried again (tests use a short time).
    #[cfg(test)]
    pub(crate) fn set_store_retry(&self, window: std::time::Duration) {
        self.store_retry.set(window);
    }
}
