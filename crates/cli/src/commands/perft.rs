//! `hasami perft`.

use std::time::Instant;

use clap::Args;
use hasami_core::perft::{divide, perft};
use hasami_core::{Position, Rules};

use super::CliError;

/// Arguments of `hasami perft`.
#[derive(Args)]
pub struct PerftArgs {
    /// Variant text (RULES.md A6), e.g. hasami+max-run=1.
    #[arg(long, default_value = "hasami")]
    variant: String,
    /// Position text (RULES.md A7); default the variant's start.
    #[arg(long)]
    position: Option<String>,
    /// Print the count below each legal move.
    #[arg(long)]
    divide: bool,
    /// Plies to search.
    depth: u32,
}

/// Runs perft and prints `nodes N`, the time and nodes per second.
pub fn run(args: &PerftArgs) -> Result<(), CliError> {
    let rules =
        Rules::parse(&args.variant).map_err(|e| CliError::Usage(format!("bad --variant: {e}")))?;
    let pos = match &args.position {
        Some(text) => Position::from_text(text, rules)
            .map_err(|e| CliError::Usage(format!("bad --position: {e}")))?,
        None => Position::start(rules),
    };
    let t = Instant::now();
    let nodes = if args.divide {
        let mut total = 0;
        for (mv, n) in divide(&pos, &[pos.hash()], args.depth) {
            println!("{mv}: {n}");
            total += n;
        }
        if args.depth == 0 {
            1
        } else {
            total
        }
    } else {
        perft(&pos, args.depth)
    };
    let secs = t.elapsed().as_secs_f64();
    println!("nodes {nodes}");
    println!("time {secs:.3} s");
    println!("nps {:.0}", nodes as f64 / secs.max(1e-9));
    Ok(())
}
