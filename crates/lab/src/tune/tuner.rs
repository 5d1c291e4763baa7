//! Texel tuning: fit the logistic scale K for the current weights, then minimise the mean squared error
//! between sigmoid(K · eval) and the game results by integer coordinate descent over the weights.
//!
//! The evaluation is linear in its features, so the tuner keeps every sample's evaluation and updates
//! it by `step · feature` when one weight changes: a trial costs one pass over one feature column.

use hasami_engine::hasami::{Weights, N_FEATURES};

use super::data::Sample;

/// Samples as feature columns, for fast updates of one weight.
pub struct Set {
    /// `cols[j][i]`: feature j of sample i.
    cols: Vec<Vec<f64>>,
    /// Results.
    results: Vec<f64>,
}

impl Set {
    /// The samples as columns.
    pub fn new(samples: &[&Sample]) -> Set {
        let mut cols: Vec<Vec<f64>> = (0..N_FEATURES)
            .map(|_| Vec::with_capacity(samples.len()))
            .collect();
        for s in samples {
            for (j, col) in cols.iter_mut().enumerate() {
                col.push(f64::from(s.features[j]));
            }
        }
        Set {
            cols,
            results: samples.iter().map(|s| s.result).collect(),
        }
    }

    /// Number of samples.
    pub fn len(&self) -> usize {
        self.results.len()
    }

    /// Whether feature `j` is not always zero.
    pub fn varies(&self, j: usize) -> bool {
        self.cols[j].iter().any(|&x| x != 0.0)
    }

    /// Every sample's evaluation (Black's view) under `w`.
    pub fn evals(&self, w: &Weights) -> Vec<f64> {
        let mut e = vec![0.0; self.len()];
        for (j, col) in self.cols.iter().enumerate() {
            let wj = f64::from(w.w[j]);
            if wj != 0.0 {
                for (x, f) in e.iter_mut().zip(col) {
                    *x += wj * f;
                }
            }
        }
        e
    }

    /// Mean squared error of sigmoid(k · eval) against the results.
    pub fn loss(&self, evals: &[f64], k: f64) -> f64 {
        if evals.is_empty() {
            return 0.0;
        }
        let sum: f64 = evals
            .iter()
            .zip(&self.results)
            .map(|(&e, &r)| {
                let d = r - sigmoid(k * e);
                d * d
            })
            .sum();
        sum / evals.len() as f64
    }

    /// The loss with `evals` changed by `delta` times feature `j`.
    fn loss_moved(&self, evals: &[f64], k: f64, j: usize, delta: f64) -> f64 {
        let sum: f64 = evals
            .iter()
            .zip(&self.cols[j])
            .zip(&self.results)
            .map(|((&e, &f), &r)| {
                let d = r - sigmoid(k * (e + delta * f));
                d * d
            })
            .sum();
        sum / evals.len().max(1) as f64
    }
}

/// The logistic function.
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The K minimising the loss for fixed evaluations: a scan over a log grid, then golden-section search.
pub fn fit_k(set: &Set, evals: &[f64]) -> f64 {
    let mut best = (f64::INFINITY, 1e-3);
    let mut k = 1e-5;
    while k < 1.0 {
        let l = set.loss(evals, k);
        if l < best.0 {
            best = (l, k);
        }
        k *= 1.25;
    }
    let (mut lo, mut hi) = (best.1 / 1.25, best.1 * 1.25);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if set.loss(evals, a) < set.loss(evals, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// What a tuning run did.
#[derive(Debug, Clone)]
pub struct Report {
    /// The fitted K.
    pub k: f64,
    /// Loss before and after.
    pub before: f64,
    /// Loss after tuning.
    pub after: f64,
    /// Passes over the weights.
    pub passes: u32,
    /// The tuned weights.
    pub weights: Weights,
}

/// Tunes the weights of `tunable` features from `init` on `set` with K fitted first. Steps start at
/// `first_step` and halve when a pass finds no improvement, down to 1.
pub fn tune(set: &Set, init: &Weights, tunable: &[bool; N_FEATURES], first_step: i32) -> Report {
    let mut w = *init;
    let mut evals = set.evals(&w);
    let k = fit_k(set, &evals);
    let before = set.loss(&evals, k);
    let mut loss = before;
    let mut step = first_step.max(1);
    let mut passes = 0;
    loop {
        passes += 1;
        let mut improved = false;
        for (j, &free) in tunable.iter().enumerate() {
            if !free || !set.varies(j) {
                continue;
            }
            for dir in [1, -1] {
                // Keep going in a direction while it helps.
                loop {
                    let delta = f64::from(dir * step);
                    let l = set.loss_moved(&evals, k, j, delta);
                    if l < loss - 1e-12 {
                        loss = l;
                        w.w[j] += dir * step;
                        for (e, f) in evals.iter_mut().zip(&set.cols[j]) {
                            *e += delta * f;
                        }
                        improved = true;
                    } else {
                        break;
                    }
                }
            }
        }
        if !improved {
            if step == 1 {
                break;
            }
            step /= 2;
        }
        if passes >= 500 {
            break;
        }
    }
    Report {
        k,
        before,
        after: loss,
        passes,
        weights: w,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hasami_engine::hasami::{feature, Goal};

    /// Samples whose result follows a logistic law of 0.01 · (100 · material) plus noise-free draws.
    fn synthetic() -> Vec<Sample> {
        let mut out = Vec::new();
        for m in -4..=4 {
            for tempo in [-1, 1] {
                let p = sigmoid(0.01 * f64::from(100 * m + 20 * tempo));
                // 20 results per point with the right mean.
                let wins = (p * 20.0).round() as usize;
                for i in 0..20 {
                    let mut f = [0; N_FEATURES];
                    f[feature::MATERIAL] = m;
                    f[feature::TEMPO] = tempo;
                    f[feature::MOBILITY] = (i % 3) as i32 - 1;
                    out.push(Sample {
                        features: f,
                        result: if i < wins { 1.0 } else { 0.0 },
                        family: Goal::Capture,
                    });
                }
            }
        }
        out
    }

    #[test]
    fn fits_k_and_lowers_the_loss() {
        let data = synthetic();
        let refs: Vec<&Sample> = data.iter().collect();
        let set = Set::new(&refs);
        let mut init = Weights { w: [0; N_FEATURES] };
        init.w[feature::MATERIAL] = 100;
        let evals = set.evals(&init);
        let k = fit_k(&set, &evals);
        assert!((k - 0.01).abs() < 0.002, "k = {k}");
        let mut tunable = [false; N_FEATURES];
        tunable[feature::TEMPO] = true;
        tunable[feature::MOBILITY] = true;
        let r = tune(&set, &init, &tunable, 8);
        assert!(r.after < r.before, "{} -> {}", r.before, r.after);
        // The tempo weight the data was made with is found again, within rounding of the results.
        assert!(
            (r.weights.w[feature::TEMPO] - 20).abs() <= 6,
            "{:?}",
            r.weights
        );
        assert_eq!(r.weights.w[feature::MATERIAL], 100);
    }

    #[test]
    fn features_without_values_stay_put() {
        let data = synthetic();
        let refs: Vec<&Sample> = data.iter().collect();
        let set = Set::new(&refs);
        let init = Weights::CAPTURE;
        let tunable = [true; N_FEATURES];
        let r = tune(&set, &init, &tunable, 4);
        assert_eq!(
            r.weights.w[feature::WINDOW3],
            Weights::CAPTURE.w[feature::WINDOW3]
        );
        assert!(r.after <= r.before);
    }
}
