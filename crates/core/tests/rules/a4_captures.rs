//! A4: captures (C1 line, C2 corner, C3 safe landing, C4 intervention, C5).

use super::*;

#[test]
fn c1_single_line_capture() {
    let text = setup(9, "e4 a6 a1", "e5 a9 i9", 'b');
    assert_eq!(captures("hasami", &text, "a6e6"), list("e5"));
}

#[test]
fn c1_line_captures_in_three_directions_at_once() {
    // Black lands on e5: north e6 e7 closed by e8, west d5 closed by c5, south e4 e3 e2 closed by e1.
    let text = setup(9, "e8 c5 e1 i5 a1", "e6 e7 d5 e4 e3 e2 a9 i9", 'b');
    let (c, g) = after("hasami", &text, "i5e5");
    assert_eq!(c, list("d5 e2 e3 e4 e6 e7"));
    assert_eq!(g.position().pieces(Side::Second).len(), 2);
    assert_eq!(g.outcome(), None);
    assert_eq!(
        g.position().to_string(),
        "w7w/4b4/9/9/2b1b4/9/9/9/b3b4 w 0 1"
    );
}

#[test]
fn c1_run_of_seven_and_max_run() {
    // Seven White pieces e2…e8 between the landing square e1 and Black e9.
    let text = setup(9, "a1 e9", "e2 e3 e4 e5 e6 e7 e8 a9", 'b');
    let (c, g) = after("hasami", &text, "a1e1");
    assert_eq!(c, list("e2 e3 e4 e5 e6 e7 e8"));
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: White has 1 piece left")
    );
    // Seven is the longest run a 9×9 line holds, so `max-run=7` would change nothing (A6: refused).
    assert!(HasamiRules::parse("hasami+max-run=7").is_err());
    assert_eq!(captures("hasami+max-run=6", &text, "a1e1"), none());
    // max-run=2: two are taken, three are not.
    let two = setup(9, "a5 e8 a1", "e6 e7 a9 i9", 'b');
    assert_eq!(captures("hasami+max-run=2", &two, "a5e5"), list("e6 e7"));
    assert_eq!(captures("hasami+max-run=1", &two, "a5e5"), none());
    let three = setup(9, "a4 e8 a1", "e5 e6 e7 a9 i9", 'b');
    assert_eq!(captures("hasami+max-run=2", &three, "a4e4"), none());
    assert_eq!(captures("hasami+max-run=3", &three, "a4e4").len(), 3);
}

#[test]
fn c1_what_does_not_capture() {
    // A gap between the run and the closing piece.
    let text = setup(9, "a5 e8 a1", "e6 a9 i9", 'b');
    assert_eq!(captures("hasami", &text, "a5e5"), none());
    // The board edge is not a capturing piece.
    let text = setup(9, "a5 a1", "e6 e7 e8 e9 a9", 'b');
    assert_eq!(captures("hasami", &text, "a5e5"), none());
    let text = setup(9, "b1 i1", "a5 a9", 'b');
    assert_eq!(captures("hasami", &text, "b1b5"), none());
    // A run stops at the first own piece: only the enemies before it are taken.
    let text = setup(9, "a5 e7 a1", "e6 e8 a9 i9", 'b');
    assert_eq!(captures("hasami", &text, "a5e5"), list("e6"));
    // Only enemy pieces are taken, never the mover's own.
    let text = setup(9, "a5 e6 e7 a1", "e8 a9 i9", 'b');
    assert_eq!(captures("hasami", &text, "a5e5"), none());
}

