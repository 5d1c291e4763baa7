//! `hasami-lab convert`: the conversion suite (docs/conversion.md). `generate` collects
//! positions where one side leads by two pieces or more from games between weak levels
//! (generate.rs); `run` plays each of them out between two engines at a level and counts how many
//! the side ahead wins (run.rs); `compare` sets two runs side by side (compare.rs). The suite
//! file's format is in suite.rs.

use clap::{Args, Subcommand};
use hasami_core::{AnyGame, AnyPosition, Side};

use super::CliError;

mod compare;
mod generate;
mod run;
pub(crate) mod suite;

/// How a position ended for the side ahead, as `run --verbose` writes it at the start of its line
/// and `compare` reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    /// Converted: the side ahead won.
    Won,
    /// Drawn (the quiet limit, a repetition), or not over at `--max-plies`.
    Drawn,
    /// The side behind won.
    Lost,
}

impl Verdict {
    /// Every verdict, for reading a word back.
    const ALL: [Verdict; 3] = [Verdict::Won, Verdict::Drawn, Verdict::Lost];

    /// The word of a `--verbose` line (the draws and losses in capitals, to stand out in a log).
    fn word(self) -> &'static str {
        match self {
            Verdict::Won => "won",
            Verdict::Drawn => "DRAW",
            Verdict::Lost => "LOST",
        }
    }

    /// The verdict a `--verbose` line's word names, if any.
    fn from_word(word: &str) -> Option<Verdict> {
        Verdict::ALL.into_iter().find(|v| v.word() == word)
    }
}

/// Arguments of `hasami-lab convert`.
#[derive(Args)]
pub struct ConvertArgs {
    #[command(subcommand)]
    command: ConvertCommand,
}

#[derive(Subcommand)]
enum ConvertCommand {
    /// Write a suite: positions with a lead of `--lead` pieces or more from games between weak levels.
    Generate(generate::GenerateArgs),
    /// Play every position of a suite out and report how many the side ahead wins.
    Run(run::RunArgs),
    /// Compare two runs of one suite position by position (their `--verbose` logs).
    Compare(compare::CompareArgs),
}

/// Runs `hasami-lab convert`.
pub fn run(args: &ConvertArgs) -> Result<(), CliError> {
    match &args.command {
        ConvertCommand::Generate(a) => generate::generate(a),
        ConvertCommand::Run(a) => run::run_suite(a),
        ConvertCommand::Compare(a) => compare::compare(a),
    }
}

/// Pieces of each side, `None` for Shogun.
fn material(pos: &AnyPosition) -> Option<(usize, usize)> {
    match pos {
        AnyPosition::Hasami(p) => Some((
            p.pieces(Side::First).len() as usize,
            p.pieces(Side::Second).len() as usize,
        )),
        AnyPosition::Shogun(_) => None,
    }
}

/// The side ahead by `lead` pieces or more, if any.
pub(crate) fn ahead(pos: &AnyPosition, lead: usize) -> Option<Side> {
    let (b, w) = material(pos)?;
    if b >= w + lead {
        Some(Side::First)
    } else if w >= b + lead {
        Some(Side::Second)
    } else {
        None
    }
}

fn new_game(variant: &str, start: Option<&str>) -> Result<AnyGame, CliError> {
    let game = AnyGame::new(variant, start).map_err(|e| CliError::Usage(e.to_string()))?;
    if game.is_shogun() {
        return Err(CliError::Usage(
            "the conversion suite is for the Hasami family; Shogun has no piece count to lead by"
                .into(),
        ));
    }
    Ok(game)
}
