//! The account routes (docs/web.md, "Accounts"): sign-up, login, logout (here or everywhere),
//! password change, deletion, the account and its games, and the claim of games played
//! anonymously. The session travels as the `hasami_session` cookie, set and cleared only here;
//! the state-changing routes are POSTs with JSON, under the same Origin checks as every other
//! (`guard`). No answer and no log line holds a password, a hash or a session token (the cookie
//! aside).

use axum::body::Bytes;
use axum::extract::{Extension, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;

use crate::accounts::{cleared_cookie, Credentials, Players, Registrar, SessionToken};
use crate::db::User;
use crate::http::edge::ClientAddr;
use crate::http::error::ApiError;
use crate::http::request::body;
use crate::live::{Round, SeatAccount, Shared};

/// The session token a request's cookies carry.
pub fn session_of(headers: &HeaderMap) -> Option<SessionToken> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(SessionToken::from_cookies)
}

/// The account of a request's session, if it has a live one.
pub(crate) async fn account_of(
    state: &Shared,
    headers: &HeaderMap,
) -> Result<Option<User>, ApiError> {
    let Some(token) = session_of(headers) else {
        return Ok(None);
    };
    Ok(registrar(state).user_of(&token).await?)
}

/// The account of a request's session as a seat's account.
pub(crate) async fn seat_account_of(
    state: &Shared,
    headers: &HeaderMap,
) -> Result<Option<SeatAccount>, ApiError> {
    Ok(account_of(state, headers).await?.map(|u| SeatAccount {
        id: u.id,
        name: u.name,
    }))
}

/// The account of a request's session; 401 without one.
pub(crate) async fn required(state: &Shared, headers: &HeaderMap) -> Result<User, ApiError> {
    Ok(registrar(state)
        .require(session_of(headers).as_ref())
        .await?)
}

fn registrar(state: &Shared) -> Registrar<'_> {
    Registrar::new(&state.db, &state.services.accounts)
}

/// An answer with the account and its new session cookie.
async fn with_session(
    state: &Shared,
    status: StatusCode,
    user: User,
    token: SessionToken,
) -> Result<Response, ApiError> {
    let ratings = Players::new(&state.db).ratings(user.id).await?;
    let cookie = token.cookie(state.services.accounts.secure());
    let mut answer = (
        status,
        Json(serde_json::json!({ "username": user.name, "ratings": ratings })),
    )
        .into_response();
    if let Ok(v) = HeaderValue::from_str(&cookie) {
        answer.headers_mut().insert(header::SET_COOKIE, v);
    }
    Ok(answer)
}

/// An empty answer that clears the session cookie.
fn cleared(state: &Shared) -> Response {
    let mut answer = Json(serde_json::json!({})).into_response();
    if let Ok(v) = HeaderValue::from_str(&cleared_cookie(state.services.accounts.secure())) {
        answer.headers_mut().insert(header::SET_COOKIE, v);
    }
    answer
}

/// Games whose seats an account action changed in the store: the copies in memory read them again
/// (other servers are told by the store).
async fn reload_in_memory(state: &Shared, ids: Vec<i64>) {
    let round = Round::new(state);
    for id in ids {
        if let Some(live) = state.in_memory(id) {
            let mut g = live.lock().await;
            let _ = round.reload(&live, &mut g).await;
        }
    }
}

/// `POST /api/account/signup {username, password}`: 201 with the session cookie.
pub async fn signup(
    State(state): State<Shared>,
    Extension(ClientAddr(client)): Extension<ClientAddr>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let given: Credentials = body(&bytes)?;
    let (user, token) = registrar(&state).sign_up(given, client).await?;
    with_session(&state, StatusCode::CREATED, user, token).await
}

/// `POST /api/account/login {username, password}`: 200 with a new session cookie; 401 when wrong,
/// 429 when this address tried too often.
pub async fn login(
    State(state): State<Shared>,
    Extension(ClientAddr(client)): Extension<ClientAddr>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let given: Credentials = body(&bytes)?;
    let (user, token) = registrar(&state).log_in(given, client).await?;
    with_session(&state, StatusCode::OK, user, token).await
}

/// `POST /api/account/logout`: ends this session (there may be none) and clears the cookie.
pub async fn logout(State(state): State<Shared>, headers: HeaderMap) -> Result<Response, ApiError> {
    if let Some(token) = session_of(&headers) {
        registrar(&state).log_out(&token).await?;
    }
    Ok(cleared(&state))
}

/// `POST /api/account/logout-all`: ends every session of the account.
pub async fn logout_all(
    State(state): State<Shared>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    registrar(&state)
        .log_out_everywhere(session_of(&headers).as_ref())
        .await?;
    Ok(cleared(&state))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PasswordChange {
    password: String,
    new_password: String,
}

/// `POST /api/account/password {password, new_password}`: every other session ends.
pub async fn password(
    State(state): State<Shared>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let req: PasswordChange = body(&bytes)?;
    registrar(&state)
        .change_password(
            session_of(&headers).as_ref(),
            &req.password,
            &req.new_password,
        )
        .await?;
    Ok(Json(serde_json::json!({})).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Confirm {
    password: String,
}

/// `POST /api/account/delete {password}`: the account goes (its games stay, named `deleted`).
pub async fn delete(
    State(state): State<Shared>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let req: Confirm = body(&bytes)?;
    let renamed = registrar(&state)
        .delete(session_of(&headers).as_ref(), &req.password)
        .await?;
    reload_in_memory(&state, renamed).await;
    Ok(cleared(&state))
}

/// `GET /api/account`: `{username, ratings}`, or 401.
pub async fn me(State(state): State<Shared>, headers: HeaderMap) -> Result<Response, ApiError> {
    let user = required(&state, &headers).await?;
    let ratings = Players::new(&state.db).ratings(user.id).await?;
    Ok(Json(serde_json::json!({ "username": user.name, "ratings": ratings })).into_response())
}

/// `GET /api/account/games`: the games on the account's seats with their tokens.
pub async fn games(State(state): State<Shared>, headers: HeaderMap) -> Result<Response, ApiError> {
    let user = required(&state, &headers).await?;
    let games = Players::new(&state.db)
        .games(&user, crate::accounts::ACCOUNT_GAMES)
        .await?;
    Ok(Json(serde_json::json!({ "games": games })).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Claim {
    games: Vec<ClaimedGame>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClaimedGame {
    id: i64,
    token: String,
}

/// `POST /api/account/claim {games: [{id, token}]}`: the seats those tokens open that no account
/// holds become the account's; `{claimed: [id…]}`.
pub async fn claim(
    State(state): State<Shared>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let user = required(&state, &headers).await?;
    let req: Claim = body(&bytes)?;
    let pairs = req.games.into_iter().map(|g| (g.id, g.token)).collect();
    let claimed = Players::new(&state.db).claim(&user, pairs).await?;
    reload_in_memory(&state, claimed.clone()).await;
    Ok(Json(serde_json::json!({ "claimed": claimed })).into_response())
}
