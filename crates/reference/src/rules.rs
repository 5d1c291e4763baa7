//! The vocabulary of the reference rules: sides, win conditions, outcomes and the rules a variant
//! text selects (A5, A6).

/// One of the two sides. Black is the first player (A1.2).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Side {
    Black,
    White,
}

impl Side {
    pub(crate) fn other(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }

    pub(crate) fn letter(self) -> char {
        match self {
            Side::Black => 'b',
            Side::White => 'w',
        }
    }
}

/// One item of the `win=` list (A5, A6).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum WinItem {
    /// W1: the opponent of the mover has K or fewer pieces.
    PiecesLeft(usize),
    /// W1 written as a number of captures M (K = starting pieces − M).
    Captures(usize),
    /// W2: the mover leads by at least D pieces.
    Lead(usize),
    /// W3: five in a row.
    Five,
    /// W5: most captures.
    MostCaptures,
}

/// State of the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Outcome {
    Running,
    Win(Side),
    Draw,
}

/// The rules selected by a variant text (A6).
#[derive(Clone, Debug)]
pub(crate) struct Rules {
    /// Board size N (8 or 9).
    pub(crate) n: usize,
    /// Ranks filled by each side, counted from its own edge, 1-based (A2).
    pub(crate) rows: Vec<usize>,
    /// `movement=step` (A3.2) instead of slide (A3.1).
    pub(crate) step: bool,
    /// `jump` (A3.3).
    pub(crate) jump: bool,
    /// `house` (A3.4).
    pub(crate) house: bool,
    /// `corner` (C2).
    pub(crate) corner: bool,
    /// `intervention` (C4).
    pub(crate) intervention: bool,
    /// `diagonal-capture` (C1).
    pub(crate) diagonal: bool,
    /// `misere` (W1).
    pub(crate) misere: bool,
    /// `max-run` (C1); `None` = unlimited.
    pub(crate) max_run: Option<usize>,
    /// `win=` list (A5).
    pub(crate) win: Vec<WinItem>,
    /// `five=all` (W3) instead of orthogonal only.
    pub(crate) five_all: bool,
    /// `repetition=R` (D1); 0 = off.
    pub(crate) repetition: u64,
    /// `quiet=P` (D2); 0 = off.
    pub(crate) quiet: u64,
}

impl Rules {
    /// Pieces each side starts with (A2).
    pub(crate) fn starting_pieces(&self) -> usize {
        self.n * self.rows.len()
    }

    /// Number of home rows of each side (A1.3): up to the farthest rank of its setup.
    pub(crate) fn home_depth(&self) -> usize {
        self.rows.iter().copied().max().unwrap_or(1)
    }
}
