//! The end state a live game stores with each change: after a move or a takeback, at its end,
//! with a draw offer or a takeback request.

use hasami_core::{AnyGame, RecordResult, Side};

use crate::db::Status;
use crate::live::end::{ply_limit_end, End};
use crate::live::game::LiveGame;

impl LiveGame {
    /// The end state to store with a move to `next`: ended when `next` ends, offers and requests
    /// answered.
    pub(crate) fn status_after_move(&self, next: &AnyGame) -> Status {
        let mut status = self.status();
        if let Some(o) = next.outcome() {
            status.result = RecordResult::of(Some(o));
            status.reason = next.outcome_words();
        }
        if let Some(end) = ply_limit_end(next) {
            status.result = end.result;
            status.reason = Some(end.reason);
        }
        status.draw_offer = None;
        status.takeback_offer = None;
        status
    }

    /// The end state to store with a takeback to `next`: offers and requests answered.
    pub(crate) fn status_after_takeback(next: &AnyGame) -> Status {
        let mut status = Status::playing();
        if let Some(o) = next.outcome() {
            status.result = RecordResult::of(Some(o));
            status.reason = next.outcome_words();
        }
        status
    }

    /// The end state to store with `end`: offers and requests answered.
    pub(crate) fn status_ended(&self, end: &End) -> Status {
        Status {
            result: end.result,
            reason: Some(end.reason.clone()),
            draw_offer: None,
            takeback_offer: None,
        }
    }

    /// The end state to store with a draw offer made or withdrawn (a takeback request stands).
    pub(crate) fn status_with_draw_offer(&self, side: Option<Side>) -> Status {
        Status {
            draw_offer: side,
            ..self.status()
        }
    }

    /// The end state to store with a takeback request made or answered (a draw offer stands).
    pub(crate) fn status_with_takeback_offer(&self, side: Option<Side>) -> Status {
        Status {
            takeback_offer: side,
            ..self.status()
        }
    }
}
