//! Hardening at the edge, as middleware around every route (docs/web.md, "Safe in public"):
//!
//! - security headers on every answer: a Content-Security-Policy that allows only the app's own
//!   files and connections and no framing, `nosniff`, and no referrer (invite links carry tokens);
//! - only same-origin JSON may change anything: a request with an `Origin` of another site is refused
//!   (403; this covers WebSocket upgrades, which browsers always send with an `Origin`), and a POST
//!   with a body must say `Content-Type: application/json` (415), so no other site's form or script
//!   can create games or play;
//! - new games (created or imported) are limited per client address: a burst of
//!   [`NEW_GAMES_BURST`], then [`NEW_GAMES_PER_SECOND`] a second (429 beyond), so no client can fill
//!   the store and the memory with games;
//! - every error of the API is `{"error": "…"}`, also those the framework answers itself (wrong
//!   method, body too large); `error` keeps every message short.

use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tower_http::set_header::SetResponseHeaderLayer;

use crate::http::error::ApiError;

/// The Content-Security-Policy of every answer: the app's own scripts, styles, images and
/// connections (WebSocket included), inline style attributes for the SVG board, no framing.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
     frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'";

/// The response headers every answer carries, as layers (each sets its header unless a handler did).
pub fn security_headers() -> [SetResponseHeaderLayer<HeaderValue>; 4] {
    let layer = |name: HeaderName, value: &'static str| {
        SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
    };
    [
        layer(header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        layer(header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        layer(header::REFERRER_POLICY, "no-referrer"),
        layer(header::X_FRAME_OPTIONS, "DENY"),
    ]
}

/// Refuses requests from another site's page and POST bodies that are not JSON, before any handler.
pub async fn same_origin_json(req: Request, next: Next) -> Response {
    if let Some(refusal) = refusal(req.method(), req.headers()) {
        return refusal.into_response();
    }
    next.run(req).await
}

/// Why a request is refused at the edge, if it is.
fn refusal(method: &Method, headers: &HeaderMap) -> Option<ApiError> {
    if let Some(origin) = headers.get(header::ORIGIN) {
        let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
        let same = origin
            .to_str()
            .ok()
            .and_then(|o| o.split_once("://"))
            .is_some_and(|(_, authority)| Some(authority) == host);
        if !same {
            return Some(ApiError::new(
                StatusCode::FORBIDDEN,
                "requests from another site's page are refused (Origin is not this server)",
            ));
        }
    }
    if method == Method::POST && has_body(headers) && !is_json(headers) {
        return Some(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "send the request body as JSON (Content-Type: application/json)",
        ));
    }
    None
}

/// Whether the request has a body (a length above 0, or one sent in chunks).
fn has_body(headers: &HeaderMap) -> bool {
    headers.contains_key(header::TRANSFER_ENCODING)
        || headers
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok())
            .is_some_and(|n| n > 0)
}

/// Whether the body is declared JSON (`application/json`, with or without parameters).
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
}

/// Turns the framework's own error answers under `/api` (wrong method, body too large, malformed
/// path) into `{"error": "…"}`, as the API's own errors are.
pub async fn json_errors(req: Request, next: Next) -> Response {
    let api = req.uri().path().starts_with("/api");
    let response = next.run(req).await;
    let status = response.status();
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.starts_with("application/json"));
    if !api || json || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let message = match status {
        StatusCode::METHOD_NOT_ALLOWED => "this method is not allowed here".to_string(),
        StatusCode::PAYLOAD_TOO_LARGE => "the request body is too large".to_string(),
        s => s
            .canonical_reason()
            .unwrap_or("request refused")
            .to_lowercase(),
    };
    // Keep the framework's own headers that matter (Allow on 405).
    let allow = response.headers().get(header::ALLOW).cloned();
    let mut answer = ApiError::new(status, message).into_response();
    if let Some(allow) = allow {
        answer.headers_mut().insert(header::ALLOW, allow);
    }
    answer
}

/// New games a client address may create at once.
pub const NEW_GAMES_BURST: f64 = 300.0;
/// New games a client address may create per second after the burst.
pub const NEW_GAMES_PER_SECOND: f64 = 5.0;
/// Client addresses remembered at most (the fullest buckets are forgotten first).
const MAX_CLIENTS: usize = 10_000;

/// The new-game allowance of every client address (a token bucket each).
#[derive(Default)]
pub struct NewGameLimit {
    buckets:
        std::sync::Mutex<std::collections::HashMap<std::net::IpAddr, (f64, std::time::Instant)>>,
}

impl NewGameLimit {
    /// Takes one new game from `client`'s allowance; the seconds to wait when there is none.
    fn take(&self, client: std::net::IpAddr) -> Result<(), u64> {
        let now = std::time::Instant::now();
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() >= MAX_CLIENTS && !buckets.contains_key(&client) {
            // Forget the clients whose allowance has grown back to full.
            buckets.retain(|_, (tokens, at)| {
                *tokens + at.elapsed().as_secs_f64() * NEW_GAMES_PER_SECOND < NEW_GAMES_BURST
            });
        }
        let (tokens, at) = buckets.entry(client).or_insert((NEW_GAMES_BURST, now));
        *tokens = (*tokens + now.duration_since(*at).as_secs_f64() * NEW_GAMES_PER_SECOND)
            .min(NEW_GAMES_BURST);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            Ok(())
        } else {
            Err(((1.0 - *tokens) / NEW_GAMES_PER_SECOND).ceil() as u64)
        }
    }
}

/// Refuses a new game (POST /api/games or /api/games/import) beyond its client address's allowance
/// with 429 and the seconds to wait (`Retry-After`).
pub async fn new_game_limit(
    axum::extract::State(limit): axum::extract::State<std::sync::Arc<NewGameLimit>>,
    req: Request,
    next: Next,
) -> Response {
    let creates = req.method() == Method::POST
        && matches!(req.uri().path(), "/api/games" | "/api/games/import");
    let client = req
        .extensions()
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map(|c| c.0.ip());
    if let (true, Some(client)) = (creates, client) {
        if let Err(wait) = limit.take(client) {
            let mut answer = ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!("too many new games from your address; try again in {wait} s"),
            )
            .into_response();
            answer
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(wait));
            return answer;
        }
    }
    next.run(req).await
}
