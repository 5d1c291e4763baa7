//! Work the store refuses (a full disk, a database server restarting) that nobody is waiting on
//! is tried again: an engine reply (`reply.rs`) and the end of a game on time (`finish.rs`). The
//! first try again comes after 0.25 s, then at doubling waits of at most 8 s, for up to a minute
//! ([`STORE_RETRY`]); after that the work is given up, and the next look at the game (its view, a
//! socket opening) does it again, so no game waits on what nobody will do.

use std::time::Duration;

use tokio::time::Instant;

/// How long work the store refuses is tried again before it is given up.
pub(crate) const STORE_RETRY: Duration = Duration::from_secs(60);
/// The first wait before trying again; it doubles each time.
const FIRST_WAIT: Duration = Duration::from_millis(250);
/// The longest wait between two tries.
const LONGEST_WAIT: Duration = Duration::from_secs(8);

/// The waits between tries of one piece of work, within a window that starts when it is made.
pub(crate) struct Backoff {
    give_up: Instant,
    next: Duration,
}

impl Backoff {
    /// Tries within `window` from now.
    pub(crate) fn new(window: Duration) -> Backoff {
        Backoff {
            give_up: Instant::now() + window,
            next: FIRST_WAIT,
        }
    }

    /// Whether another try fits in the window after the next wait.
    pub(crate) fn again(&self) -> bool {
        Instant::now() + self.next < self.give_up
    }

    /// Waits before the next try.
    pub(crate) async fn wait(&mut self) {
        tokio::time::sleep(self.next).await;
        self.next = (self.next * 2).min(LONGEST_WAIT);
    }
}
