//! The feature vector of the evaluation: each feature's index and name, and where the values go
//! ([`Sink`]).

/// Number of evaluation features.
pub const N_FEATURES: usize = 18;

/// Feature indices into [`Weights::w`](super::Weights::w) and the [`features`](super::features) vector.
pub mod feature {
    /// Pieces of the side to move minus the opponent's (negated with misère).
    pub const MATERIAL: usize = 0;
    /// Moves of the side to move minus the opponent's.
    pub const MOBILITY: usize = 1;
    /// Always 1: having the move.
    pub const TEMPO: usize = 2;
    /// 1 when the side to move can capture at once (negated with misère).
    pub const CAPTURE_READY: usize = 3;
    /// Pieces of the side to move that the opponent can capture next move (negated with misère).
    pub const HANGING: usize = 4;
    /// 1 when two or more of them hang (a fork; negated with misère).
    pub const FORK: usize = 5;
    /// Pieces on edge squares (not corners), own minus opponent's.
    pub const EDGE: usize = 6;
    /// Pieces on corner squares, own minus opponent's.
    pub const CORNER: usize = 7;
    /// Orthogonally adjacent pairs, own minus opponent's.
    pub const PAIR: usize = 8;
    /// Empty squares between two pieces of a side along a capture axis (C4 targets), own minus opponent's.
    pub const GAP: usize = 9;
    /// Five-region windows with 2 own pieces and no enemy, own minus opponent's.
    pub const WINDOW2: usize = 10;
    /// The same with 3 pieces.
    pub const WINDOW3: usize = 11;
    /// The same with 4 pieces.
    pub const WINDOW4: usize = 12;
    /// Open threes (empty, 3 own, empty in a line of the five-region), own minus opponent's.
    pub const OPEN3: usize = 13;
    /// Distinct squares that would complete a five, own minus opponent's.
    pub const COMPLETIONS: usize = 14;
    /// 1 when the side to move can complete a five at once (a win).
    pub const FIVE_NEXT: usize = 15;
    /// Completion squares the opponent can reach next move (threats to answer).
    pub const FIVE_AGAINST: usize = 16;
    /// 1 when the opponent threatens two fives and no capture of the side to move breaks one.
    pub const DOUBLE_THREAT: usize = 17;
}

/// Names of the features, by index (as printed by the tuner).
pub const FEATURES: [&str; N_FEATURES] = [
    "material",
    "mobility",
    "tempo",
    "capture_ready",
    "hanging",
    "fork",
    "edge",
    "corner",
    "pair",
    "gap",
    "window2",
    "window3",
    "window4",
    "open3",
    "completions",
    "five_next",
    "five_against",
    "double_threat",
];

/// Where feature values go: summed with weights (`evaluate`) or stored (`features`).
pub(super) trait Sink {
    fn add(&mut self, feature: usize, value: i32);
    /// Whether `feature`'s value is used (else its cost may be skipped when other terms do not need it).
    fn wants(&self, feature: usize) -> bool;
}
