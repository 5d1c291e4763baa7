//! Two levels (or a level and random moves) against each other in any variant, Shogun included,
//! refereed by the rules library: the level ladder of Shogun, which `hasami match` does not play.
//!
//! `cargo run --release -p hasami-engine --example level_match -- VARIANT P1 P2 [GAMES] [MAX_PLIES]
//! [SEED] [MOVETIME_MS]` (defaults 20 games, 300 plies, seed 2026, 2000 ms). The movetime is level
//! 10's time per move; a level with a depth cap stops at its depth (the movetime or 2 s, whichever is
//! longer, as a safety limit). A
//! player is `random`, a level `N`, or `N=D/M/F/G` (level N with depth D, margin M, focus F and
//! guard G, and optionally `/S` for slip S, `-` for none, as the UGI option `LevelSettings`). Each opening (two to four random plies;
//! for Shogun also a magnet board of its own) is played twice with colours swapped. Shogun is
//! searched fairly. Prints the first player's W-L-D, its score and how the games ended.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use hasami_core::{AnyGame, Outcome, SplitMix64};
use hasami_engine::{level_for, search_any, Ladder, Level, Limits, Searcher};

#[derive(Clone, Copy)]
enum Player {
    Random,
    Level(u32, Option<Level>),
}

fn parse_player(text: &str) -> Player {
    if text == "random" {
        return Player::Random;
    }
    let (n, settings) = text.split_once('=').unwrap_or((text, ""));
    let n: u32 = n.parse().expect("a level number");
    if settings.is_empty() {
        return Player::Level(n, None);
    }
    Player::Level(
        n,
        Some(
            Ladder::Capture
                .level(1)
                .with_settings(settings)
                .expect("level settings"),
        ),
    )
}

/// Arguments of `hasami-lab levels`.
#[derive(clap::Args, Debug)]
pub struct LevelsArgs {
    /// The variant.
    #[arg(default_value = "shogun")]
    variant: String,
    /// The first player.
    #[arg(default_value = "1")]
    p1: String,
    /// The second player.
    #[arg(default_value = "random")]
    p2: String,
    /// Games.
    #[arg(default_value_t = 20)]
    games: u64,
    /// Ply cap.
    #[arg(default_value_t = 300)]
    max_plies: usize,
    /// Seed.
    #[arg(default_value_t = 2026)]
    seed: u64,
    /// Level 10's time per move (ms).
    #[arg(default_value_t = 2000)]
    movetime: u64,
}

/// Runs `hasami-lab levels`.
pub fn run(a: &LevelsArgs) {
    let variant = a.variant.as_str();
    let players = [parse_player(&a.p1), parse_player(&a.p2)];
    let (games, max_plies, seed, movetime) = (a.games, a.max_plies, a.seed, a.movetime);
    // A level with a depth cap stops at its depth (up to 2 s, as a safety limit, or the movetime if
    // longer), as it does in the app; the movetime is level 10's time.
    let capped_limits = Limits {
        movetime: Some(Duration::from_millis(movetime.max(2000))),
        ..Limits::default()
    };
    let limits = Limits {
        movetime: Some(Duration::from_millis(movetime)),
        ..Limits::default()
    };
    let searcher = Searcher::new(16, 1);
    let mut rng = SplitMix64(seed);
    let (mut w, mut l, mut d, mut capped) = (0, 0, 0, 0);
    let mut searches = 0u64;
    let mut opening = AnyGame::new(variant, None).expect("a variant");
    for i in 0..games {
        if i % 2 == 0 {
            let text = if variant == "shogun" {
                format!("shogun+seed={}", seed.wrapping_mul(1000) + i / 2)
            } else {
                variant.to_string()
            };
            loop {
                opening = AnyGame::new(&text, None).expect("a variant");
                let plies = 2 + rng.below(3);
                for _ in 0..plies {
                    let moves = opening.legal_moves();
                    if moves.is_empty() || opening.outcome().is_some() {
                        break;
                    }
                    let mv = moves[rng.below(moves.len() as u64) as usize];
                    opening.play(mv).expect("a legal move");
                }
                if opening.outcome().is_none() {
                    break;
                }
            }
        }
        // The first player has the side to move in the even games.
        let mut game = opening.clone();
        let first = game.side();
        let first_player_side = if i % 2 == 0 { first } else { !first };
        while game.outcome().is_none() && game.plies() < max_plies {
            let me = if game.side() == first_player_side {
                0
            } else {
                1
            };
            let mv = match players[me] {
                Player::Random => {
                    let moves = game.legal_moves();
                    moves[rng.below(moves.len() as u64) as usize]
                }
                Player::Level(n, settings) => {
                    let pos = game.position();
                    let mut lvl = level_for(&pos, n);
                    if let Some(settings) = settings {
                        lvl = lvl.overridden_by(settings);
                    }
                    searches += 1;
                    let history = game.hashes();
                    let s = history.last().copied().unwrap_or_default() ^ searches;
                    search_any(
                        &searcher,
                        lvl,
                        pos,
                        false,
                        &history,
                        if lvl.depth.is_some() {
                            &capped_limits
                        } else {
                            &limits
                        },
                        Arc::new(AtomicBool::new(false)),
                        s,
                        |_| {},
                    )
                    .best
                    .expect("a move")
                }
            };
            game.play(mv).expect("a legal move");
        }
        if std::env::var_os("LEVEL_MATCH_VERBOSE").is_some() {
            eprintln!(
                "game {i}: {} plies, {} | {}",
                game.plies(),
                game.outcome_words().unwrap_or_else(|| "ply cap".into()),
                game.position_text()
            );
        }
        match game.outcome() {
            Some(Outcome::Win { winner, .. }) if winner == first_player_side => w += 1,
            Some(Outcome::Win { .. }) => l += 1,
            Some(Outcome::Draw(_)) => d += 1,
            None => {
                d += 1;
                capped += 1;
            }
        }
    }
    let n = (w + l + d) as f64;
    println!(
        "{variant} {} vs {}: {w} - {l} - {d} [{:.3}] {} games | {capped} at the ply cap ({max_plies} plies)",
        a.p1,
        a.p2,
        (f64::from(w) + f64::from(d) / 2.0) / n,
        w + l + d
    );
}
