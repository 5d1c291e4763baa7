//! The board and the record of a game the page keeps (docs/wasm.md): the same board as the server's
//! `POST /api/analysis` answers (`hasami_view::BoardView`), and the record text
//! `POST /api/games/import` reads.
//!
//! A view request is JSON `{"variant", "position"?, "moves"?}`; a record request adds `"names"`
//! (the first player's and the second's) and `"ended"` (`[result, reason]` for an end that is not by
//! rule, e.g. `["0-1", "Black resigned"]`; null otherwise).

use hasami_core::AnyGame;
use hasami_view::{board_game, BoardError, BoardView};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::json::error;

/// A board request.
#[derive(Deserialize)]
struct BoardRequest {
    variant: String,
    #[serde(default)]
    position: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    names: Option<[String; 2]>,
    #[serde(default)]
    ended: Option<[String; 2]>,
}

/// The longest name or end reason kept in a record, in characters.
const MAX_WORDS: usize = 200;

/// The results an end that is not by rule may give.
const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// The game of a request, or the error answer (with the refusal's code and facts, as the server's).
fn game_of(text: &str) -> Result<(AnyGame, BoardRequest), String> {
    let req: BoardRequest =
        serde_json::from_str(text).map_err(|e| error(&format!("bad request: {e}")))?;
    match board_game(&req.variant, req.position.as_deref(), &req.moves) {
        Ok(game) => Ok((game, req)),
        Err(e) => Err(refused(&e)),
    }
}

/// The error answer of a board that could not be made: `{"error", "code"?, facts…}`.
fn refused(e: &BoardError) -> String {
    let mut body = json!({ "error": e.to_string() });
    if let BoardError::IllegalMove { ply, why, .. } = e {
        body["code"] = why.code.into();
        for (name, value) in &why.fields {
            body[*name] = Value::String(value.clone());
        }
        body["ply"] = Value::String(ply.to_string());
    }
    body.to_string()
}

/// The answer of a view request: the board after its moves, or the error.
pub fn view(text: &str) -> String {
    match game_of(text) {
        Ok((game, _)) => {
            serde_json::to_string(&BoardView::of(&game)).unwrap_or_else(|e| error(&e.to_string()))
        }
        Err(answer) => answer,
    }
}

/// The answer of a record request: `{"record": TEXT}`, or the error.
pub fn record(text: &str) -> String {
    let (game, req) = match game_of(text) {
        Ok(ok) => ok,
        Err(answer) => return answer,
    };
    let clean = |s: &str| -> String {
        s.chars()
            .filter(|c| !c.is_control())
            .take(MAX_WORDS)
            .collect()
    };
    let names = req
        .names
        .map(|[a, b]| [clean(&a), clean(&b)])
        .unwrap_or_default();
    let ended = req.ended.map(|[r, why]| (r, clean(&why)));
    if let Some((result, _)) = &ended {
        if !RESULTS.contains(&result.as_str()) {
            return error("ended: the result is 1-0, 0-1, 1/2-1/2 or *");
        }
    }
    let text = game.record(
        names,
        None,
        ended.as_ref().map(|(r, why)| (r.as_str(), why.as_str())),
    );
    json!({ "record": text }).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_follows_the_moves_and_a_refused_move_says_why() {
        let v: Value =
            serde_json::from_str(&view(r#"{"variant":"hasami","moves":["e1e5","a9a5"]}"#)).unwrap();
        assert_eq!(
            (v["ply"].as_u64(), v["turn"].as_str()),
            (Some(2), Some("black"))
        );
        assert!(v["legal_moves"].as_array().unwrap().len() > 10);
        let e: Value =
            serde_json::from_str(&view(r#"{"variant":"hasami","moves":["e1e9"]}"#)).unwrap();
        assert_eq!(
            (e["code"].as_str(), e["square"].as_str(), e["ply"].as_str()),
            (Some("occupied"), Some("e9"), Some("1"))
        );
        assert!(view("{").contains("bad request"));
    }

    #[test]
    fn a_record_reads_back_as_the_game() {
        let answer: Value = serde_json::from_str(&record(
            r#"{"variant":"hasami","moves":["e1e5","a9a5"],"names":["Ann","Computer"],"ended":["0-1","Black resigned"]}"#,
        ))
        .unwrap();
        let text = answer["record"].as_str().unwrap();
        let parsed = hasami_core::AnyRecord::parse(text).unwrap();
        assert_eq!(parsed.plies(), 2);
        assert_eq!(parsed.tag("Termination"), Some("Black resigned"));
        assert!(record(r#"{"variant":"hasami","ended":["2-0","x"]}"#).contains("error"));
    }
}
