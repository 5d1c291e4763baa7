//! `hasami-lab nnue`: the learned evaluation's data (`gen`, `label`, `endings`) and trainer (`train`); docs/eval.md.

mod check;
mod endings;
mod files;
mod gen;
mod label;
mod record;
mod score;
mod target;
mod train;

use std::fs::File;
use std::io::{BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, Subcommand};
use hasami_core::{HasamiPosition, HasamiRules};
use hasami_engine::hasami::net::network_for;
use hasami_engine::tables::Tables;

use crate::convert::suite::read_suite;
use crate::CliError;

/// Arguments of `hasami-lab nnue`.
#[derive(Args)]
pub struct NnueArgs {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Self-play with today's engine; writes every quiet position with result, score and hand evaluation.
    Gen(GenArgs),
    /// Trains a network on data files of one variant; writes the network and its training curve.
    Train(TrainArgs),
    /// Collects fortresses: drawn self-play games' last positions with a lead, no win found by a long search.
    Fortresses(FortressArgs),
    /// Scores a suite's positions: hand-written and learned evaluation, and a search with each.
    Score(score::ScoreArgs),
    /// How often the evaluation's sign agrees with the endgame tables, hand-written and learned.
    Tables(TablesArgs),
    /// Random positions of the endgame tables with the tables' result: training data like `gen`'s.
    Label(LabelArgs),
    /// The held-out loss of network files on data files, as `train` reports it for the network it writes.
    Loss(LossArgs),
    /// Endings with a lead, taken from data files: a suite for `gen --suite`.
    Endings(endings::EndingsArgs),
}

/// Arguments of `nnue fortresses`.
#[derive(Args)]
struct FortressArgs {
    /// Variant text, e.g. `hasami+max-run=1`.
    #[arg(long)]
    variant: String,
    /// Games to play at most.
    #[arg(long, default_value_t = 200)]
    games: u64,
    /// Node counts per move, as for `gen`.
    #[arg(long, default_value = "2000,8000,32000", value_delimiter = ',')]
    nodes: Vec<u64>,
    /// The smallest lead in pieces a drawn game must end with.
    #[arg(long, default_value_t = 2)]
    lead: u32,
    /// Milliseconds of the search that must find no forced win (either side to move).
    #[arg(long, default_value_t = 10_000)]
    check_ms: u64,
    /// Positions to collect at most.
    #[arg(long, default_value_t = 20)]
    max: usize,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Output suite file.
    #[arg(long)]
    out: PathBuf,
}

/// Arguments of `nnue tables`.
#[derive(Args)]
struct TablesArgs {
    /// Variant text (a network must be shipped for it).
    #[arg(long)]
    variant: String,
    /// The directory of endgame tables (`hasami tables build`).
    #[arg(long)]
    dir: PathBuf,
    /// Random positions drawn from each table.
    #[arg(long, default_value_t = 20_000)]
    count: u64,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A network file to check instead of the shipped one.
    #[arg(long)]
    net: Option<PathBuf>,
}

/// Arguments of `nnue label`.
#[derive(Args)]
struct LabelArgs {
    /// Variant text.
    #[arg(long)]
    variant: String,
    /// The directory of endgame tables (`hasami tables build`).
    #[arg(long)]
    dir: PathBuf,
    /// Random positions drawn from each table (those over or without a move are left out); the
    /// shipped hasami network: 3,000, mak-yek's: 500.
    #[arg(long, default_value_t = 3_000)]
    count: u64,
    /// Drawn positions kept from each table at most (the decided ones are all kept; default: all).
    #[arg(long)]
    drawn: Option<u64>,
    /// Random seed (`nnue tables` checks with seed 1: use another).
    #[arg(long, default_value_t = 301)]
    seed: u64,
    /// Output data file.
    #[arg(long)]
    out: PathBuf,
}

/// Arguments of `nnue loss`.
#[derive(Args)]
struct LossArgs {
    /// Network files.
    #[arg(long, num_args = 1.., required = true)]
    net: Vec<PathBuf>,
    /// Data files, in the order they were given to `train` (the held-out blocks depend on it).
    #[arg(long, num_args = 1.., required = true)]
    data: Vec<PathBuf>,
    /// Scale from centi-pieces to the logistic (`train` prints the one it used).
    #[arg(long)]
    k: f32,
    #[command(flatten)]
    target: TargetArgs,
}

