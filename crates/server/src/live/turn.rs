//! How long the side to move has been on its turn, timed with the monotonic clock, so that a step of
//! the system clock (an NTP correction, a resumed virtual machine) moves no running clock. The wall
//! clock is read once, when a turn began elsewhere: in a stored game loaded here, or on another server.

use std::time::Duration;

use tokio::time::Instant;

use crate::db;

/// How long the side to move has been on its turn.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TurnClock {
    /// When this server began timing the turn (monotonic).
    since: Instant,
    /// How long the turn had lasted then, ms (0 for a turn that began here).
    before_ms: i64,
}

impl TurnClock {
    /// A turn beginning now.
    pub(crate) fn start() -> TurnClock {
        TurnClock {
            since: Instant::now(),
            before_ms: 0,
        }
    }

    /// A turn that began at `began` (Unix ms, as stored): the wall clock gives its time so far, the
    /// monotonic clock the rest.
    pub(crate) fn resumed(began: i64) -> TurnClock {
        TurnClock {
            since: Instant::now(),
            before_ms: (db::now_ms() - began).max(0),
        }
    }

    /// How long the turn has lasted at `now`, ms.
    pub(crate) fn elapsed_ms(&self, now: Instant) -> i64 {
        let since = now.saturating_duration_since(self.since).as_millis();
        self.before_ms + i64::try_from(since).unwrap_or(i64::MAX / 2)
    }

    /// When the turn will have lasted `ms`.
    pub(crate) fn at(&self, ms: i64) -> Instant {
        let left = u64::try_from(ms - self.before_ms).unwrap_or(0);
        self.since + Duration::from_millis(left)
    }
}
