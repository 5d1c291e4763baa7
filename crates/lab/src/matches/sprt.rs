//! The sequential probability ratio test (SPRT) of `hasami-lab match`: the log-likelihood ratio as fishtest
//! computes it for the trinomial model, with the normal approximation alongside (docs/match.md).

use std::fmt;

use super::elo::*;

/// The hypotheses and error rates of an SPRT. Elo values are logistic Elo.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1 (greater than `elo0`).
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What an SPRT says so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The LLR fell to the lower bound: H0 (Elo ≤ elo0) is accepted.
    H0,
    /// The LLR rose to the upper bound: H1 (Elo ≥ elo1) is accepted.
    H1,
    /// Between the bounds: play on.
    Continue,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::H0 => "H0 accepted",
            Verdict::H1 => "H1 accepted",
            Verdict::Continue => "continue",
        })
    }
}

impl Sprt {
    /// Reads `elo0=A,elo1=B[,alpha=X][,beta=Y]` (alpha and beta default to 0.05). The error says
    /// what is wrong and what is allowed.
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let (mut elo0, mut elo1) = (None, None);
        let (mut alpha, mut beta) = (0.05, 0.05);
        for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let Some((name, value)) = item.split_once('=') else {
                return Err(format!(
                    "'{item}' is not name=value (expected elo0=A,elo1=B[,alpha=X][,beta=Y])"
                ));
            };
            let value: f64 = value
                .trim()
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| format!("'{}' is not a number (in '{item}')", value.trim()))?;
            match name.trim().to_ascii_lowercase().as_str() {
                "elo0" => elo0 = Some(value),
                "elo1" => elo1 = Some(value),
                "alpha" => alpha = value,
                "beta" => beta = value,
                other => {
                    return Err(format!(
                        "unknown SPRT parameter '{other}' (allowed: elo0, elo1, alpha, beta)"
                    ))
                }
            }
        }
        let (Some(elo0), Some(elo1)) = (elo0, elo1) else {
            return Err("elo0 and elo1 are required (e.g. elo0=0,elo1=10)".into());
        };
        if elo0 >= elo1 {
            return Err(format!("elo0 ({elo0}) must be less than elo1 ({elo1})"));
        }
        for (name, v) in [("alpha", alpha), ("beta", beta)] {
            if !(v > 0.0 && v < 0.5) {
                return Err(format!(
                    "{name} must be between 0 and 0.5 (exclusive), not {v}"
                ));
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The lower and upper bounds of the LLR: `ln(β / (1 − α))` and `ln((1 − β) / α)`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for the results: the generalised SPRT of fishtest
    /// for the trinomial model. For each hypothesis the distribution of (loss, draw, win) that is
    /// most likely to have produced the observed frequencies while having the hypothesis' expected
    /// score (`s0`, `s1` from `elo0`, `elo1`) is found, and `LLR = Σ count_i · ln(q1_i / q0_i)`. A
    /// zero count is replaced by 0.001 (as fishtest regularises), so one-sided results give a
    /// finite, modest LLR (one win: 0.028 with elo0=0, elo1=10). 0 with no games. For ordinary
    /// results it is within a few percent of [`Sprt::llr_normal`].
    pub fn llr(&self, wdl: &Wdl) -> f64 {
        let Some((n, p)) = regularised(wdl) else {
            return 0.0;
        };
        let q0 = closest_with_mean(&p, elo_to_score(self.elo0));
        let q1 = closest_with_mean(&p, elo_to_score(self.elo1));
        n * (0..3).map(|i| p[i] * (q1[i] / q0[i]).ln()).sum::<f64>()
    }

    /// The normal ("GSPRT") approximation of the LLR that fastchess uses for the trinomial model:
    /// with the score `s`, its per-game variance `v = W + D/4 − s²` (frequencies) and the expected
    /// scores `s0`, `s1`, `LLR = n · (s1 − s0)(2s − s0 − s1) / (2v)`, which is
    /// `n/2 · ((s − s0)² − (s − s1)²) / v`. 0 with no games or zero variance (all games alike).
    #[allow(dead_code)] // For comparison with fastchess; the tests use it.
    pub fn llr_normal(&self, wdl: &Wdl) -> f64 {
        let n = f64::from(wdl.games());
        if n == 0.0 {
            return 0.0;
        }
        let (w, d) = (f64::from(wdl.wins) / n, f64::from(wdl.draws) / n);
        let s = w + d / 2.0;
        let var = w + d / 4.0 - s * s;
        if var <= 0.0 {
            return 0.0;
        }
        let s0 = elo_to_score(self.elo0);
        let s1 = elo_to_score(self.elo1);
        n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    }

    /// The verdict for an LLR.
    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

impl fmt::Display for Sprt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={}, elo1={}, alpha={}, beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn sprt_bounds() {
        let s = Sprt::parse("elo0=0,elo1=10,alpha=0.05,beta=0.05").unwrap();
        let (lo, hi) = s.bounds();
        assert!(close(lo, -2.944_438_979_166_440_3, 1e-12));
        assert!(close(hi, 2.944_438_979_166_440_3, 1e-12));
        let s = Sprt::parse("elo0=0,elo1=5,alpha=0.1,beta=0.05").unwrap();
        let (lo, hi) = s.bounds();
        assert!(close(lo, (0.05f64 / 0.9).ln(), 1e-12));
        assert!(close(hi, (0.95f64 / 0.1).ln(), 1e-12));
    }

    fn sprt(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    #[test]
    fn sprt_llr_of_known_results() {
        // Reference values computed independently in Python (double precision): the maximum
        // likelihood distributions by a golden-section search over the draw rate, and the normal
        // approximation straight from its formula.
        let cases = [
            (
                (10, 5, 3),
                (0.0, 10.0),
                0.269_438_730_781_986_93,
                0.339_707_694_903_663_9,
            ),
            (
                (100, 80, 60),
                (0.0, 10.0),
                1.580_511_900_280_575_9,
                1.646_012_379_961_945_7,
            ),
            (
                (869, 357, 646),
                (0.0, 10.0),
                6.976_168_411_967_436,
                7.095_558_592_538_515,
            ),
            (
                (300, 400, 320),
                (0.0, 5.0),
                -0.647_151_023_188_958_1,
                -0.647_636_551_406_416_7,
            ),
            (
                (40, 20, 50),
                (-5.0, 5.0),
                -0.351_776_135_945_774_3,
                -0.355_348_933_385_801_8,
            ),
            (
                (2000, 4000, 2000),
                (0.0, 10.0),
                -6.623_720_222_559_013,
                -6.623_714_183_243_649,
            ),
        ];
        for ((w, d, l), (elo0, elo1), exact, normal) in cases {
            let s = sprt(elo0, elo1);
            let wdl = Wdl::new(w, d, l);
            let llr = s.llr(&wdl);
            assert!(close(llr, exact, 1e-6), "{w} {d} {l}: {llr} vs {exact}");
            let llr = s.llr_normal(&wdl);
            assert!(close(llr, normal, 1e-9), "{w} {d} {l}: {llr} vs {normal}");
        }
        // One-sided results (zero counts regularised).
        let s = sprt(0.0, 10.0);
        for ((w, d, l), exact) in [
            ((1, 0, 0), 0.028_367_272_548_352_876),
            ((20, 0, 0), 0.567_362_369_732_364_9),
            ((200, 0, 0), 5.673_631_181_417_828),
            ((0, 20, 0), -0.577_295_553_083_304_7),
        ] {
            let llr = s.llr(&Wdl::new(w, d, l));
            assert!(close(llr, exact, 1e-6), "{w} {d} {l}: {llr} vs {exact}");
        }
        assert_eq!(s.llr_normal(&Wdl::new(20, 0, 0)), 0.0);
    }

    #[test]
    fn sprt_verdicts() {
        let s = Sprt::parse("elo0=0,elo1=10").unwrap();
        assert_eq!(s.llr(&Wdl::default()), 0.0);
        assert_eq!(s.verdict(s.llr(&Wdl::new(10, 5, 3))), Verdict::Continue);
        assert_eq!(s.verdict(s.llr(&Wdl::new(869, 357, 646))), Verdict::H1);
        assert_eq!(s.verdict(s.llr(&Wdl::new(646, 357, 869))), Verdict::H0);
        // Equal play drifts to H0 when H0 is "no gain" and H1 a gain.
        assert_eq!(s.verdict(s.llr(&Wdl::new(2000, 4000, 2000))), Verdict::H0);
        // All wins stay finite and decide only after enough games.
        assert_eq!(s.verdict(s.llr(&Wdl::new(20, 0, 0))), Verdict::Continue);
        assert_eq!(s.verdict(s.llr(&Wdl::new(200, 0, 0))), Verdict::H1);
        // The normal approximation is n/2·((s−s0)² − (s−s1)²)/v.
        let (w, d, l) = (30.0, 12.0, 18.0);
        let n: f64 = w + d + l;
        let sc = (w + d / 2.0) / n;
        let v = w / n + d / (4.0 * n) - sc * sc;
        let (s0, s1) = (elo_to_score(0.0), elo_to_score(10.0));
        let expected = n / 2.0 * ((sc - s0).powi(2) - (sc - s1).powi(2)) / v;
        assert!(close(s.llr_normal(&Wdl::new(30, 12, 18)), expected, 1e-12));
        // Both agree closely on a large sample.
        let big = Wdl::new(4000, 3000, 3600);
        let (a, b) = (s.llr(&big), s.llr_normal(&big));
        assert!((a - b).abs() < 0.02 * b.abs().max(1.0), "{a} {b}");
    }

    #[test]
    fn sprt_parse_errors() {
        assert!(Sprt::parse("elo0=0").unwrap_err().contains("required"));
        assert!(Sprt::parse("elo0=10,elo1=0")
            .unwrap_err()
            .contains("less than"));
        assert!(Sprt::parse("elo0=0,elo1=10,alpha=0.7")
            .unwrap_err()
            .contains("alpha"));
        assert!(Sprt::parse("elo0=0,elo1=x").unwrap_err().contains("number"));
        assert!(Sprt::parse("elo0=0,elo1=5,gamma=1")
            .unwrap_err()
            .contains("unknown"));
        assert!(Sprt::parse("elo0").unwrap_err().contains("name=value"));
        let s = Sprt::parse(" elo0 = -1.5 , elo1=3 ").unwrap();
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (-1.5, 3.0, 0.05, 0.05));
    }
}
