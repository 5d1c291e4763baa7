//! # hasami-server
//!
//! The web app behind `hasami serve`: a JSON and WebSocket API over games stored in an embedded
//! SQLite database, engine replies and hints, and the browser front end embedded in the binary.
//! docs/web.md describes the API and the decisions.
//!
//! ```no_run
//! let config = hasami_server::Config {
//!     addr: "127.0.0.1:8080".into(),
//!     db: None,
//!     limits: hasami_server::Limits::default(),
//!     metrics: None,
//! };
//! hasami_server::run(&config).unwrap(); // until Ctrl-C
//! ```
//!
//! ## Server layout
//!
//! The crate's public items are the ones at its root: what `hasami serve`, `hasami db` and the
//! tests use (the server's settings, the store and its schema). Everything else is the crate's own.
//!
//! - `http`: the edge. The route table, thin handlers (`api`, `variants`, `ws`, `web` for the
//!   embedded front end) that parse requests into typed actions, and `error`: the one mapping of a
//!   game error to a status code (the WebSocket sends the same status and message).
//! - `live`: games in play. The registry of games in memory (`AppState`: find, load, evict), a game
//!   in memory (`LiveGame`, which changes only through its own methods), the round that every action
//!   on a game goes through, and one small type per concern (moves, engine replies, clocks and
//!   ends, draw offers, takebacks, names, hints, records, the lobby, reviews). Its errors are
//!   `GameError`; it knows nothing of HTTP.
//! - `db` (the store: SQLite or PostgreSQL) and `engine` (searches on blocking threads, pooled,
//!   through `hasami_engine::Searcher::search` with a `SearchRequest`) serve `live`. A game of
//!   either family is core's `hasami_core::AnyGame`.
//! - `puzzles`: the embedded puzzle files, read once into an indexed set; the routes under
//!   `/api/puzzles` serve it.
//! - `connections`: accepting connections within the [`Limits`]; `metrics`: the operator's counts.
//!
//! Dependencies go one way: `http` → `live` → `db`, `engine`.
#![deny(missing_docs)]

mod accounts;
mod connections;
mod db;
mod engine;
pub(crate) mod glicko;
mod http;
mod limits;
mod live;
mod metrics;
mod per_address;
mod puzzles;

use std::future::Future;
use std::net::SocketAddr;

use axum::Router;
use thiserror::Error;

pub use db::schema::{current as schema_version, MIGRATIONS};
pub use db::{
    default_path, Db, DbError, Listing, PuzzleStanding, RatingRules, Status, StoredGame,
    StoredMove, StoredRating, Target,
};
pub use http::offline::write_static;
pub use limits::Limits;
pub use live::game_bytes;
use live::{AppState, Shared};

/// What `hasami serve` was asked for.
#[derive(Debug, Clone)]
pub struct Config {
    /// `HOST:PORT` to listen on.
    pub addr: String,
    /// The store: an SQLite file or a PostgreSQL URL; `None` for the file at [`default_path`].
    pub db: Option<Target>,
    /// The server's bounds.
    pub limits: Limits,
    /// `HOST:PORT` to serve the operator's counts on (`GET /metrics`); `None`: not served.
    pub metrics: Option<String>,
}