/// The training target's weights of the game's result (`nnue train`, `nnue loss`).
#[derive(Args)]
struct TargetArgs {
    /// Weight of the game result in the target (the rest: the search's score); the shipped networks: 0,
    /// as a few thousand games' results are learned game by game (docs/eval.md).
    #[arg(long, default_value_t = 0.0)]
    lambda: f32,
    /// Weight of the game result where a side leads by two pieces or more (default: `--lambda`):
    /// whether a lead was turned into a win, which the search's score does not say.
    #[arg(long)]
    lead_lambda: Option<f32>,
}

impl TargetArgs {
    /// The target, each weight within 0–1.
    fn target(&self) -> Result<target::Target, CliError> {
        let lead_lambda = self.lead_lambda.unwrap_or(self.lambda);
        if !((0.0..=1.0).contains(&self.lambda) && (0.0..=1.0).contains(&lead_lambda)) {
            return Err(CliError::Usage("--lambda and --lead-lambda 0-1".into()));
        }
        Ok(target::Target {
            lambda: self.lambda,
            lead_lambda,
        })
    }
}

/// Arguments of `nnue train`.
#[derive(Args)]
struct TrainArgs {
    /// Data files written by `nnue gen`, all of one variant.
    #[arg(long, num_args = 1.., required = true)]
    data: Vec<PathBuf>,
    /// Where to write the network (`crates/engine/nets/VARIANT.nnue` ships it).
    #[arg(long)]
    out: PathBuf,
    /// Where to write the training curve (CSV: epoch, train loss, held-out loss).
    #[arg(long)]
    curve: Option<PathBuf>,
    /// Passes over the data (the shipped networks: 16).
    #[arg(long, default_value_t = 16)]
    epochs: u32,
    /// Positions per step.
    #[arg(long, default_value_t = 256)]
    batch: usize,
    /// Adam's step size (the shipped networks: 0.0005).
    #[arg(long, default_value_t = 0.0005)]
    lr: f32,
    #[command(flatten)]
    target: TargetArgs,
    /// Scale from centi-pieces to the logistic (fitted to the data when left out).
    #[arg(long)]
    k: Option<f32>,
    /// Seed of the starting weights and of the order of the positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Arguments of `nnue gen`.
#[derive(Args)]
struct GenArgs {
    /// Variant text, e.g. `hasami` or `mak-yek`.
    #[arg(long)]
    variant: String,
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Node counts per move, comma-separated: each side of a game draws one.
    #[arg(long, default_value = "4000,16000,64000", value_delimiter = ',')]
    nodes: Vec<u64>,
    /// Start positions from a suite file (`hasami-lab convert generate`) instead of the start position.
    #[arg(long)]
    suite: Option<PathBuf>,
    /// Random plies after the start (between half of it and it).
    #[arg(long, default_value_t = 8)]
    random_plies: u64,
    /// Longest game in plies (a draw there).
    #[arg(long, default_value_t = 400)]
    max_plies: u32,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads (games played at once; the data is the same on any count).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Both sides' evaluation, as the UGI option `LearnedEval`: `false` (the default: the
    /// hand-written one, as the shipped data was made), `confirmed` or `true` (`--learned` alone:
    /// the variant's shipped network, so that a network learns from its own games).
    #[arg(long, default_value = "false", num_args = 0..=1, default_missing_value = "true")]
    learned: hasami_engine::Learned,
    /// Output file.
    #[arg(long)]
    out: PathBuf,
}

/// Runs `hasami-lab nnue`.
pub fn run(args: &NnueArgs) -> Result<(), CliError> {
    match &args.command {
        Command::Gen(a) => run_gen(a),
        Command::Train(a) => run_train(a),
        Command::Fortresses(a) => run_fortresses(a),
        Command::Score(a) => score::run(a),
        Command::Tables(a) => run_tables(a),
        Command::Label(a) => run_label(a),
        Command::Loss(a) => run_loss(a),
        Command::Endings(a) => endings::run(a),
    }
}

fn run_gen(a: &GenArgs) -> Result<(), CliError> {
    let rules = HasamiRules::parse(&a.variant)
        .map_err(|e| CliError::Usage(format!("--variant {}: {e}", a.variant)))?;
    if a.nodes.is_empty() || a.nodes.iter().any(|&n| n == 0 || n > 100_000_000) {
        return Err(CliError::Usage(
            "--nodes: counts from 1 to 100,000,000".into(),
        ));
    }
    if a.threads == 0 || a.threads > 256 || a.games > 10_000_000 {
        return Err(CliError::Usage(
            "--threads 1-256, --games at most 10,000,000".into(),
        ));
    }
    let starts = match &a.suite {
        None => Vec::new(),
        Some(path) => {
            let suite = read_suite(path)?;
            if HasamiRules::parse(&suite.variant).ok() != Some(rules) {
                return Err(CliError::Usage(format!(
                    "{}: a suite of {}, not {}",
                    path.display(),
                    suite.variant,
                    a.variant
                )));
            }
            suite
                .positions
                .iter()
                .map(|t| HasamiPosition::from_text(t, rules))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?
        }
    };
    let settings = gen::GenSettings {
        rules,
        games: a.games,
        nodes: a.nodes.clone(),
        starts,
        random_plies: a.random_plies,
        max_plies: a.max_plies,
        seed: a.seed,
        learned: a.learned,
    };
    let began = Instant::now();
    let tty = std::io::stderr().is_terminal();
    let records = gen::generate(&settings, a.threads, &|games, n| {
        if tty || games % 50 == 0 {
            eprint!(
                "\r{games} games, {n} positions, {:.0} s   ",
                began.elapsed().as_secs_f64()
            );
        }
    });
    eprintln!();
    let mut out = BufWriter::new(File::create(&a.out)?);
    record::write_header(&mut out, &a.variant)?;
    for r in &records {
        record::write_record(&mut out, r)?;
    }
    out.flush()?;
    let won = records
        .iter()
        .filter(|r| r.result == record::Result3::Won)
        .count();
    let drawn = records
        .iter()
        .filter(|r| r.result == record::Result3::Drawn)
        .count();
    println!(
        "{}: {} positions from {} games (side to move won {won}, drawn {drawn}, lost {}), {:.1} s",
        a.out.display(),
        records.len(),
        a.games,
        records.len() - won - drawn,
        began.elapsed().as_secs_f64()
    );
    Ok(())
}

fn run_train(a: &TrainArgs) -> Result<(), CliError> {
    if a.epochs == 0 || a.epochs > 10_000 || a.batch == 0 || a.batch > 1_000_000 {
        return Err(CliError::Usage(
            "--epochs 1-10,000, --batch 1-1,000,000".into(),
        ));
    }
    let target = a.target.target()?;
    if !(a.lr > 0.0 && a.lr < 1.0) {
        return Err(CliError::Usage("--lr between 0 and 1".into()));
    }
    if a.k.is_some_and(|k| !(k > 0.0 && k < 1.0)) {
        return Err(CliError::Usage("--k between 0 and 1".into()));
    }
    let (rules, records) = files::read_data(&a.data)?;
    let settings = train::TrainSettings {
        epochs: a.epochs,
        batch: a.batch,
        lr: a.lr,
        target,
        k: a.k,
        seed: a.seed,
    };
    let began = Instant::now();
    let trained = train::train(rules, &records, &settings, |e| {
        eprintln!(
            "epoch {:>3}: train {:.6}, held out {:.6}, {:.0} s",
            e.epoch,
            e.train,
            e.test,
            began.elapsed().as_secs_f64()
        );
    })
    .map_err(CliError::Failed)?;
    std::fs::write(&a.out, trained.network.to_bytes())?;
    if let Some(path) = &a.curve {
        let mut text = String::from("epoch,train,held_out\n");
        for e in &trained.curve {
            text += &format!("{},{:.6},{:.6}\n", e.epoch, e.train, e.test);
        }
        std::fs::write(path, text)?;
    }
    let best = trained
        .curve
        .iter()
        .min_by(|a, b| a.test.total_cmp(&b.test))
        .expect("one epoch at least");
    println!(
        "{}: {rules}, {} positions trained, {} held out, K {:.6}; held-out loss: hand-written {:.6}, \
         network {:.6} (float, epoch {}) {:.6} (integer); {:.1} s",
        a.out.display(),
        trained.counts.0,
        trained.counts.1,
        trained.k,
        trained.hand_test,
        best.test,
        best.epoch,
        trained.integer_test,
        began.elapsed().as_secs_f64()
    );
    Ok(())
}

fn run_fortresses(a: &FortressArgs) -> Result<(), CliError> {
    let rules = HasamiRules::parse(&a.variant)
        .map_err(|e| CliError::Usage(format!("--variant {}: {e}", a.variant)))?;
    if a.nodes.is_empty() || a.nodes.iter().any(|&n| n == 0 || n > 100_000_000) {
        return Err(CliError::Usage(
            "--nodes: counts from 1 to 100,000,000".into(),
        ));
    }
    if a.check_ms == 0 || a.check_ms > 600_000 || a.max > 10_000 || a.games > 1_000_000 {
        return Err(CliError::Usage(
            "--check-ms 1-600,000, --max at most 10,000, --games at most 1,000,000".into(),
        ));
    }
    let settings = gen::GenSettings {
        rules,
        games: a.games,
        nodes: a.nodes.clone(),
        starts: Vec::new(),
        random_plies: 8,
        max_plies: 1000,
        seed: a.seed,
        learned: hasami_engine::Learned::Off,
    };
    let found = check::collect_fortresses(
        &settings,
        a.lead,
        std::time::Duration::from_millis(a.check_ms),
        a.max,
        |games, n| eprint!("\r{games} games, {n} fortresses   "),
    );
    eprintln!();
    let mut text = format!(
        "# Fortresses: {}: the last positions of drawn self-play games with a lead of {} or more, in which a\n\
         # {} ms search (either side to move) finds no forced win; the quiet count reset.\n\
         # hasami-lab nnue fortresses --variant {} --games {} --lead {} --check-ms {} --max {} --seed {}\n\
         variant {}\n",
        a.variant, a.lead, a.check_ms, a.variant, a.games, a.lead, a.check_ms, a.max, a.seed, a.variant
    );
    for f in &found {
        text += f;
        text += "\n";
    }
    std::fs::write(&a.out, text)?;
    println!("{}: {} fortresses", a.out.display(), found.len());
    Ok(())
}

fn run_tables(a: &TablesArgs) -> Result<(), CliError> {
    let rules = HasamiRules::parse(&a.variant)
        .map_err(|e| CliError::Usage(format!("--variant {}: {e}", a.variant)))?;
    if a.count == 0 || a.count > 100_000_000 {
        return Err(CliError::Usage("--count 1-100,000,000".into()));
    }
    let net = match &a.net {
        None => network_for(rules)
            .ok_or_else(|| CliError::Usage(format!("no network is shipped for {rules}")))?,
        Some(path) => files::read_network(path, rules)?,
    };
    let tables = Tables::load_dir(&a.dir)
        .map_err(|e| CliError::Usage(format!("{}: {e}", a.dir.display())))?;
    let rows = check::table_agreement(&tables, rules, net, a.count, a.seed);
    println!(
        "table | positions | decided | hand-written sign right | learned sign right | drawn | \
         mean size on drawn: hand-written | learned"
    );
    for (sig, g) in rows {
        let pct = |x: u64| 100.0 * x as f64 / g.decided.max(1) as f64;
        let mean = |x: u64| x as f64 / g.drawn.max(1) as f64;
        println!(
            "{sig} | {} | {} | {} ({:.1}%) | {} ({:.1}%) | {} | {:.0} | {:.0}",
            g.positions,
            g.decided,
            g.hand,
            pct(g.hand),
            g.learned,
            pct(g.learned),
            g.drawn,
            mean(g.hand_drawn),
            mean(g.learned_drawn)
        );
    }
    Ok(())
}

fn run_label(a: &LabelArgs) -> Result<(), CliError> {
    let rules = HasamiRules::parse(&a.variant)
        .map_err(|e| CliError::Usage(format!("--variant {}: {e}", a.variant)))?;
    // Eight tables of the most a data file may hold (files::MAX_RECORDS) at most.
    if a.count == 0 || a.count > 2_000_000 {
        return Err(CliError::Usage("--count 1-2,000,000".into()));
    }
    let tables = Tables::load_dir(&a.dir)
        .map_err(|e| CliError::Usage(format!("{}: {e}", a.dir.display())))?;
    let (records, summary) =
        label::table_records(&tables, rules, a.count, a.drawn.unwrap_or(u64::MAX), a.seed)
            .map_err(CliError::Usage)?;
    let mut out = BufWriter::new(File::create(&a.out)?);
    record::write_header(&mut out, &a.variant)?;
    for r in &records {
        record::write_record(&mut out, r)?;
    }
    out.flush()?;
    println!("table | positions | won | lost | drawn (for the side to move)");
    for d in summary {
        println!(
            "{} | {} | {} | {} | {}",
            d.table,
            d.records,
            d.won,
            d.lost,
            d.records - d.won - d.lost
        );
    }
    println!("{}: {} positions", a.out.display(), records.len());
    Ok(())
}

fn run_loss(a: &LossArgs) -> Result<(), CliError> {
    let target = a.target.target()?;
    if !(a.k > 0.0 && a.k < 1.0) {
        return Err(CliError::Usage("--k between 0 and 1".into()));
    }
    let (rules, records) = files::read_data(&a.data)?;
    for path in &a.net {
        let net = files::read_network(path, rules)?;
        let loss = train::held_out_loss(net, &records, a.k, &target);
        println!("{}: held-out loss {loss:.6}", path.display());
    }
    Ok(())
}
