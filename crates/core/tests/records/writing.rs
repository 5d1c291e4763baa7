//! Records written and read back: round trips, the canonical form, lenient input, custom starts,
//! captures, tags, and replaying hand-made records.

use super::*;

#[test]
fn random_games_of_several_variants_round_trip() {
    // Every preset (A6) and some variations.
    let extra = [
        "hasami+win=captures:5,lead:3+diagonal-capture",
        "dai-hasami+movement=step+five=all",
        "hasami+misere+corner=off+max-run=1",
    ];
    let presets = hasami_core::Preset::ALL.iter().map(|p| p.name());
    let variants: Vec<&str> = presets.chain(extra).collect();
    let mut ended = 0;
    for (i, variant) in variants.iter().enumerate() {
        for seed in 0..3 {
            let game = random_game(variant, (i * 10 + seed + 1) as u64, 1000);
            let record = HasamiRecord::from_game(
                &game,
                [("Black", "random"), ("White", "random \"quoted\" \\ name")],
            );
            assert_eq!(record.moves.len(), game.played().len());
            assert_eq!(record.result, RecordResult::of(game.outcome()));
            if let Some(outcome) = game.outcome() {
                ended += 1;
                assert_eq!(record.result.token(), outcome.result_token());
                assert_eq!(record.tag("Termination"), Some(&*outcome.to_string()));
            }
            let text = record.to_string();
            for line in text.lines().skip_while(|l| l.starts_with('[')) {
                assert!(line.chars().count() <= LINE_WIDTH, "{line}");
            }
            let parsed = HasamiRecord::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(parsed, record);
            assert_eq!(parsed.to_string(), text);
            let replayed = parsed.to_game().unwrap();
            assert_eq!(replayed.outcome(), game.outcome());
            assert_eq!(replayed.position(), game.position());
            assert_eq!(replayed.played(), game.played());
        }
    }
    assert!(ended > 20, "most random games should end by rule");
}

