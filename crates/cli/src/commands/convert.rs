//! `hasami convert`: the conversion suite (docs/conversion.md). `generate` collects
//! positions where one side leads by two pieces or more from games between weak levels; `run` plays
//! each of them out between two engines at a level and counts how many the side ahead wins.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use clap::{Args, Subcommand};
use hasami_core::{AnyGame, AnyPosition, Outcome, Side, SplitMix64};
use hasami_engine::tables::{Tables, Value};
use hasami_engine::{level_for, search_any, Limits, Searcher};

use super::CliError;

/// Arguments of `hasami convert`.
#[derive(Args)]
pub struct ConvertArgs {
    #[command(subcommand)]
    command: ConvertCommand,
}

#[derive(Subcommand)]
enum ConvertCommand {
    /// Write a suite: positions with a lead of `--lead` pieces or more from games between weak levels.
    Generate(GenerateArgs),
    /// Play every position of a suite out and report how many the side ahead wins.
    Run(RunArgs),
    /// Compare two runs of one suite position by position (their `--verbose` logs).
    Compare(super::convert_compare::CompareArgs),
}

/// Arguments of `hasami convert generate`.
#[derive(Args)]
struct GenerateArgs {
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

/// Arguments of `hasami convert run`.
#[derive(Args)]
struct RunArgs {
    /// The suite file (`hasami convert generate`).
    suite: PathBuf,
    /// Milliseconds per move for both sides (for the side ahead only with `--defender-movetime`).
    #[arg(long, default_value_t = 100)]
    movetime: u64,
    /// Milliseconds per move for the side behind, when it differs: e.g. a stronger side ahead, to
    /// tell whether the positions are won or the engine is short of strength.
    #[arg(long)]
    defender_movetime: Option<u64>,
    /// Nodes per move for both sides instead of a time (for the side ahead only with
    /// `--defender-nodes`): the same games on any machine under any load, so two builds or
    /// settings can be compared while the machine does other work.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..), conflicts_with_all = ["movetime", "defender_movetime"])]
    nodes: Option<u64>,
    /// Nodes per move for the side behind, when it differs (with `--nodes`).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..), requires = "nodes")]
    defender_nodes: Option<u64>,
    /// The level of both sides.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=10))]
    level: u32,
    /// Positions played at the same time (one search thread each side).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=64))]
    concurrency: u32,
    /// Only the first N positions of the suite (after those left out by `--skip`).
    #[arg(long)]
    limit: Option<usize>,
    /// Leave out the first N positions, to play a long suite in parts; the positions keep their
    /// numbers in the `--verbose` lines.
    #[arg(long, default_value_t = 0)]
    skip: usize,
    /// Plies after which a game that is not over counts as not converted (the rules' own quiet
    /// limit ends most games long before).
    #[arg(long, default_value_t = 1000)]
    max_plies: usize,
    /// A directory of endgame tables for both sides, and to report the table-covered positions.
    #[arg(long)]
    tables: Option<PathBuf>,
    /// A line per position on standard error.
    #[arg(long)]
    verbose: bool,
}

impl RunArgs {
    /// Each move's limit: for the side ahead, then for the side behind.
    fn limits(&self) -> [Limits; 2] {
        match self.nodes {
            Some(n) => [n, self.defender_nodes.unwrap_or(n)].map(|n| Limits {
                nodes: Some(n),
                ..Limits::default()
            }),
            None => [
                self.movetime,
                self.defender_movetime.unwrap_or(self.movetime),
            ]
            .map(|ms| Limits {
                movetime: Some(Duration::from_millis(ms)),
                ..Limits::default()
            }),
        }
    }

