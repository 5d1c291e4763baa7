//! `hasami bench` end to end: the search benchmark's node count is the same on every run, repeated
//! runs report a median, and bad arguments are refused with a message.

use std::process::{Command, Output};

const EXE: &str = env!("CARGO_BIN_EXE_hasami");

fn bench(args: &[&str]) -> Output {
    Command::new(EXE)
        .arg("bench")
        .args(args)
        .output()
        .expect("run hasami bench")
}

/// The number after `key ` on the line that starts with it.
fn value(out: &str, key: &str) -> u64 {
    out.lines()
        .find_map(|l| l.strip_prefix(&format!("{key} ")))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no `{key}` line in:\n{out}"))
}

#[test]
fn the_node_count_is_the_same_on_every_run_and_runs_report_a_median() {
    let one = bench(&["--depth", "3"]);
    assert!(one.status.success());
    let one = String::from_utf8_lossy(&one.stdout);
    let many = bench(&["--depth", "3", "--runs", "3"]);
    assert!(many.status.success());
    let many = String::from_utf8_lossy(&many.stdout);
    assert_eq!(value(&one, "nodes"), value(&many, "nodes"));
    assert!(value(&one, "nodes") > 1000, "{one}");
    assert_eq!(value(&many, "runs"), 3, "{many}");
    assert!(value(&many, "nps") > 0, "{many}");
    // One line per bench position, from the first run only.
    let positions = |out: &str| out.lines().filter(|l| l.ends_with(" nps")).count();
    assert_eq!(positions(&one), positions(&many));
    assert!(positions(&one) >= 12, "{one}");
}

#[test]
fn zero_runs_is_refused_with_a_message() {
    let out = bench(&["--runs", "0"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--runs"), "{err}");
}

#[test]
fn output_cut_short_by_the_reader_ends_quietly() {
    // As in `hasami bench | head -1`: the reader goes away after the first line.
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = Command::new(EXE)
        .args(["bench", "--depth", "4", "--runs", "3"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run hasami bench");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("read the first line");
    assert!(first.ends_with(" nps\n"), "{first}");
    // The reader is dropped here: every later line goes to a closed pipe.
    let out = child.wait_with_output().expect("wait for hasami bench");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.is_empty(), "a closed pipe printed: {err}");
    assert!(
        out.status.success() || {
            use std::os::unix::process::ExitStatusExt;
            out.status.signal() == Some(libc::SIGPIPE)
        },
        "ended with {:?}",
        out.status
    );
}
