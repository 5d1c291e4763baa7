//! `hasami-lab nnue score`: each position of a suite scored by both evaluations and by a search with
//! each, for the side that leads (docs/eval.md, "Fortresses").

use std::path::PathBuf;

use clap::Args;
use hasami_core::{HasamiPosition, HasamiRules, Side};
use hasami_engine::hasami::net::{network_for, Netted, Network};
use hasami_engine::{Limits, SearchGame, SearchRequest, Searcher};

use super::{check, files};
use crate::text_file::{read_text_file, MAX_TEXT_FILE};
use crate::CliError;

/// Arguments of `nnue score`.
#[derive(Args)]
pub struct ScoreArgs {
    /// A suite file (a `variant` line, then one position text per line).
    #[arg(long)]
    suite: PathBuf,
    /// Nodes of each search.
    #[arg(long, default_value_t = 1_000_000)]
    nodes: u64,
    /// A network file for the suite's variant instead of the shipped one (`nnue train`'s output).
    #[arg(long)]
    net: Option<PathBuf>,
}

/// Runs `hasami-lab nnue score`.
pub fn run(a: &ScoreArgs) -> Result<(), CliError> {
    if a.nodes == 0 || a.nodes > 10_000_000_000 {
        return Err(CliError::Usage("--nodes 1-10,000,000,000".into()));
    }
    let text = read_text_file(&a.suite, MAX_TEXT_FILE)
        .map_err(|e| CliError::Usage(format!("{}: {e}", a.suite.display())))?;
    let at = |n: usize, e: &dyn std::fmt::Display| {
        CliError::Usage(format!("{}:{}: {e}", a.suite.display(), n + 1))
    };
    let mut variant: Option<(&'static HasamiRules, Option<&'static Network>)> = None;
    println!(
        "position | lead | static hand | static learned | search hand | search learned ({} nodes)",
        a.nodes
    );
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(v) = line.strip_prefix("variant ") {
            let rules = HasamiRules::parse(v.trim()).map_err(|e| at(n, &e))?;
            let net = match &a.net {
                Some(path) => Some(files::read_network(path, rules)?),
                None => network_for(rules),
            };
            variant = Some((rules, net));
            continue;
        }
        let (rules, net) = variant.ok_or_else(|| at(n, &"a position before the 'variant' line"))?;
        let pos = HasamiPosition::from_text(line, rules).map_err(|e| at(n, &e))?;
        let (hand, learned) = check::evaluations(&pos, net);
        let lead = pos
            .pieces(Side::First)
            .len()
            .abs_diff(pos.pieces(Side::Second).len());
        let searched = |net| check::leader_sign(&pos) * search(pos, net, a.nodes);
        let show = |v: Option<i32>| v.map_or("-".to_string(), |v| v.to_string());
        println!(
            "{line} | {lead} | {hand} | {} | {} | {}",
            show(learned),
            searched(None),
            show(net.map(|net| searched(Some(net))))
        );
    }
    Ok(())
}

/// The score for the side to move of a one-thread search of `nodes` nodes (64 MiB table), with the
/// learned evaluation of `net`, or with the hand-written one alone.
fn search(pos: HasamiPosition, net: Option<&'static Network>, nodes: u64) -> i32 {
    match net {
        Some(net) => search_game(Netted::new(pos, net), pos.hash(), nodes),
        None => search_game(pos, pos.hash(), nodes),
    }
}

fn search_game<G: SearchGame>(game: G, hash: u64, nodes: u64) -> i32 {
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let request = SearchRequest::new(game, vec![hash]).limits(limits);
    Searcher::new(64, 1).search(&request, |_| {}).score
}
