//! Whether each player is connected: the open WebSockets of each side's player on this server.
//!
//! A player's socket counts for their side while it is open; every change of "someone of this side
//! is connected" sends the game to every watcher (without a new version: an engine reply or clock
//! timer in flight is not disturbed). With several servers on one PostgreSQL each server counts the
//! sockets it holds, so a player connected through another server shows as away (docs/web.md).

use hasami_core::Side;

use crate::live::game::LiveGame;

impl LiveGame {
    /// A socket of the player holding `token` opened (`delta` 1) or closed (−1). Spectators and
    /// hot-seat players (who play both sides on one screen) do not count.
    pub(crate) fn socket_changed(&mut self, token: Option<&str>, delta: i32) {
        let sides = self.sides_of(token);
        let [side] = sides.as_slice() else {
            return;
        };
        let i = usize::from(*side == Side::Second);
        let before = self.present[i] > 0;
        self.present[i] = self.present[i].saturating_add_signed(delta);
        if before != (self.present[i] > 0) {
            self.tell();
        }
    }

    /// Whether `side`'s player has a socket open on this server.
    pub fn connected(&self, side: Side) -> bool {
        self.present[usize::from(side == Side::Second)] > 0
    }
}
