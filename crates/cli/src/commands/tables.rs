//! `hasami tables`: build, verify and describe endgame tables (docs/tables.md).

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use hasami_core::{HasamiRules, SplitMix64};
use hasami_engine::tables::{
    build::{self, BuildStats, Progress},
    file,
    symmetry::Symmetry,
    verify, Signature, Table, TableError, Tables,
};

use super::CliError;

/// Arguments of `hasami tables`.
#[derive(Args)]
pub struct TablesArgs {
    #[command(subcommand)]
    command: TablesCommand,
}

#[derive(Subcommand)]
enum TablesCommand {
    /// Solve a material signature (and its swap, and the smaller ones it needs) and write the tables.
    Build(BuildArgs),
    /// Check tables against their own moves and against a brute-force search on sampled positions.
    Verify(VerifyArgs),
    /// Print what the table files in a directory hold, with a position of each table's longest win.
    Info {
        /// The directory.
        #[arg(long, default_value = "tables")]
        dir: PathBuf,
    },
    /// Write a conversion suite (`hasami-lab convert run`) of positions a table calls won for the side
    /// to move, the side ahead: distinct positions, each the first win after a random index.
    Sample(SampleArgs),
    /// Compare two table files of the same variant and material (with or without symmetry): every
    /// placement of the first looked up in both. Exits with an error when any differ.
    Compare {
        /// The first table file (its placements are the ones compared).
        first: PathBuf,
        /// The second table file.
        second: PathBuf,
    },
    /// Print the table value of a position (with its quiet-ply count applied).
    Probe {
        /// Variant text.
        #[arg(long, default_value = "hasami-chess")]
        variant: String,
        /// Directory of the tables.
        #[arg(long, default_value = "tables")]
        dir: PathBuf,
        /// Position text (RULES.md A7).
        position: String,
    },
}

/// Arguments of `hasami tables build`.
#[derive(Args)]
struct BuildArgs {
    /// Variant text (hasami, hasami-chess, or one of them with options; not the five-in-a-row or
    /// most-captures games, nor houses).
    #[arg(long, default_value = "hasami-chess")]
    variant: String,
    /// Material: pieces of the side to move v pieces of the other side, e.g. 3v2 (2v3 is built with it).
    #[arg(long, default_value = "2v2")]
    pieces: String,
    /// Directory for the files (created if missing); smaller tables found there are used, not built again.
    #[arg(long, default_value = "tables")]
    out: PathBuf,
    /// Threads, 1 to 256 (more than the machine's processors only waits on them).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// `board`: one entry per family of the board's eight images (rotations and mirrors), about an
    /// eighth of the positions; `off`: every placement its own entry (format version 1).
    #[arg(long, value_enum, default_value = "board")]
    symmetry: SymmetryArg,
}

/// `--symmetry` of `hasami tables build`.
#[derive(Clone, Copy, clap::ValueEnum)]
enum SymmetryArg {
    /// The board's eight symmetries.
    Board,
    /// None.
    Off,
}

impl From<SymmetryArg> for Symmetry {
    fn from(a: SymmetryArg) -> Symmetry {
        match a {
            SymmetryArg::Board => Symmetry::Board,
            SymmetryArg::Off => Symmetry::Off,
        }
    }
}

/// Arguments of `hasami tables verify`.
#[derive(Args)]
struct VerifyArgs {
    /// Variant text.
    #[arg(long, default_value = "hasami-chess")]
    variant: String,
    /// Material to check (its table and the smaller ones must be in --dir).
    #[arg(long, default_value = "2v2")]
    pieces: String,
    /// Directory of the tables.
    #[arg(long, default_value = "tables")]
    dir: PathBuf,
    /// Positions to check: wins, losses and draws in turn, each the first of its kind after a random index.
    #[arg(long, default_value_t = 300)]
    samples: u32,
    /// Plies the brute-force search looks ahead (wins and losses further away are checked as "not
    /// decided within this many plies"; also every sample's value against its moves).
    #[arg(long, default_value_t = 5)]
    depth: u8,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Arguments of `hasami tables sample`.
#[derive(Args)]
struct SampleArgs {
    /// Variant text.
    #[arg(long, default_value = "hasami-chess")]
    variant: String,
    /// Material, the side to move first and ahead, e.g. 3v2.
    #[arg(long, default_value = "3v2")]
    pieces: String,
    /// Directory of the tables.
    #[arg(long, default_value = "tables")]
    dir: PathBuf,
    /// Positions to write (fewer when the table has fewer wins).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    count: u32,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the suite here (standard output if left out).
    #[arg(long)]
    out: Option<PathBuf>,
}

fn usage(e: TableError) -> CliError {
    CliError::Usage(e.to_string())
}

fn parse(variant: &str, pieces: &str) -> Result<(&'static HasamiRules, Signature), CliError> {
    let rules =
        HasamiRules::parse(variant).map_err(|e| CliError::Usage(format!("bad --variant: {e}")))?;
    let sig: Signature = pieces.parse().map_err(usage)?;
    Ok((rules, sig))
}

/// Runs `hasami tables …`.
pub fn run(args: &TablesArgs) -> Result<(), CliError> {
    match &args.command {
        TablesCommand::Build(a) => run_build(a),
        TablesCommand::Verify(a) => run_verify(a),
        TablesCommand::Info { dir } => run_info(dir),
        TablesCommand::Sample(a) => run_sample(a),
        TablesCommand::Compare { first, second } => run_compare(first, second),
        TablesCommand::Probe {
            variant,
            dir,
            position,
        } => run_probe(variant, dir, position),
    }
}

fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / (1024.0 * 1024.0))
}

