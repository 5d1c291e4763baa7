//! The HTTP and WebSocket edge: the route table, thin handlers that read a request and call one
//! game action, and the one mapping of a [`GameError`](crate::live::GameError) to a status code
//! (`error`). Nothing outside this module knows HTTP.

pub mod account;
pub mod analysis;
pub mod api;
mod assets;
pub mod challenges;
pub mod chat;
pub mod edge;
pub mod error;
pub mod guard;
pub mod health;
pub mod metrics;
pub(crate) mod offline;
pub mod players;
pub mod puzzles;
pub mod request;
pub mod variants;
pub mod web;
pub mod ws;

use axum::middleware;
use axum::routing::{any, get, post};
use axum::Router;

use crate::limits::Limits;
use crate::live::Shared;

/// Every route: the JSON API, live updates, and the front end; around them the per-client limits of
/// `edge` and the guards and security headers of `guard`, within `limits`.
pub fn router(limits: &Limits) -> Router<Shared> {
    let [csp, nosniff, referrer, frames] = guard::security_headers();
    let edge = edge::Edge::new(limits);
    Router::new()
        .route("/api/health", get(health::health))
        .route("/api/variants", get(variants::list))
        .route("/api/variants/check", get(variants::check))
        .route("/api/games", get(api::list).post(api::create))
        .route("/api/games/import", post(api::import))
        .route("/api/lobby", get(api::lobby))
        .route("/api/games/{id}/join", post(api::join))
        .route("/api/games/{id}", get(api::show))
        .route("/api/games/{id}/moves", post(api::play))
        .route("/api/games/{id}/arrange", post(api::arrange))
        .route("/api/games/{id}/undo", post(api::undo))
        .route("/api/games/{id}/resign", post(api::resign))
        .route("/api/games/{id}/draw", post(api::draw))
        .route("/api/games/{id}/takeback", post(api::takeback))
        .route("/api/games/{id}/abort", post(api::abort))
        .route("/api/games/{id}/extend", post(api::extend))
        .route("/api/games/{id}/rematch", post(api::rematch))
        .route("/api/games/{id}/name", post(api::name))
        .route("/api/games/{id}/hint", get(api::hint))
        .route(
            "/api/games/{id}/review",
            get(api::stored_review).post(api::review),
        )
        .route("/api/games/{id}/record", get(api::record))
        .route("/api/games/{id}/chat", get(chat::read).post(chat::post))
        .route("/api/games/{id}/chat/public", post(chat::public))
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .route("/api/account", get(account::me))
        .route("/api/account/signup", post(account::signup))
        .route("/api/account/login", post(account::login))
        .route("/api/account/logout", post(account::logout))
        .route("/api/account/logout-all", post(account::logout_all))
        .route("/api/account/password", post(account::password))
        .route("/api/account/delete", post(account::delete))
        .route("/api/account/games", get(account::games))
        .route("/api/account/claim", post(account::claim))
        .route("/api/players/{name}", get(players::player))
        .route("/api/leaderboard/{preset}", get(players::leaderboard))
        .route("/api/now-playing", get(players::now_playing))
        .route(
            "/api/challenges",
            get(challenges::list).post(challenges::send),
        )
        .route("/api/challenges/{id}/accept", post(challenges::accept))
        .route("/api/challenges/{id}/decline", post(challenges::decline))
        .route("/api/challenges/{id}/cancel", post(challenges::cancel))
        .route("/api/analysis", post(analysis::board))
        .route("/api/analysis/search", post(analysis::search))
        .route("/api/puzzles", get(puzzles::list))
        .route("/api/puzzles/next", get(puzzles::next))
        .route("/api/puzzles/daily", get(puzzles::today))
        .route("/api/puzzles/{id}", get(puzzles::show))
        .route("/api/puzzles/{id}/attempt", post(puzzles::attempt))
        .route("/api", any(api::not_found))
        .route("/api/{*rest}", any(api::not_found))
        .merge(assets::router())
        .merge(offline::router())
        // A request (its body included) that takes longer gets 408; an upgraded WebSocket is no
        // longer a request.
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            axum::http::StatusCode::REQUEST_TIMEOUT,
            limits.request_timeout,
        ))
        .layer(middleware::from_fn(guard::json_errors))
        .layer(middleware::from_fn_with_state(
            std::sync::Arc::clone(&edge),
            edge::client_limits,
        ))
        .layer(axum::Extension(std::sync::Arc::clone(&edge)))
        .layer(middleware::from_fn_with_state(
            edge,
            guard::same_origin_json,
        ))
        .layer(csp)
        .layer(nosniff)
        .layer(referrer)
        .layer(frames)
}
