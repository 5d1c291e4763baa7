//! A5: the end of the game (W1–W6, D1, D2, the order of the checks).

use super::*;

#[test]
fn w1_pieces_left() {
    // hasami: win when the opponent has 1 piece left.
    let text = setup(9, "e7 a5 a1", "e6 a9", 'b');
    let (c, g) = after("hasami", &text, "a5e5");
    assert_eq!(c, list("e6"));
    let o = g.outcome().unwrap();
    assert_eq!(o.to_string(), "Black wins: White has 1 piece left");
    assert_eq!(o.winner(), Some(Side::First));
    assert_eq!(o.ugi_result(), "p1win");
    assert!(g.legal_moves().is_empty());
    // With three White pieces one capture is not enough.
    let text = setup(9, "e7 a5 a1", "e6 a9 i9", 'b');
    assert_eq!(after("hasami", &text, "a5e5").1.outcome(), None);
    // hasami+win=pieces-left:4 and the same written as captures:5.
    let text = setup(9, "e7 a5 a1 b1 c1 d1", "e6 a9 b9 c9 d9", 'b');
    for v in ["hasami+win=pieces-left:4", "hasami+win=captures:5"] {
        let (_, g) = after(v, &text, "a5e5");
        assert_eq!(
            outcome_text(&g).as_deref(),
            Some("Black wins: White has 4 pieces left"),
            "{v}"
        );
    }
    assert_eq!(after("hasami", &text, "a5e5").1.outcome(), None);
    // mak-yek: every piece must be taken.
    let text = setup(8, "d1 a1", "c4 e4", 'b');
    let (_, g) = after("mak-yek", &text, "d1d4");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: White has 0 pieces left")
    );
    // White wins the same way.
    let text = setup(9, "e4 i1", "e3 a5 a9", 'w');
    let (_, g) = after("hasami", &text, "a5e5");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("White wins: Black has 1 piece left")
    );
}

#[test]
fn w1_misere() {
    // hasami+misere: the side reduced to one piece wins.
    let text = setup(9, "e7 a5 a1", "e6 a9", 'b');
    let (_, g) = after("hasami+misere", &text, "a5e5");
    let o = g.outcome().unwrap();
    assert_eq!(o.winner(), Some(Side::Second));
    assert_eq!(
        o.to_string(),
        "White wins: misère, White is down to 1 piece"
    );
    assert_eq!(o.ugi_result(), "p2win");
    // misère with captures:M
    let text = setup(9, "e7 a5 a1 b1 c1 d1", "e6 a9 b9 c9 d9", 'b');
    let (_, g) = after("hasami+win=captures:5+misere", &text, "a5e5");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("White wins: misère, White is down to 4 pieces")
    );
}

#[test]
fn w2_lead() {
    // hasami+win=captures:5,lead:3: Black 9 against White 7; a capture makes it 9 to 6.
    let text = setup(9, "a1 b1 c1 d1 g1 h1 i1 e7 a5", "e6 a9 b9 c9 d9 f9 g9", 'b');
    let (_, g) = after("hasami+win=captures:5,lead:3", &text, "a5e5");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: lead of 3 pieces")
    );
    assert_eq!(after("hasami", &text, "a5e5").1.outcome(), None);
    // The lead is the mover's condition: a loaded position where Black (to move) leads by 3 is not
    // over, and Black's next quiet move wins.
    let text = setup(9, "a1 b1 c1 d1 e1 f1", "a9 b9 c9", 'b');
    let g = game("hasami+win=lead:3", &text);
    assert_eq!(g.outcome(), None);
    let (c, g) = after("hasami+win=lead:3", &text, "f1f2");
    assert_eq!(c, none());
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: lead of 3 pieces")
    );
}

#[test]
fn w3_five_of_five_and_six() {
    // dai-hasami: Black's home rows are ranks 1–2; its five-region is ranks 3–9.
    let text = setup(9, "a5 b5 c5 d5 i5 a1", "a9 b9 c9 d9 e9 f9", 'b');
    let (_, g) = after("dai-hasami", &text, "i5e5");
    let o = g.outcome().unwrap();
    assert_eq!(o.to_string(), "Black wins: five in a row a5–e5");
    assert_eq!(o.ugi_result(), "p1win");
    // A line of six.
    let text = setup(9, "a5 b5 c5 d5 f5 e1", "a9 b9 c9 d9 e9 i9", 'b');
    let (_, g) = after("dai-hasami", &text, "e1e5");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: five in a row a5–f5")
    );
    // Along a file.
    let text = setup(9, "e4 e5 e6 e7 a3 a1", "a9 b9 c9 d9 f9 i9", 'b');
    let (_, g) = after("dai-hasami", &text, "a3e3");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: five in a row e3–e7")
    );
    // Four is not enough.
    let text = setup(9, "a5 b5 c5 i5 a1", "a9 b9 c9 d9 e9 f9", 'b');
    assert_eq!(after("dai-hasami", &text, "i5d5").1.outcome(), None);
}