fn print_table(t: &Table) {
    let c = t.counts();
    let n = t.bytes().len() as u64;
    let pct = |k: u64| 100.0 * k as f64 / n.max(1) as f64;
    println!(
        "  {} {}: {} positions{} ({}), wins {} ({:.1}%), losses {} ({:.1}%), draws {} ({:.1}%), longest win {} plies, longest loss {} plies",
        t.rules(),
        t.signature(),
        n,
        match t.indexer().symmetry() {
            Symmetry::Board => " (one of each family of the board's images)",
            Symmetry::Off => "",
        },
        mib(n),
        c.wins,
        pct(c.wins),
        c.losses,
        pct(c.losses),
        c.draws,
        pct(c.draws),
        c.longest_win,
        c.longest_loss
    );
}

fn run_build(a: &BuildArgs) -> Result<(), CliError> {
    let (rules, sig) = parse(&a.variant, &a.pieces)?;
    std::fs::create_dir_all(&a.out)?;
    let mut have: Vec<Table> = Vec::new();
    let mut order = build::lower_pairs(rules, sig);
    order.push(build::canonical(sig));
    let total = std::time::Instant::now();
    for pair in order {
        let mut names = vec![pair];
        if pair.stm != pair.opp {
            names.push(pair.swapped());
        }
        let existing: Vec<_> = names
            .iter()
            .map(|s| a.out.join(file::file_name(rules, *s)))
            .filter(|p| p.exists())
            .collect();
        let wanted = names.len();
        if pair != build::canonical(sig) && existing.len() == wanted {
            for p in &existing {
                let t = file::read(p, Some(rules)).map_err(usage)?;
                println!("using {}", p.display());
                have.push(t);
            }
            continue;
        }
        println!(
            "building {rules} {pair}{} …",
            if wanted == 2 {
                format!(" and {}", pair.swapped())
            } else {
                String::new()
            }
        );
        let (built, stats) = build::build_with_lower(
            rules,
            pair,
            &have,
            usize::from(a.threads),
            a.symmetry.into(),
            &mut progress_lines(),
        )
        .map_err(usage)?;
        report(&built, &stats, &a.out)?;
        have.extend(built);
    }
    println!("total {:.1} s", total.elapsed().as_secs_f64());
    Ok(())
}

/// Prints a long build's progress on standard error: the end of the first look, then a distance
/// level when at least ten seconds have passed since the last line (short builds stay quiet).
fn progress_lines() -> impl FnMut(Progress) {
    const EVERY: u64 = 10;
    let mut last = 0;
    move |p| match p {
        Progress::FirstLook { positions, seconds } if seconds >= EVERY => {
            last = seconds;
            eprintln!("  looked at the moves of {positions} positions ({seconds} s)");
        }
        Progress::Level {
            distance,
            decided,
            seconds,
        } if seconds >= last + EVERY => {
            last = seconds;
            eprintln!("  distance {distance}: {decided} positions decided ({seconds} s)");
        }
        _ => {}
    }
}

fn report(built: &[Table], stats: &BuildStats, dir: &Path) -> Result<(), CliError> {
    println!(
        "  solved {} positions in {:.1} s ({} distance levels)",
        stats.positions, stats.seconds, stats.levels
    );
    for t in built {
        print_table(t);
        let path = file::write(t, dir).map_err(usage)?;
        let size = std::fs::metadata(&path)?.len();
        println!("  wrote {} ({size} bytes, {})", path.display(), mib(size));
    }
    Ok(())
}

