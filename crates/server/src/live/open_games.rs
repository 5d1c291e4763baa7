//! Which games each client has waiting in the lobby, on this server: the bookkeeping behind the
//! lobby's allowance per client (`lobby.rs`).

use std::collections::HashMap;
use std::net::IpAddr;

use crate::db;

/// How long an open game stays in the lobby without a taker (its invite links work after that).
pub const LOBBY_TTL_MS: i64 = 20 * 60 * 1000;
/// Clients whose open games are remembered before the entries of expired ones are forgotten.
const CLIENTS_REMEMBERED: usize = 10_000;

/// The open games each client created, as (id, created Unix ms); pruned when looked at.
#[derive(Debug, Default)]
pub struct OpenByClient(std::sync::Mutex<HashMap<IpAddr, Vec<(i64, i64)>>>);

impl OpenByClient {
    /// The games `client` created that may still wait.
    pub(crate) fn of(&self, client: IpAddr) -> Vec<(i64, i64)> {
        let map = self.0.lock().unwrap_or_else(|p| p.into_inner());
        map.get(&client).cloned().unwrap_or_default()
    }

    /// Replaces what is remembered of `client`'s games.
    pub(crate) fn set(&self, client: IpAddr, games: Vec<(i64, i64)>) {
        let mut map = self.0.lock().unwrap_or_else(|p| p.into_inner());
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
