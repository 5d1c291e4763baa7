//! `speed`: calls the evaluation on a fixed, deterministic set of positions (for timing and callgrind).

use std::hint::black_box;
use std::time::Instant;

use hasami_core::{random_game, SplitMix64};
use hasami_core::{HasamiPosition, HasamiRules, Preset};
use hasami_engine::SearchGame;

/// Positions from random games of every preset: every ply of `games` games per preset.
pub fn positions(games: u32, seed: u64) -> Vec<HasamiPosition> {
    let mut rng = SplitMix64(seed);
    let mut out = Vec::new();
    for preset in Preset::ALL {
        let start = HasamiPosition::start(HasamiRules::parse(preset.name()).expect("preset"));
        for _ in 0..games {
            out.extend(random_game(&start, &mut rng, 200));
        }
    }
    out
}

/// Evaluates every position `reps` times; returns (calls, checksum, seconds).
pub fn run(positions: &[HasamiPosition], reps: u32) -> (u64, i64, f64) {
    let start = Instant::now();
    let mut sum = 0i64;
    for _ in 0..reps {
        for p in positions {
            sum = sum.wrapping_add(i64::from(black_box(p).evaluate()));
        }
    }
    (
        u64::from(reps) * positions.len() as u64,
        sum,
        start.elapsed().as_secs_f64(),
    )
}
