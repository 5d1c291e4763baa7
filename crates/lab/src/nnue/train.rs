//! The trainer: the network's float weights fitted by Adam on one thread, in a fixed order from the
//! seed, so a run repeats bit for bit (docs/eval.md, "Training"). The network learns a correction
//! to the search's static evaluation (hand-written terms and press): the prediction is
//! `sigmoid(K · scored(base + 100 · net))`, where `scored` puts on the terms the search adds to a
//! static evaluation at the count of quiet plies (mak-yek's fade and progress term), the target
//! `λ · result + (1 − λ) · sigmoid(K · score)` ([`Target`]), the loss their squared difference.

use hasami_core::{HasamiRules, Side, SplitMix64};
use hasami_engine::hasami::net::{input, Network, HIDDEN, QA, QB};
use hasami_engine::{Press, QuietCount, SearchGame};

use super::record::Record;
use super::target::{blend, sigmoid, Target};

/// The largest a hidden weight or bias may grow (in units of the clip at 1): 37 rows of it stay
/// within an i16 accumulator at scale [`QA`].
const W1_LIMIT: f32 = 3.0;

/// What a training run uses.
#[derive(Debug, Clone)]
pub struct TrainSettings {
    /// Passes over the training positions.
    pub epochs: u32,
    /// Positions per step.
    pub batch: usize,
    /// Adam's step size (dropped tenfold for the last quarter of the epochs).
    pub lr: f32,
    /// Weight of the game's result in the target (the rest is the search's score).
    pub target: Target,
    /// Scale from centi-pieces to the logistic; `None`: fitted to the data.
    pub k: Option<f32>,
    /// The seed of the starting weights and of the order of the positions.
    pub seed: u64,
}

/// One position as the trainer sees it.
struct Sample {
    /// The inputs on for the side to move's view, then for the other side's; `split` between them.
    inputs: Vec<u8>,
    split: u8,
    hand: f32,
    /// The share of `hand + 100 · net` the search keeps at the position's quiet count, and what it
    /// adds ([`Base`]).
    kept: f32,
    offset: f32,
    score: f32,
    result: f32,
    /// The weight of the result in its target.
    lambda: f32,
}

/// The sample of record `r`, with the files turned over when `mirrored` (the games' rules are the
/// same seen in a mirror, so this doubles the training positions).
fn sample(size: u8, r: &Record, base: Base, target: &Target, mirrored: bool) -> Sample {
    let mut inputs = Vec::with_capacity(64);
    for view in [r.side, !r.side] {
        for piece in Side::ALL {
            for sq in r.pieces[piece.index()].iter() {
                let sq = if mirrored {
                    hasami_core::Square::new(size - 1 - sq.file(), sq.rank())
                } else {
                    sq
                };
                inputs.push(input(size, view, piece, sq) as u8);
            }
        }
    }
    let split = (inputs.len() / 2) as u8;
    let (kept, offset) = match base.quiet {
        Some(q) => {
            let (n, d) = q.kept();
            (n as f32 / d as f32, q.offset(true) as f32)
        }
        None => (1.0, 0.0),
    };
    Sample {
        inputs,
        split,
        hand: base.e as f32,
        kept,
        offset,
        score: f32::from(r.score),
        result: r.result.points(),
        lambda: target.lambda_of(r),
    }
}

/// What the network corrects and what the search makes of it.
#[derive(Clone, Copy)]
struct Base {
    /// The search's static evaluation at full strength, the hand-written terms and the press
    /// ([`SearchGame::evaluate_pressed`]), computed again from the position (the data's own field
    /// is the hand-written evaluation alone); the network's output is added to it.
    e: i32,
    /// The position's count of quiet plies where the search scores it ([`QuietCount::scored`]:
    /// in mak-yek the evaluation fades as the limit nears and the root's side pays the progress
    /// term). A search's score carries these terms, which the network cannot see (it has no input
    /// for the count) and must not learn: learned, they came on top of the search's own (the
    /// mak-yek networks that did so lost at 100 ms, docs/eval.md).
    quiet: Option<QuietCount>,
}

impl Base {
    fn of(rules: &'static HasamiRules, r: &Record) -> Base {
        let pos = r.position(rules);
        Base {
            e: SearchGame::evaluate_pressed(&pos, Press::Full),
            quiet: pos.quiet_count(),
        }
    }

    /// `v` (the static evaluation with a network's output) as the search scores it at the root.
    fn scored(self, v: i32) -> i32 {
        self.quiet.map_or(v, |q| q.scored(v, true))
    }
}

