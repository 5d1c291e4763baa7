//! `hasami-lab match` end to end: built-in players, engines over pipes (this program's own engine and the
//! hidden `--as-ugi` test engines, including faulty ones), records, SPRT early stop, bad arguments.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use hasami_core::RecordResult;
use hasami_core::{HasamiRecord, ShogunRecord};

const EXE: &str = env!("CARGO_BIN_EXE_hasami-lab");

/// A fresh, empty directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hasami-match-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(args: &[&str]) -> Output {
    Command::new(EXE)
        .arg("match")
        .args(args)
        .output()
        .expect("run hasami-lab match")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Player 1's wins, losses and draws from the `Score of` line.
fn score(out: &str) -> (u32, u32, u32) {
    let line = out
        .lines()
        .find(|l| l.starts_with("Score of "))
        .unwrap_or_else(|| panic!("no score line in {out}"));
    let counts = line.rsplit_once(": ").unwrap().1;
    let n: Vec<u32> = counts
        .split(" [")
        .next()
        .unwrap()
        .split(" - ")
        .map(|x| x.trim().parse().unwrap())
        .collect();
    (n[0], n[1], n[2])
}

/// A test engine command line: this program acting as a UGI engine in `mode`.
fn fake(mode: &str) -> String {
    let exe = shlex::try_quote(EXE).unwrap();
    format!("cmd:{exe} match --as-ugi {mode}")
}

/// Reads every record in `dir`, checks that it parses and replays, and returns them by file name.
fn records(dir: &Path, expected: usize) -> Vec<HasamiRecord> {
    let mut names: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    let want: Vec<String> = (1..=expected)
        .map(|i| format!("game-{i:04}.hrec"))
        .collect();
    assert_eq!(names, want);
    names
        .iter()
        .map(|n| {
            let text = fs::read_to_string(dir.join(n)).unwrap();
            let record = HasamiRecord::parse(&text).unwrap_or_else(|e| panic!("{n}: {e}\n{text}"));
            record
                .to_game()
                .unwrap_or_else(|e| panic!("{n} does not replay: {e}"));
            assert_eq!(record.to_string(), text, "{n} is not canonical");
            record
        })
        .collect()
}

#[test]
fn random_against_greedy_writes_eight_records() {
    let dir = temp_dir("greedy");
    let out = run(&[
        "--player1",
        "random",
        "--player2",
        "greedy:1",
        "--variant",
        "hasami-chess",
        "--games",
        "8",
        "--movetime",
        "10",
        "--records",
        dir.to_str().unwrap(),
    ]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}{}", stderr(&out));
    let (w, l, d) = score(&text);
    assert_eq!(w + l + d, 8);
    // Greedy scores at least 75% against random moves.
    assert!(2 * l + d >= 12, "{text}");
    assert!(text.contains("Elo difference: "), "{text}");
    assert!(text.contains("0 by forfeit"), "{text}");
    let recs = records(&dir, 8);
    for (i, r) in recs.iter().enumerate() {
        // Colours alternate: player 1 has Black in the odd-numbered games.
        let (black, white) = if i % 2 == 0 {
            ("random", "greedy:1")
        } else {
            ("greedy:1", "random")
        };
        assert_eq!(r.tag("Black"), Some(black));
        assert_eq!(r.tag("White"), Some(white));
        assert_eq!(r.tag("Round"), Some((i + 1).to_string().as_str()));
        assert!(r.tag("Termination").is_some());
        assert!(r.tag("Date").is_some());
        assert_ne!(r.result, RecordResult::Unfinished);
        assert_eq!(r.rules.to_string(), "hasami-chess");
    }
    // Each opening is played twice, with colours swapped: games 1 and 2 start alike.
    let opening = |r: &HasamiRecord| {
        let n = r
            .moves
            .iter()
            .position(|m| m.comment.as_deref() == Some("end of the opening"))
            .expect("the opening is marked");
        r.moves[..=n].iter().map(|m| m.mv).collect::<Vec<_>>()
    };
    assert_eq!(opening(&recs[0]), opening(&recs[1]));
    assert_eq!(opening(&recs[2]), opening(&recs[3]));
    assert_ne!(opening(&recs[0]), opening(&recs[2]));
    // The same seed gives the same games.
    let dir2 = temp_dir("greedy-again");
    let again = run(&[
        "--player1",
        "random",
        "--player2",
        "greedy:1",
        "--variant",
        "hasami-chess",
        "--games",
        "8",
        "--concurrency",
        "1",
        "--records",
        dir2.to_str().unwrap(),
    ]);
    assert!(again.status.success());
    assert_eq!(score(&stdout(&again)), (w, l, d));
    let moves = |v: &[HasamiRecord]| v.iter().map(|r| r.moves.clone()).collect::<Vec<_>>();
    assert_eq!(moves(&records(&dir2, 8)), moves(&recs));
    let _ = fs::remove_dir_all(&dir);
    let _ = fs::remove_dir_all(&dir2);
}

