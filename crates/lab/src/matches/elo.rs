//! The statistics of `hasami-lab match`: score, Elo difference with a 95% interval, likelihood of
//! superiority, and the sequential probability ratio test (SPRT). docs/match.md explains the formulas.
//!
//! Everything works on the trinomial counts of one player's results (wins, draws, losses), as
//! cutechess-cli and fastchess do for unpaired games: the Elo interval as cutechess-cli computes it,
//! the SPRT's log-likelihood ratio as fishtest computes it for the trinomial model (with the normal
//! approximation of fastchess alongside, for comparison).

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
pub(super) fn score_variance(wdl: &Wdl, s: f64) -> f64 {
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

/// An error bar: `inf` rather than `+inf`.
pub fn fmt_error(x: f64) -> String {
    if x.is_infinite() {
        "inf".into()
    } else {
        fmt_elo(x)
    }
}

/// `Elo X ± Y` for a result (the estimate and its 95% error bar), empty with no games.
pub fn elo_words(wdl: &Wdl) -> String {
    match elo_estimate(wdl) {
        Some(e) => format!("Elo {} ± {}", fmt_elo(e.elo), fmt_error(e.error)),
        None => String::new(),
    }
}

/// The complementary error function, with a fractional error below 1.2·10⁻⁷ (Numerical Recipes'
/// Chebyshev fit).
pub(super) fn erfc(x: f64) -> f64 {
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
pub(super) const SCORES: [f64; 3] = [0.0, 0.5, 1.0];

/// The number of games and the frequencies of (loss, draw, win), with zero counts replaced by
/// [`ZERO_COUNT`]; `None` with no games.
pub(super) fn regularised(wdl: &Wdl) -> Option<(f64, [f64; 3])> {
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
pub(super) fn closest_with_mean(p: &[f64; 3], s: f64) -> [f64; 3] {
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
    fn wdl_helpers() {
        let w = Wdl::new(3, 2, 1);
        assert_eq!(w.games(), 6);
        assert_eq!(w.score(), Some(4.0 / 6.0));
        assert!(close(w.draw_ratio(), 1.0 / 3.0, 1e-12));
        assert_eq!(Wdl::default().score(), None);
    }
}
