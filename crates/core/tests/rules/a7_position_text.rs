//! A7: position text.

use super::*;

#[test]
fn a7_position_text_and_counters() {
    let r = rules("hasami");
    let start = "wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 1";
    assert_eq!(HasamiPosition::start(r).to_string(), start);
    assert_eq!(
        HasamiPosition::from_text(start, r).unwrap(),
        HasamiPosition::start(r)
    );
    // Counters default to 0 and 1.
    let p = HasamiPosition::from_text("wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b", r).unwrap();
    assert_eq!(p.to_string(), start);
    // The move number goes up after White's move; the quiet plies count every quiet ply.
    let mut g = HasamiGame::new(r);
    g.play_text("e1e5").unwrap();
    assert_eq!(
        g.position().to_string(),
        "wwwwwwwww/9/9/9/4b4/9/9/9/bbbb1bbbb w 1 1"
    );
    g.play_text("e9e6").unwrap();
    assert_eq!(
        g.position().to_string(),
        "wwww1wwww/9/9/4w4/4b4/9/9/9/bbbb1bbbb b 2 2"
    );
    // Parse errors say what is wrong.
    let e = HasamiPosition::from_text("wwwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b", r)
        .unwrap_err()
        .to_string();
    assert!(e.contains("longer"), "{e}");
    let e = HasamiPosition::from_text("wwwwwwwww/9/9/9/9/9/9/bbbbbbbbb b", r)
        .unwrap_err()
        .to_string();
    assert!(e.contains("8 ranks"), "{e}");
    let e = HasamiPosition::from_text("wwwwxwwww/9/9/9/9/9/9/9/bbbbbbbbb b", r)
        .unwrap_err()
        .to_string();
    assert!(e.contains("'x'") && e.contains("column 5"), "{e}");
}

#[test]
fn a7_loaded_position_is_judged_as_if_the_other_side_just_moved() {
    // hasami, Black to move with one Black piece left: already a White win.
    let text = "w7w/9/9/9/9/9/9/9/4b4 b 0 1";
    let p = position("hasami", text);
    let o = p.status().unwrap();
    assert_eq!(o.to_string(), "White wins: Black has 1 piece left");
    let mut g = game("hasami", text);
    assert_eq!(g.outcome(), Some(o));
    assert!(g.legal_moves().is_empty());
    let e = g.play_text("e1e2").unwrap_err().to_string();
    assert!(e.contains("the game is over"), "{e}");
    let mut p2 = p;
    assert!(p2.play(Move::parse("e1e2", 9).unwrap()).is_err());
    assert_eq!(
        RefGame::new("hasami", Some(text)).unwrap().result(),
        "p2win"
    );
    // White with one piece and Black to move: White "just moved", so not over yet; Black's next
    // quiet move wins.
    let text = "4w4/9/9/9/9/9/9/9/b7b b 0 1";
    assert_eq!(game("hasami", text).outcome(), None);
    let (_, g) = after("hasami", text, "a1a2");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: White has 1 piece left")
    );
}

#[test]
fn a7_repetition_counts_start_from_the_loaded_position() {
    let text = "w7w/9/9/9/9/9/9/9/b7b b 37 20";
    let mut g = game("hasami", text);
    let mut r = RefGame::new("hasami", Some(text)).unwrap();
    let shuffle = ["a1a2", "a9a8", "a2a1", "a8a9"];
    for (i, mv) in shuffle.iter().cycle().take(8).enumerate() {
        g.play_text(mv).unwrap();
        r.play(mv).unwrap();
        let expected = if i == 7 { "draw" } else { "none" };
        assert_eq!(g.outcome().map_or("none", |o| o.ugi_result()), expected);
        assert_eq!(r.result(), expected);
    }
    assert_eq!(outcome_text(&g).as_deref(), Some("draw: third repetition"));
    assert_eq!(g.position().to_string(), "w7w/9/9/9/9/9/9/9/b7b b 45 24");
}
