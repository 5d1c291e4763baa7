//! The game routes under `/api/games` (docs/web.md lists them): each handler reads the request,
//! calls one action of the concern it is for (a game's round, its lobby, its names, …: `live/`), and
//! answers its result as JSON (a [`GameError`](crate::live::GameError) becomes an [`ApiError`] by
//! `?`). The words of a request (a draw's `offer`, `accept`, `decline`) are read here.
//!
//! Bodies are read as bytes and parsed here, so that malformed JSON gets the same `{"error": "…"}`
//! answer as every other mistake.

use std::collections::HashMap;

use axum::body::Bytes;
use axum::extract::{Extension, Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;

use crate::db::Listing;
use crate::http::account::seat_account_of;
use crate::http::edge::ClientAddr;
use crate::http::error::{short, ApiError};
use crate::http::request::{body, game_id};
use crate::live::{
    Arranger, Creator, DrawAction, GameError, GamesList, Hinter, Import, Importer, Lobby, Namer,
    NewGame, Recorder, Rematcher, Reviewer, Round, Shared, TakebackAction,
};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TokenOnly {
    #[serde(default)]
    token: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    #[serde(rename = "move")]
    mv: String,
    #[serde(default)]
    token: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ArrangeRequest {
    arrangement: String,
    #[serde(default)]
    side: Option<String>,
    #[serde(default)]
    token: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OfferRequest {
    action: String,
    #[serde(default)]
    token: Option<String>,
}

/// The lobby over the server's state.
fn lobby_of(state: &Shared) -> Lobby<'_> {
    Lobby::new(
        Round::new(state),
        Creator::over(state),
        &state.db,
        &state.services.lobby_created,
        &state.services.lobby_joined,
    )
}

/// The reviewer of games over the server's state.
fn reviewer(state: &Shared) -> Reviewer<'_> {
    Reviewer::new(
        Round::new(state),
        &state.db,
        &state.services.engine,
        &state.services.reviews,
    )
}

/// A draw action from its word.
fn draw_action(word: &str) -> Result<DrawAction, GameError> {
    match word {
        "offer" => Ok(DrawAction::Offer),
        "accept" => Ok(DrawAction::Accept),
        "decline" => Ok(DrawAction::Decline),
        other => Err(GameError::BadDrawAction(other.to_string())),
    }
}

/// A takeback action from its word.
fn takeback_action(word: &str) -> Result<TakebackAction, GameError> {
    match word {
        "offer" => Ok(TakebackAction::Offer),
        "accept" => Ok(TakebackAction::Accept),
        "decline" => Ok(TakebackAction::Decline),
        other => Err(GameError::BadTakebackAction(other.to_string())),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinRequest {
    #[serde(default)]
    name: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NameRequest {
    name: String,
    #[serde(default)]
    side: Option<String>,
    #[serde(default)]
    token: Option<String>,
}

/// The game id of the path and the token of a `{"token": …}` body (the actions that need no more).
fn id_and_token(id: &str, bytes: &Bytes) -> Result<(i64, Option<String>), ApiError> {
    let id = game_id(id)?;
    let req: TokenOnly = body(bytes)?;
    Ok((id, req.token))
}

/// The most games one list holds (`GET /api/games`): the latest, or the ones asked for by id.
const LISTED: usize = 200;

/// `GET /api/games[?ids=1,2,…]`: the latest games, or the games with those ids (a browser's own
/// games, however many newer games others started since).
pub async fn list(
    State(state): State<Shared>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let which = match q.get("ids") {
        None => Listing::Latest(LISTED as u32),
        Some(text) => Listing::Ids(listed_ids(text)?),
    };
    let games = GamesList::new(&state.db).games(which).await?;
    Ok(Json(serde_json::json!({ "games": games })).into_response())
}

/// The ids of `?ids=`: at most [`LISTED`] game numbers, comma-separated (none is an empty list).
fn listed_ids(text: &str) -> Result<Vec<i64>, ApiError> {
    let refused = || {
        ApiError::bad_request(format!(
            "ids: at most {LISTED} game numbers, separated by commas"
        ))
    };
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i64> = text
        .split(',')
        .take(LISTED + 1)
        .map(|id| id.parse().map_err(|_| refused()))
        .collect::<Result<_, _>>()?;
    if ids.len() > LISTED {
        return Err(refused());
    }
    Ok(ids)
}

/// `POST /api/games`: a new game; with `open`, listed in the lobby within the client's allowance.
pub async fn create(
    State(state): State<Shared>,
    Extension(ClientAddr(client)): Extension<ClientAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let mut req: NewGame = body(&bytes)?;
    req.account = seat_account_of(&state, &headers).await?;
    let created = if req.open == Some(true) {
        lobby_of(&state).create_open(req, client).await?
    } else {
        Creator::over(&state).create(req).await?
    };
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

/// `GET /api/lobby`: the online games open to join, newest first.
pub async fn lobby(State(state): State<Shared>) -> Result<Response, ApiError> {
    let games = lobby_of(&state).lobby().await?;
    Ok(Json(serde_json::json!({ "games": games })).into_response())
}

/// `POST /api/games/{id}/join`: takes the free seat of a game open in the lobby.
pub async fn join(
    State(state): State<Shared>,
    Extension(ClientAddr(client)): Extension<ClientAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let req: JoinRequest = body(&bytes)?;
    let account = seat_account_of(&state, &headers).await?;
    let joined = lobby_of(&state)
        .join(id, req.name.as_deref(), account, client)
        .await?;
    Ok(Json(joined).into_response())
}

/// `POST /api/games/import`: a record as a new game.
pub async fn import(State(state): State<Shared>, bytes: Bytes) -> Result<Response, ApiError> {
    let req: Import = body(&bytes)?;
    let created = Importer::new(Creator::over(&state)).import(req).await?;
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

/// `GET /api/games/{id}[?token=…]`: the game.
pub async fn show(
    State(state): State<Shared>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let view = Round::new(&state)
        .view(game_id(&id)?, q.get("token").map(String::as_str))
        .await?;
    Ok(Json(view).into_response())
}

/// `POST /api/games/{id}/moves`: a move.
pub async fn play(
    State(state): State<Shared>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let req: MoveRequest = body(&bytes)?;
    let view = Round::new(&state)
        .play(id, &req.mv, req.token.as_deref())
        .await?;
    Ok(Json(view).into_response())
}

/// `POST /api/games/{id}/arrange`: Shogun `setup=choose`, the player's pieces placed before the
/// first move (`{"arrangement": "3142576", "token": …}`; `side` for a token that plays both).
pub async fn arrange(
    State(state): State<Shared>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let req: ArrangeRequest = body(&bytes)?;
    let view = Arranger::new(Round::new(&state), &state.db)
        .arrange(
            id,
            req.token.as_deref(),
            req.side.as_deref(),
            &req.arrangement,
        )
        .await?;
    Ok(Json(view).into_response())
}

/// `POST /api/games/{id}/undo`: a takeback.
pub async fn undo(
    State(state): State<Shared>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let (id, token) = id_and_token(&id, &bytes)?;
    Ok(Json(Round::new(&state).undo(id, token.as_deref()).await?).into_response())
}

/// `POST /api/games/{id}/resign`.
pub async fn resign(
    State(state): State<Shared>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let (id, token) = id_and_token(&id, &bytes)?;
    Ok(Json(Round::new(&state).resign(id, token.as_deref()).await?).into_response())
}

/// `POST /api/games/{id}/abort`: ends the game with no result before each side has moved.
pub async fn abort(
    State(state): State<Shared>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let (id, token) = id_and_token(&id, &bytes)?;
    Ok(Json(Round::new(&state).abort(id, token.as_deref()).await?).into_response())
}

/// `POST /api/games/{id}/extend`: the waiting player of a correspondence game gives the side to
/// move another period of the game's days.
pub async fn extend(
    State(state): State<Shared>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let (id, token) = id_and_token(&id, &bytes)?;
    Ok(Json(Round::new(&state).extend(id, token.as_deref()).await?).into_response())
}

/// `POST /api/games/{id}/rematch`: the rematch of a finished game (created by the first player to
/// ask, joined by the other); the new game's id and the caller's token.
pub async fn rematch(
    State(state): State<Shared>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let (id, token) = id_and_token(&id, &bytes)?;
    Ok(Json(
        Rematcher::new(Round::new(&state), Creator::over(&state), &state.db)
            .rematch(id, token.as_deref())
            .await?,
    )
    .into_response())
}

/// `POST /api/games/{id}/draw`: offer, accept or decline a draw.
pub async fn draw(
    State(state): State<Shared>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let req: OfferRequest = body(&bytes)?;
    let action = draw_action(&req.action)?;
    let view = Round::new(&state)
        .draw(id, req.token.as_deref(), action)
        .await?;
    Ok(Json(view).into_response())
}

/// `POST /api/games/{id}/takeback`: ask the opponent to take back your last move, accept or
/// decline their request (online games).
pub async fn takeback(
    State(state): State<Shared>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let req: OfferRequest = body(&bytes)?;
    let action = takeback_action(&req.action)?;
    let view = Round::new(&state)
        .takeback(id, req.token.as_deref(), action)
        .await?;
    Ok(Json(view).into_response())
}

/// `POST /api/games/{id}/name`: a player's name.
pub async fn name(
    State(state): State<Shared>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let req: NameRequest = body(&bytes)?;
    let view = Namer::new(Round::new(&state), &state.db)
        .set_name(id, req.token.as_deref(), &req.name, req.side.as_deref())
        .await?;
    Ok(Json(view).into_response())
}

/// `GET /api/games/{id}/hint[?ms=…][&ply=…]`: the engine's best move and analysis, of the current
/// position or of the position after ply `ply`.
pub async fn hint(
    State(state): State<Shared>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let ms = match q.get("ms") {
        None => None,
        Some(v) => Some(v.parse::<u64>().map_err(|_| {
            ApiError::bad_request(format!("bad ms '{v}': a number of milliseconds"))
        })?),
    };
    let ply = match q.get("ply") {
        None => None,
        Some(v) => Some(v.parse::<usize>().map_err(|_| {
            ApiError::bad_request(format!("bad ply '{}': a number of plies", short(v)))
        })?),
    };
    Ok(Json(
        Hinter::new(Round::new(&state), &state.services.engine)
            .hint(id, ms, ply)
            .await?,
    )
    .into_response())
}

/// `GET /api/games/{id}/review`: the stored post-game review (404 until one is made).
pub async fn stored_review(
    State(state): State<Shared>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    match reviewer(&state).stored_review(game_id(&id)?).await? {
        Some(r) => Ok(Json(r).into_response()),
        None => Err(ApiError::not_found("this game has not been reviewed yet")),
    }
}

/// `POST /api/games/{id}/review`: reviews the game (or answers the stored review).
pub async fn review(
    State(state): State<Shared>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    Ok(Json(reviewer(&state).review(game_id(&id)?).await?).into_response())
}

/// `GET /api/games/{id}/record[?download]`: the record as text.
pub async fn record(
    State(state): State<Shared>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let text = Recorder::new(Round::new(&state)).record(id).await?;
    let mut headers = vec![(
        header::CONTENT_TYPE,
        "text/plain; charset=utf-8".to_string(),
    )];
    if q.contains_key("download") {
        headers.push((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"hasami-game-{id}.hrec\""),
        ));
    }
    let mut resp = text.into_response();
    for (k, v) in headers {
        if let Ok(v) = v.parse() {
            resp.headers_mut().insert(k, v);
        }
    }
    Ok(resp)
}

/// The answer for unknown `/api` routes.
pub async fn not_found() -> ApiError {
    ApiError::not_found("no such API route (see docs/web.md)")
}
