//! `hasami-lab convert` end to end: a generated suite holds only positions with the asked lead and is the
//! same for the same seed; `run` plays a won position out and counts it (the side behind may have its
//! own time); positions a table calls won (`hasami tables sample`) are all won, each at the table's
//! distance; a game is judged by the tables where it first reaches their material; bad suites are
//! refused with the file and line; two runs' logs are compared position by position.

use std::path::Path;
use std::process::{Command, Output};

use hasami_core::suite::suite_text;
use hasami_core::{HasamiRules, SplitMix64};
use hasami_engine::tables::symmetry::Symmetry;
use hasami_engine::tables::{build, file, verify, Signature};

const EXE: &str = env!("CARGO_BIN_EXE_hasami-lab");

fn lab(args: &[&str]) -> Output {
    Command::new(EXE)
        .args(args)
        .output()
        .expect("run hasami-lab")
}

fn convert(args: &[&str]) -> Output {
    Command::new(EXE)
        .arg("convert")
        .args(args)
        .output()
        .expect("run hasami-lab convert")
}

/// A directory of its own for one test, removed when the test ends.
fn temp() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary directory")
}

/// Black and White pieces on the board of a position text.
fn pieces(text: &str) -> (usize, usize) {
    let board = text.split_whitespace().next().unwrap();
    (
        board.chars().filter(|&c| c == 'b').count(),
        board.chars().filter(|&c| c == 'w').count(),
    )
}

#[test]
fn a_generated_suite_holds_leads_of_two_and_is_the_same_for_the_same_seed() {
    let args = [
        "generate",
        "--variant",
        "hasami-chess",
        "--count",
        "4",
        "--seed",
        "7",
    ];
    let one = convert(&args);
    assert!(
        one.status.success(),
        "{}",
        String::from_utf8_lossy(&one.stderr)
    );
    let two = convert(&args);
    assert_eq!(one.stdout, two.stdout);
    let text = String::from_utf8(one.stdout).unwrap();
    assert!(text.contains("\nvariant hasami-chess\n"), "{text}");
    let positions: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("variant"))
        .collect();
    assert_eq!(positions.len(), 4, "{text}");
    for p in positions {
        let (b, w) = pieces(p);
        assert!(b >= w + 2 || w >= b + 2, "no lead of 2 in {p}");
    }
}

/// Builds mak-yek's tables of `pieces` (and the smaller ones they need) into `dir`, on one thread, as
/// `hasami tables build` does.
fn build_mak_yek_tables(dir: &str, pieces: &str) {
    let rules = HasamiRules::parse("mak-yek").unwrap();
    std::fs::create_dir_all(dir).unwrap();
    let sig: Signature = pieces.parse().unwrap();
    for table in build::build_all(rules, sig, 1, Symmetry::Board, |_, _| {}).unwrap() {
        file::write(&table, Path::new(dir)).unwrap();
    }
}

/// A suite of up to `count` positions the table of `pieces` calls won for the side to move, as
/// `hasami tables sample` writes it.
fn sample_mak_yek_suite(dir: &str, pieces: &str, count: usize, seed: u64) -> String {
    let rules = HasamiRules::parse("mak-yek").unwrap();
    let sig: Signature = pieces.parse().unwrap();
    let table = file::read(
        &Path::new(dir).join(file::file_name(rules, sig)),
        Some(rules),
    )
    .unwrap();
    let n = table.indexer().count();
    let mut rng = SplitMix64(seed);
    let mut lines = Vec::new();
    for _ in 0..count * 20 {
        if lines.len() >= count {
            break;
        }
        let Some(i) = verify::sample(&table, 0, rng.next() % n) else {
            break;
        };
        let line = table.position(i).to_string();
        if !lines.contains(&line) {
            lines.push(line);
        }
    }
    suite_text(
        &rules.to_string(),
        "positions won for the side to move",
        &lines,
    )
}

#[test]
fn table_won_positions_are_won_at_the_tables_distance() {
    // Mak-yek 2v1 and what it needs, then five positions the table calls won for the side to move.
    let tmp = temp();
    let dir = tmp.path().join("tables");
    let d = dir.to_str().unwrap();
    build_mak_yek_tables(d, "2v1");
    let suite = tmp.path().join("table-won.txt");
    std::fs::write(&suite, sample_mak_yek_suite(d, "2v1", 5, 3)).unwrap();
    let text = std::fs::read_to_string(&suite).unwrap();
    assert_eq!(
        text.lines().filter(|l| l.ends_with(" b 0 1")).count(),
        5,
        "{text}"
    );
    // One of them is won by leaving the lone piece without a move (W6), not by a capture: it is
    // decided within the table's distance all the same.
    let out = convert(&[
        "run",
        suite.to_str().unwrap(),
        "--movetime",
        "20",
        "--tables",
        d,
    ]);
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{report}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(report.contains("5 of 5 converted (100.0%)"), "{report}");
    assert!(
        report.contains(
            "table-covered: 5 positions, 5 decided by the table: 5 converted, 5 decided within \
             the table's distance"
        ),
        "{report}"
    );
}

