//! `hasami-lab tune` end to end: self-play data in the format the tuner reads, a tuning run over it,
//! and a match between weight sets played by the referee.

use std::process::{Command, Output};

const EXE: &str = env!("CARGO_BIN_EXE_hasami-lab");

fn tune(args: &[&str]) -> Output {
    Command::new(EXE)
        .arg("tune")
        .args(args)
        .output()
        .expect("run hasami-lab tune")
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

#[test]
fn data_tuning_and_a_weight_match() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data.txt");
    let d = data.to_str().unwrap();
    let text = ok(&tune(&[
        "gen",
        "--variant",
        "mak-yek",
        "--games",
        "4",
        "--depth",
        "1",
        "--seed",
        "5",
        "--out",
        d,
    ]));
    assert!(
        text.starts_with("4 games of mak-yek at depth 1: "),
        "{text}"
    );
    let lines = std::fs::read_to_string(&data).unwrap();
    assert!(!lines.is_empty());
    for line in lines.lines() {
        let parts: Vec<&str> = line.split('|').collect();
        assert_eq!(parts.len(), 3, "{line}");
        assert_eq!(parts[0], "mak-yek");
        assert!(["0", "0.5", "1"].contains(&parts[2]), "{line}");
    }
    // The same seed gives the same data.
    let again = tmp.path().join("again.txt");
    ok(&tune(&[
        "gen",
        "--variant",
        "mak-yek",
        "--games",
        "4",
        "--depth",
        "1",
        "--seed",
        "5",
        "--out",
        again.to_str().unwrap(),
    ]));
    assert_eq!(std::fs::read_to_string(&again).unwrap(), lines);

    let weights = tmp.path().join("tuned.txt");
    let w = weights.to_str().unwrap();
    let text = ok(&tune(&["tune", "--data", d, "--out", w, "--step", "4"]));
    assert!(text.contains("family intervention: "), "{text}");
    assert!(std::fs::read_to_string(&weights)
        .unwrap()
        .starts_with("# hasami-lab tune weights"));

    let text = ok(&tune(&[
        "match",
        "--variant",
        "mak-yek",
        "--a",
        w,
        "--b",
        "builtin",
        "--pairs",
        "2",
        "--depth",
        "1",
    ]));
    assert!(text.starts_with("mak-yek depth 1, 4 games: A "), "{text}");
    assert!(text.contains(" score ") && text.contains("Elo "), "{text}");
}
