//! What the PostgreSQL store's parts share: how long they wait, the lock that serializes
//! migrations, the channel of change notifications, and how a store's address is printed.

use std::time::Duration;

/// How long a call waits for a connection, and a connection for the server, before giving up.
pub(super) const WAIT: Duration = Duration::from_secs(10);
/// The advisory lock that serializes migrations ("hasa", "mi" in ASCII), in the two-key form,
/// whose keys never meet the one-key locks that tell which servers are alive (owners.rs).
pub(super) const MIGRATION_LOCK: (i32, i32) = (0x68_61_73_61, 0x6d_69);

/// The channel of change notifications.
pub(super) const CHANNEL: &str = "hasami_games";
/// Changed game ids waiting to be reloaded, at most (beyond, a notification is dropped; a game left
/// stale by that is reloaded at its next move, which the store refuses as a conflict).
pub(super) const BACKLOG: usize = 4096;

/// `url` without its password and options, to be printed.
pub(crate) fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return "a PostgreSQL database".into();
    };
    let rest = rest.split('?').next().unwrap_or(rest);
    let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let authority = match authority.rsplit_once('@') {
        Some((user, host)) => format!("{}@{host}", user.split(':').next().unwrap_or(user)),
        None => authority.to_string(),
    };
    format!("{scheme}://{authority}{path}")
}
