//! The engine's replies: a search begun when it is the engine's turn, played when it finishes
//! unless the game changed meanwhile (the task that waits for it is the round's, `round.rs`).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use hasami_core::AnyPosition;
use hasami_engine::SearchRequest;

use crate::db::{Db, DbError};
use crate::engine::{timed, Analysis, Engine, REPLY_TIME};
use crate::live::error::GameError;
use crate::live::finish::Finisher;
use crate::live::game::LiveGame;
use crate::live::moves::Mover;
use crate::live::random::random_u64;
use crate::metrics::Metrics;

/// An engine reply's search, as the game stood when it began.
pub(crate) struct Search {
    /// The game's version the reply is for.
    pub(crate) version: u64,
    request: SearchRequest<AnyPosition>,
}

impl Search {
    /// Runs the search on `engine`, stopped early by `stop`.
    pub(crate) async fn run(self, engine: &Arc<Engine>, stop: Arc<AtomicBool>) -> Analysis {
        engine.search(self.request.stop(stop)).await
    }
}

/// What became of an engine reply.
pub(crate) enum Stored {
    /// Stored and played.
    Played,
    /// Another server had stored a move first: the game is to be read again.
    Conflict,
    /// The store failed: tried again later.
    Refused,
    /// Not a move for this game any more (it ended, or the move does not parse).
    Dropped,
}

/// Engine replies: built with the store they are written to and the counts they add to.
pub(crate) struct Replier<'a> {
    db: &'a Db,
    metrics: &'a Metrics,
}

impl<'a> Replier<'a> {
    /// A replier writing to `db`, counting in `metrics`.
    pub(crate) fn new(db: &'a Db, metrics: &'a Metrics) -> Replier<'a> {
        Replier { db, metrics }
    }

    /// Begins the engine's reply if it is the engine's turn and this server owns the game: the
    /// engine shows as thinking, stopped by `stop` when the game is taken back or ends. The search
    /// to run, if any.
    pub(crate) fn begin(&self, g: &mut LiveGame, stop: &Arc<AtomicBool>) -> Option<Search> {
        let engine_side = g.server_engine_side()?;
        if g.is_over() || g.thinking() || g.game().side() != engine_side || g.arranging().is_some()
        {
            return None;
        }
        if !self.db.owns(g.meta().id) {
            return None; // another server sharing the store owns the game and replies (live/follow.rs)
        }
        let version = g.begin_reply(Arc::clone(stop));
        // With a clock the engine spends about a twentieth of its time plus half the increment.
        let time = match g.remaining(engine_side, tokio::time::Instant::now()) {
            Some(left) => REPLY_TIME.min(std::time::Duration::from_millis(
                (left / 20 + g.meta().clock_increment / 2).max(20) as u64,
            )),
            None => REPLY_TIME,
        };
        let request = timed(g.game().position(), g.game().hashes(), g.meta().level, time)
            .omniscient(g.meta().omniscient)
            .seed(random_u64());
        Some(Search { version, request })
    }

    /// Plays and stores the engine's move `best` (its text) in `g`, standing where it was searched.
    pub(crate) async fn store(&self, g: &mut LiveGame, best: Option<&str>) -> Stored {
        let Some(mv) = best.and_then(|m| g.game().parse_move(m).ok()) else {
            return Stored::Dropped;
        };
        if Finisher::new(self.db).check_clock(g).await.is_err() {
            return Stored::Refused;
        }
        if g.is_over() {
            return Stored::Dropped;
        }
        match Mover::new(self.db, self.metrics).commit(g, mv).await {
            Ok(()) => Stored::Played,
            Err(GameError::Store(DbError::Conflict)) => Stored::Conflict,
            Err(GameError::Store(_)) => Stored::Refused,
            Err(_) => Stored::Dropped,
        }
    }

    /// Gives the reply up: the engine no longer shows as thinking; the clock timer of the engine's
    /// turn goes on.
    pub(crate) fn give_up(&self, g: &mut LiveGame) {
        g.reply_given_up();
    }
}
