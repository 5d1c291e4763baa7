//! `hasami-lab convert generate`: positions where one side leads by `--lead` pieces or more, taken from
//! games between weak levels (docs/conversion.md).

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use hasami_core::{AnyGame, Side, SplitMix64};
use hasami_engine::{level_for, Limits, SearchRequest, Searcher};

use super::suite::write_suite;
use super::{ahead, new_game, CliError};

/// Arguments of `hasami-lab convert generate`.
#[derive(Args)]
pub(super) struct GenerateArgs {
    /// The variant (a Hasami-family preset or variant text; not Shogun).
    #[arg(long)]
    variant: String,
    /// Positions to collect (one per game).
    #[arg(long, default_value_t = 200)]
    count: usize,
    /// The smallest lead in pieces.
    #[arg(long, default_value_t = 2)]
    lead: usize,
    /// Seed of the openings and the levels' choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the suite here (standard output if left out).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// One move of `level` with a depth-capped search (the weak levels stop at their depth).
fn level_move(
    searcher: &Searcher,
    game: &AnyGame,
    level: u32,
    seed: u64,
) -> Option<hasami_core::Move> {
    let pos = game.position();
    let limits = Limits {
        movetime: Some(Duration::from_secs(2)),
        ..Limits::default()
    };
    searcher
        .search(
            &SearchRequest::new(pos, game.hashes())
                .level(level_for(&pos, level))
                .limits(limits)
                .seed(seed),
            |_| {},
        )
        .best
}

pub(super) fn generate(args: &GenerateArgs) -> Result<(), CliError> {
    let start = new_game(&args.variant, None)?;
    let variant = start.variant().to_string();
    let searcher = Searcher::new(16, 1);
    let mut rng = SplitMix64(args.seed);
    let mut seen = std::collections::HashSet::new();
    let mut lines = Vec::new();
    let mut games = 0u64;
    while lines.len() < args.count {
        games += 1;
        if games > args.count as u64 * 50 {
            return Err(CliError::Usage(format!(
                "only {} positions with a lead of {} in {} games",
                lines.len(),
                args.lead,
                games - 1
            )));
        }
        // Weak levels leave pieces; which two play varies with the game, so the leads come from
        // different kinds of mistakes.
        let levels = [1 + rng.below(4) as u32, 1 + rng.below(4) as u32];
        let mut game = start.clone();
        for _ in 0..2 + rng.below(3) {
            let moves = game.legal_moves();
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            game.play(moves[rng.below(moves.len() as u64) as usize])
                .map_err(|e| CliError::Usage(e.to_string()))?;
        }
        // Play on until a capture gives a side the lead, then a few plies more (0–3, so the side
        // to move varies), keeping the position only if the lead holds and the game is not over.
        let extra = rng.below(4);
        let mut found: Option<u64> = None;
        while game.outcome().is_none() && game.plies() < 400 {
            if let Some(left) = found {
                if left == 0 {
                    break;
                }
                found = Some(left - 1);
            }
            let who = if game.side() == Side::First { 0 } else { 1 };
            let Some(mv) = level_move(&searcher, &game, levels[who], rng.next()) else {
                break;
            };
            let captured = game.play(mv).map_err(|e| CliError::Usage(e.to_string()))?;
            if found.is_none()
                && !captured.is_empty()
                && ahead(&game.position(), args.lead).is_some()
            {
                found = Some(extra);
            }
        }
        if found.is_none() || game.outcome().is_some() {
            continue;
        }
        if ahead(&game.position(), args.lead).is_none() {
            continue;
        }
        let text = game.position_text();
        if seen.insert(text.clone()) {
            lines.push(text);
        }
    }
    let about = format!(
        "{} positions where one side leads by {} or more pieces,\n\
         # from games between levels 1-4 (hasami-lab convert generate --variant {} --count {} --lead {} --seed {}).",
        lines.len(),
        args.lead,
        args.variant,
        args.count,
        args.lead,
        args.seed
    );
    write_suite(&variant, &about, &lines, args.out.as_deref())
}