#[test]
fn w3_five_region_excludes_own_home_rows() {
    // In the own home rows (rank 2 for dai-hasami) a five does not count.
    let text = setup(9, "a2 b2 c2 d2 i2 a1", "a9 b9 c9 d9 e9 f9", 'b');
    assert_eq!(after("dai-hasami", &text, "i2e2").1.outcome(), None);
    // A file line e2…e6 has only four squares in the region: no win.
    let text = setup(9, "e2 e3 e4 e5 a6 a1", "a9 b9 c9 d9 f9 i9", 'b');
    assert_eq!(after("dai-hasami", &text, "a6e6").1.outcome(), None);
    // e2…e7 runs on into the home rows with five squares e3…e7 in the region: a win.
    let text = setup(9, "e2 e3 e4 e5 e6 a7 a1", "a9 b9 c9 d9 f9 i9", 'b');
    let (_, g) = after("dai-hasami", &text, "a7e7");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: five in a row e3–e7")
    );
    // A line of six, e1…e6, with only e3…e6 in the region: no win, here and with houses.
    let text = setup(9, "e1 e2 e3 e4 e5 a6 a1", "a9 b9 c9 d9 f9 i9", 'b');
    assert_eq!(after("dai-hasami", &text, "a6e6").1.outcome(), None);
    assert_eq!(after("agon", &text, "a6e6").1.outcome(), None);
    // The opponent's home rows are in the region (house=off): Black's five on rank 8 wins.
    let text = setup(9, "a8 b8 c8 d8 i8 a1", "a3 c3 e3 g3 i3", 'b');
    let (_, g) = after("dai-hasami", &text, "i8e8");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: five in a row a8–e8")
    );
    // White's region excludes ranks 8–9 but includes rank 2.
    let text = setup(9, "a5 c5 e5 g5 i5", "a8 b8 c8 d8 i8 a9", 'w');
    assert_eq!(after("dai-hasami", &text, "i8e8").1.outcome(), None);
    let text = setup(9, "a5 c5 e5 g5 i5", "a2 b2 c2 d2 i2 a9", 'w');
    let (_, g) = after("dai-hasami", &text, "i2e2");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("White wins: five in a row a2–e2")
    );
}

#[test]
fn w3_five_region_is_the_battlefield_with_houses() {
    // agon: the five must lie in ranks 3–7.
    let text = setup(9, "a7 b7 c7 d7 i7 a1", "a9 b9 c9 d9 e9 f9", 'b');
    let (_, g) = after("agon", &text, "i7e7");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: five in a row a7–e7")
    );
    let text = setup(9, "a3 b3 c3 d3 i3 a1", "a9 b9 c9 d9 e9 f9", 'b');
    assert_eq!(
        after("agon", &text, "i3e3").1.outcome().unwrap().winner(),
        Some(Side::First)
    );
    // Black pieces standing in White's home rows (loaded) do not make a five there.
    let text = setup(9, "a8 b8 c8 d8 e8 a1", "a9 b9 c9 d9 i9 f9", 'b');
    assert_eq!(after("agon", &text, "a1a2").1.outcome(), None);
    // A line running from the battlefield into the own home rows needs five inside.
    let text = setup(9, "e2 e3 e4 e5 a6 a1", "a9 b9 c9 d9 f9 i9", 'b');
    assert_eq!(after("agon", &text, "a6e6").1.outcome(), None);
    let text = setup(9, "e2 e3 e4 e5 e6 a7 a1", "a9 b9 c9 d9 f9 i9", 'b');
    assert_eq!(
        outcome_text(&after("agon", &text, "a7e7").1).as_deref(),
        Some("Black wins: five in a row e3–e7")
    );
    // ...and ends at the far edge of the battlefield: e4…e8 has only e4…e7 inside.
    let text = setup(9, "e4 e5 e6 e8 a7 a1", "a9 b9 c9 d9 f9 i9", 'b');
    assert_eq!(after("agon", &text, "a7e7").1.outcome(), None);
    assert!(after("dai-hasami", &text, "a7e7").1.outcome().is_some());
}