    /// How much each move was given, as the summary says it: "100 ms per move", "300000 nodes per
    /// move (the side behind 100000 nodes)".
    fn per_move(&self) -> String {
        let (ahead, behind, unit) = match self.nodes {
            Some(n) => (n, self.defender_nodes.unwrap_or(n), "nodes"),
            None => (
                self.movetime,
                self.defender_movetime.unwrap_or(self.movetime),
                "ms",
            ),
        };
        if ahead == behind {
            format!("{ahead} {unit} per move")
        } else {
            format!("{ahead} {unit} per move (the side behind {behind} {unit})")
        }
    }
}

/// Runs `hasami convert`.
pub fn run(args: &ConvertArgs) -> Result<(), CliError> {
    match &args.command {
        ConvertCommand::Generate(a) => generate(a),
        ConvertCommand::Run(a) => run_suite(a),
        ConvertCommand::Compare(a) => super::convert_compare::compare(a),
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
fn ahead(pos: &AnyPosition, lead: usize) -> Option<Side> {
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
    let history = game.hashes();
    search_any(
        searcher,
        level_for(&pos, level),
        pos,
        false,
        &history,
        &limits,
        Arc::new(AtomicBool::new(false)),
        seed,
        |_| {},
    )
    .best
}

fn generate(args: &GenerateArgs) -> Result<(), CliError> {
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
         # from games between levels 1-4 (hasami convert generate --variant {} --count {} --lead {} --seed {}).",
        lines.len(),
        args.lead,
        args.variant,
        args.count,
        args.lead,
        args.seed
    );
    write_suite(&variant, &about, &lines, args.out.as_deref())
}

/// Writes a suite in the format [`read_suite`] reads: a comment (`# Conversion suite: VARIANT, ABOUT`,
/// ABOUT may run on over `#` lines), the `variant` line and one position text per line; to `out`, or
/// to standard output.
pub(super) fn write_suite(
    variant: &str,
    about: &str,
    lines: &[String],
    out: Option<&Path>,
) -> Result<(), CliError> {
    let mut text = format!(
        "# Conversion suite: {variant}, {about}\n\
         # One position text per line; the first line names the variant.\n\
         variant {variant}\n"
    );
    for l in lines {
        text.push_str(l);
        text.push('\n');
    }
    match out {
        Some(path) => fs::write(path, text)?,
        None => std::io::stdout().write_all(text.as_bytes())?,
    }
    Ok(())
}

/// A suite read from its file: the variant and the position texts.
struct Suite {
    variant: String,
    positions: Vec<String>,
}

fn read_suite(path: &PathBuf) -> Result<Suite, CliError> {
    let text = fs::read_to_string(path)
        .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
    let mut variant = None;
    let mut positions = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(v) = line.strip_prefix("variant ") {
            new_game(v.trim(), None)
                .map_err(|e| CliError::Usage(format!("{}:{}: {e}", path.display(), n + 1)))?;
            variant = Some(v.trim().to_string());
            continue;
        }
        let Some(v) = &variant else {
            return Err(CliError::Usage(format!(
                "{}:{}: a position before the 'variant' line",
                path.display(),
                n + 1
            )));
        };
        let game = new_game(v, Some(line))
            .map_err(|e| CliError::Usage(format!("{}:{}: {e}", path.display(), n + 1)))?;
        if game.outcome().is_some() || ahead(&game.position(), 1).is_none() {
            return Err(CliError::Usage(format!(
                "{}:{}: the game is over or nobody leads",
                path.display(),
                n + 1
            )));
        }
        positions.push(line.to_string());
    }
    let Some(variant) = variant else {
        return Err(CliError::Usage(format!(
            "{}: no 'variant' line",
            path.display()
        )));
    };
    Ok(Suite { variant, positions })
}

/// How one position was played out.
#[derive(Debug, Clone)]
struct Played {
    converted: bool,
    lost: bool,
    plies: usize,
    end: String,
    /// The position at the end.
    last: String,
    /// The table's value at the start, and the ply where the game was decided: the first capture,
    /// or the end of a game won without one (a side left without a move, W6).
    table: Option<(Value, Option<usize>)>,
    /// After every capture: the ply, and the pieces of the side ahead and of the side behind.
    captures: Vec<(usize, usize, usize)>,
}

/// The captures of a played-out position in words: `ply:ahead-behind` after each.
fn capture_trace(captures: &[(usize, usize, usize)]) -> String {
    captures
        .iter()
        .map(|(ply, ahead, behind)| format!("{ply}:{ahead}-{behind}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn play_out(
    variant: &str,
    start: &str,
    args: &RunArgs,
    searchers: &[Searcher; 2],
    tables: Option<&Tables>,
    seed: u64,
) -> Result<Played, CliError> {
    let mut game = new_game(variant, Some(start))?;
    let leader = ahead(&game.position(), 1).expect("checked when read");
    let table = match (tables, game.position()) {
        (Some(t), AnyPosition::Hasami(p)) => t.probe(&p),
        _ => None,
    };
    for s in searchers {
        s.clear();
    }
    // Indexed like `searchers`: the side ahead, then the side behind.
    let limits = args.limits();
    let mut first_capture = None;
    let mut captures = Vec::new();
    while game.outcome().is_none() && game.plies() < args.max_plies {
        let who = usize::from(game.side() != leader);
        let pos = game.position();
        let history = game.hashes();
        let r = search_any(
            &searchers[who],
            level_for(&pos, args.level),
            pos,
            false,
            &history,
            &limits[who],
            Arc::new(AtomicBool::new(false)),
            seed ^ game.plies() as u64,
            |_| {},
        );
        let Some(mv) = r.best else { break };
        let captured = game.play(mv).map_err(|e| CliError::Usage(e.to_string()))?;
        if !captured.is_empty() {
            first_capture.get_or_insert(game.plies());
            let (b, w) = material(&game.position()).expect("the Hasami family");
            let (ahead, behind) = if leader == Side::First {
                (b, w)
            } else {
                (w, b)
            };
            captures.push((game.plies(), ahead, behind));
        }
    }
    let outcome = game.outcome();
    // The table's distance counts to the deciding capture, or to a win by no move left (docs/tables.md).
    let decided = first_capture
        .or_else(|| matches!(outcome, Some(Outcome::Win { .. })).then_some(game.plies()));
    Ok(Played {
        converted: matches!(outcome, Some(Outcome::Win { winner, .. }) if winner == leader),
        lost: matches!(outcome, Some(Outcome::Win { winner, .. }) if winner != leader),
        plies: game.plies(),
        end: game
            .outcome_words()
            .unwrap_or_else(|| format!("not over after {} plies", args.max_plies)),
        table: table.map(|v| (v, decided)),
        last: game.position_text(),
        captures,
    })
}

fn run_suite(args: &RunArgs) -> Result<(), CliError> {
    let suite = read_suite(&args.suite)?;
    let tables = match &args.tables {
        Some(dir) => Some(Arc::new(
            Tables::load_dir(dir).map_err(|e| CliError::Usage(format!("--tables: {e}")))?,
        )),
        None => None,
    };
    if args.skip >= suite.positions.len() {
        return Err(CliError::Usage(format!(
            "--skip {}: the suite has {} positions",
            args.skip,
            suite.positions.len()
        )));
    }
    let first = args.skip;
    let n = args
        .limit
        .unwrap_or(usize::MAX)
        .min(suite.positions.len() - first);
    let next = AtomicUsize::new(first);
    let results: Mutex<Vec<Option<Played>>> = Mutex::new(vec![None; n]);
    let failure: Mutex<Option<CliError>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..args.concurrency {
            scope.spawn(|| {
                let make = || {
                    let mut s = Searcher::new(16, 1);
                    s.tables = tables.clone();
                    s
                };
                let searchers = [make(), make()];
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= first + n || failure.lock().expect("no panic").is_some() {
                        break;
                    }
                    let start = &suite.positions[i];
                    match play_out(
                        &suite.variant,
                        start,
                        args,
                        &searchers,
                        tables.as_deref(),
                        i as u64,
                    ) {
                        Ok(p) => {
                            if args.verbose {
                                eprintln!(
                                    "{i:>4} {} {:>4} plies  {}  | {start} -> {}  | captures {}",
                                    if p.converted {
                                        "won "
                                    } else if p.lost {
                                        "LOST"
                                    } else {
                                        "DRAW"
                                    },
                                    p.plies,
                                    p.end,
                                    p.last,
                                    capture_trace(&p.captures)
                                );
                            }
                            results.lock().expect("no panic")[i - first] = Some(p);
                        }
                        Err(e) => *failure.lock().expect("no panic") = Some(e),
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().expect("no panic") {
        return Err(e);
    }
    let played: Vec<Played> = results
        .into_inner()
        .expect("no panic")
        .into_iter()
        .flatten()
        .collect();
    let converted = played.iter().filter(|p| p.converted).count();
    let lost = played.iter().filter(|p| p.lost).count();
    let mut plies: Vec<usize> = played
        .iter()
        .filter(|p| p.converted)
        .map(|p| p.plies)
        .collect();
    plies.sort_unstable();
    println!(
        "{}: {converted} of {} converted ({:.1}%), {} drawn, {lost} lost; level {} against level {} at {}",
        suite.variant,
        played.len(),
        100.0 * converted as f64 / played.len().max(1) as f64,
        played.len() - converted - lost,
        args.level,
        args.level,
        args.per_move(),
    );
    if let Some(m) = plies.get(plies.len() / 2) {
        println!("median length of a conversion: {m} plies");
    }
    if tables.is_some() {
        let covered: Vec<&Played> = played.iter().filter(|p| p.table.is_some()).collect();
        let wins: Vec<&&Played> = covered
            .iter()
            .filter(|p| matches!(p.table, Some((Value::Win(_) | Value::Loss(_), _))))
            .collect();
        let shortest = wins
            .iter()
            .filter(|p| match p.table {
                // The side behind may take an earlier capture into smaller material that it
                // still loses (the table counts that as the deciding capture too), so a game is at
                // the table's distance when nothing took longer.
                Some((Value::Win(d) | Value::Loss(d), Some(c))) => c <= usize::from(d),
                _ => false,
            })
            .count();
        println!(
            "table-covered: {} positions, {} decided by the table: {} converted, {} decided within the table's distance",
            covered.len(),
            wins.len(),
            wins.iter().filter(|p| p.converted).count(),
            shortest
        );
    }
    Ok(())
}
