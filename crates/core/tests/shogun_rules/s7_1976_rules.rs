//! S7: the 1976 rules.

use super::*;

#[test]
fn s7_capturing_the_shogun_wins() {
    let pos = build(
        "shogun+numbers=random+capture=allowed",
        &[
            ("a1", "S:1"),
            ("d4", "P1:2"),
            ("h1", "P2:1"),
            ("g1", "P3:1"),
            ("d6", "s:1"),
            ("h8", "p1:1"),
            ("g8", "p2:1"),
            ("f8", "p3:1"),
        ],
        'w',
    );
    let mut game = ShogunGame::from_position(pos);
    assert!(game.legal_moves().contains(&mv("d4d6")));
    let played = game.play_text("d4d6").unwrap();
    assert!(played.captured.unwrap().is_shogun());
    let o = game.outcome().unwrap();
    assert_eq!(
        o,
        Outcome::Win {
            winner: WHITE,
            reason: WinReason::ShogunCaptured
        }
    );
    assert_eq!(describe(o), "White wins: White captured the Red Shogun");
    // The finished position round-trips (S8) under the 1976 rules, and is judged the same.
    let text = game.position().to_string();
    let back = ShogunPosition::from_text(&text, game.position().rules()).unwrap();
    assert_eq!(back.status(), Some(o));
}

#[test]
fn s7_no_safety_rule() {
    // S7: S5 does not apply: the Shogun may stay (or step) where it can be captured.
    let pos = build(
        "shogun+numbers=random+capture=allowed",
        &[
            ("d4", "S:1"),
            ("a1", "P1:1"),
            ("h1", "P2:1"),
            ("d6", "s:1"),
            ("h8", "p1:1"),
            ("g8", "p2:1"),
        ],
        'w',
    );
    assert!(pos.check_move(mv("d4d5")).is_ok());
}
