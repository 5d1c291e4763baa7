//! The statistics of `hasami match`: score, Elo difference with a 95% interval, likelihood of
//! superiority, and the sequential probability ratio test (SPRT). docs/match.md explains the formulas.
//!
//! Everything works on the trinomial counts of one player's results (wins, draws, losses), as
//! cutechess-cli and fastchess do for unpaired games: the Elo interval as cutechess-cli computes it,
//! the SPRT's log-likelihood ratio as fishtest computes it for the trinomial model (with the normal
//! approximation of fastchess alongside, for comparison).

use std::fmt;

/// The 97.5% quantile of the standard normal distribution (a two-sided 95% interval).
pub const Z95: f64 = 1.959_963_984_540_054;

/// Counts that stand in for a zero count in the SPRT (as fishtest regularises), so the LLR stays
/// finite when every game has had the same result.
const ZERO_COUNT: f64 = 1e-3;

/// One player's results: wins, draws and losses.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Wdl {
    /// Counts from wins, draws and losses.
    #[cfg(test)]
    pub const fn new(wins: u32, draws: u32, losses: u32) -> Wdl {
        Wdl {
            wins,
            draws,
            losses,
        }
    }

    /// Games played.
    pub const fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The mean score per game (win 1, draw ½, loss 0), or `None` with no games.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(n))
    }

    /// The share of draws (0 with no games).
    pub fn draw_ratio(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            0.0
        } else {
            f64::from(self.draws) / f64::from(n)
        }
    }
}

/// The Elo difference that gives an expected score `s` (logistic model): `-400·log10(1/s − 1)`.
/// `s` = 0 and 1 give −∞ and +∞.
pub fn score_to_elo(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// The expected score of a player `elo` points stronger (logistic model): `1 / (1 + 10^(−elo/400))`.
pub fn elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// An Elo difference with its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EloEstimate {
    /// The Elo difference of the observed score.
    pub elo: f64,
    /// Half the width of the interval (the "±" figure).
    pub error: f64,
    /// The lower end of the interval.
    pub lower: f64,
    /// The upper end of the interval.
    pub upper: f64,
}

/// The per-game variance of the score, from the observed frequencies of wins, draws and losses.
fn score_variance(wdl: &Wdl, s: f64) -> f64 {
    let n = f64::from(wdl.games());
    (f64::from(wdl.wins) * (1.0 - s).powi(2)
        + f64::from(wdl.draws) * (0.5 - s).powi(2)
        + f64::from(wdl.losses) * s.powi(2))
        / n
}

/// The Elo difference of the score and its 95% interval: the score's standard error from the
/// per-game variance (draws included), `s ± 1.96·σ/√n` mapped to Elo, and half the interval's
/// width as the error (as cutechess-cli prints it). `None` with no games. An all-win or all-loss
/// result gives an infinite Elo and error.
pub fn elo_estimate(wdl: &Wdl) -> Option<EloEstimate> {
    let s = wdl.score()?;
    let n = f64::from(wdl.games());
    let stderr = (score_variance(wdl, s) / n).sqrt();
    let lower = score_to_elo((s - Z95 * stderr).max(0.0));
    let upper = score_to_elo((s + Z95 * stderr).min(1.0));
    let elo = score_to_elo(s);
    let error = if elo.is_finite() {
        (upper - lower) / 2.0
    } else {
        f64::INFINITY
    };
    Some(EloEstimate {
        elo,
        error,
        lower,
        upper,
    })
}

/// The complementary error function, with a fractional error below 1.2·10⁻⁷ (Numerical Recipes'
/// Chebyshev fit).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

/// The scores of a loss, a draw and a win.
const SCORES: [f64; 3] = [0.0, 0.5, 1.0];

/// The number of games and the frequencies of (loss, draw, win), with zero counts replaced by
/// [`ZERO_COUNT`]; `None` with no games.
fn regularised(wdl: &Wdl) -> Option<(f64, [f64; 3])> {
    if wdl.games() == 0 {
        return None;
    }
    let count = |c: u32| {
        if c == 0 {
            ZERO_COUNT
        } else {
            f64::from(c)
        }
    };
    let c = [count(wdl.losses), count(wdl.draws), count(wdl.wins)];
    let n: f64 = c.iter().sum();
    Some((n, c.map(|x| x / n)))
}

/// The distribution `q` over [`SCORES`] with mean `s` (0 < s < 1) that maximises `Σ p_i ln q_i`
/// (all `p_i` > 0): by Lagrange, `q_i = p_i / (1 + x (a_i − s))` where `x` is the root of the
/// decreasing `f(x) = Σ p_i (a_i − s) / (1 + x (a_i − s))` between `−1/(1 − s)` and `1/s`, found by
/// bisection.
fn closest_with_mean(p: &[f64; 3], s: f64) -> [f64; 3] {
    let d = SCORES.map(|a| a - s);
    let f = |x: f64| (0..3).map(|i| p[i] * d[i] / (1.0 + x * d[i])).sum::<f64>();
    let (mut lo, mut hi) = (-1.0 / (1.0 - s), 1.0 / s);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let x = 0.5 * (lo + hi);
    let q = [0, 1, 2].map(|i| p[i] / (1.0 + x * d[i]));
    let total: f64 = q.iter().sum();
    q.map(|v| v / total)
}

/// The likelihood of superiority: the probability that the player is stronger, from wins and
/// losses only (draws carry no information here), `½·(1 + erf((W − L) / √(2(W + L))))`. 0.5 without
/// decisive games.
pub fn los(wdl: &Wdl) -> f64 {
    let w = f64::from(wdl.wins);
    let l = f64::from(wdl.losses);
    if w + l == 0.0 {
        return 0.5;
    }
    0.5 * erfc(-(w - l) / (2.0 * (w + l)).sqrt())
}

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

