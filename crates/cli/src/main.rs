//! The `hasami` command (docs/INTERFACES.md section 1).

// The doc comments of the command line's arguments are its `--help` text, written for a terminal
// (`postgres://USER[:PASSWORD]@HOST`, bare addresses), not links for rustdoc.
#![allow(rustdoc::broken_intra_doc_links, rustdoc::bare_urls)]

mod commands;
mod play;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Hasami Shogi and its family: rules, engine protocol, perft.
#[derive(Parser)]
#[command(name = "hasami", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Start the web app (the default when no command is given) and print its address.
    Serve(commands::serve::ServeArgs),
    /// Play a game in the terminal against the engine or hot-seat.
    Play(play::PlayArgs),
    /// Speak the UGI engine protocol on standard input and output.
    Ugi,
    /// Count the leaf nodes of all move sequences of DEPTH plies.
    Perft(commands::perft::PerftArgs),
    /// Benchmarks: `--playouts` plays random games and prints plies per second.
    Bench(commands::bench::BenchArgs),
    /// List the presets and options of variant text.
    Variants,
    /// Endgame tables: `build` solves small material exactly, `verify` checks, `info` lists.
    Tables(commands::tables::TablesArgs),
    /// The store's schema: `migrate` brings it up to this version, `check` says where it stands.
    Db(commands::db::DbArgs),
    /// Write the web app to a folder for any static web host: play in the browser, no server.
    Static(commands::static_site::StaticArgs),
}

impl Command {
    /// Whether the command only writes a report to standard output (no engine processes, sockets or
    /// dialogue): such a command stops quietly when its reader goes away, as in `hasami bench | head`.
    fn only_prints(&self) -> bool {
        matches!(
            self,
            Command::Perft(_)
                | Command::Bench(_)
                | Command::Variants
                | Command::Tables(_)
                | Command::Db(_)
        )
    }
}

/// Restores the system's default for a write to a closed pipe (the process ends, as `cat` or `ls`
/// would), where Rust's runtime ignores the signal and a later print would fail with a panic. Not for
/// `ugi` (a closed output is the engine's end) or the server.
fn end_quietly_when_the_reader_leaves() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to the default, before any thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if cli.command.as_ref().is_some_and(Command::only_prints) {
        end_quietly_when_the_reader_leaves();
    }
    let result = match cli.command {
        None => commands::serve::run(&commands::serve::ServeArgs::default()),
        Some(Command::Serve(args)) => commands::serve::run(&args),
        Some(Command::Ugi) => hasami_engine::ugi::run(std::io::stdin().lock(), std::io::stdout())
            .map_err(commands::CliError::Io),
        Some(Command::Play(args)) => play::run(&args),
        Some(Command::Static(args)) => commands::static_site::run(&args),
        Some(Command::Perft(args)) => commands::perft::run(&args),
        Some(Command::Bench(args)) => commands::bench::run(&args),
        Some(Command::Db(args)) => commands::db::run(&args),
        Some(Command::Tables(args)) => commands::tables::run(&args),
        Some(Command::Variants) => {
            commands::variants::run();
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hasami: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
