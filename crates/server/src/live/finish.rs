//! Ending a game other than by the rules: resignation, loss on time (checked before every action
//! and by a timer), and the stored end state that draw offers also use.

use std::sync::Arc;

use hasami_core::Side;
use tokio::sync::Mutex;
use tokio::time::Instant;

use crate::db::Status;
use crate::live::error::GameError;
use crate::live::game::{side_word, LiveGame};
use crate::live::registry::AppState;
use crate::live::view::GameView;

impl LiveGame {
    /// The end "on time" for the side to move, when its time is up at `now`, or the abort of a
    /// paired game whose side to move let its time for a first move pass.
    fn flag(&self, now: Instant) -> Option<(String, String)> {
        if self.first_move_due() {
            if self.turn.elapsed_ms(now) < self.first_move_ms {
                return None;
            }
            let late = self.game.side_name(self.game.side());
            return Some((
                "*".into(),
                format!("{ABORTED}: {late} did not make a first move"),
            ));
        }
        if !self.clock_running() || self.remaining(self.game.side(), now)? > 0 {
            return None;
        }
        let loser = self.game.side();
        let result = if loser == Side::First { "0-1" } else { "1-0" };
        Some((
            result.into(),
            format!(
                "{} wins on time: {} ran out of time",
                self.game.side_name(!loser),
                self.game.side_name(loser)
            ),
        ))
    }
}

impl AppState {
    /// Resigns for the holder of `token` (in a local game, the side to move resigns).
    pub async fn resign(
        self: &Arc<Self>,
        id: i64,
        token: Option<&str>,
    ) -> Result<GameView, GameError> {
        let live = self.live(id).await?;
        let mut g = live.lock().await;
        self.check_clock(&mut g).await?;
        let sides = g.player_sides(token)?;
        g.check_playing()?;
        let loser = g.acting_side(&sides);
        let winner = !loser;
        let result = if winner == Side::First { "1-0" } else { "0-1" };
        let reason = format!(
            "{} wins: {} resigned",
            g.game.side_name(winner),
            g.game.side_name(loser)
        );
        self.set_end(&mut g, Some((result.into(), reason)), None)
            .await?;
        Ok(g.view(token))
    }

    /// Ends the game on time when the side to move's time is up, or aborts it when a paired
    /// player's first move is late (stored before anyone is told).
    pub(crate) async fn check_clock(&self, g: &mut LiveGame) -> Result<(), GameError> {
        if let Some(end) = g.flag(Instant::now()) {
            self.set_end(g, Some(end), None).await?;
        }
        Ok(())
    }

    /// Starts a timer that ends the game on time if the side to move does not move before its time
    /// runs out; a change of the game (a move, undo, the end) makes the timer do nothing.
    pub(crate) fn watch_clock(self: &Arc<Self>, live: &Arc<Mutex<LiveGame>>, g: &mut LiveGame) {
        if let Some(old) = g.clock_timer.take() {
            old.abort();
        }
        let Some(deadline) = g.deadline() else {
            return;
        };
        if !self.db.owns(g.meta.id) {
            return; // the owner's timer ends the game; this server follows (live/follow.rs)
        }
        let version = g.version;
        // A few ms past the deadline, so that the flag is certain when the timer looks.
        let wake = deadline + std::time::Duration::from_millis(5);
        let state = Arc::clone(self);
        let live = Arc::clone(live);
        let task = tokio::spawn(async move {
            tokio::time::sleep_until(wake).await;
            // An end the store refuses is tried again (live/retry.rs).
            let mut backoff = state.backoff();
            loop {
                let mut g = live.lock().await;
                if g.version != version {
                    return;
                }
                if state.check_clock(&mut g).await.is_ok() || !backoff.again() {
                    g.clock_timer = None;
                    return;
                }
                drop(g);
                backoff.wait().await;
            }
        });
        g.clock_timer = Some(task.abort_handle());
    }

    /// Stores and applies a new end state: `ended` (result token, reason) when the game ends, and
    /// the side that offers a draw (none clears an offer).
    pub(crate) async fn set_end(
        &self,
        g: &mut LiveGame,
        ended: Option<(String, String)>,
        offer: Option<Side>,
    ) -> Result<(), GameError> {
        let (result, reason) = match &ended {
            Some((r, why)) => (r.clone(), Some(why.clone())),
            None => g.result(),
        };
        let status = Status {
            result,
            reason,
            draw_offer: offer.map(|s| side_word(s).to_string()),
            // The end answers a takeback request; an offer leaves it standing.
            takeback_offer: match ended {
                Some(_) => None,
                None => g.takeback_offer.map(|s| side_word(s).to_string()),
            },
        };
        let id = g.meta.id;
        self.db.set_status(id, status).await?;
        g.draw_offer = offer;
        if ended.is_some() {
            g.takeback_offer = None;
            g.ended = ended;
            g.stopped_after = Some(g.turn.elapsed_ms(Instant::now()));
            g.cancel_reply();
            g.changed();
        } else {
            // Only an offer made or withdrawn: the clock of the side to move keeps running.
            g.tell();
        }
        Ok(())
    }
}

/// The reason stored for an aborted game (its result stays `*`: nobody won, nothing was drawn).
pub(crate) const ABORTED: &str = "Game aborted";

impl AppState {
    /// Aborts the game for a player before each side has moved (fewer than two plies): it ends
    /// with no result, as if never played. Later a player resigns instead.
    pub async fn abort(
        self: &Arc<Self>,
        id: i64,
        token: Option<&str>,
    ) -> Result<GameView, GameError> {
        let live = self.live(id).await?;
        let mut g = live.lock().await;
        self.check_clock(&mut g).await?;
        g.player_sides(token)?;
        g.check_playing()?;
        if g.game.plies() >= 2 {
            return Err(GameError::TooLateToAbort);
        }
        self.set_end(&mut g, Some(("*".into(), ABORTED.into())), None)
            .await?;
        Ok(g.view(token))
    }
}
