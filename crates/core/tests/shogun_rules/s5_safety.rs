//! S5: the Shogun's safety.

use super::*;

#[test]
fn s5_refused_even_when_the_capture_would_win() {
    // S5: White's a3 piece shields its Shogun on a1 from the Red piece on a5 (showing 4). Taking c3
    // would leave Red with two pieces (an S6 win), but it opens a5-a1, so it is illegal.
    let text_pieces = [
        ("a1", "S:1"),
        ("a3", "P1:2"),
        ("h1", "P2:1"),
        ("a5", "p1:4"),
        ("c3", "p2:1"),
        ("h8", "s:1"),
    ];
    let pos = build(RANDOM, &text_pieces, 'w');
    assert!(!pos.shogun_attacked(WHITE));
    assert_eq!(
        pos.check_move(mv("a3c3")),
        Err(ShogunMoveError::ShogunInDanger {
            side: WHITE,
            by: sq("a5")
        })
    );
    assert!(!pos.moves().contains(&mv("a3c3")));
    let mut game = ShogunGame::from_position(pos);
    let err = game.play_text("a3c3").unwrap_err().to_string();
    assert!(err.contains("Shogun!") && err.contains("a5"), "{err}");
    assert_eq!(game.played().len(), 0);
    // S7: under the 1976 rules the same capture is legal and wins at once (S6, two pieces left).
    let pos = build("shogun+numbers=random+capture=allowed", &text_pieces, 'w');
    let mut game = ShogunGame::from_position(pos);
    game.play_text("a3c3").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: WHITE,
            reason: WinReason::PiecesLeft { left: 2 }
        })
    );
}

#[test]
fn s5_never_onto_the_enemy_shogun() {
    // S5: under the 1979 rules a move onto the enemy Shogun is never legal (here the position is loaded
    // with Red's Shogun exposed).
    let pos = build(
        RANDOM,
        &[
            ("a1", "S:1"),
            ("d4", "P1:2"),
            ("h1", "P2:1"),
            ("d6", "s:1"),
            ("h8", "p1:1"),
            ("g8", "p2:1"),
        ],
        'w',
    );
    assert!(pos.shogun_attacked(RED));
    assert_eq!(
        pos.check_move(mv("d4d6")),
        Err(ShogunMoveError::ShogunCapture { to: sq("d6") })
    );
    assert!(pos.moves().iter().all(|m| m.to != sq("d6")));
}

#[test]
fn s5_shogun_may_not_step_into_reach_and_pinned_attackers_count() {
    // S5: the White Shogun (showing 1) may not step next to the Red Shogun showing 1: the Red Shogun
    // "could capture" it even though that capture would itself never be legal.
    let pos = build(
        RANDOM,
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
    assert_eq!(
        pos.check_move(mv("d4d5")),
        Err(ShogunMoveError::ShogunInDanger {
            side: WHITE,
            by: sq("d6")
        })
    );
    assert!(pos.check_move(mv("d4c4")).is_ok());
    assert!(pos.check_move(mv("d4d3")).is_ok());
}

#[test]
fn s5_move_generation_agrees_with_checking_every_square_pair() {
    // S4/S5: the generator (which looks only at enemy pieces whose number reaches the Shogun) gives
    // exactly the moves `check_move` accepts, found by trying every pair of squares; the split into
    // captures and other moves, and the bulk counts, agree with that list. Random games, 1979 rules
    // and the 1976 ones (no safety rule), with the Shogun moving and pinned pieces along the way.
    for (variant, seed) in [("shogun", 11), ("shogun+capture=allowed", 12)] {
        let r = rules(variant);
        let mut pos = ShogunPosition::start(r);
        let mut rng = SplitMix64(seed);
        for ply in 0..300 {
            if pos.status().is_some() {
                pos = ShogunPosition::start(r);
            }
            let mut oracle = Vec::new();
            for from in 0..64u8 {
                for to in 0..64u8 {
                    let m = Move::new(Square::new(from % 8, from / 8), Square::new(to % 8, to / 8));
                    if pos.check_move(m).is_ok() {
                        oracle.push(m);
                    }
                }
            }
            oracle.sort_unstable();
            assert_eq!(pos.moves(), oracle, "{variant} ply {ply}: {pos:?}");
            let enemy = pos.pieces(!pos.side());
            let split = |captures: bool| {
                let mut v = Vec::new();
                pos.generate_captures(captures, |pm| {
                    v.extend(pm.iter());
                    false
                });
                v.sort_unstable();
                v
            };
            let (takes, others): (Vec<Move>, Vec<Move>) =
                oracle.iter().partition(|m| enemy.has(m.to));
            assert_eq!(split(true), takes, "{variant} ply {ply}: captures");
            assert_eq!(split(false), others, "{variant} ply {ply}: other moves");
            let targets = takes
                .iter()
                .map(|m| m.to)
                .collect::<std::collections::BTreeSet<_>>();
            assert_eq!(
                pos.mobility(),
                (oracle.len() as u32, targets.len() as u32),
                "{variant} ply {ply}: mobility"
            );
            let Some(m) = pos.pick_move(|n| rng.below(n)) else {
                pos = ShogunPosition::start(r);
                continue;
            };
            pos.play_unchecked(m);
        }
    }
}
