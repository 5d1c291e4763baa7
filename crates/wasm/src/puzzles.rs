//! Puzzles with no server (docs/wasm.md): the page fetches a puzzle file (`puzzles-PRESET.txt`, the
//! server's `suites/puzzles/PRESET.txt`) and asks the module for its puzzles and for the check of a
//! line played, the same check as the server's `POST /api/puzzles/{id}/attempt`
//! (`hasami_core::puzzle::attempt`).
//!
//! A puzzles request is JSON `{"file": TEXT}`; its answer `{"puzzles": [{id, variant, position,
//! side, rating, themes, moves}]}` (`moves`: the solution's length; no solutions). An attempt request
//! is `{"file", "id", "moves", "hint"?, "give_up"?}`; its answer `{correct, complete, reply?, hint?,
//! solution?}`. A puzzle whose position or solution does not replay through the rules is left out,
//! as the server leaves it out.

use hasami_core::puzzle::attempt::Attempt;
use hasami_core::puzzle::{parse_puzzle_file, Puzzle, PuzzleFile};
use hasami_core::{AnyGame, Move, Side};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::json::{error, short};

/// The longest puzzle request, in bytes (the largest shipped file is under 100 KB).
pub const MAX_PUZZLE_REQUEST: usize = 512 * 1024;

/// A puzzles request.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PuzzlesRequest {
    file: String,
}

/// An attempt request.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AttemptRequest {
    file: String,
    id: String,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    hint: bool,
    #[serde(default)]
    give_up: bool,
}

/// A puzzle replayed: its solver (`black` or `white`), its board's size and its solution's moves.
struct Replayed {
    side: &'static str,
    size: u8,
    solution: Vec<Move>,
}

/// The puzzle `p` of a file of `variant` replayed through the rules; `None` when it does not
/// replay (a position not legal, a move not legal, the game over before the last move).
fn replay(variant: &str, p: &Puzzle) -> Option<Replayed> {
    let mut game = AnyGame::new(variant, Some(&p.position)).ok()?;
    let side = match game.side() {
        Side::First => "black",
        Side::Second => "white",
    };
    let size = game.size();
    let mut solution = Vec::with_capacity(p.solution.len());
    for text in &p.solution {
        if game.outcome().is_some() {
            return None;
        }
        let mv = game.parse_move(text).ok()?;
        game.play(mv).ok()?;
        solution.push(mv);
    }
    Some(Replayed {
        side,
        size,
        solution,
    })
}

/// A request's fields and the puzzle file it carries, or the error answer.
fn request<'a, R: Deserialize<'a>>(
    text: &'a str,
    file_of: impl Fn(&R) -> &str,
) -> Result<(R, PuzzleFile), String> {
    let req: R = serde_json::from_str(text).map_err(|e| error(&format!("bad request: {e}")))?;
    let file = parse_puzzle_file(file_of(&req)).map_err(|e| error(&format!("file: {e}")))?;
    Ok((req, file))
}

/// The answer of a puzzles request: the file's puzzles without their solutions, or the error.
pub fn puzzles(text: &str) -> String {
    let (_, file) = match request::<PuzzlesRequest>(text, |r| &r.file) {
        Ok(read) => read,
        Err(answer) => return answer,
    };
    let list: Vec<Value> = file
        .puzzles
        .iter()
        .filter_map(|p| {
            let r = replay(&file.variant, p)?;
            let themes: Vec<&str> = p.themes.iter().map(|t| t.name()).collect();
            Some(json!({
                "id": p.id,
                "variant": file.variant,
                "position": p.position,
                "side": r.side,
                "rating": p.rating,
                "themes": themes,
                "moves": r.solution.len(),
            }))
        })
        .collect();
    json!({ "puzzles": list }).to_string()
}