#[test]
fn c1_diagonal_capture() {
    // Black lands on c3 with White d4 and Black e5 on the diagonal.
    let text = setup(9, "e5 c1 i1", "d4 a9 i9", 'b');
    assert_eq!(
        captures("hasami+diagonal-capture", &text, "c1c3"),
        list("d4")
    );
    assert_eq!(captures("hasami", &text, "c1c3"), none());
    // Diagonal and orthogonal runs at once, in three directions: NE (f6 g7 closed by h8),
    // SW (d4 closed by c3), W (d5 closed by c5).
    let text = setup(9, "h8 c3 c5 e1 a1", "f6 g7 d4 d5 a9 i9", 'b');
    assert_eq!(
        captures("hasami+diagonal-capture", &text, "e1e5"),
        list("d4 d5 f6 g7")
    );
    assert_eq!(captures("hasami", &text, "e1e5"), list("d5"));
}

#[test]
fn c2_corner_capture_on_the_board() {
    // White a1 in the corner, Black b1; Black c2 slides to a2 and takes a1.
    let text = setup(9, "b1 c2 i1", "a1 i9 h9", 'b');
    assert_eq!(captures("hasami", &text, "c2a2"), list("a1"));
    assert_eq!(captures("hasami+corner=off", &text, "c2a2"), none());
    // Every corner of 9×9 and 8×8: (corner, neighbour already held, mover's move).
    for (variant, n, corner, held, mv) in [
        ("hasami", 9u8, "i1", "h1", "g2i2"),
        ("hasami", 9, "a9", "b9", "c8a8"),
        ("hasami", 9, "i9", "h9", "g8i8"),
        ("hasami-chess", 8, "a1", "b1", "c2a2"),
        ("hasami-chess", 8, "h8", "g8", "f7h7"),
        ("dai-hasami", 9, "a1", "b1", "c2a2"),
    ] {
        let black = format!("{held} {} c5 e5 g5", &mv[..2]);
        let white = format!("{corner} d4 f4 e3");
        let text = setup(n, &black, &white, 'b');
        assert_eq!(
            captures(variant, &text, mv),
            list(corner),
            "{variant} {corner}"
        );
    }
    // C1 and C2 in one move: a1 by the corner rule, a3 by a line; removed together.
    let text = setup(9, "b1 a4 c2 i1", "a1 a3 i9 h9", 'b');
    assert_eq!(captures("hasami", &text, "c2a2"), list("a1 a3"));
    // The corner piece needs the moved piece as one of its neighbours (C5).
    let text = setup(9, "b1 a2 i1", "a1 i9 h9", 'b');
    assert_eq!(captures("hasami", &text, "i1i2"), none());
    // The corner piece with one neighbour enemy, one own: nothing; the edge does not help.
    let text = setup(9, "a5 c1 i1", "a1 b1 i9 h9", 'b');
    assert_eq!(captures("hasami", &text, "a5a2"), none());
}

#[test]
fn c2_no_capture_of_the_movers_own_corner_piece() {
    // Black a1 in the corner with Black b1; Black completes the pattern: nothing happens.
    let text = setup(9, "a1 b1 c2 i1", "i9 h9 e5", 'b');
    let (c, g) = after("hasami", &text, "c2a2");
    assert_eq!(c, none());
    assert_eq!(g.position().piece_at(sq("a1")), Some(Side::First));
    // Black a1 in the corner with White b1: White moving to a2 takes it, Black moving there does not.
    let text = setup(9, "a1 a5 i1", "b1 c2 i9", 'w');
    assert_eq!(captures("hasami", &text, "c2a2"), list("a1"));
    let text = setup(9, "a1 c2 i1", "b1 i9 h9", 'b');
    assert_eq!(captures("hasami", &text, "c2a2"), none());
}

