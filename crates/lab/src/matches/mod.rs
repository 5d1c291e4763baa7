//! `hasami-lab match`: plays two players over balanced openings with colours swapped, referees every
//! move with the rules library, writes the games as records and reports the score with an Elo
//! estimate and, optionally, an SPRT verdict. docs/match.md is the user's guide.
//!
//! - `players.rs`: player specs, built-in players, UGI engines over pipes.
//! - `referee.rs`: one game, checked move by move, adjudicated, as a record.
//! - `openings.rs`: generated and file openings.
//! - `elo.rs`: Elo, error bars, LOS and SPRT.
//! - `ugi_player.rs`: the hidden `--as-ugi` engine (built-in and faulty players over UGI).

pub mod builtin;
pub mod elo;
pub mod engine_process;
pub mod openings;
pub mod players;
pub mod referee;
pub mod sprt;
pub mod ugi_player;

use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use clap::Args;
use hasami_core::{HasamiPosition, Recordable, ShogunPosition, Side, Variant};
use indicatif::{ProgressBar, ProgressStyle};

use crate::text_file::{read_text_file, MAX_TEXT_FILE};
use crate::CliError;
use elo::{elo_estimate, elo_words, fmt_elo, fmt_error, los, Wdl};
use players::{Player, PlayerSpec, SPEC_HELP};
use referee::{End, GameReport, Settings, TimeControl};
use sprt::{Sprt, Verdict};

/// Arguments of `hasami-lab match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// The first player: random, greedy:N (N = 1-3), level:N[,Option=value…] (this program's
    /// engine) or cmd:COMMAND[,Option=value…] (an external UGI engine).
    #[arg(long, value_name = "SPEC", required_unless_present = "as_ugi")]
    player1: Option<String>,
    /// The second player, as --player1. Scores and Elo are player 1's.
    #[arg(long, value_name = "SPEC", required_unless_present = "as_ugi")]
    player2: Option<String>,
    /// The variant of either family (RULES.md A6, Part B), e.g. hasami, hasami-chess,
    /// dai-hasami+five=all, shogun.
    #[arg(long, value_name = "V", default_value = "hasami")]
    variant: String,
    /// Number of games.
    #[arg(long, value_name = "N", default_value_t = 100)]
    games: u32,
    /// Number of generated openings (2-4 random plies each); each is played twice with colours
    /// swapped. Default: half the games, rounded up.
    #[arg(long, value_name = "N", conflicts_with = "openings_file")]
    openings: Option<u32>,
    /// Openings from a file: one per line, a position text, `startpos`, either followed by
    /// `moves m1 m2 …`; `#` starts a comment line.
    #[arg(long, value_name = "FILE")]
    openings_file: Option<PathBuf>,
    /// Games played at the same time.
    #[arg(long, value_name = "N", default_value_t = 2)]
    concurrency: u32,
    /// Fixed time per move in milliseconds (default 100 unless --tc is given).
    #[arg(long, value_name = "MS", conflicts_with = "tc")]
    movetime: Option<u64>,
    /// A clock per player: SECONDS+INC, e.g. 10+0.1.
    #[arg(long, value_name = "SECONDS+INC")]
    tc: Option<String>,
    /// How many milliseconds past its time an engine may answer before it loses the game.
    #[arg(long, value_name = "MS", default_value_t = 1000)]
    timeout_margin: u64,
    /// Plies after which a game is adjudicated a draw (0: no cap). Opening plies count.
    #[arg(long, value_name = "N", default_value_t = 400)]
    max_plies: u32,
    /// Run an SPRT and stop when it decides: `elo0=A,elo1=B[,alpha=X][,beta=Y]`.
    #[arg(long, value_name = "PARAMS")]
    sprt: Option<String>,
    /// Write every game as DIR/game-0001.hrec and so on (docs/records.md).
    #[arg(long, value_name = "DIR")]
    records: Option<PathBuf>,
    /// Shogun: each opening on a magnet board of its own (seed SEED·1000 + the opening's number,
    /// the variant's other options kept) instead of the variant's one board.
    #[arg(long)]
    boards: bool,
    /// Seed for the openings and the built-in players.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print a line for every finished game.
    #[arg(long)]
    verbose: bool,
    /// Act as a UGI engine (for tests and other programs): random, greedy:N, or the faulty
    /// illegal, silent, crash, error.
    #[arg(long, value_name = "MODE", hide = true)]
    as_ugi: Option<String>,
}