#[test]
fn a_game_is_judged_where_it_first_reaches_a_tables_material() {
    // Mak-yek 3v1 (with 2v1 and 1v1, which it needs). Black, three against two, slides a8-a4 and
    // takes a3 between a4 and a2 (C1), leaving White's a1 alone against a2, a4 and d1: the 1v3
    // table gives White, to move, a loss in 10.
    let tmp = temp();
    let dir = tmp.path().join("tables");
    let d = dir.to_str().unwrap();
    build_mak_yek_tables(d, "3v1");
    let suite = tmp.path().join("three.txt");
    std::fs::write(&suite, "variant mak-yek\nb7/8/8/8/8/w7/b7/w2b4 b 0 1\n").unwrap();
    let s = suite.to_str().unwrap();
    // Judged only: the engines search without the tables, and the line and the summary say where
    // the game reached 3v1 and what the table said there, for the side ahead (not the side to move).
    let out = convert(&["run", s, "--nodes", "20000", "--judge", d, "--verbose"]);
    let (report, line) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{report}{line}");
    assert!(
        line.contains("| captures 1:3-1")
            && line
                .trim_end()
                .ends_with("| table at ply 1 (3v1): won in 10"),
        "{line}"
    );
    assert!(
        report.contains(
            "a table's material reached in 1 of 1 games; there the table gave the side ahead a win \
             in 1 (1 converted), a draw in 0 (0 converted), a loss in 0 (0 converted)"
        ),
        "{report}"
    );
    // Without tables nothing is judged; and the two ways of giving tables are one or the other.
    let out = convert(&["run", s, "--nodes", "20000", "--verbose"]);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("table at ply"));
    assert!(!String::from_utf8_lossy(&out.stdout).contains("a table's material"));
    let both = convert(&["run", s, "--tables", d, "--judge", d]);
    assert_eq!(both.status.code(), Some(2));
    let missing = convert(&[
        "run",
        s,
        "--judge",
        tmp.path().join("none").to_str().unwrap(),
    ]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("--judge"));
}

