//! `hasami perft` end to end: counts for both families, and arguments that would never finish or
//! would exhaust the stack refused at once as usage errors.

use std::process::Command;

fn perft(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_hasami"))
        .arg("perft")
        .args(args)
        .output()
        .expect("run hasami perft")
}

#[test]
fn counts_for_both_families() {
    // docs/PERFT.md: hasami depth 2 = 3,717; Shogun (seed 1979) depth 2 = 699.
    for (args, nodes) in [
        (&["2"][..], "nodes 3717"),
        (&["--variant", "shogun", "2"][..], "nodes 699"),
    ] {
        let out = perft(args);
        assert!(out.status.success(), "{out:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.lines().any(|l| l == nodes), "{args:?}: {text}");
    }
}

#[test]
fn apit_sodok_counts_as_mak_yek_with_its_corner_capture() {
    // Apit-sodok is Mak-yek's Malay name (RULES.md A6); from this position Black's a3a2 closes the
    // corner a1 with b1 (C2), which `mak-yek+corner=off` (Ludii's Maak Yek) does not count.
    let pos = "7w/8/8/8/8/b7/8/wb6 b 0 30";
    for (variant, nodes) in [
        ("mak-yek", "nodes 13033"),
        ("apit-sodok", "nodes 13033"),
        ("mak-yek+corner=off", "nodes 13005"),
    ] {
        let out = perft(&["--variant", variant, "--position", pos, "3"]);
        assert!(out.status.success(), "{out:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.lines().any(|l| l == nodes), "{variant}: {text}");
    }
    let count = |variant: &str| {
        let out = perft(&["--variant", variant, "3"]);
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        text.lines()
            .find(|l| l.starts_with("nodes "))
            .map(String::from)
    };
    assert_eq!(count("apit-sodok"), count("mak-yek"));
}

#[test]
fn a_depth_beyond_the_limit_is_a_usage_error_not_a_stack_overflow() {
    // Without repetition and quiet limits a game never ends, so depth 50000 recursed 50000 plies
    // deep and overflowed the stack (exit 134).
    let out = perft(&["--variant", "hasami+repetition=0+quiet=0", "50000"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("50000"), "{err}");
    assert!(err.trim().lines().count() <= 4, "{err}");
}
