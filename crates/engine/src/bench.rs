//! `hasami bench`: fixed positions of several variants searched to a fixed depth on one thread.

use std::time::Duration;

use hasami_core::{AnyPosition, HasamiPosition, HasamiRules};
use hasami_core::{ShogunPosition, ShogunRules};

use crate::clock::Instant;
use crate::limits::Limits;
use crate::request::{Learned, SearchRequest};
use crate::search::Searcher;
use crate::shogun::Fair;

/// The bench positions: (variant, position text or "startpos").
pub const POSITIONS: &[(&str, &str)] = &[
    ("hasami", "startpos"),
    (
        "hasami",
        "1w2w2w1/9/1w6b/9/3w5/2w5b/5b3/3b2w2/1bb2w1w1 b 10 30",
    ),
    ("hasami", "w1ww1w1ww/4w4/9/2b6/9/5w3/9/1b2b4/b1b2bb1b w 4 9"),
    ("hasami-chess", "5w2/3b1b2/8/1w6/4b3/1w4w1/8/8 b 0 39"),
    (
        "dai-hasami",
        "1w3w1ww/w3w2w1/3w3ww/bb2b4/4b4/b3w4/6b2/2b1bb3/b4b1b1 b 3 54",
    ),
    ("dai-hasami", "startpos"),
    (
        "dai-hasami-captures",
        "w8/1w2w3w/6w2/ww4w2/5b3/9/b3b4/4b1b2/6bw1 b 6 101",
    ),
    (
        "agon",
        "3w2www/5w3/1w1www1w1/w1b6/b7b/2b3bb1/b4b3/6b2/1bb5b w 6 45",
    ),
    ("mak-yek", "startpos"),
    (
        "hasami-chess+rows=1,2+win=most-captures",
        "ww2w2w/1wwbw2w/1ww5/b6b/1b2b1b1/5b2/2b3b1/b1b1bbb1 w 6 28",
    ),
    (
        "hasami+win=captures:5,lead:3",
        "3w1wwww/w8/9/b8/1w4b2/2wbbb3/9/9/1b4bbb w 6 6",
    ),
    ("hasami+misere", "9/2b6/8b/7b1/4b4/9/3w5/3w5/3w5 b 15 78"),
];

/// Shogun bench positions: (variant, position text or "startpos", fair). Fair searches branch on chance
/// at every move, so they go `DEPTH − 6` plies deep; omniscient ones `DEPTH − 2` (at least 1).
pub(crate) const SHOGUN_POSITIONS: &[(&str, &str, bool)] = &[
    ("shogun", "startpos", true),
    ("shogun+rotation=1", "startpos", false),
    ("shogun+capture=allowed", "startpos", false),
];

/// Depth searched for every Hasami-family bench position.
pub const DEPTH: u32 = 9;

/// The result of a bench run.
#[derive(Debug, Clone, Copy)]
pub struct BenchResult {
    /// Total nodes (identical on every run of the same code).
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// Nodes of the Hasami-family positions alone.
    pub hasami_nodes: u64,
    /// Time of the Hasami-family positions alone.
    pub hasami_elapsed: Duration,
}

/// Runs the bench at `depth`, the Hasami family with the evaluation `learned` (as the engine plays:
/// [`Learned::Confirmed`]); `per_position` gets (variant, position, nodes, search time) for each.
pub fn run(
    depth: u32,
    learned: Learned,
    mut per_position: impl FnMut(&str, &str, u64, Duration),
) -> BenchResult {
    let mut elapsed = Duration::ZERO;
    let mut nodes = 0;
    for &(variant, text) in POSITIONS {
        let rules = HasamiRules::parse(variant).expect("bench variant");
        let pos = if text == "startpos" {
            HasamiPosition::start(rules)
        } else {
            HasamiPosition::from_text(text, rules).expect("bench position")
        };
        let searcher = Searcher::new(16, 1);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let request = SearchRequest::new(AnyPosition::Hasami(pos), vec![pos.hash()])
            .limits(limits)
            .learned(learned);
        // Only the search is timed, not setting up the 16 MiB table.
        let start = Instant::now();
        let out = searcher.search(&request, |_| {});
        let took = start.elapsed();
        elapsed += took;
        per_position(variant, text, out.nodes, took);
        nodes += out.nodes;
    }
    let (hasami_nodes, hasami_elapsed) = (nodes, elapsed);
    for &(variant, text, fair) in SHOGUN_POSITIONS {
        let rules = ShogunRules::parse(variant).expect("bench variant");
        let pos = if text == "startpos" {
            ShogunPosition::start(rules)
        } else {
            ShogunPosition::from_text(text, rules).expect("bench position")
        };
        let searcher = Searcher::new(16, 1);
        let limits = Limits {
            depth: Some(depth.saturating_sub(if fair { 6 } else { 2 }).max(1)),
            ..Limits::default()
        };
        let request = SearchRequest::new(pos, vec![pos.hash()]).limits(limits);
        let fair_request = SearchRequest::new(Fair(pos), vec![pos.hash()]).limits(limits);
        let start = Instant::now();
        let searched = if fair {
            searcher.search(&fair_request, |_| {}).nodes
        } else {
            searcher.search(&request, |_| {}).nodes
        };
        let took = start.elapsed();
        elapsed += took;
        let label = if fair {
            "startpos (fair)"
        } else {
            "startpos (omniscient)"
        };
        per_position(variant, label, searched, took);
        nodes += searched;
    }
    BenchResult {
        nodes,
        elapsed,
        hasami_nodes,
        hasami_elapsed,
    }
}