#[test]
fn a_position_won_in_one_move_is_converted() {
    // Black takes a2 with c3-a3 and leaves White one piece (W1, pieces-left:1).
    let tmp = temp();
    let suite = tmp.path().join("won.txt");
    std::fs::write(
        &suite,
        "# one position\nvariant hasami-chess\n7w/8/8/8/8/2b4b/w7/b7 b 0 1\n",
    )
    .unwrap();
    let out = convert(&["run", suite.to_str().unwrap(), "--movetime", "50"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("1 of 1 converted (100.0%)"), "{text}");
    assert!(!text.contains("side behind"), "{text}");
    assert!(
        text.contains("by material at the start (pieces ahead v behind): 3v2 1 of 1"),
        "{text}"
    );

    // The side behind may be given its own time, and the report says so.
    let out = convert(&[
        "run",
        suite.to_str().unwrap(),
        "--movetime",
        "50",
        "--defender-movetime",
        "20",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("1 of 1 converted (100.0%)")
            && text.contains("at 50 ms per move (the side behind 20 ms)"),
        "{text}"
    );

    // With --verbose the line for the position traces the material after every capture: the
    // capture on ply 1 leaves Black three pieces and White one.
    let out = convert(&[
        "run",
        suite.to_str().unwrap(),
        "--movetime",
        "50",
        "--verbose",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("won ") && err.trim_end().ends_with("| captures 1:3-1"),
        "{err}"
    );
}

#[test]
fn a_suite_played_at_fixed_nodes_plays_the_same_games_every_time() {
    // Three positions of the kept hasami-chess suite, each played out twice at 3,000 nodes a move:
    // the same moves, so the same lengths, ends and capture traces, whatever else the machine does.
    let kept = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../suites/conversion/hasami-chess.txt"
    );
    let text = std::fs::read_to_string(kept).unwrap();
    let positions: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("variant") && !l.is_empty())
        .take(3)
        .collect();
    let tmp = temp();
    let suite = tmp.path().join("three.txt");
    std::fs::write(
        &suite,
        format!("variant hasami-chess\n{}\n", positions.join("\n")),
    )
    .unwrap();
    let path = suite.to_str().unwrap();
    let run = || {
        let out = convert(&["run", path, "--nodes", "3000", "--verbose"]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let mut lines: Vec<String> = String::from_utf8_lossy(&out.stderr)
            .lines()
            .map(str::to_string)
            .collect();
        // Two positions are played at once; their lines may come in either order.
        lines.sort();
        (String::from_utf8_lossy(&out.stdout).into_owned(), lines)
    };
    let (summary, one) = run();
    let (_, two) = run();
    assert_eq!(one.len(), 3, "{one:?}");
    assert_eq!(one, two);
    assert!(summary.contains("at 3000 nodes per move"), "{summary}");

    // The side behind may have its own count; a time and a count together are refused.
    let out = convert(&[
        "run",
        path,
        "--nodes",
        "3000",
        "--defender-nodes",
        "1000",
        "--limit",
        "1",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("at 3000 nodes per move (the side behind 1000 nodes)"),
        "{text}"
    );
    let both = convert(&["run", path, "--nodes", "3000", "--movetime", "50"]);
    assert_eq!(both.status.code(), Some(2));
}

#[test]
fn two_runs_are_compared_position_by_position() {
    let tmp = temp();
    let log = |name: &str, lines: &[&str]| {
        let path = tmp.path().join(name);
        std::fs::write(&path, lines.join("\n")).unwrap();
        path.to_str().unwrap().to_string()
    };
    // Positions 0-3 in both; position 4 only in the second. The first converts 0 and 1, the
    // second 1, 2 and 3 (and 4).
    let first = log(
        "a.err",
        &[
            "   0 won   163 plies  Black wins: White has 1 piece left  | x -> y  | captures 1:9-6",
            "   1 won    71 plies  Black wins: White has 1 piece left  | x -> y  | captures ",
            "   2 DRAW  101 plies  draw: 100 plies without a capture  | x -> y  | captures ",
            "   3 LOST   90 plies  White wins: Black has 1 piece left  | x -> y  | captures ",
        ],
    );
    let second = log(
        "b.err",
        &[
            "hasami: a summary line is not a position line",
            "   3 won    91 plies  Black wins  | x -> y  | captures ",
            "   2 won    95 plies  Black wins  | x -> y  | captures ",
            "   1 won    70 plies  Black wins  | x -> y  | captures ",
            "   0 DRAW  100 plies  draw  | x -> y  | captures ",
            "   4 won    50 plies  Black wins  | x -> y  | captures ",
        ],
    );
    let out = convert(&["compare", &first, &second]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("first: 2 of 4 converted (50.0%"), "{text}");
    assert!(text.contains("second: 3 of 4 converted (75.0%"), "{text}");
    assert!(
        text.contains(
            "won only in the first: 1, only in the second: 2; two-sided sign test p = 1.000"
        ),
        "{text}"
    );
    assert!(
        text.contains("positions in only one log, left out: 1"),
        "{text}"
    );

    // A file with no position lines, or one position twice, is refused.
    let empty = log("empty.err", &["nothing here"]);
    let twice = log("twice.err", &["   0 won 1 plies", "   0 DRAW 1 plies"]);
    for (bad, says) in [
        (&empty, "no position lines"),
        (&twice, "position 0 appears twice"),
    ] {
        let out = convert(&["compare", &first, bad]);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{err}");
    }
}

#[test]
fn bad_suites_are_refused_with_the_file_and_line() {
    let cases = [
        ("no-variant.txt", "7w/8/8/8/8/2b4b/w7/b7 b 0 1\n", ":1:"),
        (
            "bad-position.txt",
            "variant hasami-chess\nnot a position\n",
            ":2:",
        ),
        (
            "level.txt",
            "variant hasami-chess\n7w/8/8/8/8/8/w7/b6b b 0 1\n",
            ":2:",
        ),
        ("shogun.txt", "variant shogun\nanything\n", "Shogun"),
    ];
    let tmp = temp();
    for (name, text, expect) in cases {
        let path = tmp.path().join(name);
        std::fs::write(&path, text).unwrap();
        let out = convert(&["run", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(expect), "{name}: {err}");
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
    }
    let out = convert(&["generate", "--variant", "shogun", "--count", "1"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_suite_is_played_in_parts_with_skip_and_limit() {
    // Three positions, each won in one move (as above, White's far piece on h8, g8 or f8).
    let tmp = temp();
    let suite = tmp.path().join("three.txt");
    std::fs::write(
        &suite,
        "variant hasami-chess\n7w/8/8/8/8/2b4b/w7/b7 b 0 1\n6w1/8/8/8/8/2b4b/w7/b7 b 0 1\n\
         5w2/8/8/8/8/2b4b/w7/b7 b 0 1\n",
    )
    .unwrap();
    let path = suite.to_str().unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["run", path, "--movetime", "20", "--verbose"];
        args.extend_from_slice(extra);
        convert(&args)
    };
    // The second position alone, reported under its own number.
    let out = run(&["--skip", "1", "--limit", "1"]);
    let (report, err) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(report.contains("1 of 1 converted"), "{report}{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("   1 won ") && err.contains("| 6w1/8/"),
        "{err}"
    );
    // The rest of the suite from there.
    let out = run(&["--skip", "1"]);
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(report.contains("2 of 2 converted"), "{report}");
    // Skipping every position is a mistake, said in one line.
    let out = run(&["--skip", "3"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--skip 3") && err.contains("3 positions"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn a_suite_or_openings_file_of_any_size_is_refused_not_read_whole() {
    // Issue 49.16: an endless file (/dev/zero) is refused after 16 MiB instead of filling memory.
    let out = convert(&["run", "/dev/zero", "--limit", "1"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("larger than 16777216 bytes"), "{err}");
    let out = lab(&[
        "match",
        "--player1",
        "greedy:1",
        "--player2",
        "greedy:1",
        "--variant",
        "hasami",
        "--games",
        "2",
        "--openings-file",
        "/dev/zero",
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("larger than 16777216 bytes"), "{err}");
}
