//! `hasami-lab tune`: self-play data (`gen`), texel tuning (`tune`), matches between weight sets
//! (`match`) and evaluation timing (`speed`). See docs/tuning.md.

mod data;
mod play;
mod speed;
mod tuner;

use std::collections::HashMap;
use std::fs;
use std::io::Write;
use std::time::Instant;

use clap::{Args, Subcommand};
use hasami_core::HasamiRules;
use hasami_engine::hasami::{feature, Goal, Weights, FEATURES, N_FEATURES};

use crate::matches::elo::elo_words;
pub use play::is_quiet;
use play::Settings;

/// Arguments of `hasami-lab tune`.
#[derive(Args)]
pub struct TuneArgs {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Self-play games with the built-in weights; writes quiet positions with the game result.
    Gen {
        /// Variant text, e.g. `hasami` or `dai-hasami`.
        #[arg(long)]
        variant: String,
        /// Number of games.
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// Search depth per move.
        #[arg(long, default_value_t = 3)]
        depth: u32,
        /// Output file (`variant|position|result` lines).
        #[arg(long)]
        out: String,
        /// Random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Random plies of the opening (between half of it and it).
        #[arg(long, default_value_t = 8)]
        random_plies: u64,
        /// Longest game in plies.
        #[arg(long, default_value_t = 400)]
        max_plies: u32,
    },
    /// Texel tuning of the weights of each family found in the data.
    Tune {
        /// Data files written by `gen`.
        #[arg(long, num_args = 1.., required = true)]
        data: Vec<String>,
        /// Where to write the tuned weights (`family feature value` lines).
        #[arg(long)]
        out: String,
        /// Start from these weights instead of the built-in ones.
        #[arg(long)]
        init: Option<String>,
        /// First step of the coordinate descent.
        #[arg(long, default_value_t = 8)]
        step: i32,
    },
    /// Plays weights A against weights B from random openings, each opening with both colours.
    Match {
        /// Variant text.
        #[arg(long)]
        variant: String,
        /// Weights of A: `builtin` or a file written by `tune`.
        #[arg(long)]
        a: String,
        /// Weights of B: `builtin` or a file written by `tune`.
        #[arg(long, default_value = "builtin")]
        b: String,
        /// Pairs of games (each opening played twice).
        #[arg(long, default_value_t = 100)]
        pairs: u64,
        /// Search depth per move.
        #[arg(long, default_value_t = 3)]
        depth: u32,
        /// Random seed (use another one than the data's).
        #[arg(long, default_value_t = 99)]
        seed: u64,
        /// Random plies of the opening (between half of it and it).
        #[arg(long, default_value_t = 8)]
        random_plies: u64,
        /// Longest game in plies.
        #[arg(long, default_value_t = 400)]
        max_plies: u32,
    },
    /// Times the evaluation on positions from random games of every preset.
    Speed {
        /// Random games per preset.
        #[arg(long, default_value_t = 20)]
        games: u32,
        /// Passes over the positions.
        #[arg(long, default_value_t = 50)]
        reps: u32,
    },
}

/// Weights read from a file: `family feature value` lines over the built-in weights.
fn read_weights(path: &str) -> Result<HashMap<Goal, Weights>, String> {
    let mut out: HashMap<Goal, Weights> = Goal::ALL.iter().map(|&f| (f, *Weights::of(f))).collect();
    if path == "builtin" {
        return Ok(out);
    }
    let text = fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |msg: String| format!("{path}:{}: {msg}", i + 1);
        let parts: Vec<&str> = line.split_whitespace().collect();
        let [fam, name, value] = parts[..] else {
            return Err(at("expected `family feature value`".into()));
        };
        let fam = Goal::from_name(fam).ok_or_else(|| {
            at(format!(
                "unknown family {fam:?} (capture, five, agon, intervention)"
            ))
        })?;
        let j = FEATURES
            .iter()
            .position(|&n| n == name)
            .ok_or_else(|| at(format!("unknown feature {name:?}")))?;
        let v: i32 = value
            .parse()
            .map_err(|_| at(format!("bad value {value:?}")))?;
        out.get_mut(&fam).expect("every family").w[j] = v;
    }
    Ok(out)
}

/// The weights as Rust source for `eval.rs`.
fn rust_source(family: Goal, w: &Weights) -> String {
    let mut s = format!(
        "    pub const {}: Weights = Weights {{\n        w: [\n",
        family.name().to_uppercase()
    );
    for (j, v) in w.w.iter().enumerate() {
        s += &format!("            {v}, // {}\n", FEATURES[j]);
    }
    s + "        ],\n    };\n"
}

/// Features the tuner leaves alone: terms that never occur in quiet positions (a capture or five at
/// once), the rare double threat, and material outside the five-only family (it fixes the scale:
/// 100 = one piece).
fn tunable(family: Goal) -> [bool; N_FEATURES] {
    let mut t = [true; N_FEATURES];
    t[feature::FIVE_NEXT] = false;
    t[feature::DOUBLE_THREAT] = false;
    t[feature::CAPTURE_READY] = false;
    if family != Goal::Five {
        t[feature::MATERIAL] = false;
    }
    t
}

