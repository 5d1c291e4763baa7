//! How a game ends when its rules do not end it: resignation, an agreed draw, time, an abort, or
//! the server's ply limit.

use hasami_core::{AnyGame, RecordResult, Side};

/// The most plies a game may have: a game at the limit takes no further move (409), so no client
/// can make a game, its view or its record grow without end (variants without repetition and
/// quiet limits never end by rule). Real games end far sooner.
pub(crate) const MAX_PLIES: usize = 2_000;

/// How a game ended when its rules did not end it (resignation, agreed draw, time, abort, the
/// server's ply limit): its result and the reason in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct End {
    /// The result (`Unfinished` for an aborted game: nobody won, nothing was drawn).
    pub(crate) result: RecordResult,
    /// Why it ended, in words.
    pub(crate) reason: String,
}

impl End {
    /// A win for `winner`.
    pub(crate) fn win(winner: Side, reason: String) -> End {
        let result = match winner {
            Side::First => RecordResult::FirstWins,
            Side::Second => RecordResult::SecondWins,
        };
        End { result, reason }
    }

    /// A draw.
    pub(crate) fn draw(reason: String) -> End {
        End {
            result: RecordResult::Draw,
            reason,
        }
    }

    /// An abort: the game ends with no result.
    pub(crate) fn aborted(reason: String) -> End {
        End {
            result: RecordResult::Unfinished,
            reason,
        }
    }
}

/// The end of a game that reaches [`MAX_PLIES`] without an end of its own (a variant with the
/// repetition and quiet-ply rules off): a draw, so that no game waits on a move it cannot make.
pub(crate) fn ply_limit_end(game: &AnyGame) -> Option<End> {
    (game.outcome().is_none() && game.plies() >= MAX_PLIES)
        .then(|| End::draw(format!("draw: the server's limit of {MAX_PLIES} plies")))
}
