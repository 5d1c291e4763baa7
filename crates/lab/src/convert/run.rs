//! `hasami-lab convert run`: every position of a suite played out between two engines, the side
//! ahead's wins counted (docs/conversion.md).

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use clap::Args;
use hasami_core::{AnyGame, AnyPosition, Outcome, Side};
use hasami_engine::tables::{Tables, Value};
use hasami_engine::{level_for, Limits, SearchRequest, Searcher};

use super::suite::read_suite;
use super::{ahead, material, new_game, CliError, Verdict};

/// Arguments of `hasami-lab convert run`.
#[derive(Args)]
pub(super) struct RunArgs {
    /// The suite file (`hasami-lab convert generate`).
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
    /// Both sides' evaluation at full strength, as the UGI option `LearnedEval` (docs/eval.md):
    /// `confirmed` (the default, as the engine plays), `true` (every shipped network; `--learned`
    /// alone) or `false` (the hand-written evaluation alone).
    #[arg(long, default_value = "confirmed", num_args = 0..=1, default_missing_value = "true")]
    learned: hasami_engine::Learned,
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
    /// A directory of endgame tables for both sides, and to report the table-covered positions and
    /// where each game first reaches a table's material.
    #[arg(long)]
    tables: Option<PathBuf>,
    /// A directory of endgame tables to judge the games by, not given to the engines: where each
    /// game first reaches a table's material, and what the table says of it there.
    #[arg(long, conflicts_with = "tables")]
    judge: Option<PathBuf>,
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

/// How one position was played out.
#[derive(Debug, Clone)]
struct Played {
    /// The pieces of the side ahead and of the side behind at the start.
    at_start: (usize, usize),
    verdict: Verdict,
    plies: usize,
    end: String,
    /// The position at the end.
    last: String,
    /// The table's value at the start, and the ply where the game was decided: the first capture,
    /// or the end of a game won without one (a side left without a move, W6).
    table: Option<(Value, Option<usize>)>,
    /// After every capture: the ply, and the pieces of the side ahead and of the side behind.
    captures: Vec<(usize, usize, usize)>,
    /// The first position in a table's material, with `--tables` or `--judge`.
    entered: Option<Entry>,
}

/// The first position of a game whose material a table holds: the start, or the position after a
/// capture.
#[derive(Debug, Clone, Copy)]
struct Entry {
    /// The ply it was reached at (0: the start).
    ply: usize,
    /// The pieces of the side ahead and of the side behind.
    material: (usize, usize),
    /// The table's value for the side ahead (not for the side to move), its quiet count applied.
    value: Value,
}

impl Entry {
    /// Where a game is when `tables` hold its material, if they do.
    fn of(tables: &Tables, game: &AnyGame, leader: Side) -> Option<Entry> {
        let pos = game.position();
        let AnyPosition::Hasami(p) = &pos else {
            return None;
        };
        let value = tables.probe(p)?;
        Some(Entry {
            ply: game.plies(),
            material: ahead_behind(&pos, leader),
            value: if p.side() == leader {
                value
            } else {
                value.negate()
            },
        })
    }

