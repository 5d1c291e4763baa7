//! Which lobby games each client has created or joined, on this server: the bookkeeping behind the
//! lobby's allowances per client (`lobby.rs`).

use std::collections::HashMap;
use std::net::IpAddr;

use crate::db;

/// How long an open game stays in the lobby without a taker (its invite links work after that), and
/// how long a joined game that has not begun counts against its joiner.
pub(crate) const LOBBY_TTL_MS: i64 = 20 * 60 * 1000;
/// Clients remembered before the entries of expired games are forgotten.
const CLIENTS_REMEMBERED: usize = 10_000;

/// Games per client, as (id, Unix ms when created or joined); pruned when looked at. Held (an async
/// lock) while a client's allowance is checked and used, so two requests at once cannot both pass.
#[derive(Debug, Default)]
pub(crate) struct ClientGames(tokio::sync::Mutex<GamesByClient>);

/// What [`ClientGames`] guards.
#[derive(Debug, Default)]
pub(crate) struct GamesByClient(HashMap<IpAddr, Vec<(i64, i64)>>);

impl ClientGames {
    /// Waits for the other requests that use these allowances on this server.
    pub(crate) async fn lock(&self) -> tokio::sync::MutexGuard<'_, GamesByClient> {
        self.0.lock().await
    }
}

impl GamesByClient {
    /// The games remembered for `client`.
    pub(crate) fn of(&self, client: IpAddr) -> Vec<(i64, i64)> {
        self.0.get(&client).cloned().unwrap_or_default()
    }

    /// Replaces what is remembered of `client`'s games.
    pub(crate) fn set(&mut self, client: IpAddr, games: Vec<(i64, i64)>) {
        let map = &mut self.0;
        if map.len() >= CLIENTS_REMEMBERED {
            let since = db::now_ms() - LOBBY_TTL_MS;
            map.retain(|_, list| list.iter().any(|&(_, at)| at >= since));
        }
        if games.is_empty() {
            map.remove(&client);
        } else {
            map.insert(client, games);
        }
    }
}
