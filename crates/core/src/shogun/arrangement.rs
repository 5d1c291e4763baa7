//! Arranging the pieces before the first move (RULES.md S2, `setup=choose`; `004`: "the other men
//! can be placed on the row as desired").
//!
//! An [`Arrangement`] is one side's seven piece ids on its seven setup squares, in the order of S2
//! (from the owner's left, the Shogun's square skipped): White `a1 b1 c1 d1 f1 g1 h1`, Red
//! `h8 g8 f8 e8 c8 b8 a8`. Its text is the seven ids in that order, `1234567` being the fixed
//! setup. [`Arranging`] is the phase before the first move: each side gives its arrangement once,
//! and the start position exists when both have.
//!
//! ```
//! use hasami_core::shogun::{Arrangement, Arranging};
//! use hasami_core::{ShogunRules, Side};
//!
//! let rules = ShogunRules::parse("shogun+setup=choose").unwrap();
//! let mut setup = Arranging::new(rules);
//! setup.arrange(Side::Second, "7654321".parse().unwrap()).unwrap();
//! assert!(setup.start().is_none());
//! setup.arrange(Side::First, Arrangement::FIXED).unwrap();
//! let start = setup.start().unwrap();
//! assert_eq!(start.arrangement(Side::First), Some(Arrangement::FIXED));
//! assert_eq!(start.arrangement(Side::Second), Some("7654321".parse().unwrap()));
//! ```

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::magnets::SETUP_SQUARES;
use super::position::ShogunPosition;
use super::rules::{ShogunRules, ShogunSetup};
use super::side_name;
use crate::types::rng::SplitMix64;
use crate::types::side::Side;

/// One side's piece ids on its setup squares, in S2 order (a permutation of 1–7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Arrangement([u8; 7]);

/// Why an arrangement was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ArrangementError {
    /// Not seven ids 1–7, each once.
    #[error("'{0}' is not an arrangement: give the seven piece numbers 1-7, each once, in the order of your setup squares from your left (e.g. 3142576)")]
    Bad(String),
    /// The variant does not let the players arrange their pieces.
    #[error(
        "this game does not let the players arrange their pieces (only shogun+setup=choose does)"
    )]
    NotChoose,
    /// The side has already arranged.
    #[error("{0} has already arranged its pieces")]
    Already(&'static str),
}

impl Arrangement {
    /// Pieces 1–7 in order: the fixed setup.
    pub const FIXED: Arrangement = Arrangement([1, 2, 3, 4, 5, 6, 7]);

    /// From the ids in S2 order; each of 1–7 exactly once.
    pub fn from_ids(ids: [u8; 7]) -> Result<Arrangement, ArrangementError> {
        let mut seen = 0u8;
        for &id in &ids {
            if !(1..=7).contains(&id) || seen & (1 << id) != 0 {
                let text: String = ids.iter().map(|d| char::from(b'0' + d % 10)).collect();
                return Err(ArrangementError::Bad(text));
            }
            seen |= 1 << id;
        }
        Ok(Arrangement(ids))
    }

    /// The ids in S2 order.
    pub const fn ids(self) -> [u8; 7] {
        self.0
    }

    /// A uniformly random arrangement from `rng` (Fisher–Yates).
    pub fn random(rng: &mut SplitMix64) -> Arrangement {
        let mut ids = Arrangement::FIXED.0;
        super::magnets::shuffle(rng, &mut ids);
        Arrangement(ids)
    }
}

impl FromStr for Arrangement {
    type Err = ArrangementError;

    fn from_str(text: &str) -> Result<Arrangement, ArrangementError> {
        let t = text.trim();
        let bad = || ArrangementError::Bad(t.chars().take(20).collect());
        if t.len() != 7 || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let mut ids = [0u8; 7];
        for (slot, b) in ids.iter_mut().zip(t.bytes()) {
            *slot = b - b'0';
        }
        Arrangement::from_ids(ids).map_err(|_| bad())
    }
}

impl fmt::Display for Arrangement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for id in self.0 {
            write!(f, "{id}")?;
        }
        Ok(())
    }
}

/// The phase before the first move of a `setup=choose` game: which sides have arranged their
/// pieces. The start position exists once both have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arranging {
    rules: &'static ShogunRules,
    done: [Option<Arrangement>; 2],
}

