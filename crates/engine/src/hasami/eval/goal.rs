//! The families of the Hasami games for the evaluation: which weights a variant uses and how hard it
//! presses a lead.

use hasami_core::HasamiRules;

use crate::game::Press;

/// Which set of weights a variant uses, from its goals and captures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Goal {
    /// Capture goals only (W1, W2, W5; misère too).
    Capture,
    /// Five in a row only (W3).
    Five,
    /// Five in a row and a capture goal (AGON).
    Agon,
    /// Intervention captures (C4, mak-yek).
    Intervention,
}

impl Goal {
    /// Every family.
    pub const ALL: [Goal; 4] = [Goal::Capture, Goal::Five, Goal::Agon, Goal::Intervention];

    /// How hard this family presses a lead (`crate::hasami::press`), in centi-pieces per piece of
    /// lead for each safe landing square per defending piece the defender lacks: 12 in the sandwich
    /// games at full weight, 4 in mak-yek (where 12 converted no more) and for the levels below 10
    /// (docs/conversion.md, "The press weight"); 0 where a five can win, which never presses.
    pub const fn press_weight(self, how: Press) -> i32 {
        match (self, how) {
            (Goal::Five | Goal::Agon, _) => 0,
            (Goal::Capture, Press::Full) => 12,
            (Goal::Capture | Goal::Intervention, _) => 4,
        }
    }

    /// The family of a variant.
    #[inline]
    pub fn of(rules: &HasamiRules) -> Goal {
        let capture_goal =
            rules.pieces_left.is_some() || rules.lead.is_some() || rules.most_captures;
        if rules.five {
            if capture_goal {
                Goal::Agon
            } else {
                Goal::Five
            }
        } else if rules.options.intervention {
            Goal::Intervention
        } else {
            Goal::Capture
        }
    }

    /// Its name in weight files and docs.
    pub const fn name(self) -> &'static str {
        match self {
            Goal::Capture => "capture",
            Goal::Five => "five",
            Goal::Agon => "agon",
            Goal::Intervention => "intervention",
        }
    }

    /// The family with this name.
    pub fn from_name(name: &str) -> Option<Goal> {
        Goal::ALL.into_iter().find(|f| f.name() == name)
    }
}
