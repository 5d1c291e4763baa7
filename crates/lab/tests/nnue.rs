//! `hasami-lab nnue` end to end: self-play data, a training run over it whose network the engine
//! reads, the same network again from the same seed, and hostile arguments and files refused.

use std::process::{Command, Output};

use hasami_engine::hasami::net::Network;

const EXE: &str = env!("CARGO_BIN_EXE_hasami-lab");

fn nnue(args: &[&str]) -> Output {
    Command::new(EXE)
        .arg("nnue")
        .args(args)
        .output()
        .expect("run hasami-lab nnue")
}

fn ok(out: &Output) -> String {
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

fn refused(out: &Output, what: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains(what), "{err}");
}

#[test]
fn data_then_a_network_the_engine_reads_the_same_from_the_same_seed() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data.bin");
    let d = data.to_str().unwrap();
    let text = ok(&nnue(&[
        "gen",
        "--variant",
        "mak-yek+win=pieces-left:6",
        "--games",
        "200",
        "--nodes",
        "100,200",
        "--max-plies",
        "200",
        "--threads",
        "2",
        "--seed",
        "3",
        "--out",
        d,
    ]));
    assert!(text.contains("positions from 200 games"), "{text}");
    endings_of_the_data_are_a_suite_that_gen_plays(tmp.path(), d);
    let mut nets = Vec::new();
    for run in ["a", "b"] {
        let net = tmp.path().join(format!("{run}.nnue"));
        let curve = tmp.path().join(format!("{run}.csv"));
        let text = ok(&nnue(&[
            "train",
            "--data",
            d,
            "--out",
            net.to_str().unwrap(),
            "--curve",
            curve.to_str().unwrap(),
            "--epochs",
            "2",
            "--seed",
            "4",
            "--k",
            "0.002",
        ]));
        assert!(text.contains("held-out loss: hand-written"), "{text}");
        // `nnue loss` gives the integer network's held-out loss that `train` printed.
        let integer = text.split(") ").nth(1).unwrap().split(' ').next().unwrap();
        let n = net.to_str().unwrap();
        let again = ok(&nnue(&["loss", "--net", n, "--data", d, "--k", "0.002"]));
        assert_eq!(again.trim(), format!("{n}: held-out loss {integer}"));
        let csv = std::fs::read_to_string(&curve).unwrap();
        assert_eq!(csv.lines().count(), 3, "{csv}");
        let bytes = std::fs::read(&net).unwrap();
        let network = Network::read(&bytes).unwrap();
        assert_eq!(network.variant(), "mak-yek+win=pieces-left:6");
        nets.push(bytes);
    }
    assert_eq!(nets[0], nets[1]);
}

/// `nnue endings` takes positions with a lead of two or more from the data file `data`, and `nnue gen
/// --suite` plays games from them.
fn endings_of_the_data_are_a_suite_that_gen_plays(dir: &std::path::Path, data: &str) {
    let suite = dir.join("endings.txt");
    let s = suite.to_str().unwrap();
    let args = [
        "endings",
        "--data",
        data,
        "--min-pieces",
        "8",
        "--max-pieces",
        "28",
    ];
    let text = ok(&nnue(&[&args[..], &["--every", "20", "--out", s]].concat()));
    let taken: usize = text
        .split(": ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let file = std::fs::read_to_string(&suite).unwrap();
    let positions: Vec<&str> = file
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .collect();
    assert!(taken > 10 && positions.len() == taken, "{text}{file}");
    for p in &positions {
        let board = p.split(' ').next().unwrap();
        let (b, w) = (board.matches('b').count(), board.matches('w').count());
        assert!(b.abs_diff(w) >= 2 && (8..=28).contains(&(b + w)), "{p}");
        assert!(p.ends_with(" 0 1"), "the quiet count reset: {p}");
    }
    let played = dir.join("endings.bin");
    let text = ok(&nnue(&[
        "gen",
        "--variant",
        "mak-yek+win=pieces-left:6",
        "--suite",
        s,
        "--games",
        "4",
        "--nodes",
        "100",
        "--out",
        played.to_str().unwrap(),
    ]));
    assert!(text.contains("positions from 4 games"), "{text}");
    refused(
        &nnue(&[&args[..5], &["--max-pieces", "7", "--out", s]].concat()),
        "--min-pieces at most --max-pieces",
    );
}

#[test]
fn hostile_arguments_and_files_are_refused_with_a_reason() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("x");
    let o = out.to_str().unwrap();
    refused(
        &nnue(&["gen", "--variant", "nope", "--out", o]),
        "--variant nope",
    );
    refused(
        &nnue(&["gen", "--variant", "hasami", "--nodes", "0", "--out", o]),
        "--nodes",
    );
    let junk = tmp.path().join("junk.bin");
    std::fs::write(&junk, b"hasami-nnue-data 1\nvariant hasami\nshort").unwrap();
    refused(
        &nnue(&["train", "--data", junk.to_str().unwrap(), "--out", o]),
        "cut short",
    );
    std::fs::write(&junk, vec![b'x'; 5000]).unwrap();
    refused(
        &nnue(&["train", "--data", junk.to_str().unwrap(), "--out", o]),
        "the header",
    );
    for (flag, value) in [("--lambda", "2"), ("--lead-lambda", "1.5")] {
        let j = junk.to_str().unwrap();
        refused(
            &nnue(&["train", "--data", j, "--out", o, flag, value]),
            flag,
        );
    }
    refused(
        &nnue(&[
            "tables",
            "--variant",
            "dai-hasami",
            "--dir",
            tmp.path().to_str().unwrap(),
        ]),
        "no network",
    );
    let dir = tmp.path().to_str().unwrap();
    refused(
        &nnue(&["label", "--variant", "hasami", "--dir", dir, "--out", o]),
        "no table of hasami",
    );
    refused(
        &nnue(&[
            "label",
            "--variant",
            "hasami",
            "--dir",
            dir,
            "--count",
            "0",
            "--out",
            o,
        ]),
        "--count",
    );
    let j = junk.to_str().unwrap();
    let tables = ["tables", "--variant", "hasami", "--dir", dir, "--net", j];
    refused(&nnue(&tables), "bad magic");
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/nets/mak-yek.nnue");
    let tables = [
        "tables",
        "--variant",
        "hasami",
        "--dir",
        dir,
        "--net",
        shipped,
    ];
    refused(&nnue(&tables), "a network for mak-yek, not hasami");
    refused(
        &nnue(&["loss", "--net", shipped, "--data", j, "--k", "2"]),
        "--k",
    );
    assert!(!out.exists());
}

