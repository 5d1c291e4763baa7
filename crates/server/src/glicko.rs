//! Glicko-2 ratings: Glickman's "Example of the Glicko-2 system", steps 1 to 8, with the Illinois
//! algorithm for the new volatility. Pure arithmetic: no store, no clock; the caller decides what a
//! rating period is and keeps the results.

use std::f64::consts::PI;

/// The system constant τ: how much the volatility may change in a period. Glickman suggests 0.3 to
/// 1.2; 0.75 lets a player's rating follow real changes of strength without jumping at one upset.
pub(crate) const TAU: f64 = 0.75;

/// The Glicko scale over the Glicko-2 scale (the paper's 173.7178).
const SCALE: f64 = 173.7178;

/// The rating every scale is centred on.
const CENTRE: f64 = 1500.0;

/// The largest rating deviation: a new player's, and the bound an idle player's RD grows to.
const MAX_RD: f64 = 350.0;

/// Ratings with a deviation above this are provisional (shown with "?").
pub(crate) const PROVISIONAL_RD: f64 = 110.0;

/// The convergence tolerance ε of the volatility's iteration.
const EPSILON: f64 = 0.000001;

/// Steps of the volatility's iterations at most: the Illinois algorithm converges in a few dozen,
/// this only bounds the work on inputs that would not converge.
const MAX_STEPS: u32 = 200;

/// A player's Glicko-2 rating on the Glicko scale (a new player is 1500 ± 350).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Rating {
    /// The rating (r).
    pub(crate) rating: f64,
    /// The rating deviation (RD): the uncertainty of `rating`, in rating points.
    pub(crate) rd: f64,
    /// The volatility (σ): how erratic the player's results are.
    pub(crate) volatility: f64,
}

impl Rating {
    /// A player who has not played: 1500, RD 350, volatility 0.06.
    pub(crate) const NEW: Rating = Rating {
        rating: CENTRE,
        rd: MAX_RD,
        volatility: 0.06,
    };

    /// The rating after a rating period with `games`: each the opponent's rating before the period
    /// and this player's score (1 win, 0.5 draw, 0 loss). A period with no games only raises the
    /// RD (step 6). Inputs that are not finite, a score outside 0..=1, a deviation or volatility
    /// that is not positive, or a `tau` that is not, leave the rating unchanged; so does a result
    /// that would not be finite. The RD never exceeds 350.
    pub(crate) fn after(self, games: &[(Rating, f64)], tau: f64) -> Rating {
        let valid = self.valid()
            && tau.is_finite()
            && tau > 0.0
            && games
                .iter()
                .all(|(o, s)| o.valid() && s.is_finite() && (0.0..=1.0).contains(s));
        if !valid {
            return self;
        }
        let next = self.period(games, tau);
        if next.rating.is_finite() && next.rd.is_finite() && next.rd > 0.0 && next.volatility > 0.0
        {
            next
        } else {
            self
        }
    }

    /// Finite numbers, a positive deviation and volatility.
    fn valid(&self) -> bool {
        self.rating.is_finite()
            && self.rd.is_finite()
            && self.volatility.is_finite()
            && self.rd > 0.0
            && self.volatility > 0.0
    }

    /// Steps 2 to 8 on valid inputs.
    fn period(self, games: &[(Rating, f64)], tau: f64) -> Rating {
        // Step 2: onto the Glicko-2 scale.
        let mu = (self.rating - CENTRE) / SCALE;
        let phi = self.rd.min(MAX_RD) / SCALE;
        let sigma = self.volatility;
        if games.is_empty() {
            // Step 6 alone: the deviation grows by the volatility; rating and volatility stay.
            let phi_star = (phi * phi + sigma * sigma).sqrt();
            return Rating {
                rd: (phi_star * SCALE).min(MAX_RD),
                ..self
            };
        }
        // Steps 3 and 4: the estimated variance v and the estimated improvement Δ.
        let mut inverse_v = 0.0;
        let mut sum = 0.0;
        for (opponent, score) in games {
            let mu_j = (opponent.rating - CENTRE) / SCALE;
            let g_j = g(opponent.rd.min(MAX_RD) / SCALE);
            let e = expected(mu, mu_j, g_j);
            inverse_v += g_j * g_j * e * (1.0 - e);
            sum += g_j * (score - e);
        }
        let v = 1.0 / inverse_v;
        let delta = v * sum;
        // Step 5: the new volatility.
        let sigma_new = volatility(delta, phi, v, sigma, tau);
        // Steps 6 and 7: the new deviation and rating.
        let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        // Step 8: back onto the Glicko scale.
        Rating {
            rating: SCALE * mu_new + CENTRE,
            rd: (SCALE * phi_new).min(MAX_RD),
            volatility: sigma_new,
        }
    }
}

