//! Perft counts of docs/PERFT.md (Hasami family rows, depths 1–3) checked against the
//! reference implementation.

use hasami_reference::RefGame;

/// (variant, position text or None for the start, [d1, d2, d3])
const TABLE: &[(&str, Option<&str>, [u64; 3])] = &[
    // From the start.
    ("hasami", None, [63, 3_717, 254_219]),
    ("hasami-chess", None, [48, 2_136, 112_874]),
    ("dai-hasami", None, [54, 2_772, 177_272]),
    ("dai-hasami-captures", None, [45, 1_890, 102_330]),
    ("agon", None, [54, 2_772, 174_491]),
    ("mak-yek", None, [32, 1_008, 40_448]),
    ("mak-yek+corner=off", None, [32, 1_008, 40_448]),
    ("apit-sodok", None, [32, 1_008, 40_448]),
    (
        "hasami-chess+rows=1,2+win=most-captures",
        None,
        [32, 944, 37_796],
    ),
    ("hasami+max-run=1", None, [63, 3_717, 254_219]),
    ("dai-hasami+max-run=1", None, [54, 2_772, 177_272]),
    ("hasami+diagonal-capture", None, [63, 3_717, 254_009]),
    ("hasami+movement=step", None, [9, 81, 1_098]),
    ("dai-hasami+five=all", None, [54, 2_772, 177_272]),
    // From positions in the middle and near the end of games.
    (
        "hasami",
        Some("1w2w2w1/9/1w6b/9/3w5/2w5b/5b3/3b2w2/1bb2w1w1 b 10 30"),
        [53, 4_829, 254_060],
    ),
    (
        "hasami-chess",
        Some("5w2/3b1b2/8/1w6/4b3/1w4w1/8/8 b 0 39"),
        [34, 1_287, 43_104],
    ),
    (
        "dai-hasami",
        Some("1w3w1ww/w3w2w1/3w3ww/bb2b4/4b4/b3w4/6b2/2b1bb3/b4b1b1 b 3 54"),
        [95, 6_828, 638_127],
    ),
    (
        "dai-hasami-captures",
        Some("w8/1w2w3w/6w2/ww4w2/5b3/9/b3b4/4b1b2/6bw1 b 6 101"),
        [52, 3_999, 213_130],
    ),
    (
        "agon",
        Some("3w2www/5w3/1w1www1w1/w1b6/b7b/2b3bb1/b4b3/6b2/1bb5b w 6 45"),
        [55, 5_115, 288_035],
    ),
    (
        "mak-yek",
        Some("2b5/b1b4w/8/8/3w4/8/8/2w5 b 10 57"),
        [25, 907, 27_665],
    ),
    (
        "mak-yek",
        Some("7w/8/8/8/8/b7/8/wb6 b 0 30"),
        [26, 509, 13_033],
    ),
    (
        "apit-sodok",
        Some("7w/8/8/8/8/b7/8/wb6 b 0 30"),
        [26, 509, 13_033],
    ),
    (
        "mak-yek+corner=off",
        Some("7w/8/8/8/8/b7/8/wb6 b 0 30"),
        [26, 509, 13_005],
    ),
    (
        "hasami-chess+rows=1,2+win=most-captures",
        Some("ww2w2w/1wwbw2w/1ww5/b6b/1b2b1b1/5b2/2b3b1/b1b1bbb1 w 6 28"),
        [29, 2_471, 81_599],
    ),
    (
        "hasami+diagonal-capture",
        Some("1ww4w1/b8/2b2b1b1/9/6b2/9/2b3b2/w8/1b6b w 2 15"),
        [33, 3_259, 110_153],
    ),
    (
        "hasami+win=captures:5,lead:3",
        Some("3w1wwww/w8/9/b8/1w4b2/2wbbb3/9/9/1b4bbb w 6 6"),
        [62, 4_879, 308_115],
    ),
    (
        "hasami+misere",
        Some("9/2b6/8b/7b1/4b4/9/3w5/3w5/3w5 b 15 78"),
        [64, 1_873, 110_461],
    ),
    (
        "dai-hasami+five=all+movement=step",
        Some("w4w1w1/1wwww4/w2b2w1w/w4ww2/2b1b1b2/8w/3b3bb/bbb3b2/b3b1bbb b 17 101"),
        [45, 1_935, 88_356],
    ),
    (
        "hasami+rows=1,2+intervention",
        Some("2w3w2/8b/9/9/1w7/9/9/3b5/8b b 6 55"),
        [45, 1_850, 78_302],
    ),
];

/// Depth-4 counts from the start (slow on this naive implementation; run with `--ignored`).
const TABLE_D4: &[(&str, u64)] = &[
    ("hasami", 16_599_273),
    ("dai-hasami", 10_959_146),
    ("mak-yek", 1_609_910),
    ("hasami+max-run=1", 16_599_273),
    ("dai-hasami+max-run=1", 10_959_146),
];

#[test]
fn perft_table_depths_1_to_3() {
    let mut failures = Vec::new();
    for &(variant, position, counts) in TABLE {
        let game = RefGame::new(variant, position)
            .unwrap_or_else(|e| panic!("{variant} {position:?}: {e}"));
        for (i, &expected) in counts.iter().enumerate() {
            let depth = i as u32 + 1;
            let got = game.perft(depth);
            if got != expected {
                failures.push(format!(
                    "{variant} {position:?} depth {depth}: got {got}, expected {expected}"
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}

#[test]
#[ignore = "slow: depth 4 on the naive reference"]
fn perft_table_depth_4() {
    for &(variant, expected) in TABLE_D4 {
        let game = RefGame::new(variant, None).unwrap();
        assert_eq!(game.perft(4), expected, "{variant} depth 4");
    }
}

#[test]
fn legal_moves_agree_with_perft_1_and_positions_round_trip() {
    for &(variant, position, counts) in TABLE {
        let game = RefGame::new(variant, position).unwrap();
        let moves = game.legal_moves();
        assert_eq!(moves.len() as u64, counts[0], "{variant} {position:?}");
        let mut sorted = moves.clone();
        sorted.sort();
        assert_eq!(moves, sorted);
        if let Some(p) = position {
            assert_eq!(game.fen(), p);
        }
        let again = RefGame::new(variant, Some(&game.fen())).unwrap();
        assert_eq!(again.legal_moves(), moves);
    }
}