#[test]
fn fortresses_are_collected_as_a_suite_that_score_reads() {
    let tmp = tempfile::tempdir().unwrap();
    let suite = tmp.path().join("fortresses.txt");
    let s = suite.to_str().unwrap();
    let text = ok(&nnue(&[
        "fortresses",
        "--variant",
        "hasami+max-run=1+quiet=30",
        "--games",
        "40",
        "--nodes",
        "300",
        "--check-ms",
        "50",
        "--lead",
        "1",
        "--max",
        "3",
        "--out",
        s,
    ]));
    assert!(text.contains("3 fortresses"), "{text}");
    let file = std::fs::read_to_string(&suite).unwrap();
    assert!(file.contains("variant hasami+max-run=1+quiet=30"), "{file}");
    let scores = ok(&nnue(&["score", "--suite", s, "--nodes", "500"]));
    // A header and one line per position; no network for this variant: "-" for the learned one.
    assert_eq!(scores.lines().count(), 4, "{scores}");
    assert!(
        scores
            .lines()
            .skip(1)
            .all(|l| l.split(" | ").nth(3) == Some("-")),
        "{scores}"
    );
    // The set the project keeps (docs/eval.md, "Fortresses") reads the same way.
    let kept = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../suites/fortresses/hasami-max-run-1.txt"
    );
    let positions = std::fs::read_to_string(kept)
        .unwrap()
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with("variant"))
        .count();
    assert!(positions >= 4);
    let scores = ok(&nnue(&["score", "--suite", kept, "--nodes", "200"]));
    assert_eq!(scores.lines().count(), 1 + positions, "{scores}");
    // `--net FILE`: the shipped hasami network read from its file scores as the shipped one; a
    // network of another variant is refused.
    let nets = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/nets/");
    let hasami = tmp.path().join("hasami.txt");
    let h = hasami.to_str().unwrap();
    std::fs::write(
        &hasami,
        "variant hasami\n2www4/8b/9/9/w3b1b1b/7b1/9/6b2/w5b2 b 3 54\n9/1w7/9/9/4b4/9/9/2b1b4/5w3 w 0 1\n",
    )
    .unwrap();
    let shipped = ok(&nnue(&["score", "--suite", h, "--nodes", "3000"]));
    let net = format!("{nets}hasami.nnue");
    let file = ok(&nnue(&[
        "score", "--suite", h, "--nodes", "3000", "--net", &net,
    ]));
    assert_eq!(shipped, file);
    assert_eq!(shipped.lines().count(), 3, "{shipped}");
    assert!(
        shipped.lines().skip(1).all(|l| !l.contains(" - ")),
        "{shipped}"
    );
    let other = format!("{nets}mak-yek.nnue");
    refused(
        &nnue(&["score", "--suite", kept, "--net", &other]),
        "a network for mak-yek, not hasami+max-run=1",
    );
}
