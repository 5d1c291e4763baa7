//! `hasami-lab convert compare`: two `hasami-lab convert run --verbose` logs of the same suite side by side,
//! position by position: how many each converted (with a 95% interval), how many only one of them
//! converted, and the two-sided sign test on those (docs/conversion.md, "Comparing two runs").

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};

use clap::Args;

use super::{CliError, Verdict};

/// The largest log read (a 200-position log is about 40 KiB).
const MAX_LOG: u64 = 64 << 20;

/// Arguments of `hasami-lab convert compare`.
#[derive(Args)]
pub(super) struct CompareArgs {
    /// The first run's `--verbose` lines (its standard error).
    first: PathBuf,
    /// The second run's, of the same suite.
    second: PathBuf,
}

/// What a log says of one position: converted or not.
type Results = BTreeMap<usize, bool>;

/// Reads the position lines of a `--verbose` log (`  12 won   131 plies  …`, `DRAW`, `LOST`);
/// other lines are left out.
fn read_log(path: &Path) -> Result<Results, CliError> {
    let file = std::fs::File::open(path)
        .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
    let mut bytes = Vec::new();
    file.take(MAX_LOG + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
    if bytes.len() as u64 > MAX_LOG {
        return Err(CliError::Usage(format!(
            "{}: larger than {} MiB, not a conversion log",
            path.display(),
            MAX_LOG >> 20
        )));
    }
    let text = String::from_utf8_lossy(&bytes);
    let mut results = Results::new();
    for line in text.lines() {
        let mut words = line.split_whitespace();
        let (Some(n), Some(result)) = (words.next(), words.next()) else {
            continue;
        };
        let Ok(n) = n.parse::<usize>() else { continue };
        let Some(verdict) = Verdict::from_word(result) else {
            continue;
        };
        let converted = verdict == Verdict::Won;
        if results.insert(n, converted).is_some() {
            return Err(CliError::Usage(format!(
                "{}: position {n} appears twice",
                path.display()
            )));
        }
    }
    if results.is_empty() {
        return Err(CliError::Usage(format!(
            "{}: no position lines (the standard error of `hasami-lab convert run --verbose`)",
            path.display()
        )));
    }
    Ok(results)
}

/// The 95% Wilson score interval of `k` successes in `n` trials, as fractions.
fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n, z) = (k as f64, n as f64, 1.96f64);
    let p = k / n;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let d = 1.0 + z * z / n;
    (
        ((centre - spread) / d).max(0.0),
        ((centre + spread) / d).min(1.0),
    )
}

/// The two-sided sign test: the chance of a split at least as uneven as `a` against `b` when each
/// of the `a + b` differing positions goes either way with chance ½.
fn sign_test(a: usize, b: usize) -> f64 {
    let n = a + b;
    if n == 0 {
        return 1.0;
    }
    let k = a.min(b);
    // ln C(n, i) summed in log space, so large counts do not underflow.
    let ln_half_n = n as f64 * 0.5f64.ln();
    let mut ln_c = 0.0f64;
    let mut tail = 0.0f64;
    for i in 0..=k {
        if i > 0 {
            ln_c += ((n - i + 1) as f64).ln() - (i as f64).ln();
        }
        tail += (ln_c + ln_half_n).exp();
    }
    (2.0 * tail).min(1.0)
}

/// Runs `hasami-lab convert compare`.
pub(super) fn compare(args: &CompareArgs) -> Result<(), CliError> {
    let first = read_log(&args.first)?;
    let second = read_log(&args.second)?;
    let both: Vec<usize> = first
        .keys()
        .filter(|n| second.contains_key(n))
        .copied()
        .collect();
    if both.is_empty() {
        return Err(CliError::Usage(
            "the two logs have no position in common".into(),
        ));
    }
    let won = |r: &Results| both.iter().filter(|n| r[n]).count();
    let (a, b) = (won(&first), won(&second));
    let only_first = both.iter().filter(|n| first[n] && !second[n]).count();
    let only_second = both.iter().filter(|n| second[n] && !first[n]).count();
    let n = both.len();
    for (name, path, k) in [("first", &args.first, a), ("second", &args.second, b)] {
        let (lo, hi) = wilson(k, n);
        println!(
            "{name}: {k} of {n} converted ({:.1}%, 95% interval {:.1}–{:.1}%)  {}",
            100.0 * k as f64 / n as f64,
            100.0 * lo,
            100.0 * hi,
            path.display()
        );
    }
    println!(
        "won only in the first: {only_first}, only in the second: {only_second}; two-sided sign test p = {:.3}",
        sign_test(only_first, only_second)
    );
    let left_out = first.len() + second.len() - 2 * n;
    if left_out > 0 {
        println!("positions in only one log, left out: {left_out}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sign_test_matches_the_binomial_tail() {
        // 37 against 50: 2 × P(X ≤ 37) for X ~ Binomial(87, ½).
        assert!(
            (sign_test(37, 50) - 0.198).abs() < 0.002,
            "{}",
            sign_test(37, 50)
        );
        assert!((sign_test(50, 37) - sign_test(37, 50)).abs() < 1e-12);
        assert_eq!(sign_test(5, 5), 1.0);
        assert_eq!(sign_test(0, 0), 1.0);
        // 0 against 10: 2 / 1024.
        assert!((sign_test(0, 10) - 2.0 / 1024.0).abs() < 1e-12);
        // Thousands of positions do not underflow.
        assert!(sign_test(4_000, 4_400) < 0.01);
    }

    #[test]
    fn the_wilson_interval_holds_the_rate_and_stays_inside_zero_and_one() {
        let (lo, hi) = wilson(99, 200);
        assert!(
            (lo - 0.426).abs() < 0.002 && (hi - 0.564).abs() < 0.002,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(200, 200);
        assert!(lo > 0.98 && hi == 1.0);
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }
}
