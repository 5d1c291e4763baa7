//! The search's move stages in the Hasami family: the tactical, threat and quiet stages together
//! give every legal move once, and a move of the threat or quiet stages (or a tactical one with hint
//! 0) captures nothing, so the search may play it with `SearchGame::play_quiet`, which does not look
//! for captures. Checked on random positions of every preset against the core's own move list and
//! `play`.

use std::collections::HashSet;

use hasami_core::{random_game, HasamiPosition, HasamiRules, Move, Preset, SplitMix64};
use hasami_engine::SearchGame;

/// Variants beside the presets that stress the capture squares: diagonal captures, longer runs,
/// corners off.
const OPTIONS: [&str; 3] = [
    "hasami+diagonal-capture",
    "hasami+max-run=6",
    "hasami-chess+corner=off",
];

/// Positions of random games from the start of `variant`, every ply until the game ends.
fn positions(variant: &str, rng: &mut SplitMix64, games: usize) -> Vec<HasamiPosition> {
    let start = HasamiPosition::start(HasamiRules::parse(variant).unwrap());
    (0..games)
        .flat_map(|_| random_game(&start, rng, 200))
        .collect()
}

#[test]
fn quiet_stages_hold_every_other_move_and_no_capture() {
    let mut rng = SplitMix64(16);
    let mut checked = 0;
    let presets = Preset::ALL.iter().map(|p| p.name());
    for variant in presets.chain(OPTIONS) {
        for pos in positions(variant, &mut rng, 6) {
            let mut list: Vec<(Move, i32)> = Vec::new();
            pos.tactical_moves(&mut list);
            let tactical = list.len();
            pos.threat_moves(&mut list);
            pos.quiet_moves(&mut list);

            let staged: HashSet<Move> = list.iter().map(|m| m.0).collect();
            assert_eq!(staged.len(), list.len(), "{variant}: a move twice in {pos}");
            let legal: HashSet<Move> = pos.moves().into_iter().collect();
            assert_eq!(
                staged, legal,
                "{variant}: the stages against the moves of {pos}"
            );

            for (i, &(mv, hint)) in list.iter().enumerate() {
                let (child, captured) = SearchGame::play(&pos, mv);
                if i >= tactical || hint == 0 {
                    assert!(
                        !captured,
                        "{variant}: quiet-stage move {mv} captures in {pos}"
                    );
                    let quiet = pos.play_quiet(mv);
                    assert_eq!(quiet, child, "{variant}: {mv} in {pos}");
                    assert_eq!(quiet.hash(), child.hash());
                } else if captured {
                    checked += 1;
                }
            }
        }
    }
    assert!(
        checked > 100,
        "only {checked} captures seen: the positions test too little"
    );
}
