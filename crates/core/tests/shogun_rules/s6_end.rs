//! S6: the end of the game.

use super::s3_numbers::find_cycle;
use super::*;

/// Found by random playouts with seed 1979 magnets: Red to move, Red's Shogun on d5 is attacked by
/// White's e6 piece (showing 2, via d6 or e5), and every Red move leaves it attacked.
const MATE: &str = "8/8/4P1:23/P3:41p7:1s:14/3P7:24/2S:15/8/4p2:12p4:1 r 1979 0 14 54";
/// Likewise: Red to move, not attacked, no legal move at all.
const STALEMATE: &str =
    "4s:23/2P2:11p3:4p1:42/8/5P6:42/8/2P4:35/2S:15/2P1:21P5:1P7:12 r 1979 0 0 33";

#[test]
fn s6_checkmate_loses() {
    let pos = ShogunPosition::from_text(MATE, ShogunRules::standard()).unwrap();
    assert!(pos.shogun_attacked(RED));
    assert_eq!(pos.attackers(RED).iter().collect::<Vec<_>>(), [sq("e6")]);
    assert!(pos.moves().is_empty());
    // Every move the pieces could make by S4 is refused by S5.
    for p in pos.piece_list().into_iter().filter(|p| p.side == RED) {
        for to in (0..64u8).map(magnets::square) {
            let r = pos.check_move(Move::new(p.square, to));
            assert!(
                !matches!(r, Ok(()) | Err(ShogunMoveError::NotYourPiece { .. })),
                "{}{to}",
                p.square
            );
        }
    }
    let o = ShogunGame::from_position(pos).outcome().unwrap();
    assert_eq!(
        o,
        Outcome::Win {
            winner: WHITE,
            reason: WinReason::Checkmate
        }
    );
    assert_eq!(
        describe(o),
        "White wins: the Red Shogun is attacked and cannot be saved"
    );
}

#[test]
fn s6_no_move_loses_without_attack() {
    let pos = ShogunPosition::from_text(STALEMATE, ShogunRules::standard()).unwrap();
    assert!(!pos.shogun_attacked(RED));
    assert!(pos.moves().is_empty());
    assert_eq!(
        pos.status(),
        Some(Outcome::Win {
            winner: WHITE,
            reason: WinReason::NoMoves
        })
    );
}

#[test]
fn s6_two_pieces_left_loses_at_once() {
    // S6: White takes c3; Red is left with its Shogun and one piece and loses at once.
    let pos = build(
        RANDOM,
        &[
            ("a1", "S:1"),
            ("a3", "P1:2"),
            ("h1", "P2:1"),
            ("c3", "p2:1"),
            ("h7", "p1:1"),
            ("h8", "s:1"),
        ],
        'w',
    );
    let mut game = ShogunGame::from_position(pos);
    assert_eq!(game.outcome(), None);
    game.play_text("a3c3").unwrap();
    let o = game.outcome().unwrap();
    assert_eq!(
        o,
        Outcome::Win {
            winner: WHITE,
            reason: WinReason::PiecesLeft { left: 2 }
        }
    );
    assert_eq!(describe(o), "White wins: Red is down to 2 pieces");
    assert!(game.legal_moves().is_empty());
    assert_eq!(
        game.play_text("h1h2"),
        Err(hasami_core::PlayError::Illegal {
            mv: mv("h1h2"),
            error: ShogunMoveError::GameOver
        })
    );
    // Loaded with two pieces: already lost, before the quiet limit (S6 order).
    let two = build(
        "shogun+numbers=random+quiet=5",
        &[
            ("a1", "S:1"),
            ("h1", "P2:1"),
            ("b2", "P3:1"),
            ("h7", "p1:1"),
            ("h8", "s:1"),
        ],
        'r',
    );
    let two = ShogunPosition::from_text(&two.to_string().replace(" 0 0 1", " 0 9 1"), two.rules())
        .unwrap();
    assert_eq!(two.quiet_plies(), 9);
    assert_eq!(
        two.status(),
        Some(Outcome::Win {
            winner: WHITE,
            reason: WinReason::PiecesLeft { left: 2 }
        })
    );
}

#[test]
fn s6_repetition_draws() {
    // S6/D1: the start position appears for the third time after two cycles of four moves.
    let r = ShogunRules::standard();
    let start = ShogunPosition::start(r);
    let cycle = find_cycle(&start).unwrap();
    let mut game = ShogunGame::new(r);
    for (i, m) in cycle.iter().chain(cycle.iter()).enumerate() {
        assert_eq!(game.outcome(), None, "before move {i}");
        game.play(*m).unwrap();
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw(DrawReason::Repetition(3)))
    );
    // repetition=0 turns it off.
    let mut game = ShogunGame::new(rules("shogun+repetition=0"));
    for m in cycle.iter().chain(cycle.iter()).chain(cycle.iter()) {
        game.play(*m).unwrap();
    }
    assert_eq!(game.outcome(), None);
    // The generator state is not compared (S6): with numbers=random a repeated board draws even
    // though the state moved on. (Same cycle search on the random start.)
    let r = rules(RANDOM);
    let start = ShogunPosition::start(r);
    if let Some(cycle) = find_cycle(&start) {
        let mut pos = start;
        for m in cycle {
            pos.play(m).unwrap();
        }
        if pos.to_string().split(' ').next() == start.to_string().split(' ').next() {
            assert_eq!(pos.hash(), start.hash());
            assert_ne!(pos.rng_state(), start.rng_state());
        }
    }
}

#[test]
fn s6_quiet_limit_draws() {
    // S6/D2: quiet=4: four plies without a capture end the game in a draw.
    let r = rules("shogun+quiet=4");
    let mut game = ShogunGame::new(r);
    let mut rng = SplitMix64(3);
    for _ in 0..4 {
        assert_eq!(game.outcome(), None);
        let quiet: Vec<Move> = game
            .legal_moves()
            .into_iter()
            .filter(|m| game.position().piece_at(m.to).is_none())
            .collect();
        let m = quiet[rng.below(quiet.len() as u64) as usize];
        game.play(m).unwrap();
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw(DrawReason::QuietLimit(4)))
    );
}
