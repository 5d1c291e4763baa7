//! Search limits from `go` and the time management that turns a clock into a time budget.

use std::time::Duration;

/// What `go` asked for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// Time left on the mover's clock.
    pub time: Option<Duration>,
    /// Increment per move.
    pub inc: Duration,
    /// Fixed time for this move.
    pub movetime: Option<Duration>,
    /// Maximum depth.
    pub depth: Option<u32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Search until `stop`.
    pub infinite: bool,
    /// How many best lines to find and report (UGI `MultiPV`; 0 and 1 mean one).
    pub multipv: u32,
}

/// Time the search may use: it stops starting new iterations after `soft` and aborts at `hard`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Budget {
    /// Do not start another iteration after this.
    pub soft: Option<Duration>,
    /// Never run past this.
    pub hard: Option<Duration>,
}

/// Time kept back for the protocol and process scheduling.
const OVERHEAD: Duration = Duration::from_millis(15);

impl Limits {
    /// The time budget. With a clock: about 1/25 of the time left plus most of the increment, and never
    /// more than a fifth of the clock, so a long game cannot run out of time.
    pub(crate) fn budget(&self) -> Budget {
        if self.infinite {
            return Budget {
                soft: None,
                hard: None,
            };
        }
        if let Some(mt) = self.movetime {
            // The time is given for this move alone: use all of it. An iteration cut short still
            // improves the move when its first move was searched.
            let t = mt.saturating_sub(OVERHEAD).max(Duration::from_millis(1));
            return Budget {
                soft: None,
                hard: Some(t),
            };
        }
        if let Some(left) = self.time {
            let usable = left.saturating_sub(OVERHEAD);
            let soft = (usable / 25 + self.inc * 3 / 4).min(usable / 5);
            let hard = (soft * 4).min(usable / 3).max(Duration::from_millis(1));
            return Budget {
                soft: Some(soft.max(Duration::from_millis(1))),
                hard: Some(hard),
            };
        }
        Budget {
            soft: None,
            hard: None,
        }
    }
}