fn run_verify(a: &VerifyArgs) -> Result<(), CliError> {
    let (rules, sig) = parse(&a.variant, &a.pieces)?;
    let mut tables = Tables::new();
    let mut want = build::lower_pairs(rules, sig);
    want.push(build::canonical(sig));
    for pair in want {
        for s in [pair, pair.swapped()]
            .into_iter()
            .take(if pair.stm == pair.opp { 1 } else { 2 })
        {
            let p = a.dir.join(file::file_name(rules, s));
            tables.add(file::read(&p, Some(rules)).map_err(usage)?);
        }
    }
    let table = tables
        .tables()
        .iter()
        .find(|t| t.signature() == sig)
        .ok_or_else(|| CliError::Usage(format!("no {sig} table")))?;
    let mut rng = SplitMix64(a.seed);
    let n = table.indexer().count();
    let mut by_kind = [0u32; 3];
    let (mut checked, mut failed) = (0u32, 0u32);
    let t0 = std::time::Instant::now();
    // Wins, losses and draws in turn, each from a random place in the table.
    for k in 0..a.samples {
        let want = (k % 3) as usize;
        let Some(i) = verify::sample(table, want, rng.next() % n) else {
            continue;
        };
        let pos = table.position(i);
        by_kind[want] += 1;
        checked += 1;
        for r in [
            verify::consistent(&tables, &pos),
            verify::brute_force(table, &tables, &pos, a.depth),
        ] {
            if let Err(e) = r {
                failed += 1;
                println!("MISMATCH {e}");
            }
        }
    }
    println!(
        "checked {checked} positions of {rules} {sig} (wins {}, losses {}, draws {}) against their moves and a {}-ply brute-force search in {:.1} s: {failed} mismatches",
        by_kind[0],
        by_kind[1],
        by_kind[2],
        a.depth,
        t0.elapsed().as_secs_f64()
    );
    if failed > 0 {
        return Err(CliError::Usage(format!("{failed} mismatches")));
    }
    Ok(())
}

fn run_info(dir: &Path) -> Result<(), CliError> {
    let tables = Tables::load_dir(dir).map_err(usage)?;
    if tables.is_empty() {
        println!("no tables in {}", dir.display());
    }
    for t in tables.tables() {
        print_table(t);
        let longest = t.counts().longest_win;
        if let Some(i) = t.bytes().iter().position(|&b| b == longest && b > 0) {
            println!("    longest win: {}", t.position(i as u64));
        }
    }
    Ok(())
}

fn run_compare(first: &Path, second: &Path) -> Result<(), CliError> {
    let a = file::read(first, None).map_err(usage)?;
    let b = file::read(second, Some(a.rules())).map_err(usage)?;
    if a.signature() != b.signature() {
        return Err(CliError::Usage(format!(
            "{} holds {}, {} holds {}",
            first.display(),
            a.signature(),
            second.display(),
            b.signature()
        )));
    }
    let t0 = std::time::Instant::now();
    let (mut differ, mut example) = (0u64, None);
    for i in 0..a.indexer().count() {
        let (s, o) = a.indexer().position(i);
        let (va, vb) = (a.value(s, o), b.value(s, o));
        if va != vb {
            differ += 1;
            example.get_or_insert_with(|| format!("{}: {va} against {vb}", a.position(i)));
        }
    }
    println!(
        "{} {}: {} placements of {} ({} entries) looked up in {} ({} entries) in {:.1} s: {differ} differ",
        a.rules(),
        a.signature(),
        a.indexer().count(),
        first.display(),
        a.bytes().len(),
        second.display(),
        b.bytes().len(),
        t0.elapsed().as_secs_f64()
    );
    match example {
        Some(e) => Err(CliError::Usage(format!(
            "{differ} of {} placements differ, e.g. {e}",
            a.indexer().count()
        ))),
        None => Ok(()),
    }
}

fn run_sample(a: &SampleArgs) -> Result<(), CliError> {
    let (rules, sig) = parse(&a.variant, &a.pieces)?;
    if sig.stm <= sig.opp {
        return Err(CliError::Usage(format!(
            "--pieces {sig}: the side to move must be ahead (e.g. 3v2), as a conversion suite's side \
             ahead is the side that wins"
        )));
    }
    let path = a.dir.join(file::file_name(rules, sig));
    let table = file::read(&path, Some(rules)).map_err(usage)?;
    let n = table.indexer().count();
    let mut rng = SplitMix64(a.seed);
    let mut seen = std::collections::HashSet::new();
    let mut lines = Vec::new();
    // Each try starts at a random index; a table with few wins gives what it has.
    for _ in 0..u64::from(a.count) * 20 {
        if lines.len() >= a.count as usize {
            break;
        }
        let Some(i) = verify::sample(&table, 0, rng.next() % n) else {
            break; // no win at all
        };
        if seen.insert(i) {
            lines.push(table.position(i).to_string());
        }
    }
    let about = format!(
        "{} positions of the {sig} table won for the side to move, the side\n\
         # ahead (hasami tables sample --variant {} --pieces {sig} --count {} --seed {}).",
        lines.len(),
        a.variant,
        a.count,
        a.seed
    );
    let text = hasami_core::suite::suite_text(&rules.to_string(), &about, &lines);
    match a.out.as_deref() {
        Some(path) => std::fs::write(path, text)?,
        None => std::io::Write::write_all(&mut std::io::stdout(), text.as_bytes())?,
    }
    Ok(())
}

fn run_probe(variant: &str, dir: &Path, position: &str) -> Result<(), CliError> {
    let rules =
        HasamiRules::parse(variant).map_err(|e| CliError::Usage(format!("bad --variant: {e}")))?;
    let pos = hasami_core::HasamiPosition::from_text(position, rules)
        .map_err(|e| CliError::Usage(format!("bad position: {e}")))?;
    let tables = Tables::load_dir(dir).map_err(usage)?;
    match tables.probe(&pos) {
        Some(v) => println!("{v}"),
        None => println!("not in the tables"),
    }
    Ok(())
}