/// Why the server could not start.
#[derive(Debug, Error)]
pub enum ServeError {
    /// `--addr` or `--metrics` is not `HOST:PORT`.
    #[error("bad --{flag} '{addr}': {reason} (expected HOST:PORT, like 127.0.0.1:8080)")]
    BadAddr {
        /// The flag (`addr`, `metrics`).
        flag: &'static str,
        /// The text.
        addr: String,
        /// Why.
        reason: String,
    },
    /// The database cannot be used.
    #[error("{0}")]
    Db(#[from] DbError),
    /// Listening or serving failed.
    #[error("cannot listen on {addr}: {error}")]
    Listen {
        /// The address.
        addr: String,
        /// The error.
        error: std::io::Error,
    },
    /// Serving failed.
    #[error("server error: {0}")]
    Io(#[from] std::io::Error),
}

impl ServeError {
    /// True for errors in the command's arguments (exit status 2).
    pub fn is_usage(&self) -> bool {
        matches!(self, ServeError::BadAddr { .. } | ServeError::Db(_))
    }
}

/// The whole app: API, WebSocket and front end, with the default request time limit.
pub fn app(state: Shared) -> Router {
    app_within(state, &Limits::default())
}

/// The whole app within `limits` (request time, per-client limits, allowed origins).
pub fn app_within(state: Shared, limits: &Limits) -> Router {
    http::router(limits)
        .layer(axum::middleware::from_fn_with_state(
            std::sync::Arc::clone(&state),
            http::metrics::count,
        ))
        .with_state(state)
}

/// Parses `HOST:PORT` (a host name such as `localhost` is resolved).
pub fn parse_addr(addr: &str) -> Result<SocketAddr, ServeError> {
    parse_flag_addr("addr", addr)
}

/// [`parse_addr`] for the flag `flag`.
fn parse_flag_addr(flag: &'static str, addr: &str) -> Result<SocketAddr, ServeError> {
    use std::net::ToSocketAddrs;
    let bad = |reason: String| ServeError::BadAddr {
        flag,
        addr: addr.to_string(),
        reason,
    };
    if let Ok(a) = addr.parse::<SocketAddr>() {
        return Ok(a);
    }
    if !addr.contains(':') {
        return Err(bad("no port".into()));
    }
    addr.to_socket_addrs()
        .map_err(|e| bad(e.to_string()))?
        .next()
        .ok_or_else(|| bad("the host has no address".into()))
}

/// Serves on `listener` with the store `db` until `shutdown` completes (builds its own runtime),
/// within the default [`Limits`].
pub fn serve_on(
    listener: std::net::TcpListener,
    db: Db,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    serve_within(listener, db, Limits::default(), shutdown)
}

/// Serves like [`serve_on`] within `limits` (connections at once, header and request time).
pub fn serve_within(
    listener: std::net::TcpListener,
    db: Db,
    limits: Limits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    serve_with(listener, None, db, limits, shutdown)
}

/// Serves like [`serve_within`], and the operator's counts (`GET /metrics`, `crate::metrics`) on
/// `metrics` when given: a listener of its own, so the public address never shows them.
pub fn serve_with(
    listener: std::net::TcpListener,
    metrics: Option<std::net::TcpListener>,
    db: Db,
    limits: Limits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    // Rules can never be freed (positions hold them by reference), so their number is bounded.
    hasami_core::limit_rule_sets(limits.rule_sets);
    runtime.block_on(async move {
        listener.set_nonblocking(true)?;
        let listener = tokio::net::TcpListener::from_std(listener)?;
        let db = db.rating_with(accounts::RULES);
        // Rated games whose end was stored but whose rating change was not (a stop in between).
        accounts::settle_due(&db).await;
        let state = AppState::with_limits(db, limits.searches, limits.live_games);
        state.services.accounts.set_secure(limits.behind_tls);
        state.set_live_bytes(limits.live_bytes);
        state.services.set_lobby_grace(limits.lobby_grace);
        state.services.set_first_move(limits.first_move);
        state.services.set_day(limits.day);
        // Games changed by other servers sharing the store (PostgreSQL) reach this one's sockets.
        tokio::spawn(live::Follower::new(&state).follow_store());
        // Correspondence games whose deadline passed while no server held them end now.
        tokio::spawn(live::Overdue::new(&state).watch());
        let metrics = match metrics {
            Some(l) => {
                l.set_nonblocking(true)?;
                let l = tokio::net::TcpListener::from_std(l)?;
                let app = http::metrics::router(std::sync::Arc::clone(&state));
                let bounds = metrics_limits(&limits);
                Some(tokio::spawn(async move {
                    let grace = std::time::Duration::ZERO;
                    let _ = connections::serve(l, app, bounds, std::future::pending(), grace).await;
                }))
            }
            None => None,
        };
        let served = connections::serve(
            listener,
            app_within(state, &limits),
            limits,
            shutdown,
            std::time::Duration::from_secs(2),
        )
        .await;
        if let Some(task) = metrics {
            task.abort();
        }
        served?;
        Ok::<(), ServeError>(())
    })?;
    // Engine searches still running are abandoned with the runtime (every stored move is committed).
    runtime.shutdown_timeout(std::time::Duration::from_millis(200));
    Ok(())
}

/// Connections open at once on the metrics listener: a scraper or two, and an operator's browser.
const METRICS_CONNECTIONS: usize = 16;

/// The metrics listener's bounds: a few connections at once (more wait in the listen queue), and
/// the public listener's time for a request's headers, so an idle or half-sent connection cannot
/// hold a slot; a private address, so no share per address.
fn metrics_limits(limits: &Limits) -> Limits {
    Limits {
        connections: METRICS_CONNECTIONS,
        connections_per_address: 0,
        header_timeout: limits.header_timeout,
        write_timeout: limits.write_timeout,
        ..Limits::default()
    }
}

/// `hasami serve`: opens the store, listens, prints the address and serves until Ctrl-C or SIGTERM.
pub fn run(config: &Config) -> Result<(), ServeError> {
    let addr = parse_addr(&config.addr)?;
    let target = config
        .db
        .clone()
        .unwrap_or_else(|| Target::File(default_path()));
    let db = Db::open_target(&target)?;
    let listener = std::net::TcpListener::bind(addr).map_err(|error| ServeError::Listen {
        addr: config.addr.clone(),
        error,
    })?;
    let metrics = match &config.metrics {
        Some(text) => {
            let at = parse_flag_addr("metrics", text)?;
            let l = std::net::TcpListener::bind(at).map_err(|error| ServeError::Listen {
                addr: text.clone(),
                error,
            })?;
            Some(l)
        }
        None => None,
    };
    let local = listener.local_addr()?;
    println!("hasami: serving on http://{local}");
    if let Some(l) = &metrics {
        println!("hasami: metrics on http://{}/metrics", l.local_addr()?);
    }
    println!("hasami: games are stored in {}", target.describe());
    use std::io::Write;
    let _ = std::io::stdout().flush();
    serve_with(listener, metrics, db, config.limits.clone(), async {
        stop_signal().await;
        eprintln!("hasami: stopping");
    })
}

/// Completes at SIGINT (Ctrl-C) or, on Unix, SIGTERM (what service managers and container
/// runtimes send to stop a service).
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}
