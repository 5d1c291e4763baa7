//! Every error with its line and column, messages that read well, and mangled input that never
//! panics.

use super::*;

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
