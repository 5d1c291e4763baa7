//! # hasami-wasm
//!
//! The rules library and the engine built for the browser (`wasm32-unknown-unknown`), behind a
//! small C-style interface that any page or Web Worker can call without glue code (docs/wasm.md):
//!
//! - `hasami_alloc(len) -> ptr` and `hasami_free(ptr, len)`: memory for a request's bytes;
//! - `hasami_search(ptr, len) -> len`: runs the request written at `ptr` (text, below) and leaves
//!   its answer (JSON) to be read at `hasami_out_ptr()`, `len` bytes long;
//! - `hasami_bench(depth) -> len`: `hasami bench`'s positions searched to `depth` (9 is the bench's
//!   own), the answer as JSON at `hasami_out_ptr()`: each position's nodes and milliseconds.
//!
//! The module imports one function, `env.hasami_now_ms() -> f64` (the page gives
//! `performance.now()`): the engine's clock for time limits and timings.
//!
//! A request is lines of `key value`: `variant TEXT` (default `hasami`), `position TEXT` (default
//! the variant's start), `moves M1 M2 …`, and the limits `nodes N`, `depth D`, `movetime MS`; at
//! least one limit. The answer: `{"best","score","depth","nodes","pv":[…]}` (`best` null when the
//! game is over), or `{"error": "…"}`. The search is the native one, single-threaded, with a
//! 16 MiB table: for the same request it visits the same nodes and plays the same move.
#![deny(missing_docs)]

use std::sync::Mutex;
use std::time::Duration;

use hasami_core::AnyGame;
use hasami_engine::{Limits, SearchRequest, Searcher};

/// The last answer, read by the page through `hasami_out_ptr` after a call.
static OUT: Mutex<Vec<u8>> = Mutex::new(Vec::new());

/// The longest request read, in bytes (a thousand moves of text is far less).
pub const MAX_REQUEST: usize = 64 * 1024;

/// Keeps `answer` as the last answer; its length.
fn answer(answer: String) -> usize {
    let mut out = OUT.lock().unwrap_or_else(|e| e.into_inner());
    *out = answer.into_bytes();
    out.len()
}

/// `len` bytes of memory for the page to write a request into.
#[no_mangle]
pub extern "C" fn hasami_alloc(len: usize) -> *mut u8 {
    let mut bytes = Vec::<u8>::with_capacity(len);
    let ptr = bytes.as_mut_ptr();
    std::mem::forget(bytes);
    ptr
}

/// Frees memory from [`hasami_alloc`].
///
/// # Safety
/// `ptr` and `len` must be a pair [`hasami_alloc`] gave, freed once.
#[no_mangle]
pub unsafe extern "C" fn hasami_free(ptr: *mut u8, len: usize) {
    // SAFETY: the caller passes what hasami_alloc made: a vector's buffer of capacity `len`.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len) });
}

/// Where the last answer starts.
#[no_mangle]
pub extern "C" fn hasami_out_ptr() -> *const u8 {
    OUT.lock().unwrap_or_else(|e| e.into_inner()).as_ptr()
}

/// Runs the request of `len` bytes at `ptr`; the answer's length.
///
/// # Safety
/// `ptr` must point at `len` readable bytes (memory from [`hasami_alloc`] the page wrote into).
#[no_mangle]
pub unsafe extern "C" fn hasami_search(ptr: *const u8, len: usize) -> usize {
    if len > MAX_REQUEST {
        return answer(error(&format!("a request is at most {MAX_REQUEST} bytes")));
    }
    // SAFETY: the caller gives `len` readable bytes at `ptr`.
    let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
    answer(match std::str::from_utf8(bytes) {
        Ok(text) => search(text),
        Err(_) => error("a request is UTF-8 text"),
    })
}

/// `hasami bench`'s positions searched to `depth` (1–12); the answer's length.
#[no_mangle]
pub extern "C" fn hasami_bench(depth: u32) -> usize {
    answer(bench(depth.clamp(1, 12)))
}

/// The answer of a request's text.
pub fn search(text: &str) -> String {
    match run(text) {
        Ok(json) => json,
        Err(e) => error(&e),
    }
}

fn run(text: &str) -> Result<String, String> {
    let (mut variant, mut position, mut moves) = ("hasami", None, Vec::new());
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
            "nodes" => limits.nodes = Some(number()?.max(1)),
            "depth" => limits.depth = Some(number()?.clamp(1, 64) as u32),
            "movetime" => limits.movetime = Some(Duration::from_millis(number()?.max(1))),
            _ => return Err(format!("unknown request line '{}'", short(line))),
        }
    }
    if limits.nodes.is_none() && limits.depth.is_none() && limits.movetime.is_none() {
        return Err("a request needs a limit: nodes, depth or movetime".into());
    }
    if moves.len() > 1000 {
        return Err("at most 1000 moves".into());
    }
    let mut game = AnyGame::new(variant, position).map_err(|e| e.to_string())?;
    for (i, mv) in moves.iter().enumerate() {
        game.play_text(mv)
            .map_err(|e| format!("move {}: {e}", i + 1))?;
    }
    if game.outcome().is_some() {
        return Ok(r#"{"best":null,"score":0,"depth":0,"nodes":0,"pv":[]}"#.into());
    }
    let searcher = Searcher::new(16, 1);
    let request = SearchRequest::new(game.position(), game.hashes()).limits(limits);
    let out = searcher.search(&request, |_| {});
    let pv: Vec<String> = out.pv.iter().map(|m| format!("\"{m}\"")).collect();
    let best = out.best.map_or("null".to_string(), |m| format!("\"{m}\""));
    Ok(format!(
        r#"{{"best":{best},"score":{},"depth":{},"nodes":{},"pv":[{}]}}"#,
        out.score,
        out.depth,
        out.nodes,
        pv.join(",")
    ))
}

/// The bench's answer: every position's variant, position, nodes and milliseconds, and the totals.
pub fn bench(depth: u32) -> String {
    let mut rows = Vec::new();
    let result = hasami_engine::bench::run(depth, |variant, position, nodes, took| {
        rows.push(format!(
            r#"{{"variant":{},"position":{},"nodes":{nodes},"ms":{:.3}}}"#,
            quoted(variant),
            quoted(position),
            took.as_secs_f64() * 1000.0
        ));
    });
    format!(
        r#"{{"depth":{depth},"nodes":{},"ms":{:.3},"positions":[{}]}}"#,
        result.nodes,
        result.elapsed.as_secs_f64() * 1000.0,
        rows.join(",")
    )
}

fn error(message: &str) -> String {
    format!(r#"{{"error":{}}}"#, quoted(message))
}

/// At most 40 characters of `text`, for an error message.
fn short(text: &str) -> String {
    text.chars().take(40).collect()
}

/// `text` as a JSON string.
fn quoted(text: &str) -> String {
    let mut s = String::with_capacity(text.len() + 2);
    s.push('"');
    for c in text.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            c if (c as u32) < 0x20 => s.push_str(&format!("\\u{:04x}", c as u32)),
            c => s.push(c),
        }
    }
    s.push('"');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_searched_as_natively_and_bad_ones_are_short_errors() {
        let answer = search("variant hasami-chess\nnodes 2000\n");
        assert!(answer.starts_with(r#"{"best":""#), "{answer}");
        let again = search("variant hasami-chess\nnodes 2000\n");
        assert_eq!(answer, again, "the same request, the same search");
        for (bad, why) in [
            ("variant hasami\n", "needs a limit"),
            ("nodes x\n", "nodes: a whole number"),
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
        assert_eq!(quoted("a\"b\\c\n"), r#""a\"b\\c\u000a""#);
    }
}