#[test]
fn w3_diagonal_fives() {
    // dai-hasami+five=all: b3 c4 d5 e6 and f1 -> f7 on the diagonal.
    let text = setup(9, "b3 c4 d5 e6 f1 a1", "a9 b9 c9 d9 i9 h9", 'b');
    let (_, g) = after("dai-hasami+five=all", &text, "f1f7");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: five in a row b3–f7")
    );
    assert_eq!(after("dai-hasami", &text, "f1f7").1.outcome(), None);
    // The other diagonal: h3 g4 f5 e6 and d7.
    let text = setup(9, "h3 g4 f5 e6 a7 a1", "a9 b9 c9 d9 i9 g9", 'b');
    let (_, g) = after("dai-hasami+five=all", &text, "a7d7");
    let o = g.outcome().unwrap();
    assert_eq!(o.winner(), Some(Side::First));
    assert!(o.to_string().contains("five in a row"), "{o}");
    assert!(
        o.to_string().contains("h3") && o.to_string().contains("d7"),
        "{o}"
    );
    // agon has diagonal fives in the battlefield.
    let text = setup(9, "a3 b4 c5 d6 e1 a1 b1", "a9 b9 c9 d9 i9 h9", 'b');
    let (_, g) = after("agon", &text, "e1e7");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: five in a row a3–e7")
    );
}

#[test]
fn w3_only_the_movers_five_counts() {
    // Loaded with Black to move and a Black five: judged for White (the side that just moved).
    let text = setup(9, "a5 b5 c5 d5 e5 i1", "a9 b9 c9 d9 f9 i9", 'b');
    let g = game("dai-hasami", &text);
    assert_eq!(g.outcome(), None);
    // Black's next move, whatever it is, finds the five.
    let (_, g) = after("dai-hasami", &text, "i1i2");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: five in a row a5–e5")
    );
    // A White five with Black to move is already a White win.
    let text = setup(9, "a1 b1 c1 d1 f1 i1", "a5 b5 c5 d5 e5 i9", 'b');
    assert_eq!(
        outcome_text(&game("dai-hasami", &text)).as_deref(),
        Some("White wins: five in a row a5–e5")
    );
}

#[test]
fn w4_both_too_weak_for_five() {
    // dai-hasami (win=five only): Black 4, White 5; Black takes one: both below five, a draw.
    let text = setup(9, "a1 b1 e7 a5", "e6 a9 b9 c9 d9", 'b');
    let (c, g) = after("dai-hasami", &text, "a5e5");
    assert_eq!(c, list("e6"));
    let o = g.outcome().unwrap();
    assert_eq!(
        o.to_string(),
        "draw: both sides have fewer than 5 pieces, no five is possible"
    );
    assert_eq!(o.ugi_result(), "draw");
    // One side with five or more: play on.
    let text = setup(9, "a1 b1 c1 e7 a5", "e6 a9 b9 c9 d9", 'b');
    assert_eq!(after("dai-hasami", &text, "a5e5").1.outcome(), None);
    // A loaded position with 4 against 4 is over.
    let text = setup(9, "a1 b1 c1 d1", "a9 b9 c9 d9", 'b');
    assert_eq!(
        game("dai-hasami", &text).outcome().map(|o| o.ugi_result()),
        Some("draw")
    );
    // Not with W1 in the list: agon decides by pieces-left:4 first, and with pieces-left:0 play goes on.
    assert_eq!(
        outcome_text(&game("agon", &text)).as_deref(),
        Some("White wins: Black has 4 pieces left")
    );
    assert_eq!(
        game("dai-hasami+win=five,pieces-left:0", &text).outcome(),
        None
    );
}