#[test]
fn engines_over_pipes_play_full_games() {
    let dir = temp_dir("pipes");
    let out = run(&[
        "--player1",
        &fake("greedy:1"),
        "--player2",
        &format!("{},Hash=8", fake("random")),
        "--variant",
        "hasami-chess",
        "--games",
        "4",
        "--movetime",
        "20",
        "--records",
        dir.to_str().unwrap(),
    ]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}{}", stderr(&out));
    assert!(text.contains("0 by forfeit"), "{text}");
    let (w, l, d) = score(&text);
    assert_eq!(w + l + d, 4);
    // The engines' `id name` names the players.
    assert!(
        text.starts_with(
            "Score of hasami-lab match --as-ugi greedy:1 vs hasami-lab match --as-ugi random (Hash=8): "
        ),
        "{text}"
    );
    records(&dir, 4);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_clock_time_control_works() {
    let out = run(&[
        "--player1",
        &fake("random"),
        "--player2",
        "random",
        "--variant",
        "hasami-chess",
        "--games",
        "2",
        "--tc",
        "5+0.05",
    ]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}{}", stderr(&out));
    assert!(text.contains("0 by forfeit"), "{text}");
}

/// Runs a faulty engine against random moves; it must lose both games by forfeit with `reason`.
/// (The time-out margin is short only for the engine that never answers, so a slow machine does not
/// turn the other faults into time-outs.)
fn faulty_engine_loses(mode: &str, reason: &str) {
    let margin = if mode == "silent" { "300" } else { "5000" };
    let dir = temp_dir(mode);
    let out = run(&[
        "--player1",
        "random",
        "--player2",
        &fake(mode),
        "--variant",
        "hasami",
        "--games",
        "2",
        "--movetime",
        "20",
        "--timeout-margin",
        margin,
        // One game at a time: the second game needs the engine restarted after a time-out or crash.
        "--concurrency",
        "1",
        "--records",
        dir.to_str().unwrap(),
    ]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}{}", stderr(&out));
    assert_eq!(score(&text), (2, 0, 0), "{text}");
    assert!(text.contains("2 by forfeit"), "{text}");
    // Forfeits are reported while the match runs.
    assert!(stderr(&out).contains(reason), "{}", stderr(&out));
    for r in records(&dir, 2) {
        let t = r.tag("Termination").unwrap();
        assert!(t.contains(reason), "{t}");
        assert!(
            t.contains(&format!("(hasami-lab match --as-ugi {mode})")),
            "{t}"
        );
        // The faulty engine had White in game 1, Black in game 2.
        let engine_black = r.tag("Black").unwrap().contains("--as-ugi");
        let expected = if engine_black {
            RecordResult::SecondWins
        } else {
            RecordResult::FirstWins
        };
        assert_eq!(r.result, expected, "{t}");
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn an_engine_that_plays_an_illegal_move_loses() {
    faulty_engine_loses("illegal", "played an illegal move");
}

#[test]
fn an_engine_that_does_not_answer_loses_on_time() {
    faulty_engine_loses("silent", "timed out");
}

#[test]
fn an_engine_that_crashes_loses() {
    faulty_engine_loses("crash", "crashed");
}

#[test]
fn an_engine_that_answers_go_with_an_error_loses() {
    faulty_engine_loses("error", "reported an error");
}

#[test]
fn our_own_engine_by_level() {
    // Whether or not the engine's search is there yet, the games are played (or forfeited) and
    // recorded.
    let dir = temp_dir("level");
    let out = run(&[
        "--player1",
        "level:1,Hash=1,Threads=1",
        "--player2",
        "random",
        "--variant",
        "hasami-chess",
        "--games",
        "2",
        "--movetime",
        "20",
        "--records",
        dir.to_str().unwrap(),
    ]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}{}", stderr(&out));
    assert!(
        text.starts_with("Score of hasami level 1 (Hash=1, Threads=1) vs random: "),
        "{text}"
    );
    records(&dir, 2);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn shogun_matches_are_played_refereed_and_recorded() {
    // Shogun through the same runner: this program's engine over UGI (it plays fair, the landing
    // numbers as chance) against a built-in player, and the hidden test engine playing Shogun too.
    let dir = temp_dir("shogun");
    let out = run(&[
        "--player1",
        "level:10,Hash=1",
        "--player2",
        &fake("random"),
        "--variant",
        "shogun",
        "--games",
        "2",
        "--movetime",
        "30",
        "--records",
        dir.to_str().unwrap(),
    ]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}{}", stderr(&out));
    // Shogun's sides are White (moves first) and Red.
    assert!(text.contains("playing White: "), "{text}");
    assert!(text.contains("...      White vs Red: "), "{text}");
    assert!(text.contains("0 by forfeit"), "{text}");
    let (w, l, d) = score(&text);
    assert_eq!(w + l + d, 2);
    assert_eq!(w, 2, "level 10 against random moves: {text}");
    for i in 1..=2 {
        let path = dir.join(format!("game-{i:04}.hrec"));
        let record = ShogunRecord::parse(&fs::read_to_string(&path).unwrap()).unwrap();
        let game = record.to_game().unwrap();
        assert!(game.outcome().is_some(), "game {i} ended by the rules");
        assert!(record.tag("Red").is_some());
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn sprt_stops_the_match_when_it_decides() {
    let out = run(&[
        "--player1",
        "greedy:1",
        "--player2",
        "random",
        "--variant",
        "hasami-chess",
        "--games",
        "1000",
        "--sprt",
        "elo0=0,elo1=50,alpha=0.05,beta=0.05",
    ]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}{}", stderr(&out));
    assert!(text.contains("H1 accepted after"), "{text}");
    assert!(text.contains("bounds [-2.94, 2.94]"), "{text}");
    let (w, l, d) = score(&text);
    assert!(w + l + d < 1000, "{text}");
}

#[test]
fn openings_from_a_file() {
    let dir = temp_dir("file");
    let file = dir.join("openings.txt");
    fs::write(
        &file,
        "# two openings\nwwwwwwww/8/8/8/b7/8/8/1bbbbbbb w 1 1 moves h8h6\nstartpos moves h1h5 h8h6\n",
    )
    .unwrap();
    let recs_dir = dir.join("records");
    let out = run(&[
        "--player1",
        "greedy:1",
        "--player2",
        "random",
        "--variant",
        "hasami-chess",
        "--games",
        "4",
        "--openings-file",
        file.to_str().unwrap(),
        "--records",
        recs_dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let recs = records(&recs_dir, 4);
    // A position text is kept as the records' start position; startpos is not.
    assert!(recs[0].start.is_some());
    assert!(recs[1].start.is_some());
    assert!(recs[2].start.is_none());
    assert_eq!(recs[2].moves[0].mv.to_string(), "h1h5");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn bad_arguments_exit_with_status_2() {
    for (args, says) in [
        (
            vec!["--player1", "nobody", "--player2", "random"],
            "unknown player",
        ),
        (
            vec!["--player1", "greedy:9", "--player2", "random"],
            "greedy:N",
        ),
        (
            vec![
                "--player1",
                "random",
                "--player2",
                "random",
                "--variant",
                "chess",
            ],
            "bad --variant",
        ),
        (
            vec![
                "--player1",
                "random",
                "--player2",
                "cmd:/nonexistent/hasami-engine",
            ],
            "could not start",
        ),
        (
            vec!["--player1", "level:1,Nonsense=3", "--player2", "random"],
            "no option 'Nonsense'",
        ),
        (
            vec![
                "--player1",
                "random",
                "--player2",
                "random",
                "--sprt",
                "elo0=5,elo1=0",
            ],
            "bad --sprt",
        ),
        (
            vec!["--player1", "random", "--player2", "random", "--tc", "fast"],
            "bad --tc",
        ),
        (
            vec!["--player1", "random", "--player2", "random", "--games", "0"],
            "--games",
        ),
        (
            vec![
                "--player1",
                "random",
                "--player2",
                "random",
                "--openings-file",
                "/nonexistent/openings.txt",
            ],
            "--openings-file",
        ),
        (vec!["--player1", "random"], "--player2"),
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn an_engine_that_never_answers_is_ended_with_what_it_started() {
    // Issue 49.16: an engine run through a shell that starts a helper and never answers `ugi` is
    // ended after the handshake's time with its whole process group: no helper is left behind.
    let dir = temp_dir("orphans");
    let pid_file = dir.join("helper.pid");
    let script = format!(
        "sleep 300 & echo $! > {}; exec sleep 300",
        pid_file.display()
    );
    let engine = format!("cmd:sh -c {}", shlex::try_quote(&script).unwrap());
    let out = run(&[
        "--player1",
        &engine,
        "--player2",
        "random",
        "--variant",
        "hasami",
        "--games",
        "1",
    ]);
    assert!(!out.status.success(), "{}", stdout(&out));
    let pid = fs::read_to_string(&pid_file).unwrap();
    // Gone, or a zombie waiting for its reaper: not running. The kill is sent before the match
    // ends; on a loaded machine the helper may take a moment to die, so it is given 5 s.
    let ended = || {
        let stat = fs::read_to_string(format!("/proc/{}/stat", pid.trim())).unwrap_or_default();
        let state = stat
            .rsplit(')')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .next()
            .map(str::to_string);
        (stat.is_empty() || state.as_deref() == Some("Z"), stat)
    };
    let start = std::time::Instant::now();
    let (mut gone, mut stat) = ended();
    while !gone && start.elapsed() < std::time::Duration::from_secs(5) {
        std::thread::sleep(std::time::Duration::from_millis(20));
        (gone, stat) = ended();
    }
    assert!(gone, "the engine's helper still runs: {stat}");
}

#[test]
fn shogun_openings_may_each_have_a_board_of_their_own() {
    let dir = temp_dir("boards");
    let out = run(&[
        "--player1",
        "greedy:1",
        "--player2",
        "random",
        "--variant",
        "shogun",
        "--games",
        "4",
        "--boards",
        "--seed",
        "3",
        "--records",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let mut boards = Vec::new();
    for i in 1..=4 {
        let path = dir.join(format!("game-{i:04}.hrec"));
        let record = ShogunRecord::parse(&fs::read_to_string(&path).unwrap()).unwrap();
        record.to_game().unwrap();
        boards.push(record.rules.to_string());
    }
    // Each opening is played twice (colours swapped) on its board: seeds 3000 and 3001.
    assert_eq!(boards[0], boards[1]);
    assert_eq!(boards[2], boards[3]);
    assert_ne!(boards[0], boards[2]);
    assert!(boards[0].contains("seed=3000"), "{boards:?}");
    // Only Shogun has magnet boards.
    let hasami = run(&["--player1", "random", "--player2", "random", "--boards"]);
    assert_eq!(hasami.status.code(), Some(2));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn levels_is_a_match_of_levels_in_short_form() {
    let out = Command::new(EXE)
        .args([
            "levels",
            "hasami-chess",
            "1",
            "random",
            "2",
            "200",
            "7",
            "20",
        ])
        .output()
        .unwrap();
    let text = stdout(&out);
    assert!(out.status.success(), "{text}{}", stderr(&out));
    assert!(
        text.starts_with("Score of hasami level 1 vs random: "),
        "{text}"
    );
    let (w, l, d) = score(&text);
    assert_eq!(w + l + d, 2);
    let bad = Command::new(EXE)
        .args(["levels", "hasami", "strong"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}
