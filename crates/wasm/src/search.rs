//! Search requests and the bench (docs/wasm.md).
//!
//! A request is lines of `key value`: `variant TEXT` (default `hasami`), `position TEXT` (default
//! the variant's start), `moves M1 M2 …`, `level N` (1–10: the playing level, as the server's
//! engine plays it), `seed S` (the level's random choice), `omniscient 1` (Shogun: the engine knows
//! the numbers pieces will show), `lines N` (the best N lines, 1–5), and the limits `nodes N`,
//! `depth D`, `movetime MS`; at least one limit. The answer: what the search found as the server reports it (`hasami_view::Analysis`:
//! `{"best","score","mate","depth","pv","captured","nodes","lines"}`, `best` null when the game is
//! over), or `{"error": "…"}`. The search is the native one, single-threaded, with a 16 MiB table:
//! for the same request it visits the same nodes and plays the same move.

use std::time::Duration;

use hasami_core::AnyGame;
use hasami_engine::{level_for, Limits, SearchRequest, Searcher};
use hasami_view::Analysis;

use crate::json::{error, quoted, short};

/// The most moves a request may carry.
pub const MAX_MOVES: usize = 1000;

/// The most best lines a request may ask for (as the server's analysis board).
pub const MAX_LINES: u64 = 5;

/// The answer of a search request's text.
pub fn search(text: &str) -> String {
    match run(text) {
        Ok(json) => json,
        Err(e) => error(&e),
    }
}

fn run(text: &str) -> Result<String, String> {
    let (mut variant, mut position, mut moves) = ("hasami", None, Vec::new());
    let (mut level, mut seed, mut omniscient) = (None, 0, false);
    let mut limits = Limits::default();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        let value = value.trim();
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{key}: a whole number, not '{}'", short(value)))
        };
        match key {
            "variant" => variant = value,
            "position" if value != "startpos" => position = Some(value),
            "position" => position = None,
            "moves" => moves = value.split_whitespace().collect(),
            "level" => level = Some(number()?.clamp(1, 10) as u32),
            "seed" => seed = number()?,
            "omniscient" => omniscient = number()? != 0,
            "nodes" => limits.nodes = Some(number()?.max(1)),
            "depth" => limits.depth = Some(number()?.clamp(1, 64) as u32),
            "movetime" => limits.movetime = Some(Duration::from_millis(number()?.max(1))),
            "lines" => limits.multipv = number()?.clamp(1, MAX_LINES) as u32,
            _ => return Err(format!("unknown request line '{}'", short(line))),
        }
    }
    if limits.nodes.is_none() && limits.depth.is_none() && limits.movetime.is_none() {
        return Err("a request needs a limit: nodes, depth or movetime".into());
    }
    if moves.len() > MAX_MOVES {
        return Err(format!("at most {MAX_MOVES} moves"));
    }
    let mut game = AnyGame::new(variant, position).map_err(|e| e.to_string())?;
    for (i, mv) in moves.iter().enumerate() {
        game.play_text(mv)
            .map_err(|e| format!("move {}: {e}", i + 1))?;
    }
    if game.outcome().is_some() {
        return Ok(json(&Analysis::nothing()));
    }
    let searcher = Searcher::new(16, 1);
    let position = game.position();
    let mut request = SearchRequest::new(position, game.hashes())
        .limits(limits)
        .seed(seed)
        .omniscient(omniscient);
    if let Some(n) = level {
        request = request.level(level_for(&position, n));
    }
    let out = searcher.search(&request, |_| {});
    Ok(json(&Analysis::of(&out, position)))
}

fn json(analysis: &Analysis) -> String {
    serde_json::to_string(analysis).unwrap_or_else(|e| error(&e.to_string()))
}

/// The bench's answer: every position's variant, position, nodes and milliseconds, and the totals.
pub fn bench(depth: u32) -> String {
    let mut rows = Vec::new();
    let result = hasami_engine::bench::run(
        depth,
        hasami_engine::Learned::Confirmed,
        |variant, position, nodes, took| {
            rows.push(format!(
                r#"{{"variant":{},"position":{},"nodes":{nodes},"ms":{:.3}}}"#,
                quoted(variant),
                quoted(position),
                took.as_secs_f64() * 1000.0
            ));
        },
    );
    format!(
        r#"{{"depth":{depth},"nodes":{},"ms":{:.3},"positions":[{}]}}"#,
        result.nodes,
        result.elapsed.as_secs_f64() * 1000.0,
        rows.join(",")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_searched_as_natively_and_bad_ones_are_short_errors() {
        let answer = search("variant hasami-chess\nnodes 2000\n");
        assert!(answer.starts_with(r#"{"best":""#), "{answer}");
        assert!(answer.contains(r#""captured":[["#), "{answer}");
        let three: serde_json::Value =
            serde_json::from_str(&search("variant hasami\nlines 3\nnodes 20000\n")).unwrap();
        assert_eq!(three["lines"].as_array().unwrap().len(), 3, "{three}");
        let again = search("variant hasami-chess\nnodes 2000\n");
        assert_eq!(answer, again, "the same request, the same search");
        for (bad, why) in [
            ("variant hasami\n", "needs a limit"),
            ("nodes x\n", "nodes: a whole number"),
            ("level -3\nnodes 5\n", "level: a whole number"),
            ("variant nope\nnodes 5\n", "nope"),
            ("nodes 5\nmoves e1e2 e9e8 z9z9\n", "move 3"),
            ("colour red\nnodes 5\n", "unknown request line"),
        ] {
            let answer = search(bad);
            assert!(
                answer.starts_with(r#"{"error":"#) && answer.contains(why),
                "{bad}: {answer}"
            );
        }
    }

    #[test]
    fn a_level_plays_by_its_seed() {
        let at = |seed: u64| {
            search(&format!(
                "variant hasami\nlevel 2\nseed {seed}\nnodes 20000\n"
            ))
        };
        assert_eq!(at(7), at(7), "the same seed, the same move");
        let moves: std::collections::BTreeSet<String> = (0..12).map(at).collect();
        assert!(
            moves.len() > 1,
            "a weak level's choice follows its seed: {moves:?}"
        );
    }
}
