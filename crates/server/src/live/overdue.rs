//! Correspondence games whose deadline passed while no server held them (a restart, a game
//! dropped from memory and not asked for since): a server looks for them in the store when it
//! starts and then every minute, and loads each, which ends it on time (`Round::game`). A game in
//! memory ends by its own timer; this only catches the ones nobody has loaded.

use std::sync::Arc;
use std::time::Duration;

use crate::db;
use crate::live::registry::Shared;
use crate::live::round::Round;

/// How often the store is looked through.
const EVERY: Duration = Duration::from_secs(60);
/// The most games loaded in one look (the rest wait for the next).
const AT_ONCE: u32 = 100;

/// Ends the correspondence games whose deadline passed unseen: built over the server's state.
pub(crate) struct Overdue {
    state: Shared,
}

impl Overdue {
    /// Over the server's state.
    pub(crate) fn new(state: &Shared) -> Overdue {
        Overdue {
            state: Arc::clone(state),
        }
    }

    /// Looks at once, then every minute, for the server's life.
    pub(crate) async fn watch(self) {
        let mut every = tokio::time::interval(EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            self.end_overdue().await;
        }
    }

    /// Loads (and so ends) up to [`AT_ONCE`] games whose deadline passed; a store that does not
    /// answer is asked again next time.
    async fn end_overdue(&self) {
        let day_ms = self.state.services.timing().day_ms;
        let Ok(ids) = self.state.db.overdue(db::now_ms(), day_ms, AT_ONCE).await else {
            return;
        };
        let round = Round::new(&self.state);
        for id in ids {
            // Loading checks the deadline first; a game in memory has its own timer.
            let _ = round.game(id).await;
        }
    }
}
