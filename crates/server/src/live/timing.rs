//! The times a game keeps besides its clocks: the server's settings a live game is made with.

/// The times a game keeps besides its clocks (the server's settings, `Limits`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Timing {
    /// How long each player of a paired game has for its first move, ms (`Limits::first_move`).
    pub(crate) first_move_ms: i64,
    /// The length of a correspondence game's day, ms (`Limits::day`).
    pub(crate) day_ms: i64,
}

/// A day, ms, unless the server sets another (`Limits::day`).
pub(crate) const DAY_MS: i64 = 86_400_000;
