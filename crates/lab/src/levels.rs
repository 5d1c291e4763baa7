//! `hasami-lab levels`: two levels (or a level and a random or greedy player) against each other in
//! any variant, Shogun included — the level ladder in the short form it has always been run with:
//!
//! `hasami-lab levels VARIANT P1 P2 [GAMES] [MAX_PLIES] [SEED] [MOVETIME_MS]` (defaults shogun, 1,
//! random, 20 games, 300 plies, seed 2026, 2000 ms).
//!
//! A player is `random`, `greedy` or `greedy:N`, a level `N`, or `N=D/M/F/G[/S]` (level N with the
//! UGI option `LevelSettings` D/M/F/G/S: depth, margin, focus, guard and slip, `-` for none). The
//! games are those of `hasami-lab match` (the same referee, openings, engines and report): each
//! opening is played twice with colours swapped, every player has MOVETIME_MS per move (a level with
//! a depth cap stops at its depth within it), and Shogun is searched fairly, each opening on a magnet
//! board of its own (`--boards`) unless the variant text names a `seed=`.

use clap::{Args, Parser};

use crate::matches::{self, MatchArgs};
use crate::CliError;

/// Arguments of `hasami-lab levels`.
#[derive(Args, Debug)]
pub struct LevelsArgs {
    /// The variant of either family, e.g. shogun, hasami, dai-hasami.
    #[arg(default_value = "shogun")]
    variant: String,
    /// The first player: random, greedy[:N], a level N, or N=D/M/F/G[/S] (a level with settings).
    #[arg(default_value = "1")]
    p1: String,
    /// The second player, as P1. Scores and Elo are the first player's.
    #[arg(default_value = "random")]
    p2: String,
    /// Number of games.
    #[arg(default_value_t = 20)]
    games: u32,
    /// Plies after which a game is adjudicated a draw (opening plies count).
    #[arg(default_value_t = 300)]
    max_plies: u32,
    /// Seed of the openings and the built-in players.
    #[arg(default_value_t = 2026)]
    seed: u64,
    /// Time per move in milliseconds.
    #[arg(default_value_t = 2000)]
    movetime: u64,
    /// Games played at the same time.
    #[arg(long, value_name = "N", default_value_t = 1)]
    concurrency: u32,
    /// Write every game as DIR/game-0001.hrec and so on.
    #[arg(long, value_name = "DIR")]
    records: Option<String>,
    /// Print a line for every finished game.
    #[arg(long)]
    verbose: bool,
}

/// The `hasami-lab match` player spec of a `levels` player.
fn spec(text: &str) -> Result<String, CliError> {
    let text = text.trim();
    if text == "random" || text == "greedy" || text.starts_with("greedy:") {
        return Ok(text.to_string());
    }
    let (level, settings) = text.split_once('=').unwrap_or((text, ""));
    if level.parse::<u32>().is_err() {
        return Err(CliError::Usage(format!(
            "bad player '{text}': random, greedy[:N], a level N or N=D/M/F/G[/S]"
        )));
    }
    Ok(if settings.is_empty() {
        format!("level:{level}")
    } else {
        format!("level:{level},LevelSettings={settings}")
    })
}

/// `hasami-lab match`'s arguments, read as its command line is.
#[derive(Parser)]
struct AsMatch {
    #[command(flatten)]
    args: MatchArgs,
}

/// Runs `hasami-lab levels` as the match it stands for.
pub fn run(a: &LevelsArgs) -> Result<(), CliError> {
    let mut argv = vec![
        "levels".to_string(),
        "--variant".into(),
        a.variant.clone(),
        "--player1".into(),
        spec(&a.p1)?,
        "--player2".into(),
        spec(&a.p2)?,
        "--games".into(),
        a.games.to_string(),
        "--max-plies".into(),
        a.max_plies.to_string(),
        "--seed".into(),
        a.seed.to_string(),
        "--movetime".into(),
        a.movetime.to_string(),
        "--concurrency".into(),
        a.concurrency.to_string(),
    ];
    if let Some(dir) = &a.records {
        argv.extend(["--records".into(), dir.clone()]);
    }
    if a.verbose {
        argv.push("--verbose".into());
    }
    // Shogun's ladder is measured over many magnet boards: each opening on one of its own, unless
    // the variant text names its board.
    if a.variant.trim().to_ascii_lowercase().starts_with("shogun") && !a.variant.contains("seed=") {
        argv.push("--boards".into());
    }
    let m = AsMatch::try_parse_from(argv).map_err(|e| CliError::Usage(e.to_string()))?;
    matches::run(&m.args)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_become_match_specs() {
        assert_eq!(spec("random").unwrap(), "random");
        assert_eq!(spec("greedy:2").unwrap(), "greedy:2");
        assert_eq!(spec("7").unwrap(), "level:7");
        assert_eq!(
            spec("9=6/60/3/2").unwrap(),
            "level:9,LevelSettings=6/60/3/2"
        );
        assert!(spec("strong").is_err());
    }
}
