//! S1 and S2: the board, the pieces and the setups.

use super::s3_numbers::plain_magnets;
use super::*;

#[test]
fn s1_board_sides_and_pieces() {
    // S1: 8×8, 7 pieces and a Shogun each, White (the first player, Side::First) moves first.
    let pos = ShogunPosition::start(ShogunRules::standard());
    assert_eq!(pos.rules().size(), 8);
    assert_eq!(pos.side(), WHITE);
    assert_eq!(side_name(WHITE), "White");
    assert_eq!(side_name(RED), "Red");
    for side in [WHITE, RED] {
        assert_eq!(pos.piece_count(side), 8);
        let list: Vec<ShogunPiece> = pos
            .piece_list()
            .into_iter()
            .filter(|p| p.side == side)
            .collect();
        assert_eq!(list.iter().filter(|p| p.is_shogun()).count(), 1);
    }
    // S1: squares off the 8×8 board are rejected.
    assert!(Move::parse("a1i1", 8).is_err());
    assert!(Move::parse("a1a9", 8).is_err());
    assert!(pos.to_string().ends_with(" w 1979 0 0 1"));
}

// ---- S2 setup -------------------------------------------------------------------------------------

#[test]
fn s2_fixed_setup_squares_and_ids() {
    // S2: White a1=1 b1=2 c1=3 d1=4 e1=Shogun f1=5 g1=6 h1=7; Red h8=1 … e8=4, d8=Shogun, c8=5 b8=6 a8=7.
    let pos = ShogunPosition::start(ShogunRules::standard());
    let expect = [
        ("a1", WHITE, 1),
        ("b1", WHITE, 2),
        ("c1", WHITE, 3),
        ("d1", WHITE, 4),
        ("e1", WHITE, 0),
        ("f1", WHITE, 5),
        ("g1", WHITE, 6),
        ("h1", WHITE, 7),
        ("h8", RED, 1),
        ("g8", RED, 2),
        ("f8", RED, 3),
        ("e8", RED, 4),
        ("d8", RED, 0),
        ("c8", RED, 5),
        ("b8", RED, 6),
        ("a8", RED, 7),
    ];
    for (s, side, id) in expect {
        let p = pos.piece_at(sq(s)).unwrap();
        assert_eq!((p.side, p.id), (side, id), "{s}");
    }
    assert_eq!(pos.shogun(WHITE), Some(sq("e1")));
    assert_eq!(pos.shogun(RED), Some(sq("d8")));
}

#[test]
fn s2_shuffled_setup() {
    // S2/S3 (4): setup=shuffle permutes each side's ids on the same squares, the Shoguns stay.
    let r = rules("shogun+setup=shuffle");
    let pos = ShogunPosition::start(r);
    assert_eq!(pos.shogun(WHITE), Some(sq("e1")));
    assert_eq!(pos.shogun(RED), Some(sq("d8")));
    let mut white: Vec<u8> = ["a1", "b1", "c1", "d1", "f1", "g1", "h1"]
        .iter()
        .map(|s| pos.piece_at(sq(s)).unwrap().id)
        .collect();
    assert_ne!(white, [1, 2, 3, 4, 5, 6, 7]);
    white.sort();
    assert_eq!(white, [1, 2, 3, 4, 5, 6, 7]);
    // The plain re-implementation (s3_numbers.rs) draws the same permutation.
    assert_eq!(plain_magnets(1979, 0, true).2, r.magnets.setup);
    // Shuffling comes after the discs, so the discs are the same as without it.
    assert_eq!(r.magnets.disc, ShogunRules::standard().magnets.disc);
}

#[test]
fn s1_the_players_decide_who_moves_first() {
    // S1: `first=red` gives Red the first move; the pieces and numbers are those of the default.
    let red = ShogunPosition::start(rules("shogun+first=red"));
    let white = ShogunPosition::start(ShogunRules::standard());
    assert_eq!(red.side(), RED);
    assert_eq!(red.piece_list(), white.piece_list());
    assert!(red.to_string().ends_with(" r 1979 0 0 1"), "{red}");
    let mut game = ShogunGame::new(rules("shogun+first=red"));
    assert!(game.play_text("a1a2").is_err(), "White may not start");
    let mv = game.legal_moves()[0];
    assert_eq!(game.position().piece_at(mv.from).unwrap().side, RED);
    game.play(mv).unwrap();
    assert_eq!(game.position().side(), WHITE);
}

#[test]
fn s2_players_arrange_their_own_pieces() {
    // S2 `setup=choose`: each side's seven pieces stand where its player put them, the Shoguns on
    // their squares, each piece showing the number its magnet gives it there.
    let r = rules("shogun+setup=choose");
    let mut setup = Arranging::new(r);
    setup.arrange(WHITE, "7654321".parse().unwrap()).unwrap();
    setup.arrange(RED, "2143657".parse().unwrap()).unwrap();
    let pos = setup.start().unwrap();
    assert_eq!(pos.side(), WHITE);
    for (s, side, id) in [
        ("a1", WHITE, 7),
        ("d1", WHITE, 4),
        ("f1", WHITE, 3),
        ("h1", WHITE, 1),
        ("e1", WHITE, 0),
        ("h8", RED, 2),
        ("g8", RED, 1),
        ("c8", RED, 6),
        ("a8", RED, 7),
        ("d8", RED, 0),
    ] {
        let p = pos.piece_at(sq(s)).unwrap();
        assert_eq!((p.side, p.id), (side, id), "{s}");
        assert_eq!(Some(p.number), pos.number_on(side, id, sq(s)), "{s}");
    }
    assert_eq!(pos.arrangement(WHITE).unwrap().to_string(), "7654321");
    assert_eq!(pos.arrangement(RED).unwrap().to_string(), "2143657");
    // The position text carries the arrangement: it reads back under the same variant.
    let back = ShogunPosition::from_text(&pos.to_string(), r).unwrap();
    assert_eq!(back, pos);
    // Before anyone arranges, the start is the fixed order.
    assert_eq!(
        ShogunPosition::start(r).arrangement(WHITE),
        Some(Arrangement::FIXED)
    );
}
