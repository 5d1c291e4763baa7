//! `hasami perft`.

use std::time::Instant;

use clap::Args;
use hasami_core::{divide, perft, HasamiPosition, Move, Position, ShogunPosition, Variant};

use super::CliError;

/// Arguments of `hasami perft`.
#[derive(Args)]
pub struct PerftArgs {
    /// Variant text (RULES.md A6 / S9), e.g. hasami+max-run=1 or shogun+seed=42.
    #[arg(long, default_value = "hasami")]
    variant: String,
    /// Position text (RULES.md A7 / S8); default the variant's start.
    #[arg(long)]
    position: Option<String>,
    /// Print the count below each legal move.
    #[arg(long)]
    divide: bool,
    /// Plies to search, up to 64 (as `go perft` in `hasami ugi`; deeper would never finish, and a
    /// variant without game ends would recurse that deep).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=64))]
    depth: u32,
}

/// Runs perft and prints `nodes N`, the time and nodes per second.
pub fn run(args: &PerftArgs) -> Result<(), CliError> {
    let variant = Variant::parse(&args.variant)
        .map_err(|e| CliError::Usage(format!("bad --variant: {e}")))?;
    let t = Instant::now();
    let nodes = match variant {
        Variant::Hasami(rules) => count::<HasamiPosition>(rules, args)?,
        Variant::Shogun(rules) => count::<ShogunPosition>(rules, args)?,
    };
    let secs = t.elapsed().as_secs_f64();
    println!("nodes {nodes}");
    println!("time {secs:.3} s");
    println!("nps {:.0}", nodes as f64 / secs.max(1e-9));
    Ok(())
}

/// Perft (or divide) of `--position` or the start of `rules`, in either family.
fn count<P: Position>(rules: &'static P::Rules, args: &PerftArgs) -> Result<u64, CliError> {
    let pos = match &args.position {
        Some(text) => P::from_text(text, rules)
            .map_err(|e| CliError::Usage(format!("bad --position: {e}")))?,
        None => P::start(rules),
    };
    Ok(if args.divide {
        print_divide(divide(&pos, &[pos.hash()], args.depth), args.depth)
    } else {
        perft(&pos, args.depth)
    })
}

/// Prints `<move>: <count>` lines and returns the total.
fn print_divide(counts: Vec<(Move, u64)>, depth: u32) -> u64 {
    let mut total = 0;
    for (mv, n) in counts {
        println!("{mv}: {n}");
        total += n;
    }
    if depth == 0 {
        1
    } else {
        total
    }
}
