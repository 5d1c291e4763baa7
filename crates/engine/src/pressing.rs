//! How hard a search presses a lead: a setting of the search that each level chooses
//! ([`crate::Level`]).

use crate::game::Press;

/// How hard a search presses a lead in a game won by capturing: as the playing levels below 10 were
/// measured, or with everything the conversion suites were measured with (level 10, and a search
/// without a level).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pressing {
    /// The lighter press weight ([`Press::Ladder`]) and no deadline: the levels' margins and slips
    /// are in evaluation units, so a heavier press would change what they leave en prise
    /// (docs/engine.md, "Level ladder").
    Ladder,
    /// The game's full press weight ([`Press::Full`]) and the deadline: when the root's side leads
    /// by two pieces or more it gains for each piece it keeps and, where the quiet count is not
    /// already priced, pays for the plies without a capture (docs/conversion.md, "Deadlines").
    Full,
}

impl Pressing {
    /// The weight of the game's press term ([`crate::SearchGame::press`]).
    pub(crate) fn weight(self) -> Press {
        match self {
            Pressing::Ladder => Press::Ladder,
            Pressing::Full => Press::Full,
        }
    }

    /// Whether the side ahead pays for the plies without a capture and gains for its pieces.
    pub(crate) fn deadline(self) -> bool {
        self == Pressing::Full
    }
}
