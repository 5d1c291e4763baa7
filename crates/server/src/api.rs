//! The JSON routes under `/api` (docs/web.md lists them).
//!
//! Bodies are read as bytes and parsed here, so that malformed JSON gets the same `{"error": "…"}`
//! answer as every other mistake.

use std::collections::HashMap;

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use hasami_core::hasami::OPTION_HELP;
use hasami_core::shogun::OPTION_HELP as SHOGUN_OPTION_HELP;
use hasami_core::Preset;
use hasami_core::{HasamiPosition, HasamiRules, Variant};
use hasami_core::{ShogunPosition, ShogunRules};
use serde::de::DeserializeOwned;
use serde::Deserialize;

use crate::db;
use crate::error::ApiError;
use crate::games::{Import, NewGame, Shared};

/// The API router.
pub fn router() -> Router<Shared> {
    Router::new()
        .route("/api/variants", get(variants))
        .route("/api/variants/check", get(check_variant))
        .route("/api/games", get(list).post(create))
        .route("/api/games/import", post(import))
        .route("/api/games/{id}", get(show))
        .route("/api/games/{id}/moves", post(play))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/draw", post(draw))
        .route("/api/games/{id}/name", post(name))
        .route("/api/games/{id}/hint", get(hint))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/ws", get(crate::ws::upgrade))
}

/// Parses a JSON body into `T`, with a message that says what is wrong.
fn body<T: DeserializeOwned>(bytes: &Bytes) -> Result<T, ApiError> {
    let text = if bytes.iter().all(u8::is_ascii_whitespace) {
        &b"{}"[..]
    } else {
        &bytes[..]
    };
    serde_json::from_slice(text).map_err(|e| ApiError::bad_request(format!("malformed JSON: {e}")))
}

/// The game id in a path.
pub fn game_id(text: &str) -> Result<i64, ApiError> {
    text.parse::<i64>()
        .map_err(|_| ApiError::not_found(format!("no game with id '{text}' (ids are numbers)")))
}

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
struct DrawRequest {
    action: String,
    #[serde(default)]
    token: Option<String>,
}

async fn variants() -> Response {
    let mut presets: Vec<_> = Preset::ALL
        .iter()
        .map(|&p| {
            let rules = HasamiRules::preset(p);
            serde_json::json!({
                "name": p.name(),
                "about": p.about(),
                "size": rules.size(),
                "start": HasamiPosition::start(rules).to_string(),
            })
        })
        .collect();
    presets.push(serde_json::json!({
        "name": "shogun",
        "about": SHOGUN_ABOUT,
        "size": 8,
        "start": ShogunPosition::start(ShogunRules::standard()).to_string(),
    }));
    let options: Vec<_> = OPTION_HELP
        .iter()
        .map(|(name, help)| serde_json::json!({ "option": name, "about": help }))
        .collect();
    let shogun_options: Vec<_> = SHOGUN_OPTION_HELP
        .iter()
        .map(|(name, help)| serde_json::json!({ "option": name, "about": help }))
        .collect();
    Json(serde_json::json!({
        "presets": presets,
        "options": options,
        "shogun_options": shogun_options,
    }))
    .into_response()
}

/// What Shogun is, for the variant list.
const SHOGUN_ABOUT: &str = "Shogun (Ravensburger, 1979): 8x8, each piece moves exactly the number it shows, which changes with the square; protect your Shogun";

async fn check_variant(Query(q): Query<HashMap<String, String>>) -> Result<Response, ApiError> {
    let text = q
        .get("variant")
        .ok_or_else(|| ApiError::bad_request("missing ?variant=…"))?;
    let variant = Variant::parse(text)
        .map_err(|e| ApiError::bad_request(format!("bad variant '{text}': {e}")))?;
    let answer = match variant {
        Variant::Hasami(rules) => serde_json::json!({
            "variant": rules.to_string(),
            "preset": rules.preset.name(),
            "about": rules.preset.about(),
            "size": rules.size(),
            "start": HasamiPosition::start(rules).to_string(),
        }),
        Variant::Shogun(rules) => serde_json::json!({
            "variant": rules.to_string(),
            "preset": "shogun",
            "about": SHOGUN_ABOUT,
            "size": 8,
            "start": ShogunPosition::start(rules).to_string(),
        }),
    };
    Ok(Json(answer).into_response())
}

async fn list(State(state): State<Shared>) -> Result<Response, ApiError> {
    let games = state.db.call(|c| db::list_games(c, 200)).await?;
    Ok(Json(serde_json::json!({ "games": games })).into_response())
}

async fn create(State(state): State<Shared>, bytes: Bytes) -> Result<Response, ApiError> {
    let req: NewGame = body(&bytes)?;
    let created = state.create(req).await?;
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

async fn import(State(state): State<Shared>, bytes: Bytes) -> Result<Response, ApiError> {
    let req: Import = body(&bytes)?;
    let created = state.import(req).await?;
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

async fn show(
    State(state): State<Shared>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let live = state.live(game_id(&id)?).await?;
    let g = live.lock().await;
    Ok(Json(g.view(q.get("token").map(String::as_str))).into_response())
}

async fn play(
    State(state): State<Shared>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let req: MoveRequest = body(&bytes)?;
    let view = state.play(id, &req.mv, req.token.as_deref()).await?;
    Ok(Json(view).into_response())
}

async fn undo(
    State(state): State<Shared>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let req: TokenOnly = body(&bytes)?;
    Ok(Json(state.undo(id, req.token.as_deref()).await?).into_response())
}

async fn resign(
    State(state): State<Shared>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let req: TokenOnly = body(&bytes)?;
    Ok(Json(state.resign(id, req.token.as_deref()).await?).into_response())
}

async fn draw(
    State(state): State<Shared>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let req: DrawRequest = body(&bytes)?;
    Ok(Json(state.draw(id, req.token.as_deref(), &req.action).await?).into_response())
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

async fn name(
    State(state): State<Shared>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let req: NameRequest = body(&bytes)?;
    let view = state
        .set_name(id, req.token.as_deref(), &req.name, req.side.as_deref())
        .await?;
    Ok(Json(view).into_response())
}

async fn hint(
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
    Ok(Json(state.hint(id, ms).await?).into_response())
}

async fn record(
    State(state): State<Shared>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let live = state.live(id).await?;
    let text = live.lock().await.record();
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