#[test]
fn w5_most_captures() {
    // dai-hasami-captures: the side with no pieces left loses.
    let text = setup(9, "e7 a5 a1", "e6", 'b');
    let (_, g) = after("dai-hasami-captures", &text, "a5e5");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: White has no pieces left")
    );
    // A loaded position where the side that just moved has no pieces.
    let text = setup(9, "a1 b1 c1", "", 'b');
    assert_eq!(
        outcome_text(&game("dai-hasami-captures", &text)).as_deref(),
        Some("Black wins: White has no pieces left")
    );
    // Both sides with at most one piece: no capture is possible, equal is a draw.
    let text = setup(9, "a1", "i9", 'b');
    assert_eq!(
        outcome_text(&game("dai-hasami-captures", &text)).as_deref(),
        Some("draw: equal pieces left")
    );
    // Reached by intervention: Black's single piece takes two of three.
    let text = setup(9, "e1", "d5 f5 a9", 'b');
    let (c, g) = after("dai-hasami-captures+intervention", &text, "e1e5");
    assert_eq!(c, list("d5 f5"));
    assert_eq!(outcome_text(&g).as_deref(), Some("draw: equal pieces left"));
    // Two against one goes on.
    let text = setup(9, "a1 b1", "i9", 'b');
    assert_eq!(
        game(
            "hasami-chess+rows=1,2+win=most-captures",
            &setup(8, "a1 b1", "h8", 'b')
        )
        .outcome(),
        None
    );
    assert_eq!(game("dai-hasami-captures", &text).outcome(), None);
}

#[test]
fn w5_counts_at_the_quiet_limit() {
    let text = |black: &str, white: &str| {
        let t = setup(9, black, white, 'b');
        t.replace(" b 0 1", " b 99 50")
    };
    let (_, g) = after("dai-hasami-captures", &text("a1 b1 c1", "a9 b9"), "a1a2");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: more pieces left (3 to 2)")
    );
    let (_, g) = after("dai-hasami-captures", &text("a1 b1", "a9 b9 c9"), "a1a2");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("White wins: more pieces left (3 to 2)")
    );
    let (_, g) = after("dai-hasami-captures", &text("a1 b1", "a9 b9"), "a1a2");
    assert_eq!(outcome_text(&g).as_deref(), Some("draw: equal pieces left"));
    // Apit-sodok's old rules (8×8, most captures) with quiet=4 from the start: 2 quiet plies each, equal pieces.
    let mut g = HasamiGame::new(rules("hasami-chess+rows=1,2+win=most-captures+quiet=4"));
    for mv in ["a2a3", "a7a6", "b2b3"] {
        g.play_text(mv).unwrap();
        assert_eq!(g.outcome(), None);
    }
    g.play_text("b7b6").unwrap();
    assert_eq!(outcome_text(&g).as_deref(), Some("draw: equal pieces left"));
}

#[test]
fn w6_no_legal_move_loses() {
    // hasami+corner=off: White a9 and i9 boxed in; Black's i7 -> i8 takes the last move away.
    let text = setup(9, "b9 a8 h9 i7 e1", "a9 i9", 'b');
    let (c, g) = after("hasami+corner=off", &text, "i7i8");
    assert_eq!(c, none());
    let o = g.outcome().unwrap();
    assert_eq!(o.to_string(), "Black wins: White has no legal move");
    assert!(g.legal_moves().is_empty());
    assert!(g.position().moves().is_empty());
    // Loaded with White to move and no move: already over.
    let text = setup(9, "b9 a8 h9 i8 e1", "a9 i9", 'w');
    assert_eq!(
        outcome_text(&game("hasami+corner=off", &text)).as_deref(),
        Some("Black wins: White has no legal move")
    );
    // With jumps the same White pieces can move.
    assert_eq!(game("hasami+corner=off+jump", &text).outcome(), None);
    // Step movement: White a9 blocked by b9 and a8.
    let text = setup(9, "b9 a7 e1", "a9", 'b');
    let (_, g) = after(
        "hasami+movement=step+win=pieces-left:0+corner=off",
        &text,
        "a7a8",
    );
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: White has no legal move")
    );
}