/// The paper's g(φ): how much an opponent's uncertainty weakens what a result against them says.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// The paper's E(μ, μj, φj): the expected score against an opponent with `g_j` = g(φj).
fn expected(mu: f64, mu_j: f64, g_j: f64) -> f64 {
    1.0 / (1.0 + (-g_j * (mu - mu_j)).exp())
}

/// Step 5: the new volatility σ', the root of the paper's f by the Illinois algorithm.
fn volatility(delta: f64, phi: f64, v: f64, sigma: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 && k < f64::from(MAX_STEPS) {
            k += 1.0;
        }
        a - k * tau
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    let mut steps = 0;
    while (big_b - big_a).abs() > EPSILON && steps < MAX_STEPS {
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
        steps += 1;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rating with the paper's default volatility.
    fn r(rating: f64, rd: f64) -> Rating {
        Rating {
            rating,
            rd,
            volatility: 0.06,
        }
    }

    #[test]
    fn the_papers_example() {
        let player = r(1500.0, 200.0);
        let games = [
            (r(1400.0, 30.0), 1.0),
            (r(1550.0, 100.0), 0.0),
            (r(1700.0, 300.0), 0.0),
        ];
        let next = player.after(&games, 0.5);
        // The paper rounds μ' and φ' to four places (−0.2069, 0.8722) before step 8.
        let four = |x: f64| (x * 10_000.0).round() / 10_000.0;
        assert_eq!(four((next.rating - 1500.0) / SCALE), -0.2069, "{next:?}");
        assert_eq!(four(next.rd / SCALE), 0.8722, "{next:?}");
        assert!((next.rating - 1464.06).abs() < 0.01, "{next:?}");
        assert!((next.rd - 151.52).abs() < 0.005, "{next:?}");
        // σ' = 0.0599960 (the paper prints 0.05999).
        assert!((next.volatility - 0.05999).abs() < 0.00001, "{next:?}");
        assert!((next.volatility - 0.059996).abs() < 0.000001, "{next:?}");
    }

    #[test]
    fn two_new_players_move_symmetrically() {
        let winner = Rating::NEW.after(&[(Rating::NEW, 1.0)], TAU);
        let loser = Rating::NEW.after(&[(Rating::NEW, 0.0)], TAU);
        assert!(winner.rating > 1500.0 && loser.rating < 1500.0);
        assert!((winner.rating - 1500.0 - (1500.0 - loser.rating)).abs() < 1e-9);
        assert!((winner.rd - loser.rd).abs() < 1e-9);
        assert!(winner.rd < 350.0);
        assert!((winner.volatility - loser.volatility).abs() < 1e-12);
        let drawn = Rating::NEW.after(&[(Rating::NEW, 0.5)], TAU);
        assert!((drawn.rating - 1500.0).abs() < 1e-9);
    }

    #[test]
    fn an_idle_period_only_raises_the_deviation() {
        let player = r(1500.0, 200.0);
        let next = player.after(&[], TAU);
        let phi = 200.0 / SCALE;
        let expected = (phi * phi + 0.06 * 0.06).sqrt() * SCALE;
        assert!((next.rd - expected).abs() < 1e-9, "{next:?}");
        assert_eq!(next.rating, player.rating);
        assert_eq!(next.volatility, player.volatility);
        // A new player's deviation is already the largest.
        assert_eq!(Rating::NEW.after(&[], TAU), Rating::NEW);
    }

    /// The same numbers, bit for bit (NaN included).
    fn same(a: Rating, b: Rating) -> bool {
        a.rating.to_bits() == b.rating.to_bits()
            && a.rd.to_bits() == b.rd.to_bits()
            && a.volatility.to_bits() == b.volatility.to_bits()
    }

    #[test]
    fn bad_inputs_leave_the_rating_unchanged() {
        let player = r(1620.0, 80.0);
        let them = Rating::NEW;
        let not_finite = [f64::NAN, f64::INFINITY, f64::NEG_INFINITY];
        for x in not_finite {
            assert_eq!(
                player.after(&[(r(x, 50.0), 1.0)], TAU),
                player,
                "rating {x}"
            );
            let odd = Rating {
                rating: x,
                ..player
            };
            assert!(same(odd.after(&[(them, 1.0)], TAU), odd), "own rating {x}");
        }
        for x in not_finite.into_iter().chain([-1.0, 1.5]) {
            assert_eq!(player.after(&[(them, x)], TAU), player, "score {x}");
        }
        for x in not_finite.into_iter().chain([-1.0, 0.0]) {
            assert_eq!(player.after(&[(r(1500.0, x), 1.0)], TAU), player, "rd {x}");
            assert_eq!(player.after(&[(them, 1.0)], x), player, "tau {x}");
            let odd = Rating {
                volatility: x,
                ..player
            };
            assert!(same(odd.after(&[(them, 1.0)], TAU), odd), "volatility {x}");
            let odd = Rating { rd: x, ..player };
            assert!(same(odd.after(&[], TAU), odd), "own rd {x}");
        }
        // An opponent too far away for the expected score to be anything but 0 or 1: still a
        // finite rating that moves the right way.
        for (far, score) in [(1e300, 1.0), (-1e300, 0.0)] {
            let next = player.after(&[(r(far, 50.0), score)], TAU);
            assert!(next.rating.is_finite() && next.rd > 0.0 && next.rd <= 350.0);
            assert_eq!(next.rating > player.rating, score == 1.0, "{next:?}");
        }
    }

    #[test]
    fn a_large_deviation_is_clamped() {
        let player = r(1500.0, 2000.0);
        assert!(player.after(&[], TAU).rd <= 350.0);
        assert!(player.after(&[(r(1500.0, 5000.0), 1.0)], TAU).rd <= 350.0);
    }

    /// xorshift64*: random enough to wander the inputs, and the same on every run.
    struct Random(u64);

    impl Random {
        /// A number in `0.0..1.0`.
        fn unit(&mut self) -> f64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 / (1u64 << 53) as f64
        }
    }

    #[test]
    fn ratings_stay_finite_and_deviations_bounded() {
        let mut random = Random(0x9e37_79b9_7f4a_7c15);
        for _ in 0..300 {
            let mut player = Rating {
                rating: random.unit() * 4000.0 - 500.0,
                rd: 1.0 + random.unit() * 349.0,
                volatility: 0.001 + random.unit() * 0.3,
            };
            let tau = 0.2 + random.unit() * 1.2;
            for _ in 0..20 {
                let n = (random.unit() * 6.0) as usize;
                let games: Vec<(Rating, f64)> = (0..n)
                    .map(|_| {
                        let them = Rating {
                            rating: random.unit() * 4000.0 - 500.0,
                            rd: 1.0 + random.unit() * 349.0,
                            volatility: 0.06,
                        };
                        (them, (random.unit() * 3.0).floor() / 2.0)
                    })
                    .collect();
                player = player.after(&games, tau);
                assert!(player.rating.is_finite(), "{player:?}");
                assert!(player.rd > 0.0 && player.rd <= 350.0, "{player:?}");
                assert!(player.volatility.is_finite() && player.volatility > 0.0);
            }
        }
    }
}
