//! The threat-sequence search for five in a row (`hasami_engine::hasami::vcf`, issue 3: "a threat
//! search (VCF-style) that knows a five can be stopped by capturing one of its stones"). Every win it
//! claims is proven by a brute-force AND/OR search over hasami-core's move generator and judge, in a
//! constructed position and in hundreds of random ones where captures, blocks and the defender's own
//! fives are all possible.

use hasami_core::SplitMix64;
use hasami_core::{HasamiPosition, HasamiRules};
use hasami_engine::hasami::vcf::win_by_fours;
use hasami_engine::hasami::VCF_FOURS;

mod common;
use common::{position_text, wins_within};

fn position(variant: &str, text: &str) -> HasamiPosition {
    HasamiPosition::from_text(text, HasamiRules::parse(variant).unwrap()).unwrap()
}

#[test]
fn an_open_four_wins_in_three_plies() {
    // W3: Black c5 d5 e5; f1f5 makes c5-f5 with both b5 and g5 open and reachable by Black (b1, g1).
    // White can block only one of them, and no White piece can capture a stone of the four.
    let pos = position("dai-hasami", "1w5w1/9/9/9/2bbb4/9/9/9/1b3bb2 b 0 1");
    assert_eq!(win_by_fours(&pos, VCF_FOURS).0, Some(3));
    assert!(wins_within(&pos, 3));
    assert!(!wins_within(&pos, 1));
}

#[test]
fn a_four_that_a_capture_breaks_is_no_win() {
    // W3 and C1: the same four, but White f6 and a White piece on a4 that slides to f4 sandwich f5:
    // the four c5-f5 is broken by a capture. White's a9 guards a5, so b1b5 (b5-e5) is met by a9a5...
    // and by f6f5. Brute force agrees that Black has no forced win in 3 plies.
    let pos = position("dai-hasami", "w5w2/9/9/5w3/2bbb4/w8/9/9/5b3 b 0 1");
    assert!(!wins_within(&pos, 3), "the position must not be a win in 3");
    assert_eq!(win_by_fours(&pos, VCF_FOURS).0, None);
}

/// A random sparse position with Black to move: Black pieces on ranks 3-7 of a 9×9 board, White on
/// ranks 3-9, so that fours, blocks and captures are all common.
fn random_position(rng: &mut SplitMix64, rules: &'static HasamiRules) -> Option<HasamiPosition> {
    let mut grid = [['.'; 9]; 9];
    for (side, count, lo, hi) in [
        ('b', 7 + rng.below(4), 2u64, 6u64),
        ('w', 5 + rng.below(5), 2, 8),
    ] {
        let mut placed = 0;
        while placed < count {
            let f = rng.below(9) as usize;
            let r = (lo + rng.below(hi - lo + 1)) as usize;
            if grid[r][f] == '.' {
                grid[r][f] = side;
                placed += 1;
            }
        }
    }
    let pos = HasamiPosition::from_text(&position_text(&grid), rules).ok()?;
    pos.status().is_none().then_some(pos)
}

#[test]
fn every_claimed_win_is_a_forced_win_in_random_positions() {
    // W3 with C1/C2 captures, jumps (dai-hasami), diagonal fives and houses (agon).
    for (variant, seed) in [("dai-hasami", 1), ("agon", 2), ("dai-hasami+five=all", 3)] {
        let rules = HasamiRules::parse(variant).unwrap();
        let mut rng = SplitMix64(seed);
        let (mut wins, mut longer, mut tried) = (0, 0, 0);
        while tried < 300 {
            let Some(pos) = random_position(&mut rng, rules) else {
                continue;
            };
            tried += 1;
            let (claim, _) = win_by_fours(&pos, VCF_FOURS);
            let now = wins_within(&pos, 1);
            assert_eq!(claim == Some(1), now, "{variant} {pos}: a win at once");
            if let Some(n) = claim {
                assert!(wins_within(&pos, n), "{variant} {pos}: claimed win in {n}");
                wins += 1;
                if n > 1 {
                    longer += 1;
                }
            }
        }
        eprintln!("{variant}: {tried} positions, {wins} wins claimed, {longer} by fours");
        // The test must exercise real threat sequences, not only fives on the board at once.
        assert!(
            wins >= 10 && longer >= 5,
            "{variant}: {wins} wins, {longer} by fours"
        );
    }
}
