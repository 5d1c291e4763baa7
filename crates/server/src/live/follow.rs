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
use crate::live::game::LiveGame;
use crate::live::presence::PRESENCE_REFRESH;
use crate::live::registry::Shared;
use crate::live::round::Round;
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

/// Follows other servers' changes: built over the round of the server's games.
#[derive(Clone)]
pub(crate) struct Follower {
    state: Shared,
    round: Round,
}

impl Follower {
    /// Over the server's state.
    pub(crate) fn new(state: &Shared) -> Follower {
        Follower {
            state: Arc::clone(state),
            round: Round::new(state),
        }
    }

    /// Follows the store's changes until the store stops sending them (runs for the server's life;
    /// does nothing for a store only this server uses).
    pub(crate) async fn follow_store(self) {
        let Some(mut changes) = self.state.db.changes() else {
            return;
        };
        let mut sweep = tokio::time::interval(Duration::from_secs(1));
        let mut keep = tokio::time::interval(PRESENCE_REFRESH);
        let following = Following::default();
        let chat = crate::live::chat::relay();
        loop {
            tokio::select! {
                change = changes.recv() => {
                    let Some(change) = change else { return };
                    if change.what == Changed::Listening {
                        // Whatever changed while nobody listened: every game is read again.
                        for (id, live) in self.state.all_followed() {
                            if !self.follow(&following, id, live, None).await {
                                return;
                            }
                        }
                        continue;
                    }
                    // Only games in memory here have copies to update; the others load fresh.
                    let Some(live) = self.state.followed(change.game) else { continue };
                    // Chat goes to the sockets in the order told, apart from the game's reloads.
                    if matches!(change.what, Changed::Chat(..) | Changed::ChatPublic(_)) {
                        let _ = chat.try_send((live, change.what));
                        continue;
                    }
                    if !self.follow(&following, change.game, live, Some(change.what)).await {
                        return;
                    }
                }
                _ = sweep.tick() => self.sweep_owners().await,
                _ = keep.tick() => self.round.presences().keep(self.state.all_in_memory()).await,
            }
        }
    }

    /// Brings game `id`'s copy `live` up to date with a change (`None`: changes of any kind, the
    /// game is read again) in a task of its own; false when the server is shutting down.
    async fn follow(
        &self,
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
        let (follower, reloading) = (self.clone(), Arc::clone(&following.reloading));
        tokio::spawn(async move {
            let _slot = slot;
            loop {
                {
                    let mut g = live.lock().await;
                    match what.take() {
                        // The next move, told in full: applied without reading the store.
                        Some(Changed::Appended(ply, m)) => {
                            if !follower.apply(&live, &mut g, ply, &m).await {
                                let _ = follower.round.reload(&live, &mut g).await;
                            }
                        }
                        Some(Changed::Stored) => {
                            let _ = follower.round.reload(&live, &mut g).await;
                        }
                        Some(Changed::Presence) => {
                            follower.round.refresh_presence(&live, &mut g).await
                        }
                        // Relayed by `follow_store`, never here.
                        Some(Changed::Chat(..) | Changed::ChatPublic(_)) => {}
                        // Changes that came meanwhile, of any kind.
                        Some(Changed::Listening) | None => {
                            let _ = follower.round.reload(&live, &mut g).await;
                            follower.round.refresh_presence(&live, &mut g).await;
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
    async fn sweep_owners(&self) {
        let mut wanted = Vec::new();
        let mut done = Vec::new();
        for (id, live) in self.state.all_in_memory() {
            // A game busy right now is looked at next time.
            let Ok(g) = live.try_lock() else { continue };
            let engine_to_move = g.server_engine_side() == Some(g.game().side()) && !g.thinking();
            let owned = self.state.db.owns(id);
            if g.is_over() {
                if owned {
                    done.push(id);
                }
            } else if !owned && (engine_to_move || g.clock_running() || g.days_running()) {
                wanted.push(id);
            }
        }
        let in_memory: std::collections::HashSet<i64> = self
            .state
            .all_in_memory()
            .into_iter()
            .map(|(id, _)| id)
            .collect();
        done.extend(
            self.state
                .db
                .owned()
                .into_iter()
                .filter(|id| !in_memory.contains(id)),
        );
        for id in done {
            self.state.db.release(id).await;
        }
        if wanted.is_empty() {
            return;
        }
        for id in self.state.db.claim_many(&wanted).await {
            if let Some(live) = self.state.in_memory(id) {
                let mut g = live.lock().await;
                // The owner that was may have stored more than its notifications told.
                let _ = self.round.reload(&live, &mut g).await;
            }
        }
    }

    /// Applies move `m`, stored by another server as ply `ply`, when `g` stands at the ply before
    /// (as `Mover::commit` would have); false when it does not fit and the game must be reloaded.
    async fn apply(
        &self,
        live: &Arc<Mutex<LiveGame>>,
        g: &mut LiveGame,
        ply: u32,
        m: &StoredMove,
    ) -> bool {
        if g.game().plies() + 1 != ply as usize || g.is_over() {
            return false;
        }
        let mut next = g.game().clone();
        let Ok(mv) = next.parse_move(&m.mv) else {
            return false;
        };
        if next.play(mv).is_err() {
            return false;
        }
        g.cancel_reply();
        g.take_move(next, m.time, m.clock, TurnClock::resumed(m.time));
        self.round.act(live, g).await;
        true
    }
}