    /// The words of a `--verbose` line: `table at ply 52 (4v2): won in 13`.
    fn words(&self) -> String {
        let (ahead, behind) = self.material;
        let value = match self.value {
            Value::Win(d) => format!("won in {d}"),
            Value::Draw => "drawn".to_string(),
            Value::Loss(d) => format!("lost in {d}"),
        };
        format!("table at ply {} ({ahead}v{behind}): {value}", self.ply)
    }
}

/// What the tables said where the games first reached their material, and how those games ended:
/// `a table's material reached in 61 of 200 games; ...`.
fn entries(played: &[Played]) -> String {
    let reached: Vec<(Entry, Verdict)> = played
        .iter()
        .filter_map(|p| p.entered.map(|e| (e, p.verdict)))
        .collect();
    let count = |f: fn(&Value) -> bool| {
        let these = reached.iter().filter(|(e, _)| f(&e.value));
        let won = these.clone().filter(|(_, v)| *v == Verdict::Won).count();
        (these.count(), won)
    };
    let (wins, wins_won) = count(|v| matches!(v, Value::Win(_)));
    let (draws, draws_won) = count(|v| matches!(v, Value::Draw));
    let (losses, losses_won) = count(|v| matches!(v, Value::Loss(_)));
    format!(
        "a table's material reached in {} of {} games; there the table gave the side ahead a win \
         in {wins} ({wins_won} converted), a draw in {draws} ({draws_won} converted), a loss in \
         {losses} ({losses_won} converted)",
        reached.len(),
        played.len()
    )
}

/// The pieces of the side ahead (`leader`) and of the side behind in a Hasami-family position.
fn ahead_behind(pos: &AnyPosition, leader: Side) -> (usize, usize) {
    let (b, w) = material(pos).expect("the Hasami family");
    if leader == Side::First {
        (b, w)
    } else {
        (w, b)
    }
}

/// Conversions by the material at the start, most pieces first: `9v7 59 of 118, 8v6 18 of 44`.
fn by_material(played: &[Played]) -> String {
    let mut counts: std::collections::BTreeMap<(usize, usize), (usize, usize)> = Default::default();
    for p in played {
        let c = counts.entry(p.at_start).or_default();
        c.0 += usize::from(p.verdict == Verdict::Won);
        c.1 += 1;
    }
    counts
        .iter()
        .rev()
        .map(|((ahead, behind), (won, all))| format!("{ahead}v{behind} {won} of {all}"))
        .collect::<Vec<_>>()
        .join(", ")
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
    let at_start = ahead_behind(&game.position(), leader);
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
    let mut entered = tables.and_then(|t| Entry::of(t, &game, leader));
    while game.outcome().is_none() && game.plies() < args.max_plies {
        let who = usize::from(game.side() != leader);
        let pos = game.position();
        let r = searchers[who].search(
            &SearchRequest::new(pos, game.hashes())
                .level(level_for(&pos, args.level))
                .learned(args.learned)
                .limits(limits[who])
                .seed(seed ^ game.plies() as u64),
            |_| {},
        );
        let Some(mv) = r.best else { break };
        let captured = game.play(mv).map_err(|e| CliError::Usage(e.to_string()))?;
        if !captured.is_empty() {
            first_capture.get_or_insert(game.plies());
            let (ahead, behind) = ahead_behind(&game.position(), leader);
            captures.push((game.plies(), ahead, behind));
            if entered.is_none() {
                entered = tables.and_then(|t| Entry::of(t, &game, leader));
            }
        }
    }
    let outcome = game.outcome();
    // The table's distance counts to the deciding capture, or to a win by no move left (docs/tables.md).
    let decided = first_capture
        .or_else(|| matches!(outcome, Some(Outcome::Win { .. })).then_some(game.plies()));
    Ok(Played {
        at_start,
        verdict: match outcome {
            Some(Outcome::Win { winner, .. }) if winner == leader => Verdict::Won,
            Some(Outcome::Win { .. }) => Verdict::Lost,
            _ => Verdict::Drawn,
        },
        plies: game.plies(),
        end: game
            .outcome_words()
            .unwrap_or_else(|| format!("not over after {} plies", args.max_plies)),
        table: table.map(|v| (v, decided)),
        last: game.position_text(),
        captures,
        entered,
    })
}

pub(super) fn run_suite(args: &RunArgs) -> Result<(), CliError> {
    let suite = read_suite(&args.suite)?;
    let (tables, flag) = match (&args.tables, &args.judge) {
        (Some(dir), _) => (Some(dir), "--tables"),
        (None, dir) => (dir.as_ref(), "--judge"),
    };
    let tables = match tables {
        Some(dir) => Some(Arc::new(
            Tables::load_dir(dir).map_err(|e| CliError::Usage(format!("{flag}: {e}")))?,
        )),
        None => None,
    };
    // With `--judge` the engines search without them.
    let searched = if args.tables.is_some() {
        tables.clone()
    } else {
        None
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
                    s.tables = searched.clone();
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
                                let entered =
                                    p.entered.map(|e| format!("  | {}", e.words()));
                                eprintln!(
                                    "{i:>4} {:<4} {:>4} plies  {}  | {start} -> {}  | captures {}{}",
                                    p.verdict.word(),
                                    p.plies,
                                    p.end,
                                    p.last,
                                    capture_trace(&p.captures),
                                    entered.unwrap_or_default()
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
    let converted = played.iter().filter(|p| p.verdict == Verdict::Won).count();
    let lost = played.iter().filter(|p| p.verdict == Verdict::Lost).count();
    let mut plies: Vec<usize> = played
        .iter()
        .filter(|p| p.verdict == Verdict::Won)
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
    println!(
        "by material at the start (pieces ahead v behind): {}",
        by_material(&played)
    );
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
            wins.iter().filter(|p| p.verdict == Verdict::Won).count(),
            shortest
        );
        println!("{}", entries(&played));
    }
    Ok(())
}
