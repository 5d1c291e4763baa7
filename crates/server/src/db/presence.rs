//! Which players other servers sharing the store hold sockets of (live/presence.rs). A store only
//! this server uses keeps nothing: the server's memory is the whole truth then.

use std::collections::HashMap;

use super::{Backend, Db, DbError};

impl Db {
    /// Whether other servers may share this store (PostgreSQL).
    pub fn is_shared(&self) -> bool {
        matches!(self.backend, Backend::Postgres(_))
    }

    /// Writes that this server holds sockets of game `id`'s first and second players (`here`), and
    /// tells the other servers.
    pub async fn set_presence(&self, id: i64, here: [bool; 2]) -> Result<(), DbError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(()),
            Backend::Postgres(p) => p.set_presence(id, here).await,
        }
    }

    /// For the games of `ids`, the sides whose players other live servers hold sockets of (games
    /// with none are left out).
    pub async fn present_elsewhere(&self, ids: &[i64]) -> Result<HashMap<i64, [bool; 2]>, DbError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(HashMap::new()),
            Backend::Postgres(p) => {
                let mut found: HashMap<i64, [bool; 2]> = HashMap::new();
                for (id, second) in p.present_elsewhere(ids).await? {
                    found.entry(id).or_default()[usize::from(second)] = true;
                }
                Ok(found)
            }
        }
    }

    /// Marks this server's presence rows as still held and drops the rows no server kept.
    pub async fn keep_presence(&self) -> Result<(), DbError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(()),
            Backend::Postgres(p) => p.keep_presence().await,
        }
    }
}
