//! The themes a puzzle is tagged with (docs/web.md, "Puzzles").

/// One tag of a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Theme {
    /// The line wins material.
    Capture,
    /// The line wins the game.
    Win,
    /// A move takes two or more pieces.
    Double,
    /// A corner capture.
    Corner,
    /// Five in a row.
    Five,
    /// The Shogun is trapped: captured or checkmated.
    Shogun,
    /// The first move captures nothing.
    Quiet,
    /// One solver move.
    In1,
    /// Two solver moves.
    In2,
    /// Three solver moves.
    In3,
}

impl Theme {
    /// Every theme, in the order they are listed.
    pub(crate) const ALL: [Theme; 10] = [
        Theme::Capture,
        Theme::Win,
        Theme::Double,
        Theme::Corner,
        Theme::Five,
        Theme::Shogun,
        Theme::Quiet,
        Theme::In1,
        Theme::In2,
        Theme::In3,
    ];

    /// The theme's name in the files and the API.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Theme::Capture => "capture",
            Theme::Win => "win",
            Theme::Double => "double",
            Theme::Corner => "corner",
            Theme::Five => "five",
            Theme::Shogun => "shogun",
            Theme::Quiet => "quiet",
            Theme::In1 => "in1",
            Theme::In2 => "in2",
            Theme::In3 => "in3",
        }
    }

    /// The theme named `text` (exactly, lower case).
    pub(crate) fn named(text: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.name() == text)
    }

    /// The number of solver moves this theme says (`in1`, `in2`, `in3`), for the others `None`.
    pub(crate) const fn solver_moves(self) -> Option<usize> {
        match self {
            Theme::In1 => Some(1),
            Theme::In2 => Some(2),
            Theme::In3 => Some(3),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for theme in Theme::ALL {
            assert_eq!(Theme::named(theme.name()), Some(theme));
        }
        assert_eq!(Theme::named("Capture"), None);
    }
}
