//! Shogun floor check (issue 5): the engine at full strength, playing fair (chance nodes), against a
//! 1-ply material-greedy player, refereed by the rules library.
//!
//! `cargo run --release -p hasami-engine --example shogun_vs_greedy -- [GAMES] [MOVETIME_MS]`
//! (defaults 20 games, 200 ms). SearchGame i uses the magnet board of seed 1000 + i/2 with two random opening
//! plies; the engine has White in the even games. Prints each result and the engine's score.

use std::time::Duration;

use hasami_core::SplitMix64;
use hasami_core::{Move, Outcome, Side};
use hasami_core::{ShogunGame, ShogunPosition, ShogunRules};
use hasami_engine::shogun::Fair;
use hasami_engine::{Limits, SearchRequest, Searcher};

/// Material after the move (own pieces − enemy pieces), a win above all; ties broken at random.
fn greedy(pos: &ShogunPosition, rng: &mut SplitMix64) -> Move {
    let me = pos.side();
    let mut best = (i64::MIN, Vec::new());
    for mv in pos.moves() {
        let mut child = *pos;
        child.play_unchecked(mv);
        let score = match child.status() {
            Some(Outcome::Win { winner, .. }) if winner == me => 1_000,
            Some(Outcome::Win { .. }) => -1_000,
            _ => i64::from(child.piece_count(me)) - i64::from(child.piece_count(!me)),
        };
        if score > best.0 {
            best = (score, vec![mv]);
        } else if score == best.0 {
            best.1.push(mv);
        }
    }
    best.1[rng.below(best.1.len() as u64) as usize]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let movetime: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(200);
    let mut rng = SplitMix64(2026);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for i in 0..games {
        let rules = ShogunRules::parse(&format!("shogun+seed={}", 1000 + i / 2)).unwrap();
        let mut game = ShogunGame::new(rules);
        for _ in 0..2 {
            let mv = game.position().pick_move(|k| rng.below(k)).unwrap();
            game.play(mv).unwrap();
        }
        let engine_side = if i % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        let searcher = Searcher::new(32, 1);
        while game.outcome().is_none() && game.played().len() < 300 {
            let pos = *game.position();
            let mv = if pos.side() == engine_side {
                let out = searcher.search(
                    &SearchRequest::new(Fair(pos), game.hashes()).limits(Limits {
                        movetime: Some(Duration::from_millis(movetime)),
                        ..Limits::default()
                    }),
                    |_| {},
                );
                out.best.expect("a legal move")
            } else {
                greedy(&pos, &mut rng)
            };
            game.play(mv).expect("legal");
        }
        let result = match game.outcome() {
            Some(Outcome::Win { winner, .. }) if winner == engine_side => {
                wins += 1;
                "engine wins"
            }
            Some(Outcome::Win { .. }) => {
                losses += 1;
                "greedy wins"
            }
            _ => {
                draws += 1;
                "draw"
            }
        };
        println!(
            "game {i}: engine {}, {} plies, {result}: {}",
            hasami_core::shogun::side_name(engine_side),
            game.played().len(),
            game.outcome()
                .map_or("ply cap".to_string(), hasami_core::shogun::describe)
        );
    }
    let score = (f64::from(wins) + 0.5 * f64::from(draws)) / games as f64;
    println!(
        "engine vs greedy:1, {games} games at {movetime} ms: {wins} - {losses} - {draws} [{:.1}%]",
        100.0 * score
    );
}