#[test]
fn c2_corner_capture_on_agons_battlefield() {
    // agon (house=on): the corner region is the battlefield, corners a3 i3 a7 i7.
    for (corner, held, mv) in [
        ("a3", "b3", "c4a4"),
        ("i3", "h3", "g4i4"),
        ("a7", "b7", "c6a6"),
        ("i7", "h7", "g6i6"),
    ] {
        let black = format!("{held} {} d1 e1 f1 g1", &mv[..2]);
        let text = setup(9, &black, &format!("{corner} a9 b9 c9 d9 e9"), 'b');
        let (c, g) = after("agon", &text, mv);
        assert_eq!(c, list(corner), "agon corner {corner}");
        assert_eq!(g.outcome(), None);
        // Without houses the square is no corner.
        assert_eq!(captures("dai-hasami", &text, mv), none(), "{corner}");
        // The mover's own piece in the corner is never taken.
        let black = format!("{corner} {held} {} d1 e1 f1 g1", &mv[..2]);
        let text = setup(9, &black, "a9 b9 c9 d9 e9", 'b');
        let (c, g) = after("agon", &text, mv);
        assert_eq!(c, none());
        assert_eq!(g.position().piece_at(sq(corner)), Some(Side::First));
    }
    // White takes Black's piece on i7 the same way.
    let text = setup(9, "i7 a1 b1 c1 d1 e1", "h7 g6 a9 b9 c9", 'w');
    assert_eq!(captures("agon", &text, "g6i6"), list("i7"));
    // With house=on the board's own corner a1 is no corner: White a1, Black b1, Black c2 -> a2.
    let text = setup(9, "b1 c2 d1 e1 f1 g1", "a1 a9 b9 c9 d9 e9", 'b');
    assert_eq!(captures("agon", &text, "c2a2"), none());
    assert_eq!(captures("dai-hasami", &text, "c2a2"), list("a1"));
    // agon+corner=off has no corner capture at all.
    let text = setup(9, "b3 c4 d1 e1 f1 g1", "a3 a9 b9 c9 d9 e9", 'b');
    assert_eq!(captures("agon+corner=off", &text, "c4a4"), none());
}

#[test]
fn c3_safe_landing_between_enemies() {
    // Black lands on e5 between White d5 and f5: it is not captured.
    let text = setup(9, "e1 a1", "d5 f5 a9 i9", 'b');
    let (c, g) = after("hasami", &text, "e1e5");
    assert_eq!(c, none());
    assert_eq!(g.position().piece_at(sq("e5")), Some(Side::First));
    // Also between two pieces along the file.
    let text = setup(9, "a5 a1", "e4 e6 a9 i9", 'b');
    let (c, g) = after("hasami", &text, "a5e5");
    assert_eq!(c, none());
    assert_eq!(g.position().piece_at(sq("e5")), Some(Side::First));
}

#[test]
fn c3_safe_landing_that_captures_elsewhere() {
    // Black lands on e5 between White d5 and f5 (safe) and takes e6 against e7.
    let text = setup(9, "e1 e7 a1", "d5 f5 e6 a9 i9", 'b');
    let (c, g) = after("hasami", &text, "e1e5");
    assert_eq!(c, list("e6"));
    let p = g.position();
    assert_eq!(p.piece_at(sq("e5")), Some(Side::First), "the mover stays");
    assert_eq!(p.piece_at(sq("d5")), Some(Side::Second));
    assert_eq!(p.piece_at(sq("f5")), Some(Side::Second));
    // White's next move that does not involve e5's neighbours leaves it alone as well (C5).
    let mut g = g;
    let played = g.play_text("a9a8").unwrap();
    assert!(played.captured.is_empty());
    assert_eq!(g.position().piece_at(sq("e5")), Some(Side::First));
}

#[test]
fn c4_intervention_horizontal_axis() {
    // mak-yek: Black d1 lands on d4 between White c4 and e4: both are taken.
    let text = setup(8, "d1 a1 h1", "c4 e4 a8 h8", 'b');
    let (c, g) = after("mak-yek", &text, "d1d4");
    assert_eq!(c, list("c4 e4"));
    assert_eq!(g.outcome(), None);
    assert_eq!(captures("mak-yek+intervention=off", &text, "d1d4"), none());
    assert_eq!(captures("hasami-chess", &text, "d1d4"), none());
}

