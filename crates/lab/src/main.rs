//! `hasami-lab`: the measurements of the engine, beside the `hasami` product (docs/match.md).
//!
//! - `matches/`: `hasami-lab match`, the one referee (one game, checked move by move), the players
//!   (built-in random and greedy, UGI engines), openings, Elo and SPRT.
//! - `convert/`: `hasami-lab convert`, the conversion suite.
//! - `levels.rs`: `hasami-lab levels`, a level ladder in any variant (a match in short form).
//! - `tune/`: `hasami-lab tune`, self-play data, texel tuning and weight matches.
//! - `puzzles/`: `hasami-lab puzzles`, engine-proven puzzles (generate and verify).
//! - `nnue/`: `hasami-lab nnue`, the learned evaluation's data and trainer (docs/eval.md).
//! - `eval_cost.rs`: `hasami-lab eval-cost`, the evaluation's cost.

// The doc comments of the command line's arguments are its `--help` text, written for a terminal
// (`greedy[:N]`), not links for rustdoc.
#![allow(rustdoc::broken_intra_doc_links)]

pub(crate) mod convert;
mod eval_cost;
mod levels;
mod matches;
mod nnue;
mod puzzles;
mod text_file;
mod tune;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use thiserror::Error;

/// Measurements of the Hasami engine: matches, the conversion suite, level ladders, weight tuning.
#[derive(Parser)]
#[command(name = "hasami-lab", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play two players (levels, settings, UGI engines) against each other; report score and Elo.
    Match(matches::MatchArgs),
    /// The conversion suite: `generate` collects won positions, `run` plays them out.
    Convert(convert::ConvertArgs),
    /// A level ladder in any variant, Shogun included: two levels, or a level and random or greedy.
    Levels(levels::LevelsArgs),
    /// Self-play data, texel tuning, matches between weight sets and evaluation timing.
    Tune(tune::TuneArgs),
    /// Engine-proven puzzles: `generate` from self-play, `verify` a puzzle file again.
    Puzzles(puzzles::PuzzlesArgs),
    /// The learned evaluation: self-play data (`gen`), training (`train`), checks of a network.
    Nnue(nnue::NnueArgs),
    /// Times the evaluation of the Hasami family and its mobility part.
    EvalCost(eval_cost::EvalCostArgs),
    /// The engine this program's `level:N` players run (the UGI protocol, as `hasami ugi`).
    #[command(hide = true)]
    Ugi,
}

/// What a command can fail with.
#[derive(Debug, Error)]
pub enum CliError {
    /// Bad arguments: exit status 2.
    #[error("{0}")]
    Usage(String),
    /// Reading or writing failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// Any other failure: exit status 1.
    #[error("{0}")]
    Failed(String),
}

impl CliError {
    /// The process exit status.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) => 2,
            CliError::Io(_) | CliError::Failed(_) => 1,
        }
    }
}

/// Restores the system's default for a write to a closed pipe (the process ends, as `cat` would),
/// for the commands that only write a report, as in `hasami-lab convert compare … | head`. Not for
/// `match` (a finished engine's closed input must be an error, not the runner's end) or `ugi`.
fn end_quietly_when_the_reader_leaves() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to the default, before any thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if matches!(cli.command, Command::Convert(_) | Command::EvalCost(_)) {
        end_quietly_when_the_reader_leaves();
    }
    let result = match cli.command {
        Command::Match(args) => matches::run(&args),
        Command::Convert(args) => convert::run(&args),
        Command::Levels(args) => levels::run(&args),
        Command::Tune(args) => tune::run(args).map_err(CliError::Failed),
        Command::EvalCost(args) => eval_cost::run(&args),
        Command::Nnue(args) => nnue::run(&args),
        Command::Puzzles(args) => puzzles::run(&args),
        Command::Ugi => hasami_engine::ugi::run(std::io::stdin().lock(), std::io::stdout())
            .map_err(CliError::Io),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hasami-lab: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
