//! Records of Shogun games (docs/records.md, "Shogun"): round trips of whole games, the magnet board
//! kept in the Variant tag (S3, S9), captures annotated (S4), and bad records refused with the place.

use hasami_core::RecordResult;
use hasami_core::{AnyRecord, RecordErrorKind, ShogunRecord};
use hasami_core::{ShogunGame, ShogunRules};

/// Plays a game to its end (or `max` plies), always taking the `pick`-th legal move (mod count).
fn play_out(variant: &str, pick: usize, max: usize) -> ShogunGame {
    let mut game = ShogunGame::new(ShogunRules::parse(variant).unwrap());
    let mut i = pick;
    while game.outcome().is_none() && game.played().len() < max {
        let moves = game.legal_moves();
        i = i.wrapping_mul(31).wrapping_add(7);
        game.play(moves[i % moves.len()]).unwrap();
    }
    game
}

#[test]
fn whole_games_round_trip_with_seed_rotation_and_captures() {
    // S3/S9: the seed and rotation are part of the variant text, so the record replays on the same
    // magnet board; S6: the game ends by rule and the record carries that result.
    for (variant, pick) in [
        ("shogun+seed=42+rotation=1", 3),
        ("shogun+capture=allowed+seed=7+rotation=3+setup=shuffle", 5),
        ("shogun+numbers=random+seed=99", 11),
        ("shogun", 1),
        ("shogun+setup=choose+first=red", 2),
    ] {
        let game = play_out(variant, pick, 400);
        assert!(game.outcome().is_some(), "{variant}: the game ends by rule");
        let record = ShogunRecord::from_game(&game, [("White", "Alice"), ("Red", "Bob")]);
        let text = record.to_string();
        assert!(
            text.starts_with(&format!(
                "[Variant \"{variant}\"]\n[White \"Alice\"]\n[Red \"Bob\"]\n"
            )),
            "{text}"
        );
        assert!(text.contains("[Termination \""), "{text}");
        assert!(text.contains('x'), "captures are annotated: {text}");
        let back = ShogunRecord::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back, record);
        assert_eq!(back.to_string(), text);
        let replayed = back.to_game().unwrap();
        assert_eq!(replayed.position(), game.position());
        assert_eq!(replayed.outcome(), game.outcome());
        assert_ne!(back.result, RecordResult::Unfinished);
    }
}

#[test]
fn a_record_from_a_position_and_any_record() {
    // S8: the Position tag carries the position text with its seed and rotation.
    let mut game = play_out("shogun+seed=5", 2, 6);
    let start = *game.position();
    game = ShogunGame::from_position(start);
    let mv = game.legal_moves()[0];
    game.play(mv).unwrap();
    let record = ShogunRecord::from_game(&game, [("White", "A")]);
    let text = record.to_string();
    assert!(text.contains(&format!("[Position \"{start}\"]")), "{text}");
    assert!(text.contains("4. "), "the move number carries on: {text}");
    match AnyRecord::parse(&text).unwrap() {
        AnyRecord::Shogun(r) => assert_eq!(r, record),
        AnyRecord::Hasami(_) => panic!("read as Hasami"),
    }
    // A Hasami record still reads as one.
    let hasami = "[Variant \"hasami\"]\n\n1. e1e5 *\n";
    assert!(matches!(
        AnyRecord::parse(hasami).unwrap(),
        AnyRecord::Hasami(_)
    ));
    let e = ShogunRecord::parse(hasami).unwrap_err();
    assert!(matches!(e.kind, RecordErrorKind::NotShogun(_)), "{e}");
}

#[test]
fn bad_moves_and_annotations_are_rejected_with_their_place() {
    // S4: the piece on b1 shows 2 at the start of `shogun`; b1b2 is one square.
    let text = "[Variant \"shogun\"]\n[Result \"*\"]\n\n1. a1a3 h8h7\n2. b1b2 *\n";
    let e = ShogunRecord::parse(text).unwrap_err();
    assert_eq!((e.line, e.column), (5, 4), "{e}");
    assert!(
        matches!(e.kind, RecordErrorKind::IllegalShogunMove { .. }),
        "{e}"
    );
    assert!(
        e.to_string()
            .contains("illegal move b1b2: the piece on b1 shows"),
        "{e}"
    );
    // A capture annotation on a quiet move.
    let e = ShogunRecord::parse("[Variant \"shogun\"]\n\n1. a1a3xa3 *\n").unwrap_err();
    assert_eq!((e.line, e.column), (3, 8), "{e}");
    assert!(e.to_string().contains("wrong capture annotation"), "{e}");
    // A bad Shogun option points at the Variant value.
    let e = AnyRecord::parse("[Variant \"shogun+rotation=5\"]\n\n*\n").unwrap_err();
    assert_eq!((e.line, e.column), (1, 10), "{e}");
    assert!(e.to_string().contains("rotation"), "{e}");
    // A result that contradicts the end by rule (S6), in Shogun's words.
    let game = play_out("shogun+seed=42+rotation=1", 3, 400);
    let mut record = ShogunRecord::from_game(&game, [("White", "A")]);
    record.result = RecordResult::Unfinished;
    record.remove_tag("Termination");
    let e = ShogunRecord::parse(&record.to_string()).unwrap_err();
    assert!(e.to_string().contains("but the game ended"), "{e}");
    assert!(
        e.to_string().contains("White") || e.to_string().contains("Red"),
        "{e}"
    );
}

#[test]
fn an_arranged_start_round_trips_in_the_position_tag() {
    // S2 `setup=choose`: the arrangement is the record's start position (its Position tag).
    use hasami_core::shogun::Arranging;
    use hasami_core::Side;
    let rules = ShogunRules::parse("shogun+setup=choose").unwrap();
    let mut a = Arranging::new(rules);
    a.arrange(Side::First, "3142576".parse().unwrap()).unwrap();
    a.arrange(Side::Second, "7654321".parse().unwrap()).unwrap();
    let mut game = ShogunGame::from_position(a.start().unwrap());
    let mv = game.legal_moves()[0];
    game.play(mv).unwrap();
    let text = ShogunRecord::from_game(&game, [("White", "A"), ("Red", "B")]).to_string();
    assert!(text.contains("[Position \""), "{text}");
    let back = ShogunRecord::parse(&text).unwrap();
    let start = back.start_position();
    assert_eq!(
        start.arrangement(Side::First).unwrap().to_string(),
        "3142576"
    );
    assert_eq!(
        start.arrangement(Side::Second).unwrap().to_string(),
        "7654321"
    );
    assert_eq!(back.to_game().unwrap().position(), game.position());
}
