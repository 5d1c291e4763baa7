//! Invalid variant, position, move and square texts (tests/data/invalid.txt): each must give an error
//! whose message contains the expected text, and none may panic. The file's header documents its
//! format.

use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

use hasami_core::{HasamiGame, HasamiPosition, HasamiRules, Move, Square};

const DATA: &str = include_str!("data/invalid.txt");

struct Example {
    line: usize,
    kind: String,
    variant: String,
    input: String,
    expected: String,
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

fn examples() -> Vec<Example> {
    let mut out = Vec::new();
    for (i, line) in DATA.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [kind, input, expected] = fields[..] else {
            panic!(
                "invalid.txt line {}: expected KIND<TAB>INPUT<TAB>EXPECTED, got {line:?}",
                i + 1
            );
        };
        let (kind, variant) = kind.split_once('@').unwrap_or((kind, "hasami"));
        assert!(
            ["variant", "position", "move", "square", "play"].contains(&kind),
            "invalid.txt line {}: unknown kind {kind:?}",
            i + 1
        );
        assert!(
            !expected.is_empty(),
            "invalid.txt line {}: empty EXPECTED",
            i + 1
        );
        out.push(Example {
            line: i + 1,
            kind: kind.to_string(),
            variant: variant.to_string(),
            input: unescape(input),
            expected: expected.to_string(),
        });
    }
    out
}

/// The error message for the example, or `Err` with what was produced instead.
fn error_of(ex: &Example) -> Result<String, String> {
    let rules = HasamiRules::parse(&ex.variant).map_err(|e| format!("bad @variant: {e}"))?;
    let input = ex.input.as_str();
    match ex.kind.as_str() {
        "variant" => match HasamiRules::parse(input) {
            Ok(r) => Err(format!("parsed as {r}")),
            Err(e) => Ok(e.to_string()),
        },
        "position" => match HasamiPosition::from_text(input, rules) {
            Ok(p) => Err(format!("parsed as {p}")),
            Err(e) => Ok(e.to_string()),
        },
        "move" => match Move::parse(input, rules.size()) {
            Ok(m) => Err(format!("parsed as {m}")),
            Err(e) => Ok(e.to_string()),
        },
        "square" => match Square::parse(input, rules.size()) {
            Ok(s) => Err(format!("parsed as {s}")),
            Err(e) => Ok(e.to_string()),
        },
        "play" => {
            let mut game = HasamiGame::new(rules);
            let before = game.position().to_string();
            match game.play_text(input) {
                Ok(p) => Err(format!("played {}", p.mv)),
                Err(e) => {
                    if game.position().to_string() != before || !game.played().is_empty() {
                        return Err(format!("the game changed after the error: {e}"));
                    }
                    Ok(e.to_string())
                }
            }
        }
        _ => unreachable!(),
    }
}

#[test]
fn every_invalid_example_is_rejected_with_its_message() {
    let examples = examples();
    let mut failures = Vec::new();
    for ex in &examples {
        let outcome = catch_unwind(AssertUnwindSafe(|| error_of(ex)));
        let what = format!(
            "line {}: {}@{} {:?}",
            ex.line, ex.kind, ex.variant, ex.input
        );
        match outcome {
            Err(_) => failures.push(format!("{what}: PANICKED")),
            Ok(Err(got)) => failures.push(format!("{what}: no error, {got}")),
            Ok(Ok(msg)) if !msg.contains(&ex.expected) => failures.push(format!(
                "{what}: error {msg:?} does not contain {:?}",
                ex.expected
            )),
            Ok(Ok(_)) => {}
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} examples failed:\n{}",
        failures.len(),
        examples.len(),
        failures.join("\n")
    );
}

#[test]
fn the_file_covers_every_kind() {
    let mut count: BTreeMap<String, usize> = BTreeMap::new();
    for ex in examples() {
        *count.entry(ex.kind).or_default() += 1;
    }
    for (kind, min) in [
        ("variant", 40),
        ("position", 30),
        ("move", 15),
        ("square", 10),
        ("play", 8),
    ] {
        let n = count.get(kind).copied().unwrap_or(0);
        assert!(n >= min, "only {n} {kind} examples");
    }
}

#[test]
fn error_messages_are_single_lines() {
    // Every message is a single, non-empty line (the CLI and the engine protocol print them as is).
    for ex in examples() {
        let Ok(msg) = error_of(&ex) else { continue };
        assert!(!msg.contains('\n'), "line {}: {msg:?}", ex.line);
        assert!(!msg.is_empty());
    }
}

#[test]
fn too_long_win_list_names_the_given_list() {
    // A6: the error quotes the list as given, not the preset's own list.
    let e = HasamiRules::parse("hasami+win=five,five,five,five,five,five")
        .unwrap_err()
        .to_string();
    assert!(e.contains("five,five,five,five,five,five"), "{e}");
}
