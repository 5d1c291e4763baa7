//! The end state written with every change of a game, and the words its sides are stored as.

use hasami_core::{RecordResult, Side};

/// The end state written with every change (stored as column text: the result token, and the side
/// words `black`/`white`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    /// The result.
    pub result: RecordResult,
    /// Why it ended.
    pub reason: Option<String>,
    /// Who offers a draw.
    pub draw_offer: Option<Side>,
    /// Who asks to take back their last move.
    pub takeback_offer: Option<Side>,
}

impl Status {
    /// A game going on, with no offer standing.
    pub fn playing() -> Status {
        Status {
            result: RecordResult::Unfinished,
            reason: None,
            draw_offer: None,
            takeback_offer: None,
        }
    }

    /// The result as stored: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub(crate) fn result_text(&self) -> &'static str {
        self.result.token()
    }

    /// The side offering a draw as stored.
    pub(crate) fn draw_offer_text(&self) -> Option<&'static str> {
        self.draw_offer.map(side_text)
    }

    /// The side asking for a takeback as stored.
    pub(crate) fn takeback_offer_text(&self) -> Option<&'static str> {
        self.takeback_offer.map(side_text)
    }
}

/// A side as stored: `black` (the first player) or `white`.
pub fn side_text(side: Side) -> &'static str {
    match side {
        Side::First => "black",
        Side::Second => "white",
    }
}

/// A side from its stored word.
pub fn side_from_text(text: &str) -> Option<Side> {
    match text {
        "black" => Some(Side::First),
        "white" => Some(Side::Second),
        _ => None,
    }
}
