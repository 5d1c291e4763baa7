//! Keeping each game's `Presence` (presence.rs) in step: its players' sockets opening and closing
//! on this server and, with several servers on one PostgreSQL store, on the others.
//!
//! A player's socket counts for their side while it is open; every change of "this side's player is
//! connected" sends the game to every watcher (without a new version: an engine reply or clock
//! timer in flight is not disturbed). A server that shares its store writes which sides it holds
//! sockets of into the store's `presence` table whenever that changes, and tells the other servers,
//! which read the table again for that game; a server loading a game reads it too. Every
//! `PRESENCE_REFRESH` each server marks its rows as still held, drops rows no server has kept for
//! 30 s (a server that stopped without closing its sockets), and reads the table again for every game
//! in its memory in one query, so a lost notification or a stopped server is forgotten within about
//! 40 s (docs/web.md, "Several servers on one PostgreSQL").

use std::collections::HashMap;
use std::sync::Arc;

use hasami_core::Side;
use tokio::sync::Mutex;

use crate::db::Db;
use crate::live::game::LiveGame;
use crate::live::opponent::parse_side;
use crate::live::opponent::side_word;

fn index(side: Side) -> usize {
    usize::from(side == Side::Second)
}

impl LiveGame {
    /// A socket of the player holding `token` opened (`delta` 1) or closed (−1); whether this
    /// server's own presence of that side changed (then it is to be published). Spectators and
    /// hot-seat players (who play both sides on one screen) do not count.
    pub(crate) fn socket_changed(&mut self, token: Option<&str>, delta: i32) -> bool {
        let sides = self.sides_of(token);
        let [side] = sides.as_slice() else {
            return false;
        };
        let i = index(*side);
        self.change_presence(|p| p.socket(i, delta))
    }

    /// Whether `side`'s player has a socket open, on this server or on another sharing its store.
    pub(crate) fn connected(&self, side: Side) -> bool {
        self.presence().connected(index(side))
    }

    /// Sets what the other servers hold, telling the watchers when a player came or went; whether
    /// one did.
    fn set_elsewhere(&mut self, elsewhere: [bool; 2]) -> bool {
        let before = self.presence().both();
        self.change_presence(|p| p.set_elsewhere(elsewhere));
        before != self.presence().both()
    }
}

/// Presence: built with the store it is written to and read from, and the lobby's grace for a
/// creator who left.
pub(crate) struct Presences {
    db: Db,
    grace: std::time::Duration,
}

impl Presences {
    /// Presence over `db`; a lobby game waits `grace` for its creator to come back.
    pub(crate) fn new(db: &Db, grace: std::time::Duration) -> Presences {
        Presences {
            db: db.clone(),
            grace,
        }
    }

    /// Writes this server's presence of game `live` to a shared store once the game's lock is free
    /// (a task: the caller holds it); nothing for a store only this server uses.
    pub(crate) fn publish_presence(&self, live: &Arc<Mutex<LiveGame>>) {
        if !self.db.is_shared() {
            return;
        }
        let presences = Presences {
            db: self.db.clone(),
            grace: self.grace,
        };
        let live = Arc::clone(live);
        tokio::spawn(async move {
            let mut g = live.lock().await;
            presences.publish(&mut g).await;
        });
    }

    /// Writes what this server holds of `g` when it differs from what was last written. Run under
    /// the game's lock, so the last write is of the sockets as they are; a store that refuses
    /// leaves it to the next change or the next `PRESENCE_REFRESH`.
    async fn publish(&self, g: &mut LiveGame) {
        let Some(here) = g.presence().unpublished() else {
            return;
        };
        if self.db.set_presence(g.meta().id, here).await.is_ok() {
            g.change_presence(|p| p.published(here));
        }
    }

    /// Reads which sides other servers hold sockets of for `g` (a shared store only); whether a
    /// player came or went.
    pub(crate) async fn read(&self, g: &mut LiveGame) -> bool {
        if !self.db.is_shared() {
            return false;
        }
        let id = g.meta().id;
        match self.db.present_elsewhere(&[id]).await {
            Ok(found) => g.set_elsewhere(found.get(&id).copied().unwrap_or_default()),
            Err(_) => false,
        }
    }

    /// Every `PRESENCE_REFRESH` (a shared store): keeps this server's rows, drops stale ones,
    /// writes what failed to be written, and reads the other servers' presence of every game in
    /// memory again (one query).
    pub(crate) async fn keep(&self, games: Vec<(i64, Arc<Mutex<LiveGame>>)>) {
        let _ = self.db.keep_presence().await;
        let ids: Vec<i64> = games.iter().map(|(id, _)| *id).collect();
        let found: HashMap<i64, [bool; 2]> = match self.db.present_elsewhere(&ids).await {
            Ok(found) => found,
            Err(_) => return,
        };
        for (id, live) in games {
            // A game busy right now is looked at next time.
            let Ok(mut g) = live.try_lock() else { continue };
            self.publish(&mut g).await;
            if g.set_elsewhere(found.get(&id).copied().unwrap_or_default()) {
                self.watch_creator(&live, &mut g);
            }
        }
    }

    /// A player's socket closed, or another server's last one (live/presence.rs). When that player
    /// created a game waiting in the lobby and has no other socket of it open, on this server or
    /// another sharing the store, the game leaves the lobby after the grace
    /// (`Limits::lobby_grace`) unless a socket of theirs opens again meanwhile: nobody should join
    /// a game whose creator has gone. One such timer per game (a newer one replaces it).
    pub(crate) fn watch_creator(&self, live: &Arc<Mutex<LiveGame>>, g: &mut LiveGame) {
        let Some(seat) = g.meta().open_seat.as_deref().and_then(parse_side) else {
            return;
        };
        if g.connected(!seat) || g.is_over() {
            return;
        }
        g.set_lobby_watch(None);
        let grace = self.grace;
        let db = self.db.clone();
        let live = Arc::clone(live);
        let task = tokio::spawn(async move {
            tokio::time::sleep(grace).await;
            let mut g = live.lock().await;
            g.lobby_watch_done();
            if g.connected(!seat) || g.is_over() || g.meta().open_seat.is_none() {
                return;
            }
            // A store that refuses leaves the game listed until its 20 minutes are over.
            if let Ok(true) = db.close_seat(g.meta().id, side_word(seat)).await {
                g.close_seat();
            }
        });
        g.set_lobby_watch(Some(task.abort_handle()));
    }
}
