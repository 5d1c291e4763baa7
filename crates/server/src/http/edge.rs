//! What the server keeps per client at the edge (docs/web.md, "Running it in public"):
//!
//! - the client's address: the TCP peer's, or, when the peer is a trusted reverse proxy, the last
//!   address of its `X-Forwarded-For` (the one the proxy added), so that limits are per client also
//!   behind a proxy;
//! - new games (created or imported) per client: a burst, then a steady rate (a keyed token bucket
//!   of the `governor` crate); 429 with `Retry-After` beyond;
//! - hints, reviews and analysis board searches per client at once: one more gets 429, so one client cannot fill the engine's
//!   queue and everyone else's hints take their turn;
//! - puzzle results counted per client: a burst, then one every few seconds (a keyed token bucket);
//!   a try beyond it is answered but moves no puzzle's rating, so one client cannot push ratings;
//! - WebSockets per client at once, and in all (taken by the upgrade, held for the socket's life), so
//!   that sockets never take the connection slots ordinary requests need.

use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::http::error::ApiError;
use crate::limits::Limits;
use crate::per_address::{Held, PerAddress};

/// Client addresses whose new-game allowance is remembered before the full ones are forgotten.
const REMEMBERED_CLIENTS: usize = 10_000;

/// Puzzle results one client may have counted at once before the steady rate applies.
pub const PUZZLE_RESULTS_BURST: NonZeroU32 = NonZeroU32::new(60).expect("above zero");

/// The steady rate of a client's counted puzzle results: one per this period.
pub const PUZZLE_RESULT_EVERY: std::time::Duration = std::time::Duration::from_secs(2);

/// The client a request comes from (an extension of every request, set by [`client_limits`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

/// The per-client state of the edge.
pub struct Edge {
    trusted_proxies: Vec<IpAddr>,
    /// Origins besides the server's own whose pages may call the API.
    pub allowed_origins: Vec<String>,
    /// Host names answered besides IP addresses and `localhost` (`Limits::allowed_hosts`).
    pub allowed_hosts: Vec<String>,
    /// How long a WebSocket may stay silent, or leave a send untaken, before it is closed.
    pub socket_timeout: std::time::Duration,
    new_games: DefaultKeyedRateLimiter<IpAddr>,
    puzzle_results: DefaultKeyedRateLimiter<IpAddr>,
    hints: Arc<PerAddress>,
    websockets: Arc<PerAddress>,
    all_websockets: Arc<Semaphore>,
}

/// What an open WebSocket holds: a share of its client's and of the server's sockets, freed when
/// dropped.
#[derive(Debug)]
pub struct SocketSlot {
    _client: Option<Held>,
    _all: OwnedSemaphorePermit,
}

impl Edge {
    /// The edge within `limits`.
    pub fn new(limits: &Limits) -> Arc<Edge> {
        let burst = NonZeroU32::new(limits.new_games_burst).unwrap_or(NonZeroU32::MIN);
        let rate = NonZeroU32::new(limits.new_games_per_second).unwrap_or(NonZeroU32::MIN);
        Arc::new(Edge {
            trusted_proxies: limits.trusted_proxies.clone(),
            allowed_origins: limits.allowed_origins.clone(),
            allowed_hosts: limits.allowed_hosts.clone(),
            socket_timeout: limits.socket_timeout,
            new_games: RateLimiter::keyed(Quota::per_second(rate).allow_burst(burst)),
            puzzle_results: RateLimiter::keyed(
                Quota::with_period(PUZZLE_RESULT_EVERY)
                    .expect("a period above zero")
                    .allow_burst(PUZZLE_RESULTS_BURST),
            ),
            hints: PerAddress::new(limits.hints_per_address),
            websockets: PerAddress::new(limits.websockets_per_address),
            all_websockets: Arc::new(Semaphore::new(limits.websockets.max(1))),
        })
    }

    /// The client of a request from `peer` with `headers`.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.trusted_proxies.contains(&peer) {
            return peer;
        }
        headers
            .get_all("x-forwarded-for")
            .iter()
            .next_back()
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
            .and_then(|last| last.trim().parse::<IpAddr>().ok())
            .unwrap_or(peer)
    }

    /// Takes one new game from `client`'s allowance; the whole seconds to wait when there is none.
    fn new_game(&self, client: IpAddr) -> Result<(), u64> {
        if self.new_games.len() >= REMEMBERED_CLIENTS {
            self.new_games.retain_recent();
        }
        self.new_games.check_key(&client).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            wait.as_secs() + u64::from(wait.subsec_nanos() > 0)
        })
    }

    /// Whether a finished puzzle try of `client` may move the puzzle's rating: a burst of
    /// [`PUZZLE_RESULTS_BURST`], then one per [`PUZZLE_RESULT_EVERY`] (a person takes longer).
    pub fn counts_puzzle_result(&self, client: IpAddr) -> bool {
        if self.puzzle_results.len() >= REMEMBERED_CLIENTS {
            self.puzzle_results.retain_recent();
        }
        self.puzzle_results.check_key(&client).is_ok()
    }

    /// A WebSocket slot for `client` (when known), held for the socket's life: 429 beyond the
    /// client's limit, 503 beyond the server's.
    pub fn websocket(&self, client: Option<IpAddr>) -> Result<SocketSlot, ApiError> {
        let client = match client {
            Some(client) => Some(self.websockets.take(client).ok_or_else(|| {
                too_many(
                    "too many live connections from your address at once; close another tab",
                    10,
                )
            })?),
            None => None,
        };
        let all = Arc::clone(&self.all_websockets)
            .try_acquire_owned()
            .map_err(|_| {
                ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "the server holds as many live connections as it can; try again soon",
                )
                .retry_after(10)
            })?;
        Ok(SocketSlot {
            _client: client,
            _all: all,
        })
    }
}

