//! `hasami tables`: a table built with the board's symmetries and one built without hold the same
//! value for every placement, and `tables compare` says so, or names a placement that differs.

use std::process::{Command, Output};

const EXE: &str = env!("CARGO_BIN_EXE_hasami");

fn hasami(args: &[&str]) -> Output {
    Command::new(EXE).args(args).output().expect("run hasami")
}

fn build(dir: &str, symmetry: &str) {
    let out = hasami(&[
        "tables",
        "build",
        "--variant",
        "mak-yek",
        "--pieces",
        "2v1",
        "--out",
        dir,
        "--threads",
        "1",
        "--symmetry",
        symmetry,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_folded_table_and_a_plain_one_compare_equal_and_a_damaged_one_does_not() {
    let tmp = tempfile::tempdir().unwrap();
    let (plain, folded) = (tmp.path().join("plain"), tmp.path().join("folded"));
    build(plain.to_str().unwrap(), "off");
    build(folded.to_str().unwrap(), "board");
    let (p, f) = (
        plain.join("mak-yek_2v1.hstb"),
        folded.join("mak-yek_2v1.hstb"),
    );
    // Folded: about an eighth of the bytes.
    let (np, nf) = (
        std::fs::metadata(&p).unwrap().len(),
        std::fs::metadata(&f).unwrap().len(),
    );
    assert!(nf * 4 < np, "{nf} {np}");
    let out = hasami(&[
        "tables",
        "compare",
        p.to_str().unwrap(),
        f.to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("124992 placements") && text.ends_with("0 differ\n"),
        "{text}"
    );

    // A plain table with one value changed (its checksum made to match): the placement is named.
    let mut bytes = std::fs::read(&p).unwrap();
    let head = bytes.len() - 124_992;
    let i = (head..bytes.len()).find(|&i| bytes[i] == 0).unwrap();
    bytes[i] = 1; // a draw said to be a win in 1
    let h = hasami_engine::tables::file::fnv(&bytes[head..]);
    bytes[32..40].copy_from_slice(&h.to_le_bytes());
    std::fs::write(&p, &bytes).unwrap();
    let out = hasami(&[
        "tables",
        "compare",
        p.to_str().unwrap(),
        f.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("1 of 124992 placements differ, e.g.")
            && err.contains("win in 1 against draw"),
        "{err}"
    );
}

#[test]
fn a_thread_count_no_build_can_use_is_refused() {
    // Issue 49.16: `--threads 0` would build nothing and 100000 only waits on the processors.
    for threads in ["0", "257", "100000"] {
        let out = hasami(&[
            "tables",
            "build",
            "--variant",
            "mak-yek",
            "--pieces",
            "2v1",
            "--out",
            "/nonexistent",
            "--threads",
            threads,
        ]);
        assert_eq!(out.status.code(), Some(2), "--threads {threads}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("--threads") && err.contains("1..=256"),
            "{err}"
        );
    }
}

#[test]
fn sample_writes_a_suite_of_positions_won_for_the_side_to_move() {
    // Mak-yek 2v1 (and 1v1, which it needs), then five positions the table calls won for the side
    // to move, as a conversion suite (`hasami-lab convert run` plays them out).
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("tables");
    let d = dir.to_str().unwrap();
    build(d, "board");
    let suite = tmp.path().join("table-won.txt");
    let sampled = hasami(&[
        "tables",
        "sample",
        "--variant",
        "mak-yek",
        "--pieces",
        "2v1",
        "--dir",
        d,
        "--count",
        "5",
        "--seed",
        "3",
        "--out",
        suite.to_str().unwrap(),
    ]);
    assert!(
        sampled.status.success(),
        "{}",
        String::from_utf8_lossy(&sampled.stderr)
    );
    let text = std::fs::read_to_string(&suite).unwrap();
    assert!(text.starts_with("# Conversion suite: mak-yek, "), "{text}");
    assert!(text.contains("\nvariant mak-yek\n"), "{text}");
    assert_eq!(
        text.lines().filter(|l| l.ends_with(" b 0 1")).count(),
        5,
        "{text}"
    );
    // A suite's side ahead wins it, so the side to move must be ahead.
    let behind = hasami(&[
        "tables",
        "sample",
        "--variant",
        "mak-yek",
        "--pieces",
        "1v2",
        "--dir",
        d,
    ]);
    assert_eq!(behind.status.code(), Some(2));
}