#[test]
fn canonical_form() {
    let rules = HasamiRules::parse("hasami").unwrap();
    let mut game = HasamiGame::new(rules);
    for m in ["a1a5", "b9b5", "c1c5"] {
        game.play_text(m).unwrap();
    }
    let mut record = HasamiRecord::from_game(
        &game,
        [
            ("Event", "Club night"),
            ("Date", "2026.11.21"),
            ("White", "Bob"),
            ("Black", "Alice"),
        ],
    );
    record.comment = Some("Opening remark.".into());
    record.moves[1].comment = Some("A blunder.".into());
    record.result = RecordResult::FirstWins;
    record.set_tag("Termination", "White resigned");
    let text = "\
[Variant \"hasami\"]
[Black \"Alice\"]
[White \"Bob\"]
[Date \"2026.11.21\"]
[Result \"1-0\"]
[Termination \"White resigned\"]
[Event \"Club night\"]

{Opening remark.} 1. a1a5 b9b5 {A blunder.} 2. c1c5xb5
1-0
";
    assert_eq!(record.to_string(), text);
    assert_eq!(assert_round_trip(text), record);
    assert_eq!(record.moves[2].captured.iter().count(), 1);
}

#[test]
fn lenient_input_is_written_canonically() {
    // A byte order mark, CRLF line ends, tags in any order and spacing, no move numbers, a dash,
    // upper case, a number glued to its move, several comments after one move, a multi-line
    // comment, escapes.
    let text = "\u{feff}[Result \"1-0\"]\r\n[Black   \"A \\\"B\\\" \\\\ C\"]  [Variant \"HASAMI\"]\r\n\r\n\
                {first} {second}\r\nA1-A5 1... B9B5 {x \\} y\r\n  z \\\\ w \\q}\r\n2.c1c5XB5 {} 1-0\r\n";
    let record = assert_round_trip(text);
    assert_eq!(record.tag("Black"), Some("A \"B\" \\ C"));
    assert_eq!(record.comment.as_deref(), Some("first second"));
    assert_eq!(record.moves[1].comment.as_deref(), Some("x } y z \\ w \\q"));
    assert_eq!(record.moves[2].comment, None);
    assert_eq!(
        record.to_string(),
        "[Variant \"hasami\"]\n[Black \"A \\\"B\\\" \\\\ C\"]\n[Result \"1-0\"]\n\n\
         {first second} 1. a1a5 b9b5 {x \\} y z \\\\ w \\\\q} 2. c1c5xb5\n1-0\n"
    );
}

#[test]
fn custom_start_position_and_options() {
    let text = "\
[Variant \"hasami+diagonal-capture=on+win=captures:5\"]
[Black \"Alice\"]
[White \"Bob\"]
[Position \"ww1w1w2w/9/2w6/9/4b4/9/3b5/9/bb3b1bb w 7 12\"]
[Result \"*\"]

12... c7c5 {White threatens e5} 13. d3d5 a9a8 14. b1b5xc5
*
";
    let record = assert_round_trip(text);
    assert_eq!(record.to_string(), text);
    let start = record.start.unwrap();
    assert_eq!(start.fullmove(), 12);
    assert_eq!(
        record.rules,
        HasamiRules::parse("hasami+win=captures:5+diagonal-capture").unwrap()
    );
    // Any spelling of the variant is read; the writer uses the canonical one.
    let respelled = text.replace(
        "hasami+diagonal-capture=on+win=captures:5",
        "Hasami+win=captures:5+diagonal-capture",
    );
    assert_eq!(HasamiRecord::parse(&respelled).unwrap(), record);
    let game = record.to_game().unwrap();
    assert_eq!(game.position().fullmove(), 14);
    assert_eq!(game.position().quiet_plies(), 0);
    // from_game keeps the start position, and leaves it out when it is the variant's start.
    assert_eq!(
        HasamiRecord::from_game(&game, [("Black", "Alice"), ("White", "Bob")]).start,
        Some(start)
    );
    assert_eq!(
        HasamiRecord::from_game(&HasamiGame::new(record.rules), [("a", "b")]).start,
        None
    );
}

#[test]
fn empty_game_and_game_ended_at_the_start() {
    let text = "[Variant \"mak-yek\"]\n[Result \"*\"]\n\n*\n";
    let record = assert_round_trip(text);
    assert_eq!(record.to_string(), text);
    assert!(record.moves.is_empty());

    // White to move with a single piece: Black has already won (RULES.md A7).
    let ended = "[Variant \"hasami\"]\n[Position \"w8/9/9/9/9/9/9/9/bbbbbbbbb w 0 1\"]\n\
                 [Result \"1-0\"]\n\n1-0\n";
    assert_round_trip(ended);
    let game = HasamiRecord::parse(ended).unwrap().to_game().unwrap();
    assert!(game.outcome().is_some());
}

#[test]
fn multiple_captures_are_annotated_in_square_order_and_checked_in_any_order() {
    // Find a move capturing two or more pieces in random games.
    let (game, ply) = (1..200)
        .find_map(|seed| {
            let game = random_game("hasami", seed, 1000);
            let ply = game.played().iter().position(|p| p.captured.len() >= 2)?;
            Some((game, ply))
        })
        .expect("some random game captures two pieces at once");
    let mut record = HasamiRecord::from_game(&game, [("Black", "x")]);
    record.moves.truncate(ply + 1);
    record.result = RecordResult::Unfinished;
    record.remove_tag("Termination");
    let text = record.to_string();
    let played = game.played()[ply];
    let squares: Vec<String> = played.captured.iter().map(|s| s.to_string()).collect();
    let canonical = format!("{}x{}", played.mv, squares.join("x"));
    assert!(text.contains(&canonical), "{text}");
    let reversed: Vec<String> = squares.iter().rev().cloned().collect();
    let other = format!("{}x{}", played.mv, reversed.join("x"));
    assert_eq!(
        HasamiRecord::parse(&text.replace(&canonical, &other)).unwrap(),
        record
    );
    // Leaving out a square is an error.
    let short = format!("{}x{}", played.mv, squares[0]);
    let e = parse_err(&text.replace(&canonical, &short));
    assert!(matches!(e.kind, K::CaptureMismatch { .. }), "{e}");
    // Leaving out the whole annotation is allowed.
    let bare = played.mv.to_string();
    assert_eq!(
        HasamiRecord::parse(&text.replace(&canonical, &bare)).unwrap(),
        record
    );
}

#[test]
fn tags_api() {
    let mut record = HasamiRecord::new(HasamiRules::preset(Preset::Hasami));
    record.set_tag("Site", "Tokyo");
    record.set_tag("White", "Bob");
    record.set_tag("Black", "Alice");
    record.set_tag("Variant", "ignored");
    record.set_tag("White", "Carol");
    let names: Vec<&str> = record.tags.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["Black", "White", "Site"]);
    assert_eq!(record.tag("White"), Some("Carol"));
    assert_eq!(record.remove_tag("Site").as_deref(), Some("Tokyo"));
    assert_eq!(record.tag("Site"), None);
    // Reserved names pushed directly are skipped by the writer.
    record.tags.push(("Result".into(), "0-1".into()));
    assert_eq!(
        record.to_string(),
        "[Variant \"hasami\"]\n[Black \"Alice\"]\n[White \"Carol\"]\n[Result \"*\"]\n\n*\n"
    );
}

#[test]
fn to_game_checks_hand_made_records() {
    let rules = HasamiRules::preset(Preset::Hasami);
    let mut record = HasamiRecord::new(rules);
    let mv = |t: &str| Move::parse(t, 9).unwrap();
    record.moves.push(hasami_core::RecordMove {
        mv: mv("e1e5"),
        captured: hasami_core::BitBoard::EMPTY,
        comment: None,
    });
    assert!(record.to_game().is_ok());
    record.moves.push(hasami_core::RecordMove {
        mv: mv("e5e6"),
        captured: hasami_core::BitBoard::EMPTY,
        comment: None,
    });
    assert!(matches!(
        record.to_game(),
        Err(ReplayError::Illegal { ply: 2, .. })
    ));
    record.moves.pop();
    record.moves[0].captured =
        hasami_core::BitBoard::from_square(hasami_core::Square::parse("e6", 9).unwrap());
    let e = record.to_game().unwrap_err();
    assert_eq!(
        e.to_string(),
        "ply 1 (e1e5): recorded as capturing e6, but it captures nothing"
    );
    let other = HasamiRules::preset(Preset::HasamiChess);
    record.start = Some(HasamiPosition::start(other));
    assert!(matches!(
        record.to_game(),
        Err(ReplayError::StartVariant { .. })
    ));
}
