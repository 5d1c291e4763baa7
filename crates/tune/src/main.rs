//! `hasami-tune`: self-play data, texel tuning and matches between weight sets.
#![warn(missing_docs)]

mod speed;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "hasami-tune", about = "Self-play data, texel tuning and weight matches")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Times the evaluation on positions from random games of every preset.
    Speed {
        /// Random games per preset.
        #[arg(long, default_value_t = 20)]
        games: u32,
        /// Passes over the positions.
        #[arg(long, default_value_t = 50)]
        reps: u32,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result: Result<(), String> = match cli.command {
        Command::Speed { games, reps } => {
            let pos = speed::positions(games, 1);
            let (calls, sum, secs) = speed::run(&pos, reps);
            println!(
                "positions {} calls {calls} checksum {sum} time {secs:.3} s ns/call {:.1}",
                pos.len(),
                secs * 1e9 / calls.max(1) as f64
            );
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hasami-tune: {e}");
            ExitCode::FAILURE
        }
    }
}
