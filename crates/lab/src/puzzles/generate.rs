//! `hasami-lab puzzles generate`: puzzles from self-play. Each game (its own seed, drawn from
//! `--seed` and the game's number) opens with a few random moves and goes on between two levels
//! drawn from 1–5 (node-limited, so a game is the same on any machine); every position from the
//! sixth ply on is tried as a puzzle (solve.rs), at most `--per-game` kept per game, six plies apart.
//! Games run on `--threads` threads and are taken in their order, so the file is the same for the
//! same arguments whatever the thread count.

use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use clap::Args;
use hasami_core::puzzle::{puzzle_file_text, Puzzle, Theme};
use hasami_core::{AnyGame, AnyRecord, Preset, SplitMix64};
use hasami_engine::{level_for, Limits, SearchRequest, Searcher};

use super::solve::{Reject, Solved};
use super::{solve_any, CliError};
use crate::text_file::{read_text_file, MAX_TEXT_FILE};

/// Arguments of `hasami-lab puzzles generate`.
#[derive(Args)]
pub(super) struct GenerateArgs {
    /// The preset (`shogun` included).
    #[arg(long)]
    variant: String,
    /// Puzzles to write.
    #[arg(long, default_value_t = 500)]
    count: usize,
    /// Seed of the games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The longest solution, in solver moves (1–3).
    #[arg(long, default_value_t = 2)]
    moves: u32,
    /// The most positions one proof may visit (a position needing more is skipped).
    #[arg(long, default_value_t = 3_000_000)]
    limit: u64,
    /// The most puzzles taken from one game.
    #[arg(long, default_value_t = 2)]
    per_game: usize,
    /// Threads, each playing its own games.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Take the games from these game records (one game a file, as `GET /api/games/{id}/record`
    /// gives them) instead of self-play; games of other variants are left out.
    #[arg(long, num_args = 1..)]
    records: Vec<PathBuf>,
    /// Write the file here (standard output if left out).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Where the games come from.
enum Source {
    /// Self-play from the preset's start.
    SelfPlay(AnyGame),
    /// Stored games, finished or not, in the order given.
    Records(Vec<AnyGame>),
}

/// A puzzle found in a game, before it has its id and rating.
struct Found {
    position: String,
    solved: Solved,
}

/// What the games gave so far: puzzles per game number, and the reasons positions were not puzzles.
#[derive(Default)]
struct Harvest {
    games: BTreeMap<u64, Vec<Found>>,
    rejected: BTreeMap<Reject, u64>,
}

impl Harvest {
    /// Puzzles in the unbroken run of finished games from game 0.
    fn ready(&self) -> usize {
        let mut n = 0;
        for (i, (g, found)) in self.games.iter().enumerate() {
            if *g != i as u64 {
                break;
            }
            n += found.len();
        }
        n
    }
}

pub(super) fn generate(args: &GenerateArgs) -> Result<(), CliError> {
    let preset = args.variant.as_str();
    if preset != "shogun" && Preset::named(preset).is_none_or(|p| p.name() != preset) {
        return Err(CliError::Usage(format!(
            "--variant {preset}: a preset's own name (hasami, hasami-chess, dai-hasami, dai-hasami-captures, agon, mak-yek, shogun)"
        )));
    }
    if !(1..=3).contains(&args.moves) || args.threads == 0 || args.count == 0 {
        return Err(CliError::Usage(
            "--moves is 1–3; --threads and --count at least 1".into(),
        ));
    }
    let start = AnyGame::new(preset, None).map_err(|e| CliError::Usage(e.to_string()))?;
    let harvest = Mutex::new(Harvest::default());
    let next = AtomicU64::new(0);
    let done = AtomicBool::new(false);
    let source = if args.records.is_empty() {
        Source::SelfPlay(start.clone())
    } else {
        Source::Records(read_records(&args.records, preset)?)
    };
    let max_games = match &source {
        Source::SelfPlay(_) => args.count as u64 * 100,
        Source::Records(games) => games.len() as u64,
    };
    let clock = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..args.threads {
            s.spawn(|| {
                let searcher = Searcher::new(4, 1);
                while !done.load(Ordering::Relaxed) {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= max_games {
                        break;
                    }
                    let Some(game) = game_of(&source, args, g, &searcher) else {
                        break;
                    };
                    let (found, rejected) = try_positions(&game, args, &searcher);
                    let mut h = harvest.lock().expect("no thread panics holding it");
                    h.games.insert(g, found);
                    for r in rejected {
                        *h.rejected.entry(r).or_default() += 1;
                    }
                    let ready = h.ready();
                    if ready >= args.count {
                        done.store(true, Ordering::Relaxed);
                    }
                    if g.is_multiple_of(20) {
                        eprintln!(
                            "{preset}: {} games, {ready} puzzles, {:.0} s",
                            h.games.len(),
                            clock.elapsed().as_secs_f64()
                        );
                    }
                }
            });
        }
    });
    let harvest = harvest.into_inner().expect("no thread panicked holding it");
    let mut seen = HashSet::new();
    let mut puzzles = Vec::new();
    let mut games = 0;
    for (i, (g, found)) in harvest.games.into_iter().enumerate() {
        if g != i as u64 || puzzles.len() >= args.count {
            break;
        }
        games += 1;
        for f in found {
            if puzzles.len() < args.count && seen.insert(f.position.clone()) {
                puzzles.push(puzzle(preset, puzzles.len() + 1, f));
            }
        }
    }
    let records = matches!(source, Source::Records(_));
    // From records, --count is the most taken: a handful of games may hold fewer.
    if puzzles.is_empty() || (puzzles.len() < args.count && !records) {
        return Err(CliError::Failed(format!(
            "only {} puzzles in {games} games",
            puzzles.len()
        )));
    }
    let rejected: Vec<String> = harvest
        .rejected
        .iter()
        .map(|(r, n)| format!("{r:?} {n}"))
        .collect();
    eprintln!(
        "{preset}: {} puzzles from {games} games in {:.0} s; positions rejected: {}",
        puzzles.len(),
        clock.elapsed().as_secs_f64(),
        rejected.join(", ")
    );
    let from = if records {
        format!("{games} stored games")
    } else {
        format!("{games} self-play games between levels 1-5")
    };
    let about = vec![
        format!(
            "{} puzzles from {from}, proved by exact search",
            puzzles.len()
        ),
        format!(
            "(hasami-lab puzzles generate --variant {preset} --count {} --seed {} --moves {} --limit {} --per-game {}{}).",
            args.count,
            args.seed,
            args.moves,
            args.limit,
            args.per_game,
            if records { " --records …" } else { "" }
        ),
        format!("Proved again by: hasami-lab puzzles verify suites/puzzles/{preset}.txt"),
    ];
    let text = puzzle_file_text(preset, &about, &puzzles);
    match &args.out {
        Some(path) => std::fs::write(path, text)?,
        None => print!("{text}"),
    }
    Ok(())
}

