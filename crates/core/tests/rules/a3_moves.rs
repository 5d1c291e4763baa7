//! A3: moves (slide, step, jump, houses, move text).

use super::*;

#[test]
fn a3_1_slide_like_a_rook_through_empty_squares() {
    // Black e1 with its own piece on e4 and a White piece on b1.
    let text = setup(9, "e1 e4 a5", "b1 a9 i9", 'b');
    let mut g = game("hasami", &text);
    assert_eq!(
        moves_from(&g, "e1"),
        list("e1c1 e1d1 e1e2 e1e3 e1f1 e1g1 e1h1 e1i1")
    );
    // Not through or onto pieces, not diagonally.
    for (mv, why) in [
        ("e1e4", "e4 is occupied"),
        ("e1e5", "the piece on e4 is in the way"),
        ("e1a1", "the piece on b1 is in the way"),
        ("e1b1", "b1 is occupied"),
        ("e1f2", "f2 is not in a straight line from e1"),
    ] {
        assert!(!legal(&g, mv), "{mv}");
        let e = g.play_text(mv).unwrap_err().to_string();
        assert!(
            e.contains(&format!("cannot move to {}: {why}", &mv[2..])),
            "{mv}: {e}"
        );
    }
    // Passing and moving the opponent's piece are not moves.
    let e = g.play_text("b1b2").unwrap_err().to_string();
    assert!(e.contains("no Black piece on b1"), "{e}");
    assert!(g.play_text("e1e1").is_err());
    // From the start: 9 pieces × 7 squares.
    assert_eq!(HasamiGame::new(rules("hasami")).legal_moves().len(), 63);
    let (c, g) = after("hasami", &text, "e1e3");
    assert_eq!(c, none());
    assert_eq!(g.position().piece_at(sq("e3")), Some(Side::First));
    assert_eq!(g.position().piece_at(sq("e1")), None);
}

#[test]
fn a3_2_step_one_square() {
    let text = setup(9, "e1 e4 a5", "b1 a9 i9", 'b');
    let g = game("hasami+movement=step", &text);
    assert_eq!(moves_from(&g, "e1"), list("e1d1 e1e2 e1f1"));
    assert!(!legal(&g, "e1e3"));
    assert_eq!(moves_from(&g, "a5"), list("a5a4 a5a6 a5b5"));
    assert_eq!(
        HasamiGame::new(rules("hasami+movement=step"))
            .legal_moves()
            .len(),
        9
    );
    captures("hasami+movement=step", &text, "e1e2");
}

#[test]
fn a3_3_jump_over_either_colour() {
    // Black e4 with its own d4 to the west and White e5 to the north; White f4, g4 to the east;
    // White e7 beyond e6.
    let text = setup(9, "d4 e4 a1 b1 c1 g1 h1", "e5 e7 f4 g4 a9 b9", 'b');
    let g = game("dai-hasami", &text);
    assert_eq!(moves_from(&g, "e4"), list("e4c4 e4e1 e4e2 e4e3 e4e6"));
    assert!(legal(&g, "e4e6"), "over a White piece");
    assert!(legal(&g, "e4c4"), "over a Black piece");
    assert!(!legal(&g, "e4e7"), "a jump does not slide on");
    assert!(!legal(&g, "e4e8"), "one jump per move");
    assert!(!legal(&g, "e4g4"), "the landing square must be empty");
    assert!(!legal(&g, "e4h4"), "no jump over two pieces");
    // The jumped piece is not captured.
    let (c, g) = after("dai-hasami", &text, "e4e6");
    assert_eq!(c, none());
    assert_eq!(g.position().piece_at(sq("e5")), Some(Side::Second));
    assert_eq!(g.position().piece_at(sq("e6")), Some(Side::First));
    captures("dai-hasami", &text, "e4c4");
    // Without jump=on there is no jump.
    let g = game("dai-hasami+jump=off", &text);
    assert!(!legal(&g, "e4e6"));
    assert!(!legal(&g, "e4c4"));
    let g = game("hasami+jump", &setup(9, "d4 e4 a1", "e5 a9 b9", 'b'));
    assert!(legal(&g, "e4e6") && legal(&g, "e4c4"));
    // From the start, the first rank jumps over the second: 45 slides + 9 jumps.
    let g = HasamiGame::new(rules("dai-hasami"));
    assert_eq!(g.legal_moves().len(), 54);
    assert!(legal(&g, "a1a3"));
}

#[test]
fn a3_4_house_entry_refused() {
    // agon: Black home ranks 1–2, White home ranks 8–9, battlefield 3–7.
    let text = setup(9, "c5 g2 e7 e3 e2 a1 b1", "e8 a9 b9 c9 d9 f9", 'b');
    let mut g = game("agon", &text);
    assert_eq!(g.outcome(), None);
    // A piece on the battlefield stays there: not into White's home, not back into its own.
    assert_eq!(
        moves_from(&g, "c5"),
        list("c5a5 c5b5 c5c3 c5c4 c5c6 c5c7 c5d5 c5e5 c5f5 c5g5 c5h5 c5i5")
    );
    // A piece in its own home rows may move within them or out, but not into White's home.
    assert_eq!(
        moves_from(&g, "g2"),
        list("g2f2 g2g1 g2g3 g2g4 g2g5 g2g6 g2g7 g2h2 g2i2")
    );
    // Jumps obey the same rule: e7 over e8 into White's home, e3 over e2 into its own home.
    assert!(!legal(&g, "e7e9"));
    assert!(!legal(&g, "e3e1"));
    for (mv, why) in [
        ("c5c8", "a piece may not land in the opponent's home rows"),
        (
            "c5c2",
            "a piece that has left its home rows may not go back to them",
        ),
        ("g2g8", "a piece may not land in the opponent's home rows"),
        ("e7e9", "a piece may not land in the opponent's home rows"),
        (
            "e3e1",
            "a piece that has left its home rows may not go back to them",
        ),
    ] {
        let e = g.play_text(mv).unwrap_err().to_string();
        assert_eq!(
            e,
            format!(
                "illegal move {mv}: the piece on {} cannot move to {}: {why}",
                &mv[..2],
                &mv[2..]
            )
        );
    }
    // The same position without houses (dai-hasami) allows all of them.
    let g = game("dai-hasami", &text);
    for mv in ["c5c8", "c5c2", "g2g8", "e7e9", "e3e1"] {
        assert!(legal(&g, mv), "{mv}");
    }
    captures("agon", &text, "g2g1");
    captures("agon", &text, "c5c7");
}

#[test]
fn a3_5_move_text() {
    let a = Move::parse("e1e5", 9).unwrap();
    assert_eq!(Move::parse("E1-E5", 9).unwrap(), a);
    assert_eq!(Move::parse("e1-e5", 9).unwrap(), a);
    assert_eq!(Move::parse(" E1E5 ", 9).unwrap(), a);
    assert_eq!(a.to_string(), "e1e5");
    assert_eq!((a.from, a.to), (sq("e1"), sq("e5")));
    for bad in ["e1", "e1e5e", "e1xe5", "e1–e5", "e1 e5", "", "e1-e5x"] {
        assert!(Move::parse(bad, 9).is_err(), "{bad:?}");
    }
    // Jumps are written the same way.
    let mut g = HasamiGame::new(rules("dai-hasami"));
    g.play_text("A1-A3").unwrap();
    assert_eq!(g.played()[0].mv.to_string(), "a1a3");
}
