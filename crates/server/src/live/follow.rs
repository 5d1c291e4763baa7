//! Following changes made by other servers that share the store (PostgreSQL): a game that another
//! server changed is reloaded from the store and sent to this server's sockets, so a player or a
//! spectator may be connected to any server. A move refused by the store because another server
//! stored that ply first ([`DbError::Conflict`]) reloads the game too, so the refusal is the last
//! thing a stale copy can cause.
//!
//! One server owns each game that needs someone to act on it (an engine to reply, a clock to
//! run out): only the owner runs its engine reply and its clock timer (`Db::claim`: a row of
//! `game_owners` naming the owner, which is alive while it holds its one advisory lock on a
//! connection of its own; db/postgres/owners.rs). Every second each server claims the games in its
//! memory that need an owner and have none: so when an owner dies (its connection closes and its
//! lock goes), another server holding the game takes over within about a second, reloads it and
//! runs what it needs. Games that ended or left memory are given up. Changes made while this server
//! was not listening (before its listening connection was made, at its start or after the
//! connection broke) were told to nobody here: when it begins listening, every game in memory is
//! read again. Which players other servers hold sockets of is followed here too
//! (live/presence.rs).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{Mutex, Semaphore};

use crate::db::{Changed, StoredMove};
use crate::live::error::GameError;
use crate::live::game::LiveGame;
use crate::live::presence::PRESENCE_REFRESH;
use crate::live::registry::AppState;
use crate::live::turn::TurnClock;

/// Games reloaded at once after other servers' changes.
const RELOADS_AT_ONCE: usize = 32;

/// The reloads under way: they run concurrently, one per game at a time; a change that arrives
/// while its game is being reloaded marks it to be reloaded once more (several changes, one reload).
struct Following {
    /// Games being brought up to date, each with whether another change came meanwhile.
    reloading: Arc<std::sync::Mutex<HashMap<i64, bool>>>,
    /// Reloads that may run at once ([`RELOADS_AT_ONCE`]).
    slots: Arc<Semaphore>,
}

impl Default for Following {
    fn default() -> Self {
        Following {
            reloading: Arc::default(),
            slots: Arc::new(Semaphore::new(RELOADS_AT_ONCE)),
        }
    }
}

impl AppState {
    /// Follows the store's changes until the store stops sending them (runs for the server's life;
    /// does nothing for a store only this server uses).
    pub async fn follow_store(self: Arc<Self>) {
        let Some(mut changes) = self.db.changes() else {
            return;
        };
        let mut sweep = tokio::time::interval(Duration::from_secs(1));
        let mut keep = tokio::time::interval(PRESENCE_REFRESH);
        let following = Following::default();
        loop {
            tokio::select! {
                change = changes.recv() => {
                    let Some(change) = change else { return };
                    if change.what == Changed::Listening {
                        // Whatever changed while nobody listened: every game is read again.
                        for (id, live) in self.all_followed() {
                            if !self.follow(&following, id, live, None).await {
                                return;
                            }
                        }
                        continue;
                    }
                    // Only games in memory here have copies to update; the others load fresh.
                    let Some(live) = self.followed(change.game) else { continue };
                    if !self.follow(&following, change.game, live, Some(change.what)).await {
                        return;
                    }
                }
                _ = sweep.tick() => self.sweep_owners().await,
                _ = keep.tick() => self.keep_presence().await,
            }
        }
    }