fn usage(what: impl Into<String>) -> CliError {
    CliError::Usage(what.into())
}

/// Today's date as `YYYY.MM.DD` (UTC).
pub(crate) fn today() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The calendar date of a day count since 1970-01-01 (H. Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// Scores gathered while the match runs.
#[derive(Default)]
struct Tally {
    /// Player 1's results.
    total: Wdl,
    /// Player 1's results as the first player (Black; in Shogun White).
    p1_black: Wdl,
    /// Player 1's results as the second player (White; in Shogun Red).
    p1_white: Wdl,
    /// The first player's results.
    black: Wdl,
    /// Ends by rule, by the ply cap, by forfeit of player 1 and of player 2.
    by_rule: u32,
    by_cap: u32,
    forfeits: [u32; 2],
}

fn add(wdl: &mut Wdl, points2: u32) {
    match points2 {
        2 => wdl.wins += 1,
        1 => wdl.draws += 1,
        _ => wdl.losses += 1,
    }
}

impl Tally {
    fn add<P: Recordable>(&mut self, r: &GameReport<P>) {
        let p = r.p1_points2();
        add(&mut self.total, p);
        add(
            if r.p1_black {
                &mut self.p1_black
            } else {
                &mut self.p1_white
            },
            p,
        );
        add(
            &mut self.black,
            match r.winner {
                Some(Side::First) => 2,
                None => 1,
                Some(Side::Second) => 0,
            },
        );
        match r.end {
            End::Rule => self.by_rule += 1,
            End::PlyCap => self.by_cap += 1,
            End::Forfeit(i) => self.forfeits[i] += 1,
        }
    }
}

fn score_line(wdl: &Wdl) -> String {
    format!(
        "{} - {} - {} [{:.3}] {}",
        wdl.wins,
        wdl.losses,
        wdl.draws,
        wdl.score().unwrap_or(0.5),
        wdl.games()
    )
}

fn progress_message(t: &Tally) -> String {
    let w = &t.total;
    format!("+{} ={} -{}  {}", w.wins, w.draws, w.losses, elo_words(w))
}

/// Runs `hasami-lab match`.
pub fn run(args: &MatchArgs) -> Result<(), CliError> {
    if let Some(mode) = &args.as_ugi {
        let mode = ugi_player::Mode::parse(mode).map_err(usage)?;
        return Ok(ugi_player::run(&mode, args.seed)?);
    }
    let variant =
        Variant::parse(&args.variant).map_err(|e| usage(format!("bad --variant: {e}")))?;
    let parse_spec = |flag: &str, text: &Option<String>| {
        let text = text.as_deref().unwrap_or_default();
        PlayerSpec::parse(text).map_err(|e| usage(format!("bad {flag} '{text}': {e}")))
    };
    let spec1 = parse_spec("--player1", &args.player1)?;
    let spec2 = parse_spec("--player2", &args.player2)?;
    if args.games == 0 {
        return Err(usage("--games must be at least 1"));
    }
    if !(1..=64).contains(&args.concurrency) {
        return Err(usage("--concurrency must be 1 to 64"));
    }
    let time = match (&args.tc, args.movetime) {
        (Some(tc), _) => TimeControl::parse_tc(tc).map_err(|e| usage(format!("bad --tc: {e}")))?,
        (None, Some(0)) => return Err(usage("--movetime must be at least 1 ms")),
        (None, Some(ms)) => TimeControl::MoveTime(ms),
        (None, None) => TimeControl::MoveTime(100),
    };
    let sprt = args
        .sprt
        .as_deref()
        .map(Sprt::parse)
        .transpose()
        .map_err(|e| usage(format!("bad --sprt: {e}")))?;
    let plan = Plan {
        spec1,
        spec2,
        time,
        sprt,
    };
    match variant {
        Variant::Hasami(_) if args.boards => Err(usage("--boards is for Shogun's magnet boards")),
        Variant::Hasami(rules) => run_family::<HasamiPosition>(args, rules, plan, &|_| Ok(rules)),
        Variant::Shogun(rules) => {
            let base = args.seed.wrapping_mul(1000);
            let board = |i: usize| {
                if args.boards {
                    rules
                        .with_board(base.wrapping_add(i as u64), 0)
                        .map_err(|e| usage(e.to_string()))
                } else {
                    Ok(rules)
                }
            };
            run_family::<ShogunPosition>(args, rules, plan, &board)
        }
    }
}

/// What `run` read from the arguments besides the variant.
struct Plan {
    spec1: PlayerSpec,
    spec2: PlayerSpec,
    time: TimeControl,
    sprt: Option<Sprt>,
}

/// The match in one family, written once for both (`P`: its positions).
/// `board(i)`: the rules of opening `i` (the variant's, or a board of its own with `--boards`).
fn run_family<P: Recordable>(
    args: &MatchArgs,
    rules: &'static P::Rules,
    plan: Plan,
    board: &dyn Fn(usize) -> Result<&'static P::Rules, CliError>,
) -> Result<(), CliError> {
    let Plan {
        spec1,
        spec2,
        time,
        sprt,
    } = plan;
    let openings = match &args.openings_file {
        Some(path) => {
            let text = read_text_file(path, MAX_TEXT_FILE).map_err(|e| {
                usage(format!(
                    "cannot read --openings-file {}: {e}",
                    path.display()
                ))
            })?;
            openings::parse_file::<P>(&text, rules)
                .map_err(|e| usage(format!("bad --openings-file {}: {e}", path.display())))?
        }
        None => {
            let count = args.openings.unwrap_or(args.games.div_ceil(2));
            if count == 0 {
                return Err(usage("--openings must be at least 1"));
            }
            let boards = (0..count as usize)
                .map(board)
                .collect::<Result<Vec<_>, _>>()?;
            openings::generate_on::<P>(|i| boards[i], count as usize, args.seed)
        }
    };

    // Start each engine once to check it before any game (a bad command is a bad argument).
    let name1 = players::check(&spec1, rules)
        .map_err(|e| usage(format!("--player1 {spec1}: {e} (players: {SPEC_HELP})")))?;
    let name2 = players::check(&spec2, rules)
        .map_err(|e| usage(format!("--player2 {spec2}: {e} (players: {SPEC_HELP})")))?;
    if let Some(dir) = &args.records {
        fs::create_dir_all(dir)?;
    }

    let settings = Settings {
        time,
        margin: Duration::from_millis(args.timeout_margin),
        max_plies: args.max_plies,
        seed: args.seed,
        date: today(),
    };
    let games = args.games as usize;
    let bar = ProgressBar::new(games as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30.cyan/blue} {pos}/{len} games  {msg}  [{elapsed_precise}, eta {eta}]",
        )
        .expect("a valid template")
        .progress_chars("=> "),
    );
    bar.enable_steady_tick(Duration::from_millis(250));

    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let mut tally = Tally::default();
    let mut decided: Option<(Verdict, u32)> = None;
    let mut failure: Option<CliError> = None;
    let (tx, rx) = mpsc::channel::<GameReport<P>>();
    thread::scope(|scope| {
        for _ in 0..(args.concurrency as usize).min(games) {
            let tx = tx.clone();
            let (spec1, spec2) = (spec1.clone(), spec2.clone());
            let (name1, name2) = (name1.clone(), name2.clone());
            let (next, stop, settings, openings) = (&next, &stop, &settings, &openings);
            scope.spawn(move || {
                let mut players = [Player::new(spec1, name1), Player::new(spec2, name2)];
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let opening = &openings[(i / 2) % openings.len()];
                    let Some(report) =
                        referee::play(&mut players, i, opening, i % 2 == 0, settings, stop)
                    else {
                        break;
                    };
                    if tx.send(report).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for report in rx {
            if stop.load(Ordering::Relaxed) {
                // Decided (or failed) already: later games do not count.
                continue;
            }
            if let Some(dir) = &args.records {
                let path = dir.join(format!("game-{:04}.hrec", report.index + 1));
                if let Err(e) = fs::write(&path, report.record.to_string()) {
                    failure = Some(CliError::Io(std::io::Error::new(
                        e.kind(),
                        format!("cannot write {}: {e}", path.display()),
                    )));
                    stop.store(true, Ordering::Relaxed);
                    continue;
                }
            }
            tally.add(&report);
            if args.verbose || matches!(report.end, End::Forfeit(_)) {
                let [first, second] = P::SIDE_NAMES;
                let black = report.record.tag(first).unwrap_or("?");
                let white = report.record.tag(second).unwrap_or("?");
                let line = format!(
                    "game {} ({black} vs {white}): {} {{{}}}",
                    report.index + 1,
                    report.record.result,
                    report.termination
                );
                bar.suspend(|| eprintln!("{line}"));
            }
            bar.inc(1);
            bar.set_message(progress_message(&tally));
            if let Some(sprt) = &sprt {
                let verdict = sprt.verdict(sprt.llr(&tally.total));
                if verdict != Verdict::Continue {
                    decided = Some((verdict, tally.total.games()));
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    bar.finish_and_clear();
    if let Some(e) = failure {
        return Err(e);
    }
    print_summary::<P>(&name1, &name2, &tally, sprt.as_ref(), decided, &settings);
    Ok(())
}

fn print_summary<P: Recordable>(
    name1: &str,
    name2: &str,
    t: &Tally,
    sprt: Option<&Sprt>,
    decided: Option<(Verdict, u32)>,
    s: &Settings,
) {
    let [first, second] = P::SIDE_NAMES;
    let mut out = std::io::stdout().lock();
    let mut lines = vec![
        format!(
            "Score of {name1} vs {name2}: {} games",
            score_line(&t.total)
        ),
        format!(
            "...      {name1} playing {first}: {}",
            score_line(&t.p1_black)
        ),
        format!(
            "...      {name1} playing {second}: {}",
            score_line(&t.p1_white)
        ),
        format!("...      {first} vs {second}: {}", score_line(&t.black)),
    ];
    if let Some(e) = elo_estimate(&t.total) {
        lines.push(format!(
            "Elo difference: {} +/- {} (95%), LOS: {:.1} %, draw ratio: {:.1} %",
            fmt_elo(e.elo),
            fmt_error(e.error),
            100.0 * los(&t.total),
            100.0 * t.total.draw_ratio()
        ));
    }
    if let Some(sprt) = sprt {
        let llr = sprt.llr(&t.total);
        let (lower, upper) = sprt.bounds();
        let verdict = match decided {
            Some((v, n)) => format!(
                "{v} after {n} game{} (the match stopped there)",
                if n == 1 { "" } else { "s" }
            ),
            None => sprt.verdict(llr).to_string(),
        };
        lines.push(format!(
            "SPRT ({sprt}): LLR {llr:.2}, bounds [{lower:.2}, {upper:.2}]: {verdict}"
        ));
    }
    let cap = if s.max_plies > 0 {
        format!("{} at the ply cap ({} plies)", t.by_cap, s.max_plies)
    } else {
        format!("{} at the ply cap (none)", t.by_cap)
    };
    lines.push(format!(
        "Game ends: {} by the rules, {cap}, {} by forfeit ({name1} {}, {name2} {})",
        t.by_rule,
        t.forfeits[0] + t.forfeits[1],
        t.forfeits[0],
        t.forfeits[1]
    ));
    for line in lines {
        let _ = writeln!(out, "{line}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        assert_eq!(today().len(), 10);
    }

    #[test]
    fn tally_counts_from_player_one() {
        let mut t = Tally::default();
        let mut wdl = Wdl::default();
        for p in [2, 2, 1, 0] {
            add(&mut wdl, p);
        }
        assert_eq!(wdl, Wdl::new(2, 1, 1));
        t.total = wdl;
        assert_eq!(score_line(&t.total), "2 - 1 - 1 [0.625] 4");
        assert!(progress_message(&t).starts_with("+2 =1 -1  Elo 88.7"));
    }
}