/// Game `g`: a self-play game, or the `g`-th record; `None` past the last record.
fn game_of(source: &Source, args: &GenerateArgs, g: u64, searcher: &Searcher) -> Option<AnyGame> {
    match source {
        Source::SelfPlay(start) => Some(play_game(start, args, g, searcher)),
        Source::Records(games) => games.get(g as usize).cloned(),
    }
}

/// Plays self-play game `g` to its end (or 300 plies): a few random moves, then two levels.
fn play_game(start: &AnyGame, args: &GenerateArgs, g: u64, searcher: &Searcher) -> AnyGame {
    let mut rng = SplitMix64(args.seed ^ g.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let levels = [1 + rng.below(5) as u32, 1 + rng.below(5) as u32];
    let mut game = start.clone();
    for _ in 0..2 + rng.below(5) {
        let moves = game.legal_moves();
        if moves.is_empty()
            || game
                .play(moves[rng.below(moves.len() as u64) as usize])
                .is_err()
        {
            return game;
        }
    }
    let limits = Limits {
        nodes: Some(30_000),
        ..Limits::default()
    };
    while game.outcome().is_none() && game.plies() < 300 {
        let pos = game.position();
        searcher.clear();
        let side = game.side().index();
        let best = searcher
            .search(
                &SearchRequest::new(pos, game.hashes())
                    .level(level_for(&pos, levels[side]))
                    .limits(limits)
                    .seed(rng.next()),
                |_| {},
            )
            .best;
        match best {
            Some(mv) if game.play(mv).is_ok() => {}
            _ => break,
        }
    }
    game
}

/// Tries the positions of `game` from its sixth ply on (not its last, nor beyond 300 plies): at
/// most `--per-game` puzzles, six plies apart; and why the others were not puzzles.
fn try_positions(
    game: &AnyGame,
    args: &GenerateArgs,
    searcher: &Searcher,
) -> (Vec<Found>, Vec<Reject>) {
    let mut found = Vec::new();
    let mut rejected = Vec::new();
    let Ok(mut replay) = AnyGame::new(&game.variant().to_string(), Some(&game.start_text())) else {
        return (found, rejected);
    };
    let history = game.history();
    let mut last = 0;
    for played in &history {
        let ply = replay.plies();
        if found.len() >= args.per_game || ply >= 300 {
            break;
        }
        if ply >= 6 && (found.is_empty() || ply >= last + 6) {
            searcher.clear();
            match solve_any(&replay.position(), args.moves, args.limit, searcher) {
                Ok(solved) => {
                    found.push(Found {
                        position: replay.position_text(),
                        solved,
                    });
                    last = ply;
                }
                Err(r) => rejected.push(r),
            }
        }
        if replay.play(played.mv).is_err() {
            break;
        }
    }
    (found, rejected)
}

/// Reads game records (docs/records.md), one game a file, keeping the games of `preset` played
/// from any position; says on standard error which files are left out and why.
fn read_records(paths: &[PathBuf], preset: &str) -> Result<Vec<AnyGame>, CliError> {
    let mut games = Vec::new();
    for path in paths {
        let name = path.display();
        let text = read_text_file(path, MAX_TEXT_FILE)
            .map_err(|e| CliError::Usage(format!("{name}: {e}")))?;
        let game = AnyRecord::parse(&text)
            .map_err(|e| e.to_string())
            .and_then(|r| AnyGame::from_record(&r).map_err(|e| e.to_string()));
        match game {
            Ok(game) if game.preset() == preset && game.variant().to_string() == preset => {
                games.push(game)
            }
            Ok(game) => eprintln!(
                "{name}: a game of {}, not {preset}: left out",
                game.variant()
            ),
            Err(e) => eprintln!("{name}: {e}: left out"),
        }
    }
    Ok(games)
}

/// The puzzle's line in the file: its id, the rating its proof's effort gives.
fn puzzle(preset: &str, number: usize, found: Found) -> Puzzle {
    let s = &found.solved;
    let n = s.line.len().div_ceil(2) as f64;
    let quiet = s.themes.contains(&Theme::Quiet);
    // Longer lines, a first move that takes nothing, other captures that tempt and a harder
    // proof (more positions to look at per legal move) make a puzzle harder; players' results
    // move it from there.
    let effort = (s.nodes as f64 / s.choices.max(1) as f64).max(1.0).log2();
    let decoys = 90.0 * (s.decoys as f64).min(6.0);
    let rating =
        600.0 + 350.0 * (n - 1.0) + if quiet { 200.0 } else { 0.0 } + 40.0 * effort + decoys;
    Puzzle {
        id: format!("{preset}-{number:04}"),
        position: found.position,
        solution: s.line.iter().map(|m| m.to_string()).collect(),
        themes: s.themes.clone(),
        rating: rating.clamp(600.0, 2600.0).round() as u32,
        nodes: s.nodes,
    }
}