    /// Brings game `id`'s copy `live` up to date with a change (`None`: changes of any kind, the
    /// game is read again) in a task of its own; false when the server is shutting down.
    async fn follow(
        self: &Arc<Self>,
        following: &Following,
        id: i64,
        live: Arc<Mutex<LiveGame>>,
        mut what: Option<Changed>,
    ) -> bool {
        {
            let mut pending = following
                .reloading
                .lock()
                .unwrap_or_else(|p| p.into_inner());
            if let Some(again) = pending.get_mut(&id) {
                *again = true;
                return true;
            }
            pending.insert(id, false);
        }
        let Ok(slot) = Arc::clone(&following.slots).acquire_owned().await else {
            return false;
        };
        let (state, reloading) = (Arc::clone(self), Arc::clone(&following.reloading));
        tokio::spawn(async move {
            let _slot = slot;
            loop {
                {
                    let mut g = live.lock().await;
                    match what.take() {
                        // The next move, told in full: applied without reading the store.
                        Some(Changed::Appended(ply, m)) => {
                            if !state.apply(&live, &mut g, ply, &m).await {
                                let _ = state.reload(&live, &mut g).await;
                            }
                        }
                        Some(Changed::Stored) => {
                            let _ = state.reload(&live, &mut g).await;
                        }
                        Some(Changed::Presence) => state.refresh_presence(&live, &mut g).await,
                        // Changes that came meanwhile, of any kind.
                        Some(Changed::Listening) | None => {
                            let _ = state.reload(&live, &mut g).await;
                            state.refresh_presence(&live, &mut g).await;
                        }
                    }
                }
                let mut pending = reloading.lock().unwrap_or_else(|p| p.into_inner());
                match pending.get_mut(&id) {
                    Some(again) if *again => *again = false,
                    _ => {
                        pending.remove(&id);
                        break;
                    }
                }
            }
        });
        true
    }

    /// Claims the games in memory that need an owner and have none, and gives up owned games that
    /// ended or left memory.
    async fn sweep_owners(self: &Arc<Self>) {
        let mut wanted = Vec::new();
        let mut done = Vec::new();
        for (id, live) in self.all_in_memory() {
            // A game busy right now is looked at next time.
            let Ok(g) = live.try_lock() else { continue };
            let engine_to_move = g.engine_side() == Some(g.game.side()) && !g.thinking;
            let owned = self.db.owns(id);
            if g.is_over() {
                if owned {
                    done.push(id);
                }
            } else if !owned && (engine_to_move || g.clock_running()) {
                wanted.push(id);
            }
        }
        let in_memory: std::collections::HashSet<i64> =
            self.all_in_memory().into_iter().map(|(id, _)| id).collect();
        done.extend(
            self.db
                .owned()
                .into_iter()
                .filter(|id| !in_memory.contains(id)),
        );
        for id in done {
            self.db.release(id).await;
        }
        if wanted.is_empty() {
            return;
        }
        for id in self.db.claim_many(&wanted).await {
            if let Some(live) = self.in_memory(id) {
                let mut g = live.lock().await;
                // The owner that was may have stored more than its notifications told.
                let _ = self.reload(&live, &mut g).await;
            }
        }
    }

    /// Runs what the game needs next (the engine's reply, the clock's timer), claiming the game
    /// first when it needs an owner and this server is not it yet.
    pub(crate) async fn act(self: &Arc<Self>, live: &Arc<Mutex<LiveGame>>, g: &mut LiveGame) {
        let engine_to_move = g.engine_side() == Some(g.game.side());
        if !g.is_over() && (engine_to_move || g.deadline().is_some()) {
            self.db.claim(g.meta.id).await;
        }
        self.start_engine(live, g);
        self.watch_clock(live, g);
    }

    /// Applies move `m`, stored by another server as ply `ply`, when `g` stands at the ply before
    /// (as `commit_move` would have); false when it does not fit and the game must be reloaded.
    async fn apply(
        self: &Arc<Self>,
        live: &Arc<Mutex<LiveGame>>,
        g: &mut LiveGame,
        ply: u32,
        m: &StoredMove,
    ) -> bool {
        if g.game.plies() + 1 != ply as usize || g.is_over() {
            return false;
        }
        let mut next = g.game.clone();
        let Ok(mv) = next.parse_move(&m.mv) else {
            return false;
        };
        if next.play(mv).is_err() {
            return false;
        }
        g.cancel_reply();
        g.take_move(next, m.time, m.clock, TurnClock::resumed(m.time));
        g.changed();
        self.act(live, g).await;
        true
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
        g.turn = fresh.turn;
        g.ended = fresh.ended;
        g.draw_offer = fresh.draw_offer;
        g.takeback_offer = fresh.takeback_offer;
        g.stopped_after = fresh.stopped_after;
        g.changed();
        // What the game needs next runs here if this server owns it (or can claim it).
        self.act(live, g).await;
        Ok(())
    }
}
