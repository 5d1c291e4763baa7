//! Shogun position text (S8): round trips of positions from random games (proptest), and invalid
//! variant, position and move texts (tests/data/shogun_invalid.txt) that must give their messages
//! without panicking.

use std::panic::{catch_unwind, AssertUnwindSafe};

use hasami_core::SplitMix64;
use hasami_core::Variant;
use hasami_core::{ShogunGame, ShogunPosition, ShogunRules};
use proptest::prelude::*;

const VARIANTS: [&str; 6] = [
    "shogun",
    "shogun+rotation=3",
    "shogun+capture=allowed",
    "shogun+numbers=random",
    "shogun+setup=shuffle+seed=7",
    "shogun+numbers=random+capture=allowed+seed=12345678901234567890",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// S8: every position of a random game writes to text that reads back to the same position (same
    /// pieces, numbers, counters, generator state, rules) and the same text.
    #[test]
    fn s8_round_trip(variant in 0..VARIANTS.len(), seed in any::<u64>(), plies in 0u32..250) {
        let rules = ShogunRules::parse(VARIANTS[variant]).unwrap();
        let mut pos = ShogunPosition::start(rules);
        let mut rng = SplitMix64(seed);
        for _ in 0..plies {
            if pos.status().is_some() {
                break;
            }
            let m = pos.pick_move(|n| rng.below(n)).unwrap();
            pos.play_unchecked(m);
        }
        let text = pos.to_string();
        let back = ShogunPosition::from_text(&text, rules).unwrap();
        prop_assert_eq!(back, pos, "{}", text);
        prop_assert_eq!(&back.to_string(), &text);
        prop_assert_eq!(back.hash(), pos.hash());
        prop_assert_eq!(pos.hash(), pos.fresh_hash());
        prop_assert_eq!(back.moves(), pos.moves());
        // Any rules of the same options read it the same way: seed and rotation come from the text.
        // (With numbers=random the rotation changes nothing and may not be given.)
        let board = if VARIANTS[variant].contains("random") { "+seed=99" } else { "+seed=99+rotation=2" };
        let other = ShogunRules::parse(&format!("{}{board}", VARIANTS[variant])).unwrap();
        prop_assert_eq!(ShogunPosition::from_text(&text, other).unwrap(), pos);
    }

    /// S8: position text never panics, whatever is given.
    #[test]
    fn s8_parse_never_panics(text in "[PpSs0-9:/ wr1]{0,80}") {
        let _ = ShogunPosition::from_text(&text, ShogunRules::standard());
        let _ = ShogunPosition::from_text(&text, ShogunRules::parse("shogun+numbers=random").unwrap());
    }

    /// S9: variant text never panics.
    #[test]
    fn s9_parse_never_panics(text in "shogun[+=a-z0-9]{0,30}") {
        let _ = Variant::parse(&text);
    }
}

/// Undoes the escapes of the INPUT field: `\t`, `\n`, `\\`.
fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('\\') => out.push('\\'),
            other => panic!("bad escape \\{other:?} in {s:?}"),
        }
    }
    out
}

fn error_of(kind: &str, variant: &str, input: &str) -> Result<String, String> {
    let rules = ShogunRules::parse(variant).map_err(|e| format!("bad @variant: {e}"))?;
    match kind {
        "variant" => match Variant::parse(input) {
            Ok(v) => Err(format!("parsed as {v}")),
            Err(e) => Ok(e.to_string()),
        },
        "position" => match ShogunPosition::from_text(input, rules) {
            Ok(p) => Err(format!("parsed as {p}")),
            Err(e) => Ok(e.to_string()),
        },
        "play" => {
            let mut game = ShogunGame::new(rules);
            let before = game.position().to_string();
            match game.play_text(input) {
                Ok(p) => Err(format!("played {}", p.mv)),
                Err(e) if game.position().to_string() != before => {
                    Err(format!("the game changed after the error: {e}"))
                }
                Err(e) => Ok(e.to_string()),
            }
        }
        other => Err(format!("unknown kind {other}")),
    }
}

#[test]
fn every_invalid_shogun_example_is_rejected_with_its_message() {
    let data = include_str!("data/shogun_invalid.txt");
    let mut failures = Vec::new();
    let mut n = 0;
    for (i, line) in data.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [kind, input, expected] = fields[..] else {
            panic!("line {}: expected KIND<TAB>INPUT<TAB>EXPECTED", i + 1);
        };
        let (kind, variant) = kind.split_once('@').unwrap_or((kind, "shogun"));
        let input = unescape(input);
        n += 1;
        match catch_unwind(AssertUnwindSafe(|| error_of(kind, variant, &input))) {
            Err(_) => failures.push(format!("line {}: panicked on {input:?}", i + 1)),
            Ok(Err(why)) => failures.push(format!("line {}: {why}", i + 1)),
            Ok(Ok(msg)) if !msg.contains(expected) => failures.push(format!(
                "line {}: {input:?}\n    expected: {expected}\n    got:      {msg}",
                i + 1
            )),
            Ok(Ok(_)) => {}
        }
    }
    assert!(n > 50, "{n} examples");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
