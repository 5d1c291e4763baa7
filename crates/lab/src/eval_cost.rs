//! `hasami-lab eval-cost`: times the search's evaluation of the Hasami family on positions from
//! random games, and apart from it both sides' mobility (the landing squares of every piece), its
//! largest part: `hasami-lab eval-cost [VARIANT] [REPEATS]`. Under `valgrind --tool=callgrind` the
//! functions `evaluate_builtin_pressed` and `eval_cost::mobility` give the instructions of each
//! (docs/bench.md).
use std::hint::black_box;
use std::time::Instant;

use hasami_core::{random_game, HasamiPosition, HasamiRules, SplitMix64};
use hasami_engine::{Press, SearchGame};

use crate::CliError;

/// Positions gathered from random games.
const POSITIONS: usize = 20_000;

/// Arguments of `hasami-lab eval-cost`.
#[derive(clap::Args, Debug)]
pub struct EvalCostArgs {
    /// A variant of the Hasami family.
    #[arg(default_value = "hasami")]
    variant: String,
    /// Passes over the positions.
    #[arg(default_value_t = 20)]
    repeats: usize,
}

/// Runs `hasami-lab eval-cost`.
pub fn run(args: &EvalCostArgs) -> Result<(), CliError> {
    let (variant, repeats) = (args.variant.as_str(), args.repeats);
    let rules =
        HasamiRules::parse(variant).map_err(|e| CliError::Usage(format!("{variant}: {e}")))?;
    let mut rng = SplitMix64(11);
    let mut positions = Vec::with_capacity(POSITIONS);
    let start = HasamiPosition::start(rules);
    while positions.len() < POSITIONS {
        positions.extend(random_game(&start, &mut rng, 150));
    }
    let calls = (repeats * positions.len()) as f64;
    let mut sum = 0i64;
    let start = Instant::now();
    for _ in 0..repeats {
        for p in &positions {
            sum += i64::from(black_box(p).evaluate_pressed(Press::Full));
        }
    }
    let eval = start.elapsed().as_nanos() as f64 / calls;
    let start = Instant::now();
    for _ in 0..repeats {
        for p in &positions {
            sum += mobility(black_box(p));
        }
    }
    let moves = start.elapsed().as_nanos() as f64 / calls;
    println!(
        "{variant}: {} positions × {repeats}: evaluation {eval:.1} ns, both sides' mobility {moves:.1} ns (checksum {sum})",
        positions.len()
    );
    Ok(())
}

/// Both sides' move counts and landing squares, as the evaluation finds them.
#[inline(never)]
fn mobility(p: &HasamiPosition) -> i64 {
    let (mine, my_reach) = p.mobility_of(p.side());
    let (theirs, their_reach) = p.mobility_of(!p.side());
    i64::from(mine) - i64::from(theirs) + i64::from((my_reach.0 ^ their_reach.0).count_ones())
}
