//! Which server owns which game: it alone runs the game's engine replies and clock timers
//! (live/follow.rs). An owned game is a row of `game_owners` (schema step 12) naming the server; a
//! server is alive while it holds one session advisory lock, keyed by its id, on a connection of its
//! own. So a server holds one lock however many games it owns, and owning games cannot fill
//! PostgreSQL's shared lock table (one lock per game did: with `max_locks_per_transaction` small, a
//! server owning a few hundred running clock games made every new connection to the cluster fail).
//!
//! A claim writes the row when there is none, when it names this server, or when the server it
//! names is dead: its lock is free (tried and at once given back, with the row locked, so at most
//! one lock is taken at a time and two claimants cannot both win). When a server dies its
//! connection closes and PostgreSQL frees its lock, so another server claims its games within
//! moments, as before.

use std::collections::HashSet;

use tokio_postgres::{Client, NoTls};

use super::Postgres;

/// The games a server owns (a copy of its rows), and its connection holding its liveness lock.
#[derive(Default)]
pub(super) struct Owner {
    connection: tokio::sync::Mutex<Option<Client>>,
    owned: std::sync::Mutex<HashSet<i64>>,
}

/// Whether the server named by a `game_owners` row is dead: its lock can be had (and is given back).
const DEAD: &str = "CASE WHEN pg_try_advisory_lock(game_owners.server)
    THEN pg_advisory_unlock(game_owners.server) ELSE FALSE END";

impl Postgres {
    fn owned_set(&self) -> std::sync::MutexGuard<'_, HashSet<i64>> {
        self.owner.owned.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Whether this server owns game `id` now (no query).
    pub(in crate::db) fn owns(&self, id: i64) -> bool {
        self.owned_set().contains(&id)
    }

    /// Makes this server the owner of game `id` if no live server is; whether it is now.
    pub(in crate::db) async fn claim(&self, id: i64) -> bool {
        self.owns(id) || self.claim_many(&[id]).await.contains(&id)
    }

    /// A connection holding this server's liveness lock (made again when it broke), or `None`.
    async fn alive(&self, connection: &mut Option<Client>) -> Option<()> {
        if connection.as_ref().is_some_and(|c| !c.is_closed()) {
            return Some(());
        }
        // A new connection holds no lock yet: other servers may have claimed this one's games.
        self.owned_set().clear();
        *connection = None;
        let (client, driver) = self.config.connect(NoTls).await.ok()?;
        tokio::spawn(driver);
        // `false` while the broken connection's session still holds the lock (PostgreSQL has not
        // noticed it broke): this server is not alive again until it has it.
        let row = client
            .query_one("SELECT pg_try_advisory_lock($1)", &[&self.me()])
            .await
            .ok()?;
        if !row.get::<_, bool>(0) {
            return None;
        }
        // Rows of dead servers are claimable anyway; removing them keeps the table small.
        let _ = client
            .execute(
                &format!("DELETE FROM game_owners WHERE server <> $1 AND {DEAD}"),
                &[&self.me()],
            )
            .await;
        *connection = Some(client);
        Some(())
    }

    /// Claims every game of `ids` that no live server owns (one statement); the ones claimed.
    pub(in crate::db) async fn claim_many(&self, ids: &[i64]) -> Vec<i64> {
        let mut connection = self.owner.connection.lock().await;
        if self.alive(&mut connection).await.is_none() {
            return Vec::new();
        }
        let Some(c) = connection.as_ref() else {
            return Vec::new();
        };
        let wanted: Vec<i64> = ids.iter().copied().filter(|&id| !self.owns(id)).collect();
        if wanted.is_empty() {
            return Vec::new();
        }
        let got: Vec<i64> = match c
            .query(
                &format!(
                    "INSERT INTO game_owners (game_id, server)
                     SELECT id, $2::BIGINT FROM games WHERE id = ANY($1::BIGINT[])
                     ON CONFLICT (game_id) DO UPDATE SET server = EXCLUDED.server
                     WHERE CASE WHEN game_owners.server = EXCLUDED.server THEN TRUE ELSE {DEAD} END
                     RETURNING game_id"
                ),
                &[&wanted, &self.me()],
            )
            .await
        {
            Ok(rows) => rows.iter().map(|r| r.get(0)).collect(),
            Err(_) => Vec::new(),
        };
        self.owned_set().extend(&got);
        got
    }

    /// The games this server owns.
    pub(in crate::db) fn owned(&self) -> Vec<i64> {
        self.owned_set().iter().copied().collect()
    }

    /// Gives up game `id` (it ended or left this server's memory), so another server may claim it.
    pub(in crate::db) async fn release(&self, id: i64) {
        if self.owned_set().remove(&id) {
            if let Some(c) = self.owner.connection.lock().await.as_ref() {
                let _ = c
                    .execute(
                        "DELETE FROM game_owners WHERE game_id = $1 AND server = $2",
                        &[&id, &self.me()],
                    )
                    .await;
            }
        }
    }
}