#[test]
fn c4_intervention_vertical_axis() {
    // Black a4 lands on d4 between White d5 and d3.
    let text = setup(8, "a4 a1 h1", "d5 d3 a8 h8", 'b');
    assert_eq!(captures("mak-yek", &text, "a4d4"), list("d3 d5"));
    assert_eq!(captures("mak-yek+intervention=off", &text, "a4d4"), none());
    // Only one enemy on the axis, or an own piece on the other side: nothing.
    let text = setup(8, "a4 a1 h1", "d5 a8 h8", 'b');
    assert_eq!(captures("mak-yek", &text, "a4d4"), none());
    let text = setup(8, "a4 d3 a1 h1", "d5 a8 h8", 'b');
    assert_eq!(captures("mak-yek", &text, "a4d4"), none());
    // 9×9 with the option.
    let text = setup(9, "a5 a1 i1", "e6 e4 a9 i9", 'b');
    assert_eq!(
        captures("hasami+intervention", &text, "a5e5"),
        list("e4 e6")
    );
    assert_eq!(captures("hasami", &text, "a5e5"), none());
}

#[test]
fn c4_intervention_with_line_captures_and_diagonals() {
    // Vertical intervention (d3, d5) plus a line capture to the east (e4 against f4).
    let text = setup(8, "a4 f4 a1 h1", "d5 d3 e4 a8 h8", 'b');
    assert_eq!(captures("mak-yek", &text, "a4d4"), list("d3 d5 e4"));
    // A piece taken by both rules is removed once: e4 by the line to f4 and by intervention with c4.
    let text = setup(8, "d1 f4 a1 h1", "c4 e4 a8 h8", 'b');
    let (c, g) = after("mak-yek", &text, "d1d4");
    assert_eq!(c, list("c4 e4"));
    assert_eq!(g.position().pieces(Side::Second).len(), 2);
    // With diagonal captures the diagonal axes intervene too.
    let text = setup(8, "d1 a1 h1", "c3 e5 a8 h8", 'b');
    assert_eq!(
        captures("mak-yek+diagonal-capture", &text, "d1d4"),
        list("c3 e5")
    );
    assert_eq!(captures("mak-yek", &text, "d1d4"), none());
    // mak-yek has the corner capture (A6: "identical to Dai Hasami" but for intervention);
    // `mak-yek+corner=off`, Ludii's Maak Yek, has not.
    let text = setup(8, "b1 c2 h1", "a1 a8 h8", 'b');
    assert_eq!(captures("mak-yek", &text, "c2a2"), list("a1"));
    assert_eq!(captures("mak-yek+corner=off", &text, "c2a2"), none());
}

#[test]
fn c5_existing_sandwich_is_not_captured_later() {
    // White e5 already stands between Black e4 and e6; an unrelated Black move takes nothing.
    let text = setup(9, "e4 e6 a1", "e5 a9 i9", 'b');
    let (c, g) = after("hasami", &text, "a1a2");
    assert_eq!(c, none());
    assert_eq!(g.position().piece_at(sq("e5")), Some(Side::Second));
    // White walks into a sandwich: safe (C3); Black's unrelated move takes nothing; a Black piece
    // that leaves and comes back to an end does capture, since the moved piece is involved.
    let mut g = game("hasami", &setup(9, "c5 e5 a1", "d9 a9 i9", 'w'));
    assert!(g.play_text("d9d5").unwrap().captured.is_empty());
    assert!(g.play_text("a1a2").unwrap().captured.is_empty());
    assert!(g.play_text("a9a8").unwrap().captured.is_empty());
    assert!(g.play_text("e5e6").unwrap().captured.is_empty());
    assert!(g.play_text("a8a9").unwrap().captured.is_empty());
    assert_eq!(names(g.play_text("e6e5").unwrap().captured), list("d5"));
    // An existing corner pattern is not captured by an unrelated move either (see also C2).
    let text = setup(9, "b1 a2 e5", "a1 a9 i9", 'b');
    assert_eq!(captures("hasami", &text, "e5e6"), none());
}
