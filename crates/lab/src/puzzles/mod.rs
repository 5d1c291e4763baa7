//! `hasami-lab puzzles`: engine-proven puzzles (docs/learn.md). `generate` plays self-play games
//! between weak levels and keeps the positions where the side to move forces a gain of material or
//! the game with only one move at each of its turns (generate.rs); `verify` proves a puzzle file
//! again (verify.rs). The proof is proof.rs, the puzzle made from it solve.rs, what each family adds
//! family.rs; the file format is `hasami_core::puzzle`.

use clap::{Args, Subcommand};
use hasami_core::{AnyPosition, Move};
use hasami_engine::Searcher;

use super::CliError;

mod family;
mod generate;
mod proof;
mod solve;
mod verify;

/// Arguments of `hasami-lab puzzles`.
#[derive(Args)]
pub struct PuzzlesArgs {
    #[command(subcommand)]
    command: PuzzlesCommand,
}

#[derive(Subcommand)]
enum PuzzlesCommand {
    /// Write a puzzle file: positions from self-play whose forced result has a single solution.
    Generate(generate::GenerateArgs),
    /// Prove every puzzle of puzzle files again (or a sample of each).
    Verify(verify::VerifyArgs),
}

/// Runs `hasami-lab puzzles`.
pub fn run(args: &PuzzlesArgs) -> Result<(), CliError> {
    match &args.command {
        PuzzlesCommand::Generate(a) => generate::generate(a),
        PuzzlesCommand::Verify(a) => verify::verify(a),
    }
}

/// The puzzle at a position of either family.
fn solve_any(
    pos: &AnyPosition,
    max_moves: u32,
    limit: u64,
    searcher: &Searcher,
) -> Result<solve::Solved, solve::Reject> {
    match pos {
        AnyPosition::Hasami(p) => solve::solve(p, max_moves, limit, searcher),
        AnyPosition::Shogun(p) => solve::solve(p, max_moves, limit, searcher),
    }
}

/// A stored line proved again from a position of either family.
fn check_any(
    pos: &AnyPosition,
    line: &[Move],
    themes: &[hasami_core::puzzle::Theme],
    limit: u64,
) -> Result<u64, String> {
    match pos {
        AnyPosition::Hasami(p) => solve::check(p, line, themes, limit),
        AnyPosition::Shogun(p) => solve::check(p, line, themes, limit),
    }
}
