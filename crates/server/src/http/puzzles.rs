//! The puzzle routes (docs/web.md, "Puzzles"): the games and themes that have puzzles, a puzzle to
//! solve, one by id, the day's puzzle, and the check of a line played. The puzzles are the embedded
//! set (`puzzles`); the store keeps only each puzzle's rating as finished tries move it.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::extract::{Extension, Path, Query, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use hasami_core::puzzle::Theme;
use serde::{Deserialize, Serialize};

use crate::http::edge::{ClientAddr, Edge};
use crate::http::error::{short, ApiError};
use crate::http::request::body;
use crate::live::{random_u64, Shared};
use crate::puzzles::{
    check, daily, preset_named, Attempt, Pick, Puzzle, PuzzleSet, SolverRating, Standings, Verdict,
    MAX_EXCLUDED,
};

/// The longest id accepted in `exclude`.
const MAX_ID_CHARS: usize = 40;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AttemptRequest {
    moves: Vec<String>,
    #[serde(default)]
    hint: bool,
    #[serde(default)]
    give_up: bool,
    #[serde(default)]
    player: Option<SolverRating>,
}

/// The answer to an attempt: the verdict and, when the try was counted, the puzzle's new rating.
#[derive(Serialize)]
struct AttemptAnswer {
    #[serde(flatten)]
    verdict: Verdict,
    #[serde(skip_serializing_if = "Option::is_none")]
    puzzle_rating: Option<u32>,
}

/// `GET /api/puzzles`: each game that has puzzles, with its count and its counts by theme.
pub async fn list() -> Response {
    let variants = PuzzleSet::shipped().counts();
    Json(serde_json::json!({ "variants": variants })).into_response()
}

/// `GET /api/puzzles/next?variant=PRESET[&theme=T][&rating=R][&exclude=id,…]`: a random puzzle of
/// that game (and theme), near rating R when given, not one of `exclude`.
pub async fn next(
    State(state): State<Shared>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let variant = q
        .get("variant")
        .ok_or_else(|| ApiError::bad_request("variant: the game of the puzzle, like hasami"))?;
    let preset = preset_named(variant).ok_or_else(|| {
        ApiError::bad_request(format!("variant '{}': no such game", short(variant)))
    })?;
    let theme = match q.get("theme").map(String::as_str) {
        None | Some("") => None,
        Some(t) => Some(Theme::named(t).ok_or_else(|| {
            ApiError::bad_request(format!("theme '{}': no such theme", short(t)))
        })?),
    };
    let rating = match q.get("rating").map(String::as_str) {
        None | Some("") => None,
        Some(r) => Some(
            r.parse::<u32>()
                .ok()
                .filter(|r| *r <= 5000)
                .ok_or_else(|| {
                    ApiError::bad_request(format!("rating '{}': a number up to 5000", short(r)))
                })?,
        ),
    };
    let exclude = excluded(q.get("exclude").map(String::as_str).unwrap_or(""))?;
    let pick = Pick {
        preset,
        theme,
        rating,
        exclude: &exclude,
    };
    let puzzle = pick
        .choose(PuzzleSet::shipped(), random_u64())
        .ok_or_else(|| ApiError::not_found("no puzzle fits (another game or theme?)"))?;
    Ok(Json(Standings::new(&state.db).view(puzzle).await).into_response())
}

/// The ids of `?exclude=`: at most [`MAX_EXCLUDED`], comma-separated, each short.
fn excluded(text: &str) -> Result<Vec<String>, ApiError> {
    let refused = || {
        ApiError::bad_request(format!(
            "exclude: at most {MAX_EXCLUDED} puzzle ids, separated by commas"
        ))
    };
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<String> = text
        .split(',')
        .take(MAX_EXCLUDED + 1)
        .map(|id| {
            let ok = !id.is_empty()
                && id.len() <= MAX_ID_CHARS
                && id
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
            ok.then(|| id.to_string()).ok_or_else(refused)
        })
        .collect::<Result<_, _>>()?;
    if ids.len() > MAX_EXCLUDED {
        return Err(refused());
    }
    Ok(ids)
}

/// The puzzle with `id`, or 404.
fn puzzle(id: &str) -> Result<&'static Puzzle, ApiError> {
    PuzzleSet::shipped().get(id).ok_or_else(|| {
        let shown: String = id.chars().take(MAX_ID_CHARS).collect();
        ApiError::not_found(format!("no puzzle '{shown}'"))
    })
}

/// `GET /api/puzzles/{id}`: the puzzle (without its solution).
pub async fn show(
    State(state): State<Shared>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let puzzle = puzzle(&id)?;
    Ok(Json(Standings::new(&state.db).view(puzzle).await).into_response())
}

/// `GET /api/puzzles/daily`: the puzzle of the UTC day, the same on every server.
pub async fn today(State(state): State<Shared>) -> Result<Response, ApiError> {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let puzzle = daily(PuzzleSet::shipped(), crate::puzzles::day_of(now))
        .ok_or_else(|| ApiError::not_found("no puzzles on this server"))?;
    Ok(Json(Standings::new(&state.db).view(puzzle).await).into_response())
}

/// `POST /api/puzzles/{id}/attempt {moves, hint?, give_up?, player?}`: whether the line is the
/// solution so far, the defender's reply, a hint, the solution. With `player` (the solver's puzzle
/// rating), an attempt that ends the try (a wrong line, a hint, giving up, the whole solution)
/// counts it: solved only when the whole solution was played without a hint; within the client's
/// allowance of counted results (`Edge::counts_puzzle_result`), else answered uncounted.
pub async fn attempt(
    State(state): State<Shared>,
    Extension(edge): Extension<Arc<Edge>>,
    client: Option<Extension<ClientAddr>>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let puzzle = puzzle(&id)?;
    let req: AttemptRequest = body(&bytes)?;
    if req.player.is_some_and(|p| !p.valid()) {
        return Err(ApiError::bad_request(
            "player: {rating: 0–5000, rd: 1–500}, the solver's puzzle rating",
        ));
    }
    let attempt = Attempt {
        moves: &req.moves,
        hint: req.hint,
        give_up: req.give_up,
    };
    let verdict = check(&attempt, puzzle).map_err(|e| ApiError::bad_request(e.to_string()))?;
    let ends = req.hint || req.give_up || !verdict.correct || verdict.complete;
    let puzzle_rating = match req.player {
        Some(solver)
            if ends
                && client.is_none_or(|Extension(ClientAddr(c))| edge.counts_puzzle_result(c)) =>
        {
            let solved = verdict.complete && !req.hint && !req.give_up;
            Standings::new(&state.db)
                .record(puzzle, solver, solved)
                .await
        }
        _ => None,
    };
    Ok(Json(AttemptAnswer {
        verdict,
        puzzle_rating,
    })
    .into_response())
}