impl Arranging {
    /// Nobody has arranged yet.
    pub fn new(rules: &'static ShogunRules) -> Arranging {
        Arranging {
            rules,
            done: [None; 2],
        }
    }

    /// The phase a new game of `variant` starts with, when its players arrange their pieces
    /// (`shogun+setup=choose`); `None` for every other variant.
    pub fn of(variant: crate::Variant) -> Option<Arranging> {
        match variant {
            crate::Variant::Shogun(rules) if rules.options.setup == ShogunSetup::Choose => {
                Some(Arranging::new(rules))
            }
            _ => None,
        }
    }

    /// The phase with what each side has already given (from a store).
    pub fn resumed(rules: &'static ShogunRules, done: [Option<Arrangement>; 2]) -> Arranging {
        Arranging { rules, done }
    }

    /// Gives `side`'s arrangement, once; refused when the variant is not `setup=choose`.
    pub fn arrange(
        &mut self,
        side: Side,
        arrangement: Arrangement,
    ) -> Result<(), ArrangementError> {
        if self.rules.options.setup != ShogunSetup::Choose {
            return Err(ArrangementError::NotChoose);
        }
        let slot = &mut self.done[side.index()];
        if slot.is_some() {
            return Err(ArrangementError::Already(side_name(side)));
        }
        *slot = Some(arrangement);
        Ok(())
    }

    /// What `side` has given, if anything.
    pub fn arrangement(&self, side: Side) -> Option<Arrangement> {
        self.done[side.index()]
    }

    /// Whether `side` has arranged.
    pub fn has_arranged(&self, side: Side) -> bool {
        self.done[side.index()].is_some()
    }

    /// The start position, once both sides have arranged.
    pub fn start(&self) -> Option<ShogunPosition> {
        match self.done {
            [Some(white), Some(red)] => Some(ShogunPosition::arranged(self.rules, [white, red])),
            _ => None,
        }
    }
}

impl ShogunPosition {
    /// The start position with each side's pieces placed as the players arranged them (S2,
    /// `setup=choose`); the Shoguns on their squares, numbers as [`Self::start`] gives them.
    pub fn arranged(rules: &'static ShogunRules, arrangements: [Arrangement; 2]) -> ShogunPosition {
        ShogunPosition::start_with(rules, arrangements.map(Arrangement::ids))
    }

    /// How `side`'s seven pieces stand on its first rank, when they all stand there (a start
    /// position); `None` once one has moved or been taken.
    pub fn arrangement(&self, side: Side) -> Option<Arrangement> {
        let s = side.index();
        let mut ids = [0u8; 7];
        for (k, &q) in SETUP_SQUARES[s].iter().enumerate() {
            let c = self.board[q as usize];
            if c == 0 || (c - 1) as usize / 8 != s {
                return None;
            }
            ids[k] = (c - 1) % 8;
        }
        Arrangement::from_ids(ids).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_and_refuses_what_is_not_a_permutation() {
        let a: Arrangement = "3142576".parse().unwrap();
        assert_eq!(a.to_string(), "3142576");
        assert_eq!(a.ids(), [3, 1, 4, 2, 5, 7, 6]);
        for bad in [
            "",
            "123456",
            "12345678",
            "1234566",
            "0123456",
            "123456x",
            "８１２３４５６",
        ] {
            assert!(
                matches!(bad.parse::<Arrangement>(), Err(ArrangementError::Bad(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn only_choose_games_are_arranged_and_each_side_once() {
        let fixed = ShogunRules::parse("shogun").unwrap();
        assert_eq!(
            Arranging::new(fixed).arrange(Side::First, Arrangement::FIXED),
            Err(ArrangementError::NotChoose)
        );
        let choose = ShogunRules::parse("shogun+setup=choose").unwrap();
        let mut a = Arranging::new(choose);
        a.arrange(Side::First, Arrangement::FIXED).unwrap();
        assert_eq!(
            a.arrange(Side::First, Arrangement::FIXED),
            Err(ArrangementError::Already("White"))
        );
        assert!(a.start().is_none());
    }

    #[test]
    fn random_arrangements_are_permutations() {
        let mut rng = SplitMix64(7);
        for _ in 0..100 {
            let a = Arrangement::random(&mut rng);
            assert_eq!(Arrangement::from_ids(a.ids()), Ok(a));
        }
    }
}
