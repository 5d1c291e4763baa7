//! The operator's counts over HTTP (`crate::metrics`): every response of the app counted by class,
//! and `GET /metrics` on a listener of its own (`hasami serve --metrics ADDR`).

use axum::extract::{Request, State};
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::live::Shared;

/// Counts the response to every request of the app (outermost layer: refusals by the limits too).
pub async fn count(State(state): State<Shared>, req: Request, next: Next) -> Response {
    let response = next.run(req).await;
    state.services.metrics.responded(response.status().as_u16());
    response
}

/// The metrics listener's routes: `GET /metrics` only.
pub fn router(state: Shared) -> Router {
    Router::new()
        .route("/metrics", get(render))
        .with_state(state)
}

async fn render(State(state): State<Shared>) -> Response {
    let text = state.services.metrics.render(
        state.games_in_memory(),
        state.live_bytes(),
        state.services.engine.searches_running(),
        state.services.engine.searches_asked(),
    );
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        text,
    )
        .into_response()
}
