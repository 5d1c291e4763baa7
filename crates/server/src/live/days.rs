//! Correspondence games: a number of days per move instead of clocks (POST /api/games
//! `clock: {days: N}`, online games only).
//!
//! Each move must be made within N days of the turn's start; time left is not carried over, each
//! turn gets N days afresh. When the deadline passes, the side to move loses on time (`finish`,
//! through the same timer as a real-time clock, `round`), or, before each side has moved, the game
//! is aborted (nobody loses a game they never played). The deadline is counted from the turn's
//! stored start (`turn_started`), so it survives a restart: a game loaded after its deadline ends
//! at once, one loaded before arms its timer. While the side to move thinks, the waiting player may
//! give it another period of N days ([`Extender`]), at most [`MAX_EXTENSIONS`] times a turn. A
//! "day" is `Limits::day` (24 hours; tests set less).

use tokio::time::Instant;

use crate::db::{self, Db};
use crate::live::end::End;
use crate::live::error::GameError;
use crate::live::finish::ABORTED;
use crate::live::game::LiveGame;
use crate::live::opponent::{side_word, Opponent};

/// The days per move a correspondence game may have.
pub(crate) const DAYS: [i64; 6] = [1, 2, 3, 5, 7, 14];
/// How many more periods the waiting player may give the side to move on one turn.
pub(crate) const MAX_EXTENSIONS: i64 = 3;

/// `days` as asked for, when it is one of [`DAYS`].
pub(crate) fn checked_days(days: f64) -> Result<i64, GameError> {
    DAYS.into_iter()
        .find(|&d| d as f64 == days)
        .ok_or(GameError::BadClockDays(days))
}

/// What the view shows of a correspondence game's time (GET /api/games/{id} `clock`).
#[derive(Debug, Clone, serde::Serialize)]
pub(crate) struct DaysView {
    /// Days per move.
    pub(crate) days: i64,
    /// When the side to move's time runs out, Unix ms (none while the game waits for its players
    /// or is over).
    pub(crate) deadline: Option<i64>,
    /// The side whose time runs.
    pub(crate) running: Option<&'static str>,
    /// More periods given on this turn.
    pub(crate) extensions: i64,
    /// More periods that may still be given on this turn.
    pub(crate) extensions_left: i64,
}

impl LiveGame {
    /// Whether the side to move's days run: a correspondence game that goes on, with both
    /// players seated and the pieces arranged.
    pub(crate) fn days_running(&self) -> bool {
        self.meta().clock_days.is_some()
            && !self.is_over()
            && self.meta().open_seat.is_none()
            && self.arranging().is_none()
    }

    /// How long the side to move's turn may last, ms (its periods given included).
    fn days_allowed_ms(&self) -> Option<i64> {
        let days = self.meta().clock_days?;
        let periods = 1 + self.meta().extensions.clamp(0, MAX_EXTENSIONS);
        Some(
            days.saturating_mul(self.timing().day_ms)
                .saturating_mul(periods),
        )
    }

    /// When the side to move's days run out.
    pub(crate) fn days_deadline(&self) -> Option<Instant> {
        if !self.days_running() {
            return None;
        }
        Some(self.turn().at(self.days_allowed_ms()?))
    }

    /// The end when the side to move's days ran out at `now`: a loss on time, or an abort before
    /// each side has moved.
    pub(crate) fn days_flag(&self, now: Instant) -> Option<End> {
        if !self.days_running() || self.turn().elapsed_ms(now) < self.days_allowed_ms()? {
            return None;
        }
        let loser = self.game().side();
        let (late, other) = (self.game().side_name(loser), self.game().side_name(!loser));
        if self.game().plies() < 2 {
            return Some(End::aborted(format!(
                "{ABORTED}: {late} did not move in time"
            )));
        }
        Some(End::win(
            !loser,
            format!("{other} wins on time: {late} did not move in time"),
        ))
    }

    /// The view of a correspondence game's time at `now`.
    pub(crate) fn days_view(&self, now: Instant) -> Option<DaysView> {
        let days = self.meta().clock_days?;
        let running = self.days_running();
        let deadline = running
            .then(|| self.days_allowed_ms())
            .flatten()
            .map(|allowed| db::now_ms() + (allowed - self.turn().elapsed_ms(now)).max(0));
        let extensions = self.meta().extensions.clamp(0, MAX_EXTENSIONS);
        Some(DaysView {
            days,
            deadline,
            running: running.then(|| side_word(self.game().side())),
            extensions,
            extensions_left: if running {
                MAX_EXTENSIONS - extensions
            } else {
                0
            },
        })
    }
}

/// Gives the side to move more time in correspondence games: built with the store.
pub(crate) struct Extender<'a> {
    db: &'a Db,
}

impl<'a> Extender<'a> {
    /// An extender writing to `db`.
    pub(crate) fn new(db: &'a Db) -> Extender<'a> {
        Extender { db }
    }

    /// The waiting player (holder of `token`) gives the side to move another period of the
    /// game's days (stored first): its deadline moves by that much.
    pub(crate) async fn extend(
        &self,
        g: &mut LiveGame,
        token: Option<&str>,
    ) -> Result<(), GameError> {
        let sides = g.player_sides(token)?;
        if g.meta().clock_days.is_none() || g.opponent() != Opponent::Online {
            return Err(GameError::NotCorrespondence);
        }
        g.check_playing()?;
        if !g.days_running() {
            return Err(GameError::NotStarted);
        }
        if sides.contains(&g.game().side()) {
            return Err(GameError::ExtendOwnTurn);
        }
        let before = g.meta().extensions;
        if before >= MAX_EXTENSIONS {
            return Err(GameError::TooManyExtensions {
                max: MAX_EXTENSIONS,
            });
        }
        let plies = u32::try_from(g.game().plies()).unwrap_or(u32::MAX);
        if !self.db.extend(g.meta().id, plies, before).await? {
            // Another request or server changed the game first: show what is stored.
            g.reread(self.db).await?;
            return Err(GameError::Store(db::DbError::Conflict));
        }
        g.take_extension();
        Ok(())
    }
}
