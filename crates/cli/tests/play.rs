//! `hasami play` driven through a pseudo-terminal (util-linux `script`), as a person would use it: a
//! hot-seat game to a capture, bad input rejected, and a game against the engine that answers.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `hasami play ARGS` on a pseudo-terminal with `input` typed in; returns everything it printed.
fn play_on_terminal(args: &str, input: &str) -> String {
    play_on_terminal_bytes(args, input.as_bytes())
}

#[test]
fn a_hot_seat_game_reaches_a_capture_and_bad_moves_are_refused() {
    // C1: White's e5 ends up between Black's d5 and f5 and is captured.
    let text = play_on_terminal(
        "--opponent human --no-color",
        "d1d5\ne9e5\na1a9\nzz9\nf1f5\nquit\n",
    );
    assert!(text.contains("you are Black"), "{text}");
    assert!(
        text.contains("error: illegal move a1a9: the piece on a1 cannot move to a9"),
        "{text}"
    );
    assert!(text.contains("error: 'zz9' is not a move"), "{text}");
    assert!(text.contains("f1f5, capturing e5"), "{text}");
    // The board after the capture: the captured square marked, White down to 8 pieces.
    let last_board = text.rsplit("a b c d e f g h i").nth(1).unwrap();
    assert!(
        last_board.contains(" 5  . . . b x B . . .  5"),
        "{last_board}"
    );
    assert!(text.contains("Black 9 pieces, White 8 pieces"), "{text}");
}

#[test]
fn the_engine_replies_and_undo_takes_back_both_moves() {
    let text = play_on_terminal(
        "--level 1 --movetime 100",
        "e1e5\nundo\nsave /dev/null\nquit\n",
    );
    // In colour on a terminal: pieces drawn as discs with ANSI colours.
    assert!(text.contains('●') && text.contains("\x1b["), "{text}");
    assert!(text.contains("The engine plays "), "{text}");
    assert!(text.contains("Took back "), "{text}");
    assert!(text.contains(" and e1e5"), "{text}");
    assert!(text.contains("Saved the game to /dev/null"), "{text}");
}

#[test]
fn resigning_ends_the_game_and_the_saved_record_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("resigned.hrec");
    let file = file.to_str().unwrap();
    let text = play_on_terminal(
        "--level 1 --movetime 100 --no-color",
        &format!("e1e5\nresign\ne1e4\nhint\nundo\nsave {file}\nquit\n"),
    );
    assert!(
        text.contains("Game over: White wins: Black resigned."),
        "{text}"
    );
    // Nothing more is played, hinted or taken back.
    assert!(text.contains("error: the game is over"), "{text}");
    assert!(
        text.contains("error: the game ended: White wins: Black resigned"),
        "{text}"
    );
    let record = std::fs::read_to_string(file).unwrap();
    assert!(record.contains("[Result \"0-1\"]"), "{record}");
    assert!(
        record.contains("[Termination \"White wins: Black resigned\"]"),
        "{record}"
    );
}

