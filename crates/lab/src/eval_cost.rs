//! Times the search's evaluation of the Hasami family on positions from random games, and apart
//! from it both sides' mobility (the landing squares of every piece), its largest part: `cargo run
//! --release -p hasami-engine --example eval_cost -- [VARIANT] [REPEATS]`. Under `valgrind
//! --tool=callgrind` the functions `evaluate_builtin_pressed` and `eval_cost::mobility` give the
//! instructions of each (docs/bench.md).
use std::hint::black_box;
use std::time::Instant;

use hasami_core::{random_game, HasamiPosition, HasamiRules, SplitMix64};
use hasami_engine::{Press, SearchGame};

/// Positions gathered from random games.
const POSITIONS: usize = 20_000;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let variant = args.get(1).map_or("hasami", String::as_str);
    let repeats: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20);
    let rules = HasamiRules::parse(variant).unwrap_or_else(|e| {
        eprintln!("eval_cost: {variant}: {e}");
        std::process::exit(2);
    });
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
}

/// Both sides' move counts and landing squares, as the evaluation finds them.
#[inline(never)]
fn mobility(p: &HasamiPosition) -> i64 {
    let (mine, my_reach) = p.mobility_of(p.side());
    let (theirs, their_reach) = p.mobility_of(!p.side());
    i64::from(mine) - i64::from(theirs) + i64::from((my_reach.0 ^ their_reach.0).count_ones())
}