/// Runs `hasami-lab tune`.
pub fn run(args: TuneArgs) -> Result<(), String> {
    match args.command {
        Command::Gen {
            variant,
            games,
            depth,
            out,
            seed,
            random_plies,
            max_plies,
        } => {
            let s = Settings {
                variant,
                depth,
                random_plies: random_plies.max(1),
                max_plies,
                seed,
            };
            let start = Instant::now();
            let (text, count) = play::generate(&s, games, |g, n| {
                if g.is_multiple_of(50) {
                    eprintln!(
                        "{g} games, {n} positions, {:.0} s",
                        start.elapsed().as_secs_f64()
                    );
                }
            })?;
            let mut f = fs::File::create(&out).map_err(|e| format!("{out}: {e}"))?;
            f.write_all(text.as_bytes())
                .map_err(|e| format!("{out}: {e}"))?;
            println!(
                "{games} games of {} at depth {depth}: {count} positions in {:.1} s -> {out}",
                s.variant,
                start.elapsed().as_secs_f64()
            );
            Ok(())
        }
        Command::Tune {
            data,
            out,
            init,
            step,
        } => {
            let start = Instant::now();
            let samples = data::load(&data)?;
            let init = read_weights(init.as_deref().unwrap_or("builtin"))?;
            let mut file = String::from("# hasami-lab tune weights: family feature value\n");
            for family in Goal::ALL {
                let all: Vec<&data::Sample> =
                    samples.iter().filter(|s| s.family == family).collect();
                if all.is_empty() {
                    continue;
                }
                // Every 10th sample is held out to check that the fit generalises.
                let (test, train): (Vec<_>, Vec<_>) =
                    all.iter().enumerate().partition(|(i, _)| i % 10 == 9);
                let train: Vec<&data::Sample> = train.into_iter().map(|(_, s)| *s).collect();
                let test: Vec<&data::Sample> = test.into_iter().map(|(_, s)| *s).collect();
                let train_set = tuner::Set::new(&train);
                let test_set = tuner::Set::new(&test);
                let w0 = init[&family];
                let r = tuner::tune(&train_set, &w0, &tunable(family), step);
                let test_before = test_set.loss(&test_set.evals(&w0), r.k);
                let test_after = test_set.loss(&test_set.evals(&r.weights), r.k);
                println!(
                    "family {}: {} positions ({} train, {} test), K = {:.6}",
                    family.name(),
                    all.len(),
                    train.len(),
                    test.len(),
                    r.k
                );
                println!(
                    "  train loss {:.6} -> {:.6}, test loss {:.6} -> {:.6}, {} passes",
                    r.before, r.after, test_before, test_after, r.passes
                );
                print!("{}", rust_source(family, &r.weights));
                for (j, v) in r.weights.w.iter().enumerate() {
                    file += &format!("{} {} {v}\n", family.name(), FEATURES[j]);
                }
            }
            fs::write(&out, file).map_err(|e| format!("{out}: {e}"))?;
            println!(
                "{} positions tuned in {:.1} s -> {out}",
                samples.len(),
                start.elapsed().as_secs_f64()
            );
            Ok(())
        }
        Command::Match {
            variant,
            a,
            b,
            pairs,
            depth,
            seed,
            random_plies,
            max_plies,
        } => {
            let rules = HasamiRules::parse(&variant).map_err(|e| e.to_string())?;
            let family = Goal::of(rules);
            let wa: &'static Weights = Box::leak(Box::new(read_weights(&a)?[&family]));
            let wb: &'static Weights = Box::leak(Box::new(read_weights(&b)?[&family]));
            let s = Settings {
                variant,
                depth,
                random_plies: random_plies.max(1),
                max_plies,
                seed,
            };
            let start = Instant::now();
            let score = play::play_match(&s, pairs, wa, wb, |sc| {
                let n = sc.games();
                if n.is_multiple_of(20) {
                    eprintln!("{n} games: +{} ={} -{}", sc.wins, sc.draws, sc.losses);
                }
            })?;
            println!(
                "{} depth {depth}, {} games: A {a} vs B {b}: +{} ={} -{} score {:.1}% ({}) in {:.0} s",
                s.variant,
                score.games(),
                score.wins,
                score.draws,
                score.losses,
                100.0 * score.score().unwrap_or(0.5),
                elo_words(&score),
                start.elapsed().as_secs_f64()
            );
            Ok(())
        }
        Command::Speed { games, reps } => {
            let pos = speed::positions(games, 1);
            let (calls, sum, secs) = speed::run(&pos, reps);
            println!(
                "positions {} calls {calls} checksum {sum} time {secs:.3} s ns/call {:.1}",
                pos.len(),
                secs * 1e9 / calls.max(1) as f64
            );
            Ok(())
        }
    }
}