#[test]
fn a_bad_variant_is_a_usage_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_hasami"))
        .args(["play", "--variant", "hasami+bogus"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bogus"), "{err}");
}

#[test]
fn shogun_in_the_terminal_shows_numbers_warns_and_refuses() {
    // S3: pieces show their numbers; S4: a piece must move exactly its number; S5: after d1d5 (the
    // piece lands showing 3) Red's Shogun on d8 is attacked and the warning is shown.
    let text = play_on_terminal(
        "--variant shogun --opponent human --no-color",
        "learn d1\na1a2\nd1d5\nquit\n",
    );
    assert!(text.contains("\n1  W2 W2 W3 W4 K1 W1 W4 W1  1"), "{text}");
    // The learning view: the piece on d1 shows 4 there and would show 3 on d5 (where it lands below).
    assert!(
        text.contains("The White piece on d1 would show, on each square:"),
        "{text}"
    );
    assert!(text.contains("\n1   2  4  2  4  3  3  3  3"), "{text}");
    assert!(text.contains("\n5   4  1  4  3  2  3  1  3"), "{text}");
    assert!(
        text.contains("error: illegal move a1a2: the piece on a1 shows 2"),
        "{text}"
    );
    assert!(text.contains("Shogun! Red's Shogun is attacked."), "{text}");
    assert!(text.contains("Red to move>"), "{text}");
}

/// A whole Shogun game: every ply's move, chosen from the legal moves (captures first, otherwise by a
/// fixed sequence), played to its end by the rules library.
fn shogun_game(variant: &str) -> hasami_core::ShogunGame {
    use hasami_core::{ShogunGame, ShogunRules};
    let mut game = ShogunGame::new(ShogunRules::parse(variant).unwrap());
    let mut seed: u64 = 7;
    while game.outcome().is_none() {
        let pos = *game.position();
        let moves = game.legal_moves();
        let captures: Vec<_> = moves
            .iter()
            .copied()
            .filter(|m| pos.piece_at(m.to).is_some())
            .collect();
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let pick = (seed >> 33) as usize;
        let mv = if captures.is_empty() {
            moves[pick % moves.len()]
        } else {
            captures[pick % captures.len()]
        };
        game.play(mv).unwrap();
    }
    game
}

#[test]
fn a_whole_hot_seat_shogun_game_to_its_end() {
    // S4–S6: every move typed at the terminal is accepted, and the game ends by rule with the reason
    // in Shogun's words; the record is saved and reads back.
    let variant = "shogun+seed=42+rotation=1";
    let game = shogun_game(variant);
    let outcome = hasami_core::shogun::describe(game.outcome().unwrap());
    let mut input: String = game
        .played()
        .iter()
        .map(|p| format!("{}\n", p.mv))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.hrec");
    input.push_str(&format!("save {}\nquit\n", file.display()));
    let text = play_on_terminal(
        &format!("--variant {variant} --opponent human --no-color"),
        &input,
    );
    assert!(!text.contains("error:"), "{text}");
    assert_eq!(
        text.matches(" to move> ").count(),
        game.played().len(),
        "one prompt per move: {text}"
    );
    assert!(text.contains(&format!("Game over: {outcome}.")), "{text}");
    let record = std::fs::read_to_string(&file).unwrap();
    let back = hasami_core::ShogunRecord::parse(&record).unwrap();
    assert_eq!(back.moves.len(), game.played().len());
    assert_eq!(back.to_game().unwrap().outcome(), game.outcome());
    assert!(
        record.starts_with(&format!(
            "[Variant \"{variant}\"]\n[White \"player\"]\n[Red \"player\"]\n"
        )),
        "{record}"
    );
}

#[test]
fn a_whole_shogun_game_against_the_engine() {
    // The person lets the engine choose each of its moves ('go'); the engine replies at level 1 until
    // the game ends by rule (S6, D1, D2), with the reason in words.
    let input = "go\n".repeat(250) + "quit\n";
    let text = play_on_terminal(
        "--variant shogun --opponent engine --level 1 --movetime 20 --no-color",
        &input,
    );
    assert!(text.contains("The engine plays for you: "), "{text}");
    assert!(text.contains("The engine plays "), "{text}");
    let over = text
        .lines()
        .find(|l| l.starts_with("Game over: "))
        .unwrap_or_else(|| panic!("the game ends: {text}"));
    assert!(
        over.contains(" wins: ") || over.starts_with("Game over: draw: "),
        "{over}"
    );
}

#[test]
fn one_loop_serves_both_families_go_plays_for_you_and_learn_is_shogun_only() {
    // The Hasami family gets Shogun's `go` too; `learn` explains that it is for Shogun.
    let text = play_on_terminal("--opponent human --no-color", "go\nlearn e1\nquit\n");
    assert!(text.contains("The engine plays for you: "), "{text}");
    assert!(text.contains("White to move>"), "{text}");
    assert!(
        text.contains("error: 'learn' is for Shogun (it shows the numbers of the magnet board)"),
        "{text}"
    );
}

#[test]
fn a_line_that_is_not_text_is_refused_and_the_game_goes_on() {
    // Hostile input: bytes that are not UTF-8 get one error line, and the next line is read as usual.
    let text = play_on_terminal_bytes("--opponent human --no-color", b"\xff\xfe\xfd\ne1e5\nquit\n");
    assert!(
        text.contains("error: that line is not UTF-8 text"),
        "{text}"
    );
    assert!(text.contains("White to move>"), "{text}");
}

/// Like [`play_on_terminal`], with input that may be any bytes.
fn play_on_terminal_bytes(args: &str, input: &[u8]) -> String {
    let command = format!("{} play {args}", env!("CARGO_BIN_EXE_hasami"));
    let mut child = Command::new("script")
        .args(["-q", "-e", "-c", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("util-linux 'script' runs (the CI installs bsdutils)");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).replace('\r', "");
    assert!(out.status.success(), "exit {:?}\n{text}", out.status);
    text
}

#[test]
fn shogun_players_arrange_their_pieces_and_the_record_keeps_the_arrangement() {
    // S2 `setup=choose`: hot-seat, White arranges, then Red; no move before that. S1 `first=red`:
    // Red moves first. The saved record's position text carries the arrangement.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("arranged.hrec");
    let file = file.to_str().unwrap();
    let text = play_on_terminal(
        "--variant shogun+setup=choose+first=red --opponent human --no-color",
        &format!("h8h7\narrange 1234566\narrange 7654321\narrange 2143657\nposition\nsave {file}\nquit\n"),
    );
    assert!(text.contains("White arranges (arrange IDS"), "{text}");
    assert!(
        text.contains("error: the pieces are not arranged yet"),
        "{text}"
    );
    assert!(
        text.contains("error: '1234566' is not an arrangement"),
        "{text}"
    );
    assert!(text.contains("White has arranged its pieces."), "{text}");
    assert!(text.contains("Red has arranged its pieces."), "{text}");
    assert!(text.contains("Red to move>"), "{text}");
    let record = std::fs::read_to_string(file).unwrap();
    assert!(
        record.contains("[Variant \"shogun+setup=choose+first=red\"]"),
        "{record}"
    );
    let pos = hasami_core::ShogunRecord::parse(&record)
        .unwrap()
        .start_position();
    assert_eq!(
        pos.arrangement(hasami_core::Side::First)
            .unwrap()
            .to_string(),
        "7654321"
    );
    assert_eq!(
        pos.arrangement(hasami_core::Side::Second)
            .unwrap()
            .to_string(),
        "2143657"
    );
    assert_eq!(pos.side(), hasami_core::Side::Second);
}

#[test]
fn the_engine_arranges_its_own_pieces() {
    let text = play_on_terminal(
        "--variant shogun+setup=choose --level 1 --movetime 50 --no-color",
        "arrange 3142576\nposition\nquit\n",
    );
    assert!(
        text.contains("The engine has arranged its pieces."),
        "{text}"
    );
    assert!(text.contains("White has arranged its pieces."), "{text}");
    assert!(text.contains("White to move>"), "{text}");
}
