//! Which lane a search waits in, chosen by what searches of its kind have cost (docs/web.md, "Safe
//! in public"). A level is not a cost: a depth cap of four plies is a few milliseconds in Hasami
//! Shogi but a second or more in Shogun, whose chance nodes multiply the tree. Nor is one search:
//! the same Shogun level takes a second on a fresh searcher and a millisecond when the searcher's
//! table already holds the position. So the engine keeps, per kind of search (the game's preset,
//! board size and level), the slowest of its recent searches, forgotten slowly (a twentieth at each
//! later search), and how many it has seen. A kind whose slowest recent search took more than
//! [`QUICK`] waits with the full-strength searches; one that has stayed under it for [`TRUSTED`]
//! searches has the quick lane. Until then a prior decides: depth-capped levels of at most four
//! plies are quick in the Hasami family, at most two in Shogun. Leaving the quick lane takes one
//! slow search (and the searches of that kind already waiting in it move to the full lane when their
//! turn comes, `Engine::turn`); coming back takes many cheap ones.
//!
//! The book is bounded: presets × sizes × ten levels, a few hundred entries at most.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use hasami_core::AnyPosition;
use hasami_engine::Level;

/// The longest a search may be expected to take and still go to the quick lane.
pub const QUICK: Duration = Duration::from_millis(150);

/// How many searches of a kind must have been seen before they alone can send it to the quick lane.
pub const TRUSTED: u32 = 16;

/// How much of the slowest recent search is kept at each later search: a one-second search is
/// forgotten (under [`QUICK`]) after 37 more.
const KEEP: f64 = 0.95;

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

/// What the searches of one kind have cost lately.
#[derive(Debug, Clone, Copy)]
struct Cost {
    /// The slowest recent search, in seconds, shrunk by [`KEEP`] at each later one.
    slowest: f64,
    /// How many searches were noted (saturating).
    seen: u32,
}

/// What searches of each kind have cost lately: the lane chooser.
#[derive(Debug, Default)]
pub struct CostBook {
    costs: Mutex<HashMap<Kind, Cost>>,
}

impl CostBook {
    /// The lane for a search of `kind`. A full-strength search (no depth cap) always takes the full
    /// lane: its cost is its time limit.
    pub fn lane(&self, kind: Kind) -> Lane {
        if kind.depth.is_none() {
            return Lane::Full;
        }
        let book = self.costs.lock().unwrap_or_else(|p| p.into_inner());
        match book.get(&kind) {
            Some(c) if c.slowest > QUICK.as_secs_f64() => Lane::Full,
            Some(c) if c.seen >= TRUSTED => Lane::Quick,
            _ => kind.prior(),
        }
    }

    /// Notes that a search of `kind` took `took` (searches stopped early are not noted: they say
    /// nothing of the cost).
    pub fn note(&self, kind: Kind, took: Duration) {
        if kind.depth.is_none() {
            return;
        }
        let took = took.as_secs_f64();
        let mut book = self.costs.lock().unwrap_or_else(|p| p.into_inner());
        book.entry(kind)
            .and_modify(|c| {
                c.slowest = took.max(KEEP * c.slowest);
                c.seen = c.seen.saturating_add(1);
            })
            .or_insert(Cost {
                slowest: took,
                seen: 1,
            });
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
        // It comes back once its searches have been cheap for a while (0.9 s × 0.95^35 < 0.15 s).
        for _ in 0..35 {
            book.note(slow, Duration::from_millis(5));
        }
        assert_eq!(book.lane(slow), Lane::Quick);
        // A full-strength search is never quick, whatever it cost.
        let strongest = kind("hasami", 10);
        book.note(strongest, Duration::from_millis(1));
        assert_eq!(book.lane(strongest), Lane::Full);
    }

    #[test]
    fn one_cheap_search_does_not_send_a_costly_kind_to_the_quick_lane() {
        // Shogun's level 8 from its usual start: a second on a fresh searcher, a millisecond when
        // the searcher's table already holds the position. One cheap search is no evidence.
        let book = CostBook::default();
        let deep = kind("shogun", 8);
        book.note(deep, Duration::from_millis(2));
        assert_eq!(book.lane(deep), Lane::Full);
        book.note(deep, Duration::from_millis(950));
        for _ in 0..TRUSTED {
            book.note(deep, Duration::from_millis(1));
        }
        assert_eq!(
            book.lane(deep),
            Lane::Full,
            "a second-long search a few searches ago"
        );
        // A kind that has stayed cheap long enough is quick, whatever its prior said.
        let cheap = CostBook::default();
        for _ in 0..TRUSTED - 1 {
            cheap.note(deep, Duration::from_millis(1));
        }
        assert_eq!(cheap.lane(deep), Lane::Full);
        cheap.note(deep, Duration::from_millis(1));
        assert_eq!(cheap.lane(deep), Lane::Quick);
    }
}