/// The answer of an attempt request: the verdict on the line, or the error.
pub fn attempt(text: &str) -> String {
    let (req, file) = match request::<AttemptRequest>(text, |r| &r.file) {
        Ok(read) => read,
        Err(answer) => return answer,
    };
    let Some(replayed) = file
        .puzzles
        .iter()
        .find(|p| p.id == req.id)
        .and_then(|p| replay(&file.variant, p))
    else {
        return error(&format!("id '{}': no such puzzle", short(&req.id)));
    };
    let line = Attempt {
        moves: &req.moves,
        hint: req.hint,
        give_up: req.give_up,
    };
    let v = match line.check(&replayed.solution, replayed.size) {
        Ok(v) => v,
        Err(e) => return error(&e.to_string()),
    };
    let mut answer = json!({ "correct": v.correct, "complete": v.complete });
    if let Some(reply) = v.reply {
        answer["reply"] = reply.into();
    }
    if let Some(hint) = v.hint {
        answer["hint"] = hint.into();
    }
    if let Some(solution) = v.solution {
        answer["solution"] = solution.into();
    }
    answer.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file of two puzzles, the second of which does not replay (its move is not legal).
    fn file() -> String {
        "# test\nvariant hasami\n\
         hasami-0001 ; w7w/9/9/b8/4w4/4b4/9/9/b7b b 0 1 ; a6e6 a9a8 e6e7 ; capture,in2 ; 900 ; 1\n\
         hasami-0002 ; w7w/9/9/b8/4w4/4b4/9/9/b7b b 0 1 ; a6b7 ; capture,in1 ; 900 ; 1\n"
            .to_string()
    }

    fn ask(run: fn(&str) -> String, request: Value) -> Value {
        serde_json::from_str(&run(&request.to_string())).unwrap()
    }

    #[test]
    fn the_puzzles_of_a_file_without_solutions() {
        let v = ask(puzzles, json!({ "file": file() }));
        let list = v["puzzles"].as_array().unwrap();
        assert_eq!(list.len(), 1, "the puzzle that does not replay is left out");
        let p = &list[0];
        assert_eq!(p["id"], "hasami-0001");
        assert_eq!(p["variant"], "hasami");
        assert_eq!(p["side"], "black");
        assert_eq!(p["rating"], 900);
        assert_eq!(p["themes"], json!(["capture", "in2"]));
        assert_eq!(p["moves"], 3);
        assert!(p.get("solution").is_none());
        assert!(ask(puzzles, json!({ "file": "nothing" }))["error"].is_string());
        assert!(puzzles("{").contains("bad request"));
    }

    #[test]
    fn an_attempt_is_checked_as_the_server_checks_it() {
        let try_ = |moves: &[&str], hint: bool, give_up: bool| {
            ask(
                attempt,
                json!({ "file": file(), "id": "hasami-0001", "moves": moves, "hint": hint, "give_up": give_up }),
            )
        };
        assert_eq!(
            try_(&["a6e6"], false, false),
            json!({ "correct": true, "complete": false, "reply": "a9a8" })
        );
        assert_eq!(
            try_(&["a6e6", "a9a8"], true, false),
            json!({ "correct": true, "complete": false, "hint": "e6" })
        );
        assert_eq!(
            try_(&["a6e6", "a9a8", "e6e7"], false, false),
            json!({ "correct": true, "complete": true, "solution": ["a6e6", "a9a8", "e6e7"] })
        );
        assert_eq!(
            try_(&["a1a2"], false, false),
            json!({ "correct": false, "complete": false, "solution": ["a6e6", "a9a8", "e6e7"] })
        );
        assert!(
            try_(&["a6e6", "a9a8", "e6e7", "a1a2"], false, false)["error"]
                .as_str()
                .unwrap()
                .contains("at most 3")
        );
        let none = ask(
            attempt,
            json!({ "file": file(), "id": "hasami-0002", "moves": [] }),
        );
        assert!(none["error"].as_str().unwrap().contains("no such puzzle"));
    }
}
