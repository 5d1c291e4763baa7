//! `hasami-lab puzzles verify FILE…`: every puzzle of each file proved again (solve.rs's `check`:
//! each solver move the only one keeping the result, each reply among the defender's best, the length
//! the shortest, the themes earned), or `--sample N` of each file, spread over it. Exit status 1 when
//! any puzzle fails, with its id and why.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use clap::Args;
use hasami_core::puzzle::{parse_puzzle_file, Puzzle};
use hasami_core::AnyGame;

use super::{check_any, CliError};
use crate::text_file::{read_text_file, MAX_TEXT_FILE};

/// Arguments of `hasami-lab puzzles verify`.
#[derive(Args)]
pub(super) struct VerifyArgs {
    /// Puzzle files (`suites/puzzles/*.txt`).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Prove only this many puzzles of each file, spread evenly over it (0: all).
    #[arg(long, default_value_t = 0)]
    sample: usize,
    /// The most positions one proof may visit.
    #[arg(long, default_value_t = 20_000_000)]
    limit: u64,
    /// Threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

pub(super) fn verify(args: &VerifyArgs) -> Result<(), CliError> {
    if args.threads == 0 {
        return Err(CliError::Usage("--threads is at least 1".into()));
    }
    let mut failed = 0;
    for path in &args.files {
        let name = path.display();
        let text = read_text_file(path, MAX_TEXT_FILE)
            .map_err(|e| CliError::Usage(format!("{name}: {e}")))?;
        let file = parse_puzzle_file(&text).map_err(|e| CliError::Usage(format!("{name}: {e}")))?;
        let chosen = sample(&file.puzzles, args.sample);
        let clock = Instant::now();
        let next = AtomicUsize::new(0);
        let errors = Mutex::new(Vec::new());
        let nodes = AtomicUsize::new(0);
        std::thread::scope(|s| {
            for _ in 0..args.threads {
                s.spawn(|| loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(p) = chosen.get(i) else { break };
                    match prove(&file.variant, p, args.limit) {
                        Ok(n) => {
                            nodes.fetch_add(n as usize, Ordering::Relaxed);
                        }
                        Err(e) => errors
                            .lock()
                            .expect("no thread panics holding it")
                            .push((i, format!("{}: {e}", p.id))),
                    }
                });
            }
        });
        let mut errors = errors.into_inner().expect("no thread panicked holding it");
        errors.sort();
        for (_, e) in &errors {
            println!("{name}: {e}");
        }
        println!(
            "{name}: {} of {} puzzles proved ({} failed) in {:.1} s, {} positions",
            chosen.len() - errors.len(),
            chosen.len(),
            errors.len(),
            clock.elapsed().as_secs_f64(),
            nodes.load(Ordering::Relaxed)
        );
        failed += errors.len();
    }
    if failed > 0 {
        return Err(CliError::Failed(format!("{failed} puzzles failed")));
    }
    Ok(())
}

/// `n` puzzles spread evenly over the file (all when `n` is 0 or the file is smaller).
fn sample(puzzles: &[Puzzle], n: usize) -> Vec<&Puzzle> {
    if n == 0 || n >= puzzles.len() {
        return puzzles.iter().collect();
    }
    (0..n).map(|i| &puzzles[i * puzzles.len() / n]).collect()
}

/// One puzzle proved again: the positions its proof visited, or why it fails.
fn prove(variant: &str, p: &Puzzle, limit: u64) -> Result<u64, String> {
    let game = AnyGame::new(variant, Some(&p.position)).map_err(|e| e.to_string())?;
    if game.outcome().is_some() {
        return Err("the game is over at the position".into());
    }
    let mut line = Vec::new();
    let mut replay = game.clone();
    for (i, text) in p.solution.iter().enumerate() {
        let mv = replay
            .parse_move(text)
            .map_err(|e| format!("move {}: {e}", i + 1))?;
        replay
            .play(mv)
            .map_err(|e| format!("move {}: {e}", i + 1))?;
        line.push(mv);
    }
    check_any(&game.position(), &line, &p.themes, limit)
}
