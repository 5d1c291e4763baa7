//! What `hasami play` shows fits an 80-column terminal, its Shogun board and legend use the same
//! marks, and a refused move is explained in players' words (why the piece cannot go there; no rule
//! ids). Driven with the output on a pseudo-terminal (util-linux `script`) and the input from a file,
//! so the text is only what the program printed.

use std::process::{Command, Stdio};

use unicode_width::UnicodeWidthChar;

/// Runs `hasami play ARGS` with its output on a pseudo-terminal (so in colour unless `--no-color`) and
/// `input` read from a file (so not echoed); returns what it printed.
fn play(args: &str, input: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let typed = dir.path().join("typed.txt");
    std::fs::write(&typed, input).unwrap();
    let command = format!(
        "{} play {args} < '{}'",
        env!("CARGO_BIN_EXE_hasami"),
        typed.display()
    );
    let out = Command::new("script")
        .args(["-q", "-e", "-c", &command, "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .expect("util-linux 'script' runs (the CI installs bsdutils)");
    let text = String::from_utf8_lossy(&out.stdout).replace('\r', "");
    assert!(out.status.success(), "exit {:?}\n{text}", out.status);
    text
}

/// Terminal columns: wide characters count 2, ANSI colour sequences nothing.
fn width(line: &str) -> usize {
    let mut columns = 0;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            columns += c.width().unwrap_or(0);
        }
    }
    columns
}

/// Every line of `text` is at most 80 columns wide; a prompt (up to `> `, where the person types)
/// leaves at least 20 columns for what is typed.
fn assert_fits(what: &str, text: &str) {
    for line in text.lines() {
        let mut rest = line;
        while let Some(end) = rest.find("> ") {
            let prompt = &rest[..end + 2];
            assert!(
                width(prompt) <= 60,
                "{what}: a prompt of {} columns: {prompt:?}",
                width(prompt)
            );
            rest = &rest[end + 2..];
        }
        assert!(
            width(rest) <= 80,
            "{what}: {} columns: {rest:?}\n{text}",
            width(rest)
        );
    }
}

#[test]
fn every_screen_of_every_preset_fits_80_columns() {
    let long_word = "x".repeat(200);
    let long_line = "what is this ".repeat(12);
    let wide = "将棋".repeat(30);
    let common = format!(
        "help\nmoves\nhint\nzz\n{long_word}\n{long_line}\n{wide}\nlearn a1\nlearn {long_word}\n\
         go\nundo\nsave /nonexistent/{long_word}/game.hrec\nsave\nresign\nundo\nhint\nquit\n"
    );
    for variant in [
        "hasami",
        "hasami-chess",
        "dai-hasami",
        "dai-hasami-captures",
        "agon",
        "mak-yek",
        "shogun",
        "shogun+setup=choose",
        "hasami+win=captures:5,lead:3+misere+diagonal-capture+max-run=3+quiet=50+repetition=4",
    ] {
        let arrange = if variant.contains("choose") {
            "moves\narrange 12\narrange 1234567\narrange 7654321\n"
        } else {
            ""
        };
        // Illegal moves of both families, with their reasons.
        let illegal = "a1a9\na1b2\ne1e1\nd1d5\na1a2\n";
        let input = format!("{arrange}{illegal}{common}");
        for colour in ["--no-color", ""] {
            let text = play(
                &format!("--variant {variant} --opponent human --movetime 10 {colour}"),
                &input,
            );
            assert!(text.contains("legal moves: "), "{variant}: {text}");
            assert_fits(&format!("{variant} {colour}"), &text);
        }
    }
    // Against the engine, to the end of a short game.
    let text = play(
        "--variant hasami-chess --level 1 --movetime 10 --no-color",
        &"go\n".repeat(30),
    );
    assert!(text.contains("The engine plays "), "{text}");
    assert_fits("hasami-chess against the engine", &text);
}

#[test]
fn the_shogun_board_and_its_legend_use_the_same_marks() {
    // In colour: White's Shogun ♔, Red's ♚, on the board and in the legend.
    let rank = |text: &str, n: char| {
        text.lines()
            .find(|l| l.starts_with(n) && l.ends_with(&format!("  {n}")))
            .unwrap_or_else(|| panic!("rank {n}: {text}"))
            .to_string()
    };
    let text = play("--variant shogun --opponent human", "quit\n");
    assert!(
        rank(&text, '1').contains("♔") && !rank(&text, '1').contains("♚"),
        "{text}"
    );
    assert!(
        rank(&text, '8').contains("♚") && !rank(&text, '8').contains("♔"),
        "{text}"
    );
    assert!(
        text.contains("White (W, Shogun ♔) 8 pieces, Red (R, Shogun ♚) 8 pieces"),
        "{text}"
    );
    // Without colour: K and k.
    let text = play("--variant shogun --opponent human --no-color", "quit\n");
    assert!(rank(&text, '1').contains(" K1 "), "{text}");
    assert!(rank(&text, '8').contains(" k1 "), "{text}");
    assert!(
        text.contains("White (W, Shogun K) 8 pieces, Red (R, Shogun k) 8 pieces"),
        "{text}"
    );
}

#[test]
fn a_move_that_exposes_the_shogun_is_refused_in_players_words() {
    // b2a2 would leave the White Shogun on b1 capturable by Red's piece on b5 (showing 4).
    let pinned = "p2:16s:1/8/7p3:1/1p1:46/8/8/1P1:16/1S:14P3:1P2:1 w 1979 0 12345 0 1";
    let text = play(
        &format!(
            "--variant shogun+numbers=random --opponent human --no-color --position '{pinned}'"
        ),
        "b2a2\ng1g3\nquit\n",
    )
    .replace("\n  ", " ");
    assert!(
        text.contains(
            "error: illegal move b2a2: after that move the piece on b5 could capture your Shogun"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "error: illegal move g1g3: the piece on g1 shows 1 and has no clear path of exactly 1 \
             square to g3"
        ),
        "{text}"
    );
    assert!(!text.contains("(S"), "no rule ids: {text}");
}

#[test]
fn a_hasami_move_that_cannot_be_made_says_why() {
    // Black e1 and e4, White b1 and e9.
    let text = play(
        "--opponent human --no-color --position '4w4/9/9/9/9/4b4/9/9/1w2b4 b 0 1'",
        "e1e8\ne1e4\ne1f2\ne1e1\ne1a1\nquit\n",
    )
    .replace("\n  ", " ");
    for why in [
        "the piece on e1 cannot move to e8: the piece on e4 is in the way",
        "the piece on e1 cannot move to e4: e4 is occupied",
        "the piece on e1 cannot move to f2: f2 is not in a straight line from e1",
        "the piece on e1 cannot move to e1: a piece must move to another square",
        "the piece on e1 cannot move to a1: the piece on b1 is in the way",
    ] {
        assert!(text.contains(why), "{why}: {text}");
    }
}
