//! Game records (docs/records.md): round trips, canonical writing, lenient reading, every error with
//! its line and column, and the sample records of tests/data/records/.

use hasami_core::LINE_WIDTH;
use hasami_core::{
    HasamiGame, HasamiPosition, HasamiRecord, HasamiRules, Move, Preset, RecordError,
    RecordErrorKind as K, RecordResult, ReplayError,
};

/// A small deterministic generator (xorshift64).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A game of random legal moves, to its end or `max_plies`.
fn random_game(variant: &str, seed: u64, max_plies: usize) -> HasamiGame {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut game = HasamiGame::new(HasamiRules::parse(variant).unwrap());
    while game.outcome().is_none() && game.played().len() < max_plies {
        let moves = game.legal_moves();
        game.play(moves[rng.below(moves.len())]).unwrap();
    }
    game
}

/// parse → write → parse gives an equal record, and write → parse → write the same text.
fn assert_round_trip(text: &str) -> HasamiRecord {
    let record = HasamiRecord::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let written = record.to_string();
    let again = HasamiRecord::parse(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
    assert_eq!(again, record, "{written}");
    assert_eq!(again.to_string(), written);
    record
}

fn parse_err(text: &str) -> RecordError {
    match HasamiRecord::parse(text) {
        Ok(r) => panic!("parsed, but should fail:\n{text}\nas\n{r}"),
        Err(e) => e,
    }
}

/// Checks the place of an error and that its message starts with it.
fn assert_at(e: &RecordError, line: usize, column: usize) {
    assert_eq!((e.line, e.column), (line, column), "{e}");
    assert!(
        e.to_string()
            .starts_with(&format!("line {line}, column {column}: ")),
        "{e}"
    );
}

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

const HEAD: &str = "[Variant \"hasami\"]\n";

#[test]
fn errors_give_line_and_column() {
    // (text, line, column, check of the kind)
    type Check = fn(&K) -> bool;
    let ended = "[Variant \"hasami\"]\n[Position \"w8/9/9/9/9/9/9/9/bbbbbbbbb w 0 1\"]\n";
    let cases: Vec<(String, usize, usize, Check)> = vec![
        // Tags.
        (
            format!("{HEAD}[Black Alice]\n*"),
            2,
            8,
            |k| matches!(k, K::BadTag(m) if m.contains("double quotes")),
        ),
        (
            format!("{HEAD}[Black \"A\\lice\"]\n*"),
            2,
            10,
            |k| matches!(k, K::BadTag(m) if m.contains("escape")),
        ),
        (
            format!("{HEAD}[Black \"Alice]\n*"),
            2,
            8,
            |k| matches!(k, K::BadTag(m) if m.contains("closing")),
        ),
        (
            format!("{HEAD}[Black \"Alice\" x]\n*"),
            2,
            16,
            |k| matches!(k, K::BadTag(m) if m.contains("']'")),
        ),
        (
            format!("{HEAD}[\"Alice\"]\n*"),
            2,
            2,
            |k| matches!(k, K::BadTag(m) if m.contains("tag name")),
        ),
        (
            format!("{HEAD}[Black \"A\"]\n  [Black \"B\"]\n*"),
            3,
            3,
            |k| matches!(k, K::DuplicateTag(n) if n == "Black"),
        ),
        ("[Black \"A\"]\n\n1. e1e5 *".into(), 3, 1, |k| {
            matches!(k, K::MissingVariant)
        }),
        ("".into(), 1, 1, |k| matches!(k, K::MissingVariant)),
        ("[Variant \"hasami+jump=maybe\"]\n*".into(), 1, 10, |k| {
            matches!(k, K::BadVariant(_))
        }),
        ("[Variant \"shogi\"]\n*".into(), 1, 10, |k| {
            matches!(k, K::BadVariant(_))
        }),
        (format!("{HEAD}[Position \"9/9 b\"]\n*"), 2, 11, |k| {
            matches!(k, K::BadPosition(_))
        }),
        (
            format!("{HEAD}[Result \"2-0\"]\n*"),
            2,
            9,
            |k| matches!(k, K::BadResultTag(v) if v == "2-0"),
        ),
        // Move text.
        (
            format!("{HEAD}\n1. e1e *"),
            3,
            4,
            |k| matches!(k, K::BadMoveText { text, .. } if text == "e1e"),
        ),
        (
            format!("{HEAD}\n1. j1j5 *"),
            3,
            4,
            |k| matches!(k, K::BadMoveText { reason, .. } if reason.contains("off the 9×9 board")),
        ),
        (
            format!("{HEAD}\n1. e1e5xz9 *"),
            3,
            8,
            |k| matches!(k, K::BadMoveText { reason, .. } if reason.contains("capture annotation")),
        ),
        (
            format!("{HEAD}\n1. e1e5x *"),
            3,
            8,
            |k| matches!(k, K::BadMoveText { reason, .. } if reason.contains("'x' followed by")),
        ),
        (
            format!("{HEAD}\n1.. e1e5 *"),
            3,
            1,
            |k| matches!(k, K::BadMoveText { text, .. } if text == "1.."),
        ),
        (format!("{HEAD}\n1 e1e5 *"), 3, 1, |k| {
            matches!(k, K::BadMoveText { .. })
        }),
        (
            format!("{HEAD}\n1. e1e5 (a9a5) *"),
            3,
            9,
            |k| matches!(k, K::BadMoveText { text, .. } if text == "(a9a5)"),
        ),
        (format!("{HEAD}\n1. e1e5 [Black \"x\"] *"), 3, 9, |k| {
            matches!(k, K::Unexpected { found: '[', .. })
        }),
        (format!("{HEAD}\n1. e1e5 }} *"), 3, 9, |k| {
            matches!(k, K::Unexpected { found: '}', .. })
        }),
        (format!("{HEAD}\n1. e1e5 a9a5\n3. e5e6 *"), 4, 1, |k| {
            matches!(
                k,
                K::MoveNumber {
                    found: 3,
                    expected: 2
                }
            )
        }),
        (format!("{HEAD}\n1. e1e5\n  2... a9a5 *"), 4, 3, |k| {
            matches!(
                k,
                K::MoveNumber {
                    found: 2,
                    expected: 1
                }
            )
        }),
        (
            format!("{HEAD}\n1. e1e5 e5e6 *"),
            3,
            9,
            |k| matches!(k, K::IllegalMove { error, .. } if error.to_string() == "no White piece on e5"),
        ),
        (
            format!("{HEAD}\n1. e1e5 {{c}} a9a5 2. e5e9 *"),
            3,
            21,
            |k| matches!(k, K::IllegalMove { error, .. } if error.to_string().contains("cannot move")),
        ),
        (format!("{ended}\n1... a9a8 1-0"), 4, 6, |k| {
            matches!(k, K::MoveAfterEnd { .. })
        }),
        (
            format!("{HEAD}\n1. a1a5 b9b5 2. c1c5xb6 *"),
            3,
            21,
            |k| matches!(k, K::CaptureMismatch { annotated, actual, .. } if annotated == "b6" && actual == "b5"),
        ),
        (
            format!("{HEAD}\n1. e1e5xe6 *"),
            3,
            8,
            |k| matches!(k, K::CaptureMismatch { actual, .. } if actual == "nothing"),
        ),
        // Results.
        (
            format!("{HEAD}[Result \"0-1\"]\n\n1. e1e5\n1-0"),
            5,
            1,
            |k| {
                matches!(
                    k,
                    K::ResultTagMismatch {
                        token: RecordResult::FirstWins,
                        tag: RecordResult::SecondWins
                    }
                )
            },
        ),
        (format!("{ended}\n*"), 4, 1, |k| {
            matches!(
                k,
                K::ResultMismatch {
                    token: RecordResult::Unfinished,
                    ..
                }
            )
        }),
        (format!("{ended}\n0-1"), 4, 1, |k| {
            matches!(
                k,
                K::ResultMismatch {
                    token: RecordResult::SecondWins,
                    ..
                }
            )
        }),
        (
            format!("{HEAD}\n1. e1e5 {{ a comment\nthat never ends\n*"),
            3,
            9,
            |k| matches!(k, K::UnterminatedComment),
        ),
        (format!("{HEAD}\n1. e1e5 a9a5\n"), 4, 1, |k| {
            matches!(k, K::MissingResult)
        }),
        (
            format!("{HEAD}\n1. e1e5 1-0 a9a5"),
            3,
            13,
            |k| matches!(k, K::TextAfterResult(t) if t == "a9a5"),
        ),
        (
            format!("{HEAD}\n1. e1e5 * {{late}}"),
            3,
            11,
            |k| matches!(k, K::TextAfterResult(t) if t == "{"),
        ),
        (
            format!("{HEAD}\n*\n\n[Variant \"hasami\"]\n*"),
            5,
            1,
            |k| matches!(k, K::TextAfterResult(t) if t == "["),
        ),
    ];
    for (text, line, column, check) in cases {
        let e = parse_err(&text);
        assert_at(&e, line, column);
        assert!(check(&e.kind), "unexpected kind for\n{text}\n{e}");
    }
}

#[test]
fn error_messages_read_well() {
    let e = parse_err(&format!("{HEAD}\n1. a1a5 b9b5 2. c1c5xb6 *"));
    assert_eq!(
        e.to_string(),
        "line 3, column 21: wrong capture annotation: c1c5 captures b5, but the record says b6"
    );
    let e = parse_err("[Variant \"hasami+jump=maybe\"]\n*");
    assert!(e
        .to_string()
        .starts_with("line 1, column 10: bad Variant tag: bad value 'maybe' for option 'jump'"));
    let e = parse_err("[Variant \"hasami\"]\n[Position \"w8/9/9/9/9/9/9/9/bbbbbbbbb w 0 1\"]\n*");
    assert_eq!(
        e.to_string(),
        "line 3, column 1: result *, but the game ended 1-0: Black wins: White has 1 piece left"
    );
    let e = parse_err(&format!("{HEAD}\n1. e1e5 e5e6 *"));
    assert_eq!(
        e.to_string(),
        "line 3, column 9: illegal move e5e6: no White piece on e5"
    );
}

/// Columns count characters, not bytes.
#[test]
fn columns_count_characters() {
    let e = parse_err("[Variant \"hasami\"]\n[Black \"Ōkubo\"] {é} [White \"x\"]\n\n1. e1e5 *");
    // The tag section ends at the comment; tags after it are in the move text.
    assert_at(&e, 2, 21);
    assert!(matches!(e.kind, K::Unexpected { found: '[', .. }));
}

/// The parser never panics, whatever the input; everything it accepts round-trips.
#[test]
fn mangled_records_never_panic() {
    let base = std::fs::read_to_string(data_dir().join("hasami.hrec")).unwrap();
    let chars: Vec<char> = base.chars().collect();
    let alphabet: Vec<char> = "[]{}\"\\ \n\r.x-*/01239abeiw+=:é\u{feff}".chars().collect();
    let mut rng = Rng(12345);
    for _ in 0..3000 {
        let mut c = chars.clone();
        for _ in 0..1 + rng.below(4) {
            let i = rng.below(c.len() + 1);
            match rng.below(3) {
                0 if i < c.len() => {
                    c.remove(i);
                }
                1 if i < c.len() => c[i] = alphabet[rng.below(alphabet.len())],
                _ => c.insert(i, alphabet[rng.below(alphabet.len())]),
            }
        }
        let cut = rng.below(c.len() + 1);
        let text: String = if rng.below(4) == 0 {
            c[..cut].iter().collect()
        } else {
            c.iter().collect()
        };
        if let Ok(record) = HasamiRecord::parse(&text) {
            let written = record.to_string();
            let again = HasamiRecord::parse(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
            assert_eq!(again, record);
            assert_eq!(again.to_string(), written);
        }
    }
}

fn data_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records")
}

#[test]
fn sample_records_are_valid_and_canonical() {
    let mut seen = Vec::new();
    for preset in Preset::ALL {
        let path = data_dir().join(format!("{}.hrec", preset.name()));
        let text = std::fs::read_to_string(&path).unwrap();
        let record = assert_round_trip(&text);
        assert_eq!(
            record.to_string(),
            text,
            "{} is not canonical",
            path.display()
        );
        assert_eq!(record.rules, HasamiRules::preset(preset));
        let game = record.to_game().unwrap();
        assert!(game.outcome().is_some());
        seen.push(path);
    }
    let custom = data_dir().join("custom-start.hrec");
    let text = std::fs::read_to_string(&custom).unwrap();
    let record = assert_round_trip(&text);
    assert_eq!(record.to_string(), text);
    assert!(record.start.is_some());
}

#[test]
fn invalid_sample_records() {
    let cases = [
        ("bad-missing-variant.hrec", 5, 1, "missing Variant tag"),
        ("bad-illegal-move.hrec", 8, 19, "illegal move a9a1"),
        (
            "bad-capture-annotation.hrec",
            7,
            21,
            "wrong capture annotation",
        ),
        (
            "bad-result.hrec",
            9,
            1,
            "result 0-1, but the game ended 1-0",
        ),
        (
            "bad-unterminated-comment.hrec",
            6,
            9,
            "comment is never closed",
        ),
        (
            "bad-position.hrec",
            2,
            11,
            "bad Position tag: rank 1 has 9 squares",
        ),
    ];
    for (file, line, column, message) in cases {
        let text = std::fs::read_to_string(data_dir().join(file)).unwrap();
        let e = parse_err(&text);
        assert_at(&e, line, column);
        assert!(e.to_string().contains(message), "{file}: {e}");
    }
}