/// Float weights.
#[derive(Clone)]
struct Weights {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: f32,
}

impl Weights {
    fn start(inputs: usize, rng: &mut SplitMix64) -> Weights {
        let mut uniform =
            |scale: f32| ((rng.next() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * scale;
        Weights {
            w1: (0..inputs * HIDDEN).map(|_| uniform(0.1)).collect(),
            b1: (0..HIDDEN).map(|_| 0.25 + uniform(0.1)).collect(),
            w2: tied((0..HIDDEN).map(|_| uniform(0.01)).collect()),
            b2: 0.0,
        }
    }

    fn zero(inputs: usize) -> Weights {
        Weights {
            w1: vec![0.0; inputs * HIDDEN],
            b1: vec![0.0; HIDDEN],
            w2: vec![0.0; 2 * HIDDEN],
            b2: 0.0,
        }
    }

    /// The hidden layer's pre-activations for both views, and the output in pieces.
    fn forward(&self, s: &Sample, h: &mut [f32; 2 * HIDDEN]) -> f32 {
        let split = usize::from(s.split);
        for (view, list) in [&s.inputs[..split], &s.inputs[split..]]
            .into_iter()
            .enumerate()
        {
            let half = &mut h[view * HIDDEN..(view + 1) * HIDDEN];
            half.copy_from_slice(&self.b1);
            for &f in list {
                let row = &self.w1[usize::from(f) * HIDDEN..(usize::from(f) + 1) * HIDDEN];
                half.iter_mut().zip(row).for_each(|(a, w)| *a += w);
            }
        }
        self.b2
            + h.iter()
                .zip(&self.w2)
                .map(|(a, w)| a.clamp(0.0, 1.0) * w)
                .sum::<f32>()
    }
}

/// The output weights from the side to move's half: the other side's half is its negation (and the
/// bias is 0), so a position scores the same for one side as it scores against the other, whoever
/// is to move. The search's scores carry terms of the root's side that a position cannot show
/// (progress and the deadline, which grow with the plies since the last capture), and an output
/// free to do so learned them as a bonus for the side to move: −18 centi-pieces on average in
/// mak-yek, where that network lost at 100 ms (docs/eval.md).
fn tied(half: Vec<f32>) -> Vec<f32> {
    let mut w2 = half.clone();
    w2.extend(half.iter().map(|w| -w));
    w2
}

/// Adam's moments.
struct Adam {
    m: Weights,
    v: Weights,
    t: i32,
}

fn adam_step(w: &mut [f32], g: &[f32], m: &mut [f32], v: &mut [f32], lr: f32, c1: f32, c2: f32) {
    for i in 0..w.len() {
        m[i] = 0.9 * m[i] + 0.1 * g[i];
        v[i] = 0.999 * v[i] + 0.001 * g[i] * g[i];
        w[i] -= lr * (m[i] / c1) / ((v[i] / c2).sqrt() + 1e-8);
    }
}

/// The training run's data, by epoch, for the curve.
#[derive(Debug, Clone, PartialEq)]
pub struct Epoch {
    /// 1, 2, …
    pub epoch: u32,
    /// Mean loss on the training positions during the epoch.
    pub train: f64,
    /// Mean loss on the held-out positions after it.
    pub test: f64,
}

/// What a run gives: the network (the weights of the epoch with the lowest held-out loss), K, the
/// curve, and the held-out loss of the hand-written evaluation alone and of the integer network.
pub struct Trained {
    /// The integer network.
    pub network: Network,
    /// The scale used.
    pub k: f32,
    /// Losses by epoch.
    pub curve: Vec<Epoch>,
    /// Held-out loss with no network (the hand-written evaluation alone).
    pub hand_test: f64,
    /// Held-out loss of the integer network as the engine computes it.
    pub integer_test: f64,
    /// Positions trained on and held out.
    pub counts: (usize, usize),
}

fn loss_of(w: &Weights, samples: &[&Sample], k: f32) -> f64 {
    let mut h = [0.0; 2 * HIDDEN];
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(k * (s.kept * (s.hand + 100.0 * w.forward(s, &mut h)) + s.offset));
            let t = blend(s.lambda, s.result, s.score, k);
            f64::from((p - t) * (p - t))
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// K minimising the squared error of `sigmoid(K · score)` against the results (golden-section
/// search on log K).
fn fit_k(samples: &[&Sample]) -> f32 {
    let err = |lk: f64| -> f64 {
        let k = lk.exp() as f32;
        samples
            .iter()
            .map(|s| {
                let d = sigmoid(k * s.score) - s.result;
                f64::from(d * d)
            })
            .sum()
    };
    let (mut a, mut b) = ((1e-4f64).ln(), (0.05f64).ln());
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let (c, d) = (b - g * (b - a), a + g * (b - a));
        if err(c) < err(d) {
            b = d;
        } else {
            a = c;
        }
    }
    ((a + b) / 2.0).exp() as f32
}

/// Whether record `i` is held out: every tenth block of 1,000 (blocks keep a game's positions
/// together on one side).
fn held_out(i: usize) -> bool {
    (i / 1000) % 10 == 9
}

/// Trains a network for `variant` (board `size`) on `records`; `report` gets each epoch.
pub fn train(
    rules: &'static HasamiRules,
    records: &[Record],
    s: &TrainSettings,
    mut report: impl FnMut(&Epoch),
) -> Result<Trained, String> {
    let (variant, size) = (rules.to_string(), rules.size());
    // The base of each record once: a mirrored position's is the same.
    let bases: Vec<Base> = records.iter().map(|r| Base::of(rules, r)).collect();
    let all: Vec<Sample> = records
        .iter()
        .zip(&bases)
        .map(|(r, &b)| sample(size, r, b, &s.target, false))
        .collect();
    let mirrored: Vec<Sample> = records
        .iter()
        .zip(&bases)
        .map(|(r, &b)| sample(size, r, b, &s.target, true))
        .collect();
    let (mut train_set, mut test_set) = (Vec::new(), Vec::new());
    for (i, (smp, mirror)) in all.iter().zip(&mirrored).enumerate() {
        if held_out(i) {
            test_set.push(smp)
        } else {
            train_set.push(smp);
            train_set.push(mirror);
        }
    }
    if train_set.is_empty() || test_set.is_empty() {
        return Err(format!(
            "{} positions: too few to train and hold some out (at least 10,000)",
            all.len()
        ));
    }
    let k = s.k.unwrap_or_else(|| fit_k(&train_set));
    let inputs = 2 * usize::from(size) * usize::from(size);
    let mut rng = SplitMix64(s.seed);
    let mut w = Weights::start(inputs, &mut rng);
    let mut adam = Adam {
        m: Weights::zero(inputs),
        v: Weights::zero(inputs),
        t: 0,
    };
    let mut g = Weights::zero(inputs);
    let mut order: Vec<usize> = (0..train_set.len()).collect();
    let mut curve = Vec::new();
    let mut h = [0.0f32; 2 * HIDDEN];
    let mut best: Option<(f64, Weights)> = None;
    for epoch in 1..=s.epochs {
        rng.shuffle(&mut order);
        let lr = if epoch > s.epochs - s.epochs / 4 {
            s.lr / 10.0
        } else {
            s.lr
        };
        let mut total = 0.0f64;
        for batch in order.chunks(s.batch.max(1)) {
            g.w1.iter_mut().for_each(|x| *x = 0.0);
            g.b1.iter_mut().for_each(|x| *x = 0.0);
            g.w2.iter_mut().for_each(|x| *x = 0.0);
            g.b2 = 0.0;
            for &i in batch {
                let smp = train_set[i];
                let out = w.forward(smp, &mut h);
                let p = sigmoid(k * (smp.kept * (smp.hand + 100.0 * out) + smp.offset));
                let t = blend(smp.lambda, smp.result, smp.score, k);
                total += f64::from((p - t) * (p - t));
                let d = 2.0 * (p - t) * p * (1.0 - p) * k * 100.0 / batch.len() as f32 * smp.kept;
                g.b2 += d;
                let split = usize::from(smp.split);
                for view in 0..2 {
                    let list = if view == 0 {
                        &smp.inputs[..split]
                    } else {
                        &smp.inputs[split..]
                    };
                    let mut dh = [0.0f32; HIDDEN];
                    for j in 0..HIDDEN {
                        let a = h[view * HIDDEN + j];
                        g.w2[view * HIDDEN + j] += d * a.clamp(0.0, 1.0);
                        if a > 0.0 && a < 1.0 {
                            dh[j] = d * w.w2[view * HIDDEN + j];
                        }
                    }
                    g.b1.iter_mut().zip(&dh).for_each(|(x, y)| *x += y);
                    for &f in list {
                        let row = &mut g.w1[usize::from(f) * HIDDEN..(usize::from(f) + 1) * HIDDEN];
                        row.iter_mut().zip(&dh).for_each(|(x, y)| *x += y);
                    }
                }
            }
            adam.t += 1;
            let c1 = 1.0 - 0.9f32.powi(adam.t);
            let c2 = 1.0 - 0.999f32.powi(adam.t);
            adam_step(&mut w.w1, &g.w1, &mut adam.m.w1, &mut adam.v.w1, lr, c1, c2);
            adam_step(&mut w.b1, &g.b1, &mut adam.m.b1, &mut adam.v.b1, lr, c1, c2);
            // The output has no side-to-move term (see `tied`): one half is trained, the other
            // follows it, and the bias stays 0.
            let g_half: Vec<f32> = (0..HIDDEN).map(|j| g.w2[j] - g.w2[HIDDEN + j]).collect();
            adam_step(
                &mut w.w2[..HIDDEN],
                &g_half,
                &mut adam.m.w2[..HIDDEN],
                &mut adam.v.w2[..HIDDEN],
                lr,
                c1,
                c2,
            );
            w.w2 = tied(w.w2[..HIDDEN].to_vec());
            g.b2 = 0.0;
            let mut b2 = [w.b2];
            adam_step(
                &mut b2,
                &[g.b2],
                std::slice::from_mut(&mut adam.m.b2),
                std::slice::from_mut(&mut adam.v.b2),
                lr,
                c1,
                c2,
            );
            w.b2 = b2[0];
            w.w1.iter_mut()
                .chain(w.b1.iter_mut())
                .for_each(|x| *x = x.clamp(-W1_LIMIT, W1_LIMIT));
        }
        let e = Epoch {
            epoch,
            train: total / train_set.len() as f64,
            test: loss_of(&w, &test_set, k),
        };
        report(&e);
        if best.as_ref().is_none_or(|(loss, _)| e.test < *loss) {
            best = Some((e.test, w.clone()));
        }
        curve.push(e);
    }
    // The epoch with the lowest held-out loss: more passes over a few hundred thousand positions
    // learn the games' particulars.
    let (_, w) = best.expect("one epoch at least");
    let network = quantize(&variant, size, &w)?;
    let hand_test = loss_of(&Weights::zero(inputs), &test_set, k);
    let integer_test = held_out_loss(&network, records, k, &s.target);
    Ok(Trained {
        network,
        k,
        curve,
        hand_test,
        integer_test,
        counts: (train_set.len(), test_set.len()),
    })
}

fn quantize(variant: &str, size: u8, w: &Weights) -> Result<Network, String> {
    let q16 = |x: f32, scale: i32| (x * scale as f32).round().clamp(-32_767.0, 32_767.0) as i16;
    let w1 =
        w.w1.chunks(HIDDEN)
            .map(|row| std::array::from_fn(|j| q16(row[j], QA)))
            .collect();
    let b1 = std::array::from_fn(|j| q16(w.b1[j], QA));
    let w2 = std::array::from_fn(|j| q16(w.w2[j], QB));
    let b2 = (w.b2 * (QA * QB) as f32).round() as i32;
    Network::new(variant, size, w1, b1, w2, b2).map_err(|e| e.to_string())
}

/// The integer network's loss on the held-out positions of `records`, evaluated as the engine does.
pub fn held_out_loss(net: &Network, records: &[Record], k: f32, target: &Target) -> f64 {
    let rules = HasamiRules::parse(net.variant()).expect("checked when read");
    let bases: Vec<Base> = records.iter().map(|r| Base::of(rules, r)).collect();
    let (mut total, mut n) = (0.0, 0usize);
    for (r, &b) in records
        .iter()
        .zip(&bases)
        .enumerate()
        .filter(|(i, _)| held_out(*i))
        .map(|(_, x)| x)
    {
        let pos = r.position(rules);
        let out = hasami_engine::hasami::net::Accumulator::of(net, &pos).output(net, r.side);
        let p = sigmoid(k * b.scored(b.e + out) as f32);
        let t = target.of(r, k);
        total += f64::from((p - t) * (p - t));
        n += 1;
    }
    total / n.max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::record::Result3;
    use hasami_core::{HasamiPosition, HasamiRules};
    use hasami_engine::hasami::net::Accumulator;

    fn rules() -> &'static HasamiRules {
        HasamiRules::parse("mak-yek").unwrap()
    }

    /// Positions of random games whose score is the static evaluation plus what a simple rule says
    /// (100 per own piece on the side's back three ranks, less the opponent's).
    fn records(n: usize) -> Vec<Record> {
        let rules = rules();
        let mut rng = SplitMix64(3);
        let mut out = Vec::new();
        while out.len() < n {
            let mut pos = HasamiPosition::start(rules);
            for _ in 0..60 {
                let Some(mv) = pos.pick_move(|k| rng.below(k)) else {
                    break;
                };
                pos.play_unchecked(mv);
                let side = pos.side();
                let deep = |s: Side| {
                    pos.pieces(s)
                        .iter()
                        .filter(|sq| match s {
                            Side::First => sq.rank() < 3,
                            Side::Second => sq.rank() > 4,
                        })
                        .count() as i32
                };
                let extra = 100 * (deep(side) - deep(!side));
                let score = extra + SearchGame::evaluate_pressed(&pos, Press::Full);
                let result = match extra.signum() {
                    1 => Result3::Won,
                    0 => Result3::Drawn,
                    _ => Result3::Lost,
                };
                out.push(Record::new(&pos, result, score, 0));
            }
        }
        out.truncate(n);
        out
    }

    fn settings() -> TrainSettings {
        TrainSettings {
            epochs: 4,
            batch: 64,
            lr: 0.005,
            target: Target::uniform(0.0),
            k: Some(0.006),
            seed: 9,
        }
    }

    #[test]
    fn training_learns_what_the_hand_written_part_misses_and_repeats_bit_for_bit() {
        let data = records(12_000);
        let a = train(rules(), &data, &settings(), |_| {}).unwrap();
        let last = a.curve.iter().map(|e| e.test).fold(f64::MAX, f64::min);
        assert!(
            last < a.hand_test / 4.0,
            "held out {last} against {} without the network",
            a.hand_test
        );
        assert!(
            (a.integer_test - last).abs() < last * 0.2 + 1e-4,
            "integer {} float {last}",
            a.integer_test
        );
        let b = train(rules(), &data, &settings(), |_| {}).unwrap();
        assert_eq!(a.network.to_bytes(), b.network.to_bytes());
        let other = TrainSettings {
            seed: 10,
            ..settings()
        };
        let c = train(rules(), &data, &other, |_| {}).unwrap();
        assert_ne!(a.network.to_bytes(), c.network.to_bytes());
    }

    #[test]
    fn the_quiet_count_terms_of_the_search_scores_are_not_learned() {
        // Mak-yek's search fades a level position's evaluation as the quiet limit nears and takes
        // the progress term from the root's side; the network is added before those terms, so a
        // score that is only them, at every count, leaves it nothing to correct.
        let rules = rules();
        let mut rng = SplitMix64(21);
        let data: Vec<Record> = records(12_000)
            .into_iter()
            .map(|r| {
                let quiet = rng.below(u64::from(rules.options.quiet)) as u32;
                let pos = HasamiPosition::from_pieces(rules, r.pieces, r.side, quiet);
                let e = SearchGame::evaluate_pressed(&pos, Press::Full);
                let score = pos.quiet_count().map_or(e, |q| q.scored(e, true));
                Record::new(&pos, r.result, score, 0)
            })
            .collect();
        assert!(data.iter().any(|r| r.score.abs() > 50 && r.quiet > 20));
        let t = train(rules, &data, &settings(), |_| {}).unwrap();
        let net = &t.network;
        let mean = data
            .iter()
            .map(|r| {
                let pos = r.position(rules);
                f64::from(Accumulator::of(net, &pos).output(net, r.side).abs())
            })
            .sum::<f64>()
            / data.len() as f64;
        assert!(mean < 4.0, "mean correction {mean} centi-pieces");
    }

    #[test]
    fn too_little_data_is_refused() {
        let data = records(500);
        assert!(train(rules(), &data, &settings(), |_| {}).is_err());
    }

    #[test]
    fn k_is_fitted_larger_where_scores_predict_results_than_where_they_do_not() {
        let data = records(2_000);
        let fit = |data: &[Record]| {
            let samples: Vec<Sample> = data
                .iter()
                .map(|r| sample(8, r, Base::of(rules(), r), &Target::uniform(0.0), false))
                .collect();
            fit_k(&samples.iter().collect::<Vec<_>>())
        };
        let mut shuffled = data.clone();
        let results: Vec<_> = data.iter().rev().map(|r| r.result).collect();
        shuffled
            .iter_mut()
            .zip(results)
            .for_each(|(r, res)| r.result = res);
        let (k, k_random) = (fit(&data), fit(&shuffled));
        assert!(k > 2.0 * k_random, "{k} against {k_random}");
    }
}
