//! Whether each player is connected: the record one game keeps of its players' open WebSockets on
//! this server and, with several servers on one PostgreSQL store, of the sides other servers hold
//! sockets of. Kept in step with the socket events and the other servers by `presence_sync.rs`.

use std::time::Duration;

/// How often a server sharing its store keeps its presence rows and reads the others' again.
pub(crate) const PRESENCE_REFRESH: Duration = Duration::from_secs(10);

/// One game's presence as this server knows it; indices are sides (first, second).
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Presence {
    /// Open WebSockets of each side's player on this server.
    sockets: [u32; 2],
    /// Whether another server sharing the store holds a socket of each side's player.
    elsewhere: [bool; 2],
    /// What this server last wrote to the store about its own sockets.
    published: [bool; 2],
}

impl Presence {
    /// Whether side `i`'s player has a socket open, here or on another server.
    pub(crate) fn connected(&self, i: usize) -> bool {
        self.sockets[i] > 0 || self.elsewhere[i]
    }

    /// Both sides' [`Presence::connected`].
    pub(crate) fn both(&self) -> [bool; 2] {
        [0, 1].map(|i| self.connected(i))
    }

    /// Whether this server holds a socket of each side's player.
    pub(crate) fn here(&self) -> [bool; 2] {
        self.sockets.map(|n| n > 0)
    }

    /// A socket of side `i`'s player opened (`delta` 1) or closed (−1) here; whether this server's
    /// own presence of that side changed.
    pub(crate) fn socket(&mut self, i: usize, delta: i32) -> bool {
        let before = self.sockets[i] > 0;
        self.sockets[i] = self.sockets[i].saturating_add_signed(delta);
        before != (self.sockets[i] > 0)
    }

    /// Sets which sides other servers hold sockets of.
    pub(crate) fn set_elsewhere(&mut self, elsewhere: [bool; 2]) {
        self.elsewhere = elsewhere;
    }

    /// What this server holds, when it differs from what was last written to the store.
    pub(crate) fn unpublished(&self) -> Option<[bool; 2]> {
        (self.here() != self.published).then(|| self.here())
    }

    /// `here` was written to the store.
    pub(crate) fn published(&mut self, here: [bool; 2]) {
        self.published = here;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_is_connected_through_any_server_and_only_changes_here_are_written() {
        let mut p = Presence::default();
        assert!(p.socket(0, 1), "the first socket here is news");
        assert!(!p.socket(0, 1), "a second one is not");
        assert_eq!(p.unpublished(), Some([true, false]));
        p.published([true, false]);
        assert_eq!(p.unpublished(), None);
        assert!(!p.socket(0, -1));
        assert!(p.socket(0, -1), "the last one closing is news");
        p.set_elsewhere([true, true]);
        assert_eq!(p.both(), [true, true], "connected through another server");
        assert_eq!(p.here(), [false, false]);
        assert_eq!(p.unpublished(), Some([false, false]));
        assert!(!p.socket(1, -1), "a close without an open changes nothing");
    }
}
