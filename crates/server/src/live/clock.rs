//! Clocks: the time control asked for, and each side's remaining time.
//!
//! A side's clock starts with its second turn (each side's first move is free), runs from the start
//! of its turn, and gains the increment with each of its moves. In a timed game paired through the
//! lobby each first move has its own limit instead (`Limits::first_move`, counted from the join and
//! then from the first move): strangers do not wait for ever on each other. Ending the game when a
//! clock or that limit runs out is in `finish`.
//!
//! A turn is timed with the monotonic clock (`turn.rs`), not the wall clock, so a step of the
//! system clock (an NTP correction, a resumed virtual machine) moves no running clock.

use hasami_core::Side;
use serde::Deserialize;
use tokio::time::Instant;

use crate::live::error::GameError;
use crate::live::game::LiveGame;

/// A time control (POST /api/games `clock`): real-time (`initial`, `increment`) or correspondence
/// (`days`), never both.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ClockRequest {
    /// Each side's time in seconds (fractions allowed), 0.1 s to 3 hours.
    #[serde(default)]
    pub(crate) initial: Option<f64>,
    /// Seconds added after each move, 0 to 60 (default 0).
    #[serde(default)]
    pub(crate) increment: Option<f64>,
    /// Correspondence: the days each move may take, one of [`DAYS`](crate::live::days::DAYS).
    #[serde(default)]
    pub(crate) days: Option<f64>,
}

/// A time control, checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TimeControl {
    /// Clocks: each side's time and the increment, ms.
    RealTime {
        /// Each side's starting time, ms.
        initial_ms: i64,
        /// Added after each move, ms.
        increment_ms: i64,
    },
    /// Correspondence: the days each move may take.
    Days(i64),
}

impl ClockRequest {
    /// The time control, checked.
    pub(crate) fn control(self) -> Result<TimeControl, GameError> {
        match (self.initial, self.increment, self.days) {
            (None, None, Some(days)) => {
                crate::live::days::checked_days(days).map(TimeControl::Days)
            }
            (Some(initial), increment, None) => {
                let increment = increment.unwrap_or(0.0);
                if !(initial.is_finite() && (0.1..=10_800.0).contains(&initial)) {
                    return Err(GameError::BadClockInitial(initial));
                }
                if !(increment.is_finite() && (0.0..=60.0).contains(&increment)) {
                    return Err(GameError::BadClockIncrement(increment));
                }
                Ok(TimeControl::RealTime {
                    initial_ms: (initial * 1000.0).round() as i64,
                    increment_ms: (increment * 1000.0).round() as i64,
                })
            }
            _ => Err(GameError::BadClockKind),
        }
    }
}

impl LiveGame {
    /// Whether the side to move's clock runs: clocks are on, the game goes on, and each side has made
    /// its first move.
    pub(crate) fn clock_running(&self) -> bool {
        self.meta().clock_initial.is_some() && !self.is_over() && self.game().plies() >= 2
    }

    /// A side's time when its turn began (after its last move), ms; `None` without clocks.
    fn time_at_turn(&self, side: Side) -> Option<i64> {
        let initial = self.meta().clock_initial?;
        Some(
            (0..self.clocks().len())
                .rev()
                .find(|&i| self.mover_of(i) == side)
                .and_then(|i| self.clocks()[i])
                .unwrap_or(initial),
        )
    }

    /// A side's remaining time at `now` (ms), `None` without clocks.
    pub(crate) fn remaining(&self, side: Side, now: Instant) -> Option<i64> {
        let stored = self.time_at_turn(side)?;
        let on_turn = side == self.game().side() && self.game().plies() >= 2;
        if on_turn && self.clock_running() {
            Some(stored - self.turn().elapsed_ms(now))
        } else if let (true, Some(used)) = (on_turn, self.stopped_after()) {
            // The game ended on this side's turn: its clock ran until the end.
            Some(stored - used)
        } else {
            Some(stored)
        }
    }

    /// Whether the side to move has only the paired players' limit for its move: a timed game whose
    /// seat was taken from the lobby, going on, before each side has moved.
    pub(crate) fn first_move_due(&self) -> bool {
        self.meta().paired
            && self.meta().clock_initial.is_some()
            && !self.is_over()
            && self.game().plies() < 2
    }

    /// When the side to move runs out of time, if its clock runs, or of its time for a paired
    /// player's first move.
    pub(crate) fn deadline(&self) -> Option<Instant> {
        if self.meta().clock_days.is_some() {
            return self.days_deadline();
        }
        if self.first_move_due() {
            return Some(self.turn().at(self.first_move_ms()));
        }
        if !self.clock_running() {
            return None;
        }
        Some(self.turn().at(self.time_at_turn(self.game().side())?))
    }
}
