//! `hasami-lab puzzles` end to end: the shipped puzzle files hold the promised counts and a sample
//! of each proves again; a generated file is the same for the same seed whatever the threads, and
//! proves again; a changed move, a wrong theme, a bad line are each refused with the puzzle's id or
//! the line.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use hasami_core::puzzle::parse_puzzle_file;

const EXE: &str = env!("CARGO_BIN_EXE_hasami-lab");

fn puzzles(args: &[&str]) -> Output {
    Command::new(EXE)
        .arg("puzzles")
        .args(args)
        .output()
        .expect("run hasami-lab puzzles")
}

fn text(out: &[u8]) -> String {
    String::from_utf8_lossy(out).into_owned()
}

fn shipped() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../suites/puzzles")
}

/// The presets with puzzles and the fewest each file must hold.
const COUNTS: [(&str, usize); 7] = [
    ("hasami", 500),
    ("dai-hasami", 500),
    ("mak-yek", 500),
    ("shogun", 500),
    ("hasami-chess", 200),
    ("dai-hasami-captures", 200),
    ("agon", 200),
];

#[test]
fn the_shipped_files_hold_their_counts_and_a_sample_of_each_proves_again() {
    let mut files = Vec::new();
    for (preset, least) in COUNTS {
        let path = shipped().join(format!("{preset}.txt"));
        let file = parse_puzzle_file(&std::fs::read_to_string(&path).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(file.variant, preset);
        assert!(
            file.puzzles.len() >= least,
            "{preset}: {} puzzles, at least {least} wanted",
            file.puzzles.len()
        );
        files.push(path.display().to_string());
    }
    let mut args = vec!["verify", "--sample", "25", "--threads", "2"];
    args.extend(files.iter().map(String::as_str));
    let out = puzzles(&args);
    let report = text(&out.stdout);
    assert!(out.status.success(), "{report}{}", text(&out.stderr));
    assert_eq!(
        report.matches("25 of 25 puzzles proved (0 failed)").count(),
        7,
        "{report}"
    );
}

#[test]
fn a_generated_file_is_the_same_for_the_same_seed_and_proves_again() {
    let dir = tempfile::tempdir().unwrap();
    let one = dir.path().join("one.txt");
    let two = dir.path().join("two.txt");
    for (path, threads) in [(&one, "1"), (&two, "2")] {
        let out = puzzles(&[
            "generate",
            "--variant",
            "hasami-chess",
            "--count",
            "6",
            "--seed",
            "9",
            "--threads",
            threads,
            "--out",
            path.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    let a = std::fs::read_to_string(&one).unwrap();
    assert_eq!(a, std::fs::read_to_string(&two).unwrap());
    assert_eq!(parse_puzzle_file(&a).unwrap().puzzles.len(), 6);
    let out = puzzles(&["verify", one.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("6 of 6 puzzles proved (0 failed)"));
}

#[test]
fn a_changed_move_a_wrong_theme_and_a_bad_line_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = "variant hasami\n\
        hasami-0001 ; 7ww/9/9/b8/4w4/4b4/9/9/b8 b 0 1 ; a6e6 ; capture,in1 ; 700 ; 100\n";
    let cases = [
        (file.to_string(), None),
        (
            file.replace("a6e6", "a6d6"),
            Some("hasami-0001: move 1 (a6d6)"),
        ),
        (
            file.replace("capture,in1", "capture,double,in1"),
            Some("hasami-0001: the line earns the themes capture,in1"),
        ),
        (file.replace("a6e6", "a6e6 e5e4"), Some("line 2: 2 moves")),
    ];
    for (i, (content, error)) in cases.into_iter().enumerate() {
        let path = dir.path().join(format!("{i}.txt"));
        std::fs::write(&path, content).unwrap();
        let out = puzzles(&["verify", path.to_str().unwrap()]);
        let all = text(&out.stdout) + &text(&out.stderr);
        match error {
            None => assert!(out.status.success(), "{all}"),
            Some(error) => {
                assert!(!out.status.success(), "{all}");
                assert!(all.contains(error), "{error}: {all}");
            }
        }
    }
}

/// A record of a random game of `variant` (seeded), as the server writes records.
fn random_record(variant: &str, seed: u64) -> String {
    use hasami_core::{HasamiGame, HasamiRecord, HasamiRules, SplitMix64};
    let mut game = HasamiGame::new(HasamiRules::parse(variant).unwrap());
    let mut rng = SplitMix64(seed);
    while game.outcome().is_none() && game.played().len() < 120 {
        let moves = game.legal_moves();
        game.play(moves[rng.below(moves.len() as u64) as usize])
            .unwrap();
    }
    HasamiRecord::from_game(&game, [("Event", "test")]).to_string()
}

#[test]
fn puzzles_come_from_stored_games_too_and_other_games_are_left_out() {
    let dir = tempfile::tempdir().unwrap();
    let mut paths = Vec::new();
    for seed in 1..=4 {
        let path = dir.path().join(format!("game-{seed}.txt"));
        std::fs::write(&path, random_record("hasami-chess", seed)).unwrap();
        paths.push(path.to_str().unwrap().to_string());
    }
    let other = dir.path().join("other.txt");
    std::fs::write(&other, random_record("hasami", 9)).unwrap();
    paths.push(other.to_str().unwrap().to_string());
    let out_file = dir.path().join("from-records.txt");
    let mut args = vec![
        "generate",
        "--variant",
        "hasami-chess",
        "--count",
        "5",
        "--out",
        out_file.to_str().unwrap(),
        "--records",
    ];
    args.extend(paths.iter().map(String::as_str));
    let out = puzzles(&args);
    let said = text(&out.stderr);
    assert!(out.status.success(), "{said}");
    assert!(
        said.contains("other.txt: a game of hasami, not hasami-chess"),
        "{said}"
    );
    let file = std::fs::read_to_string(&out_file).unwrap();
    assert!(file.contains("stored games"), "{file}");
    let n = parse_puzzle_file(&file).unwrap().puzzles.len();
    assert!((1..=5).contains(&n), "{file}");
    let out = puzzles(&["verify", out_file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stdout));
}
