//! `hasami bench`.

use std::time::Instant;

use clap::Args;
use hasami_core::{playout, HasamiPosition, Position, ShogunPosition, SplitMix64, Variant};

use super::CliError;

/// Arguments of `hasami bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// Measure random playouts of whole games instead of search.
    #[arg(long)]
    playouts: bool,
    /// Variant for `--playouts`.
    #[arg(long, default_value = "hasami")]
    variant: String,
    /// Number of games for `--playouts`.
    #[arg(long, default_value_t = 200_000)]
    games: u32,
    /// Search depth of the search benchmark (default: the fixed bench depth).
    #[arg(long)]
    depth: Option<u32>,
    /// Seed of the random moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Run the search benchmark this many times and report the median time (steadier on a busy
    /// machine); the per-position lines are from the first run.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100))]
    runs: u32,
    /// The Hasami family's evaluation at full strength, as the UGI option `LearnedEval`: `confirmed`
    /// (the default, as the engine plays: the network where it is confirmed), `true` (every shipped
    /// network; `--learned` alone) or `false` (the hand-written evaluation alone).
    #[arg(long, default_value = "confirmed", num_args = 0..=1, default_missing_value = "true")]
    learned: hasami_engine::Learned,
}

/// Runs the benchmark.
pub fn run(args: &BenchArgs) -> Result<(), CliError> {
    if !args.playouts {
        let depth = args.depth.unwrap_or(hasami_engine::bench::DEPTH);
        let mut runs = Vec::new();
        for run in 0..args.runs {
            let r = hasami_engine::bench::run(depth, args.learned, |variant, pos, nodes, took| {
                if run == 0 {
                    let nps = nodes as f64 / took.as_secs_f64().max(1e-9);
                    println!("{variant:<30} {pos:<70} {nodes:>10} {nps:>12.0} nps");
                }
            });
            runs.push(r);
        }
        let median = |key: fn(&hasami_engine::bench::BenchResult) -> f64| {
            let mut v: Vec<f64> = runs.iter().map(key).collect();
            v.sort_by(f64::total_cmp);
            (v[v.len() / 2], v[0], v[v.len() - 1])
        };
        let (r0, n) = (&runs[0], runs.len());
        let (secs, fastest, slowest) = median(|r| r.elapsed.as_secs_f64());
        println!("depth {depth}");
        println!("nodes {}", r0.nodes);
        if n > 1 {
            println!("runs {n} (fastest {fastest:.3} s, slowest {slowest:.3} s; median below)");
        }
        println!("time {secs:.3} s");
        println!("nps {:.0}", r0.nodes as f64 / secs.max(1e-9));
        let (hs, _, _) = median(|r| r.hasami_elapsed.as_secs_f64());
        println!(
            "hasami-family positions: nodes {} time {hs:.3} s nps {:.0}",
            r0.hasami_nodes,
            r0.hasami_nodes as f64 / hs.max(1e-9)
        );
        return Ok(());
    }
    match Variant::parse(&args.variant)
        .map_err(|e| CliError::Usage(format!("bad --variant: {e}")))?
    {
        Variant::Hasami(rules) => playouts(HasamiPosition::start(rules), args),
        Variant::Shogun(rules) => playouts(ShogunPosition::start(rules), args),
    }
    Ok(())
}

/// `--playouts`: random whole games from `start`, with plies and games per second.
fn playouts<P: Position>(start: P, args: &BenchArgs) {
    let mut rng = SplitMix64(args.seed);
    let mut history = Vec::with_capacity(512);
    let (mut plies, mut unfinished) = (0u64, 0u32);
    let t = Instant::now();
    for _ in 0..args.games {
        let r = playout(&start, &mut rng, 100_000, &mut history);
        plies += u64::from(r.plies);
        unfinished += u32::from(r.outcome.is_none());
    }
    let secs = t.elapsed().as_secs_f64();
    println!("variant {}", start.rules());
    println!("games {} (unfinished {unfinished})", args.games);
    println!("plies {plies}");
    println!("time {secs:.3} s");
    println!("plies/s {:.0}", plies as f64 / secs.max(1e-9));
    println!("games/s {:.0}", f64::from(args.games) / secs.max(1e-9));
}
