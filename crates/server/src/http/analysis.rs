//! The analysis board routes (docs/web.md): `POST /api/analysis` answers the board after the moves,
//! `POST /api/analysis/search` the engine's analysis of that position. Nothing is stored.

use axum::body::Bytes;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::http::error::ApiError;
use crate::http::request::body;
use crate::live::{board_game, BoardRequest, BoardSearcher, Shared};

/// `POST /api/analysis`: the board after the moves.
pub async fn board(bytes: Bytes) -> Result<Response, ApiError> {
    let req: BoardRequest = body(&bytes)?;
    if req.ms.is_some() {
        return Err(ApiError::bad_request(
            "ms is for /api/analysis/search (the engine's time)",
        ));
    }
    let game = board_game(&req)?;
    Ok(Json(hasami_view::BoardView::of(&game)).into_response())
}

/// `POST /api/analysis/search`: the engine's best move, score and line after the moves.
pub async fn search(State(state): State<Shared>, bytes: Bytes) -> Result<Response, ApiError> {
    let req: BoardRequest = body(&bytes)?;
    Ok(Json(
        BoardSearcher::new(&state.services.engine, state.ledger())
            .board_search(&req)
            .await?,
    )
    .into_response())
}
