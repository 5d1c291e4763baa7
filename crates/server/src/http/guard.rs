//! Hardening at the edge, as middleware around every route (docs/web.md, "Safe in public"):
//!
//! - security headers on every answer: a Content-Security-Policy that allows only the app's own
//!   files and connections and no framing, `nosniff`, and no referrer (invite links carry tokens);
//! - only same-origin JSON may change anything: a request with an `Origin` of another site is refused
//!   (403; this covers WebSocket upgrades, which browsers always send with an `Origin`) unless the
//!   operator allowed that origin (`hasami serve --allow-origin`), and a POST
//!   with a body must say `Content-Type: application/json` (415), so no other site's form or script
//!   can create games or play;
//! - only the host names the server was told to answer to (besides IP addresses and `localhost`),
//!   so a DNS-rebinding page cannot talk to it, and an `Origin` counts as the server's own only with
//!   the scheme `http` or `https`;
//! - every error of the API is `{"error": "…"}`, also those the framework answers itself (wrong
//!   method, body too large); `error` keeps every message short.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tower_http::set_header::SetResponseHeaderLayer;

use crate::http::edge::Edge;
use crate::http::error::ApiError;

/// The Content-Security-Policy of every answer: the app's own scripts (and the engine's WebAssembly
/// module, compiled in its worker: `wasm-unsafe-eval`), styles, images and connections (WebSocket
/// included), inline style attributes for the SVG board, no framing.
pub const CONTENT_SECURITY_POLICY: &str =
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
     frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'";

/// The security headers of every answer (lower-case name, value): also those written on the
/// connection itself rather than by the app (hyper's own answers, the 429 of the connection limit).
pub const SECURITY_HEADERS: [(&str, &str); 4] = [
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("x-frame-options", "DENY"),
];

/// [`SECURITY_HEADERS`] as layers (each sets its header unless a handler did).
pub fn security_headers() -> [SetResponseHeaderLayer<HeaderValue>; 4] {
    SECURITY_HEADERS.map(|(name, value)| {
        SetResponseHeaderLayer::if_not_present(
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        )
    })
}

/// Refuses requests from another site's page (unless its origin is allowed) and POST bodies that
/// are not JSON, before any handler.
pub async fn same_origin_json(State(edge): State<Arc<Edge>>, req: Request, next: Next) -> Response {
    if let Some(refusal) = refusal(
        req.method(),
        req.headers(),
        &edge.allowed_origins,
        &edge.allowed_hosts,
    ) {
        return refusal.into_response();
    }
    next.run(req).await
}

/// Why a request is refused at the edge, if it is.
fn refusal(
    method: &Method,
    headers: &HeaderMap,
    allowed: &[String],
    hosts: &[String],
) -> Option<ApiError> {
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    if let Some(h) = host {
        if !host_answered(h, hosts) {
            return Some(ApiError::new(
                StatusCode::FORBIDDEN,
                "this server does not answer to that host name (hasami serve --allow-host)",
            ));
        }
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().ok();
        // Only a web page's own scheme: http or https.
        let same = origin
            .and_then(|o| o.split_once("://"))
            .is_some_and(|(scheme, authority)| {
                matches!(scheme, "http" | "https") && Some(authority) == host
            });
        let listed = origin.is_some_and(|o| allowed.iter().any(|a| a.eq_ignore_ascii_case(o)));
        if !same && !listed {
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

/// Whether the server answers to `host` (a Host header, with or without its port): an IP address
/// (no page can make a name of its own point there by address), `localhost`, or a name the operator
/// allowed. A name that is none of these is what DNS rebinding sends.
fn host_answered(host: &str, allowed: &[String]) -> bool {
    let name = if let Some(rest) = host.strip_prefix('[') {
        // [v6]:port
        return rest
            .split(']')
            .next()
            .is_some_and(|ip| ip.parse::<std::net::Ipv6Addr>().is_ok());
    } else {
        host.rsplit_once(':').map_or(host, |(name, _port)| name)
    };
    let name = name.trim_end_matches('.').to_ascii_lowercase();
    name.parse::<std::net::Ipv4Addr>().is_ok()
        || name == "localhost"
        || allowed.iter().any(|a| a.eq_ignore_ascii_case(&name))
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
