//! A1: the board, sides, coordinates and home rows.

use super::*;

#[test]
fn a1_1_board_sizes_and_square_text() {
    assert_eq!(rules("hasami").size(), 9);
    assert_eq!(rules("hasami-chess").size(), 8);
    assert_eq!(rules("hasami+board=8").size(), 8);
    // Files a… from the left, ranks 1… from Black's side; square text is file then rank.
    let e5 = Square::parse("e5", 9).unwrap();
    assert_eq!((e5.file(), e5.rank()), (4, 4));
    assert_eq!(e5.to_string(), "e5");
    assert_eq!(Square::parse("E5", 9).unwrap(), e5, "upper case accepted");
    assert_eq!(Square::parse("a1", 9).unwrap(), Square::new(0, 0));
    assert_eq!(Square::parse("i9", 9).unwrap(), Square::new(8, 8));
    // Off the board: the error names the input.
    for (text, n) in [
        ("i9", 8),
        ("a9", 8),
        ("i1", 8),
        ("j1", 9),
        ("a0", 9),
        ("h9", 8),
    ] {
        let e = Square::parse(text, n).unwrap_err().to_string();
        assert!(e.contains(text), "{e}");
        assert!(e.contains("off the"), "{e}");
    }
    assert!(Square::parse("h8", 8).is_ok());
    // The first rank of the start position is Black's (bottom of the text).
    let p = HasamiPosition::start(rules("hasami"));
    assert_eq!(p.piece_at(sq("a1")), Some(Side::First));
    assert_eq!(p.piece_at(sq("i9")), Some(Side::Second));
    assert_eq!(p.piece_at(sq("e5")), None);
}

#[test]
fn a1_2_black_moves_first() {
    for preset in Preset::ALL {
        let p = HasamiPosition::start(HasamiRules::preset(preset));
        assert_eq!(p.side(), Side::First, "{preset:?}");
        assert!(p.to_string().ends_with(" b 0 1"), "{p}");
    }
    let mut g = HasamiGame::new(rules("hasami"));
    assert!(g.play_text("e9e5").is_err(), "White may not move first");
    g.play_text("e1e5").unwrap();
    assert_eq!(g.position().side(), Side::Second);
    assert_eq!(Side::First.to_string(), "Black");
    assert_eq!(Side::Second.to_string(), "White");
}

#[test]
fn a1_3_home_rows() {
    let r = rules("hasami");
    assert_eq!(r.home_of(sq("e1")), Some(Side::First));
    assert_eq!(r.home_of(sq("e2")), None);
    assert_eq!(r.home_of(sq("e9")), Some(Side::Second));
    let r = rules("dai-hasami");
    assert_eq!(r.home_of(sq("e2")), Some(Side::First));
    assert_eq!(r.home_of(sq("e3")), None);
    assert_eq!(r.home_of(sq("e8")), Some(Side::Second));
    let r = rules("mak-yek");
    let d2 = Square::parse("d2", 8).unwrap();
    let d3 = Square::parse("d3", 8).unwrap();
    let d4 = Square::parse("d4", 8).unwrap();
    let d6 = Square::parse("d6", 8).unwrap();
    assert_eq!(
        r.home_of(d2),
        Some(Side::First),
        "rank 2 lies between the filled ranks"
    );
    assert_eq!(r.home_of(d3), Some(Side::First));
    assert_eq!(r.home_of(d4), None);
    assert_eq!(r.home_of(d6), Some(Side::Second));

    // What a player notices: a five does not count in the own home rows (W3).
    // (variant, Black's farthest home rank)
    for (variant, depth) in [
        ("hasami+win=five", 1u8),
        ("hasami+rows=1,2+win=five", 2),
        ("hasami+rows=1,3+win=five", 3),
    ] {
        for rank in 1..=depth + 1 {
            let row: Vec<String> = ["a", "b", "c", "d", "i"]
                .iter()
                .map(|f| format!("{f}{rank}"))
                .collect();
            let text = setup(9, &row.join(" "), "a9 b9 c9 d9 e9", 'b');
            let mv = format!("i{rank}e{rank}");
            let (_, g) = after(variant, &text, &mv);
            if rank <= depth {
                assert_eq!(g.outcome(), None, "{variant}: rank {rank} is home");
            } else {
                assert_eq!(
                    outcome_text(&g).as_deref(),
                    Some(format!("Black wins: five in a row a{rank}–e{rank}").as_str()),
                    "{variant}"
                );
            }
        }
        // White's home rows are the mirror: White's farthest home rank is 10 - depth.
        for rank in (9 - depth..=9).rev() {
            let row: Vec<String> = ["a", "b", "c", "d", "i"]
                .iter()
                .map(|f| format!("{f}{rank}"))
                .collect();
            let text = setup(9, "a1 b1 c1 d1 f1", &row.join(" "), 'w');
            let mv = format!("i{rank}e{rank}");
            let (_, g) = after(variant, &text, &mv);
            if rank > 9 - depth {
                assert_eq!(g.outcome(), None, "{variant}: rank {rank} is White's home");
            } else {
                assert_eq!(
                    g.outcome().unwrap().winner(),
                    Some(Side::Second),
                    "{variant}"
                );
            }
        }
    }
}