#[test]
fn d1_third_repetition_via_game() {
    let mut g = HasamiGame::new(rules("hasami"));
    let shuffle = ["a1a2", "a9a8", "a2a1", "a8a9"];
    for mv in shuffle.iter().chain(&shuffle[..3]) {
        g.play_text(mv).unwrap();
        assert_eq!(g.outcome(), None, "after {mv}");
    }
    g.play_text("a8a9").unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.to_string(), "draw: third repetition");
    assert_eq!(o.ugi_result(), "draw");
    assert!(g.legal_moves().is_empty());
    assert!(g.play_text("a1a2").is_err());
    // Undo takes the draw back.
    g.undo().unwrap();
    assert_eq!(g.outcome(), None);
    // repetition=2 ends at the second occurrence; repetition=0 never.
    let mut g = HasamiGame::new(rules("hasami+repetition=2"));
    for mv in shuffle {
        g.play_text(mv).unwrap();
    }
    assert_eq!(outcome_text(&g).as_deref(), Some("draw: second repetition"));
    let mut g = HasamiGame::new(rules("hasami+repetition=0"));
    for _ in 0..5 {
        for mv in shuffle {
            g.play_text(mv).unwrap();
        }
    }
    assert_eq!(g.outcome(), None);
    // The same pieces with the other side to move are a different position.
    let mut g = HasamiGame::new(rules("hasami+repetition=2"));
    for mv in ["a1a2", "a9a8", "a2a3", "a8a9", "a3a1"] {
        g.play_text(mv).unwrap();
    }
    assert_eq!(
        g.position().to_string().split(' ').next(),
        HasamiPosition::start(rules("hasami"))
            .to_string()
            .split(' ')
            .next()
    );
    assert_eq!(g.outcome(), None);
}

#[test]
fn d1_repetition_matches_reference() {
    let shuffle = ["a1a2", "a9a8", "a2a1", "a8a9"];
    let mut g = HasamiGame::new(rules("hasami"));
    let mut r = RefGame::new("hasami", None).unwrap();
    for mv in shuffle.iter().cycle().take(8) {
        g.play_text(mv).unwrap();
        r.play(mv).unwrap();
        assert_eq!(g.outcome().map_or("none", |o| o.ugi_result()), r.result());
    }
    assert_eq!(r.result(), "draw");
}

#[test]
fn d2_quiet_limit() {
    let mut g = HasamiGame::new(rules("hasami+quiet=4"));
    for mv in ["a1a2", "a9a8", "a2a1"] {
        g.play_text(mv).unwrap();
        assert_eq!(g.outcome(), None);
    }
    g.play_text("i9i8").unwrap();
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("draw: 4 plies without a capture")
    );
    // The default is 100, and a loaded position continues from its quiet plies.
    let text = setup(9, "a1 b1 c1", "a9 b9 c9", 'b').replace(" b 0 1", " b 99 50");
    let (_, g) = after("hasami", &text, "a1a2");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("draw: 100 plies without a capture")
    );
    // A capture resets the count.
    let text = setup(9, "e7 a5 a1 b1", "e6 a9 b9 c9", 'b').replace(" b 0 1", " b 99 50");
    let (c, g) = after("hasami", &text, "a5e5");
    assert_eq!(c, list("e6"));
    assert_eq!(g.outcome(), None);
    assert_eq!(g.position().quiet_plies(), 0);
    // quiet=0 turns the limit off.
    let text = setup(9, "a1 b1 c1", "a9 b9 c9", 'b').replace(" b 0 1", " b 5000 2600");
    assert_eq!(after("hasami+quiet=0", &text, "a1a2").1.outcome(), None);
}

#[test]
fn a5_order_of_the_checks() {
    // W1 before W3: agon, Black's five on rank 7 also leaves White with 4 pieces.
    let text = setup(9, "a7 b7 c7 d7 i7 e5 a1", "e6 a9 b9 c9 d9", 'b');
    let (c, g) = after("agon", &text, "i7e7");
    assert_eq!(c, list("e6"));
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: White has 4 pieces left")
    );
    // D1 before D2: the third repetition on the very ply the quiet limit is reached.
    let mut g = HasamiGame::new(rules("hasami+quiet=8"));
    for mv in ["a1a2", "a9a8", "a2a1", "a8a9"].iter().cycle().take(8) {
        g.play_text(mv).unwrap();
    }
    assert_eq!(outcome_text(&g).as_deref(), Some("draw: third repetition"));
    // D2 before W6: White has no move, but the quiet limit is reached first.
    let text = setup(9, "b9 a8 h9 i8 e1", "a9 i9", 'w').replace(" w 0 1", " w 100 60");
    assert_eq!(
        outcome_text(&game("hasami+corner=off", &text)).as_deref(),
        Some("draw: 100 plies without a capture")
    );
    // W1 before W2.
    let text = setup(9, "e7 a5 a1 b1 c1", "e6 a9", 'b');
    assert_eq!(
        outcome_text(&after("hasami+win=lead:2,pieces-left:1", &text, "a5e5").1).as_deref(),
        Some("Black wins: White has 1 piece left")
    );
}