/// A 429 answer with `Retry-After`.
fn too_many(message: &str, wait: u64) -> ApiError {
    ApiError::new(StatusCode::TOO_MANY_REQUESTS, message).retry_after(wait)
}

/// Sets the request's [`ClientAddr`] and keeps each client within its new games and hints.
pub async fn client_limits(
    State(edge): State<Arc<Edge>>,
    mut req: Request,
    next: Next,
) -> Response {
    let Some(peer) = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip())
    else {
        // Served without the accept loop (no peer known): nothing to key the limits on.
        return next.run(req).await;
    };
    let client = edge.client(peer, req.headers());
    req.extensions_mut().insert(ClientAddr(client));
    let path = req.uri().path();
    if req.method() == Method::POST && creates_game(path) {
        if let Err(wait) = edge.new_game(client) {
            let message = format!("too many new games from your address; try again in {wait} s");
            return too_many(&message, wait).into_response();
        }
    }
    let engine_work = (matches!(*req.method(), Method::GET | Method::HEAD) && is_hint(path))
        || (req.method() == Method::POST
            && (game_route(path, "/review") || path == ANALYSIS_SEARCH));
    let _hint = if engine_work {
        match edge.hints.take(client) {
            Some(held) => Some(held),
            None => {
                return too_many(
                    "you have as many hints and reviews running as one player may; wait for one to finish",
                    1,
                )
                .into_response()
            }
        }
    } else {
        None
    };
    next.run(req).await
}

/// The routes that create a game: new, import, rematch.
fn creates_game(path: &str) -> bool {
    matches!(path, "/api/games" | "/api/games/import") || game_route(path, "/rematch")
}

/// `/api/games/{id}{suffix}`.
fn game_route(path: &str, suffix: &str) -> bool {
    path.strip_prefix("/api/games/")
        .and_then(|rest| rest.strip_suffix(suffix))
        .is_some_and(|id| !id.is_empty() && !id.contains('/'))
}

/// The analysis board's search: engine work like a hint.
const ANALYSIS_SEARCH: &str = "/api/analysis/search";

/// `/api/games/{id}/hint`.
fn is_hint(path: &str) -> bool {
    game_route(path, "/hint")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_client_is_the_peer_unless_the_peer_is_a_trusted_proxy() {
        let proxy: IpAddr = "127.0.0.1".parse().unwrap();
        let limits = Limits {
            trusted_proxies: vec![proxy],
            ..Limits::default()
        };
        let edge = Edge::new(&limits);
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", "6.6.6.6, 203.0.113.9".parse().unwrap());
        // The proxy appends the address it saw last; what comes before is the client's own claim.
        assert_eq!(
            edge.client(proxy, &headers),
            "203.0.113.9".parse::<IpAddr>().unwrap()
        );
        let other: IpAddr = "198.51.100.7".parse().unwrap();
        assert_eq!(edge.client(other, &headers), other, "untrusted peers");
        headers.insert("x-forwarded-for", "not an address".parse().unwrap());
        assert_eq!(edge.client(proxy, &headers), proxy);
    }

    #[test]
    fn new_games_come_in_a_burst_then_at_the_rate() {
        let limits = Limits {
            new_games_burst: 3,
            new_games_per_second: 1,
            ..Limits::default()
        };
        let edge = Edge::new(&limits);
        let a: IpAddr = "10.1.1.1".parse().unwrap();
        for _ in 0..3 {
            assert!(edge.new_game(a).is_ok());
        }
        assert_eq!(edge.new_game(a), Err(1));
        assert!(edge.new_game("10.1.1.2".parse().unwrap()).is_ok());
    }

    #[test]
    fn only_the_hint_route_counts_as_a_hint() {
        assert!(is_hint("/api/games/12/hint"));
        assert!(!is_hint("/api/games//hint"));
        assert!(!is_hint("/api/games/12/x/hint"));
        assert!(!is_hint("/api/games/12/record"));
        assert!(!is_hint(ANALYSIS_SEARCH));
    }
}