/// An Elo figure for people: one decimal, `+inf`/`-inf` for the infinite ones.
pub fn fmt_elo(x: f64) -> String {
    if x == f64::INFINITY {
        "+inf".into()
    } else if x == f64::NEG_INFINITY {
        "-inf".into()
    } else if x.is_nan() {
        "nan".into()
    } else {
        // Avoid printing "-0.0".
        let x = if x.abs() < 0.05 { 0.0 } else { x };
        format!("{x:.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn elo_of_known_scores() {
        assert_eq!(score_to_elo(0.5), 0.0);
        assert!(close(score_to_elo(0.75), 190.848_501_887_865, 1e-9));
        assert!(close(score_to_elo(0.25), -190.848_501_887_865, 1e-9));
        assert_eq!(score_to_elo(1.0), f64::INFINITY);
        assert_eq!(score_to_elo(0.0), f64::NEG_INFINITY);
        for elo in [-400.0, -35.5, 0.0, 10.0, 190.0, 700.0] {
            assert!(close(score_to_elo(elo_to_score(elo)), elo, 1e-9), "{elo}");
        }
        assert!(close(elo_to_score(400.0), 10.0 / 11.0, 1e-12));
    }

    #[test]
    fn no_decisive_games_is_zero_elo() {
        let e = elo_estimate(&Wdl::new(0, 12, 0)).unwrap();
        assert_eq!(e.elo, 0.0);
        assert_eq!(e.error, 0.0);
        assert_eq!(elo_estimate(&Wdl::default()), None);
        let e = elo_estimate(&Wdl::new(10, 10, 10)).unwrap();
        assert!(close(e.elo, 0.0, 1e-12));
        assert!(close(e.error, 104.557_863_294_009_74, 1e-6), "{e:?}");
    }

    #[test]
    fn elo_intervals_match_hand_computed_and_cutechess_values() {
        // 60 wins, 30 draws, 10 losses: score 0.75.
        let e = elo_estimate(&Wdl::new(60, 30, 10)).unwrap();
        assert!(close(e.elo, 190.848_501_887_865, 1e-9));
        assert!(close(e.error, 62.045_035_471_518_19, 1e-6), "{e:?}");
        assert!(close(e.lower, 134.357_270_227_404_97, 1e-6));
        assert!(close(e.upper, 258.447_341_170_441_35, 1e-6));
        // Published cutechess-cli results: "449 - 276 - 275 ... Elo difference: 60.7 +/- 18.5"
        // and "869 - 646 - 357 ... Elo difference: 41.6 +/- 14.2" (wins - losses - draws).
        let e = elo_estimate(&Wdl::new(449, 275, 276)).unwrap();
        assert_eq!(
            (fmt_elo(e.elo), fmt_elo(e.error)),
            ("60.7".into(), "18.5".into())
        );
        let e = elo_estimate(&Wdl::new(869, 357, 646)).unwrap();
        assert_eq!(
            (fmt_elo(e.elo), fmt_elo(e.error)),
            ("41.6".into(), "14.2".into())
        );
        // Small samples: the interval is lopsided in Elo.
        let e = elo_estimate(&Wdl::new(5, 2, 1)).unwrap();
        assert!(close(e.error, 457.953_250_767_399_2, 1e-6), "{e:?}");
        assert!(close(e.lower, 3.477_600_250_280_007, 1e-6));
    }

    #[test]
    fn all_wins_is_infinite() {
        let e = elo_estimate(&Wdl::new(8, 0, 0)).unwrap();
        assert_eq!(e.elo, f64::INFINITY);
        assert_eq!(e.error, f64::INFINITY);
        assert_eq!(fmt_elo(e.elo), "+inf");
        assert_eq!(
            fmt_elo(elo_estimate(&Wdl::new(0, 0, 3)).unwrap().elo),
            "-inf"
        );
    }

    #[test]
    fn likelihood_of_superiority() {
        assert_eq!(los(&Wdl::new(0, 5, 0)), 0.5);
        assert!(close(los(&Wdl::new(10, 3, 10)), 0.5, 1e-7));
        assert!(close(
            los(&Wdl::new(5, 2, 1)),
            0.948_764_782_570_125_3,
            1e-6
        ));
        assert!(close(
            los(&Wdl::new(1, 2, 5)),
            1.0 - 0.948_764_782_570_125_3,
            1e-6
        ));
        assert!(close(los(&Wdl::new(869, 357, 646)), 0.999_999_995, 1e-6));
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
    fn closest_distribution_has_the_mean_and_is_the_data_when_it_can_be() {
        let p = [0.2, 0.3, 0.5];
        let q = closest_with_mean(&p, 0.65);
        for i in 0..3 {
            assert!(close(q[i], p[i], 1e-12), "{q:?}");
        }
        let q = closest_with_mean(&p, 0.4);
        assert!(close(q.iter().sum::<f64>(), 1.0, 1e-12));
        assert!(close(q[1] * 0.5 + q[2], 0.4, 1e-12), "{q:?}");
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

    #[test]
    fn wdl_helpers() {
        let w = Wdl::new(3, 2, 1);
        assert_eq!(w.games(), 6);
        assert_eq!(w.score(), Some(4.0 / 6.0));
        assert!(close(w.draw_ratio(), 1.0 / 3.0, 1e-12));
        assert_eq!(Wdl::default().score(), None);
    }
}
