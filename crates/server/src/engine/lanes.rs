//! Which lane a search waits in, chosen by what searches of its kind have cost (docs/web.md, "Safe
//! in public"). A level is not a cost: a depth cap of four plies is a few milliseconds in Hasami
//! Shogi but a second or more in Shogun, whose chance nodes multiply the tree. So the engine keeps,
//! per kind of search (the game's preset, board size and level), a running average of the time its
//! recent searches took, and a search expected to take at most [`QUICK`] goes to the quick lane; any
//! other waits with the full-strength searches. Before a kind has been measured, a prior decides:
//! depth-capped levels of at most four plies are quick in the Hasami family, at most two in Shogun.
//!
//! The book is bounded: presets × sizes × ten levels, a few hundred entries at most.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use hasami_core::AnyPosition;
use hasami_engine::Level;

/// The longest a search may be expected to take and still go to the quick lane.
pub const QUICK: Duration = Duration::from_millis(150);

/// The two lanes a search can wait in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lane {
    /// Searches expected to take milliseconds: a lane of their own, so they never wait behind
    /// expensive ones.
    Quick,
    /// Full-strength searches and depth-capped ones that cost as much.
    Full,
}

/// A kind of search: what its cost depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Kind {
    preset: &'static str,
    size: u8,
    level: u32,
    depth: Option<u32>,
    shogun: bool,
}

impl Kind {
    /// The kind of a search of `pos` at `level`.
    pub fn of(pos: &AnyPosition, level: &Level) -> Kind {
        let (preset, size, shogun) = match pos {
            AnyPosition::Hasami(p) => (p.rules().preset.name(), p.rules().size(), false),
            AnyPosition::Shogun(_) => ("shogun", 8, true),
        };
        Kind {
            preset,
            size,
            level: level.number,
            depth: level.depth,
            shogun,
        }
    }

    /// The lane before any search of this kind was measured.
    fn prior(self) -> Lane {
        let cap = if self.shogun { 2 } else { 4 };
        match self.depth {
            Some(d) if d <= cap => Lane::Quick,
            _ => Lane::Full,
        }
    }
}

/// What searches of each kind have cost lately: the lane chooser.
#[derive(Debug, Default)]
pub struct CostBook {
    seconds: Mutex<HashMap<Kind, f64>>,
}

impl CostBook {
    /// The lane for a search of `kind`. A full-strength search (no depth cap) always takes the full
    /// lane: its cost is its time limit.
    pub fn lane(&self, kind: Kind) -> Lane {
        if kind.depth.is_none() {
            return Lane::Full;
        }
        let book = self.seconds.lock().unwrap_or_else(|p| p.into_inner());
        match book.get(&kind) {
            Some(&s) if s <= QUICK.as_secs_f64() => Lane::Quick,
            Some(_) => Lane::Full,
            None => kind.prior(),
        }
    }

    /// Notes that a search of `kind` took `took` (searches stopped early are not noted: they say
    /// nothing of the cost). The average weighs the latest search by a quarter.
    pub fn note(&self, kind: Kind, took: Duration) {
        if kind.depth.is_none() {
            return;
        }
        let mut book = self.seconds.lock().unwrap_or_else(|p| p.into_inner());
        let took = took.as_secs_f64();
        book.entry(kind)
            .and_modify(|s| *s = 0.75 * *s + 0.25 * took)
            .or_insert(took);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hasami_core::{AnyGame, Variant};
    use hasami_engine::level_for;

    fn kind(variant: &str, level: u32) -> Kind {
        let pos = AnyGame::from_variant(Variant::parse(variant).unwrap()).position();
        Kind::of(&pos, &level_for(&pos, level))
    }

    #[test]
    fn the_prior_sends_deep_shogun_levels_to_the_full_lane() {
        let book = CostBook::default();
        assert_eq!(book.lane(kind("hasami", 1)), Lane::Quick);
        assert_eq!(book.lane(kind("hasami", 6)), Lane::Quick);
        assert_eq!(book.lane(kind("shogun", 8)), Lane::Full);
        assert_eq!(book.lane(kind("hasami", 10)), Lane::Full);
    }

    #[test]
    fn measured_costs_move_a_kind_between_lanes() {
        let book = CostBook::default();
        let slow = kind("dai-hasami", 6);
        assert_eq!(book.lane(slow), Lane::Quick);
        book.note(slow, Duration::from_millis(900));
        assert_eq!(book.lane(slow), Lane::Full);
        // It comes back once its searches are cheap again.
        for _ in 0..12 {
            book.note(slow, Duration::from_millis(5));
        }
        assert_eq!(book.lane(slow), Lane::Quick);
        // A full-strength search is never quick, whatever it cost.
        let strongest = kind("hasami", 10);
        book.note(strongest, Duration::from_millis(1));
        assert_eq!(book.lane(strongest), Lane::Full);
    }
}
