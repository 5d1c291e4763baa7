//! Which games each client has waiting in the lobby, on this server: the bookkeeping behind the
//! lobby's allowance per client (`lobby.rs`).

use std::collections::HashMap;
use std::net::IpAddr;

use crate::db;

/// How long an open game stays in the lobby without a taker (its invite links work after that).
pub const LOBBY_TTL_MS: i64 = 20 * 60 * 1000;
/// Clients whose open games are remembered before the entries of expired ones are forgotten.
const CLIENTS_REMEMBERED: usize = 10_000;

/// The open games each client created, as (id, created Unix ms); pruned when looked at. Held
/// (an async lock) while an open game is created.
#[derive(Debug, Default)]
pub struct OpenByClient(tokio::sync::Mutex<OpenGames>);

/// What [`OpenByClient`] guards.
#[derive(Debug, Default)]
pub struct OpenGames(HashMap<IpAddr, Vec<(i64, i64)>>);

impl OpenByClient {
    /// Waits for the other creations of open games on this server.
    pub(crate) async fn lock(&self) -> tokio::sync::MutexGuard<'_, OpenGames> {
        self.0.lock().await
    }
}

impl OpenGames {
    /// The games `client` created that may still wait.
    pub(crate) fn of(&self, client: IpAddr) -> Vec<(i64, i64)> {
        self.0.get(&client).cloned().unwrap_or_default()
    }

    /// Replaces what is remembered of `client`'s games.
    pub(crate) fn set(&mut self, client: IpAddr, games: Vec<(i64, i64)>) {
        let map = &mut self.0;
        if map.len() >= CLIENTS_REMEMBERED {
            let since = db::now_ms() - LOBBY_TTL_MS;
            map.retain(|_, list| list.iter().any(|&(_, created)| created >= since));
        }
        if games.is_empty() {
            map.remove(&client);
        } else {
            map.insert(client, games);
        }
    }
}
