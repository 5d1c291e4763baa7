//! API errors: an HTTP status and a message, sent as `{"error": "…"}`, and the one place that says
//! which status each [`GameError`] is answered with.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::db::DbError;
use crate::live::GameError;

/// An error answered to a client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What was wrong, in words.
    pub message: String,
}

impl ApiError {
    /// 400: the request is malformed or the move is illegal.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 401: a token is needed and none was given.
    pub fn unauthorized(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, message)
    }

    /// 403: the token does not allow this.
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, message)
    }

    /// 404: no such game.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// 409: not possible in the game's current state.
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, message)
    }

    /// An error with any status.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }
}

impl From<DbError> for ApiError {
    fn from(e: DbError) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
    }
}

impl From<GameError> for ApiError {
    fn from(e: GameError) -> ApiError {
        ApiError::new(status_of(&e), e.to_string())
    }
}

/// The HTTP status a game error is answered with.
pub fn status_of(e: &GameError) -> StatusCode {
    use GameError as E;
    match e {
        E::NotFound(_) => StatusCode::NOT_FOUND,
        E::BadVariant { .. }
        | E::OmniscientNotShogun
        | E::BadEngine(_)
        | E::RandomBoardNotShogun
        | E::BadPosition(_)
        | E::BadClockInitial(_)
        | E::BadClockIncrement(_)
        | E::ClockInLocalGame
        | E::BadLevel(_)
        | E::BadCreatorSide(_)
        | E::BadSide(_)
        | E::BadName
        | E::SideNeeded
        | E::BadRecord(_)
        | E::IllegalMove(_)
        | E::BadDrawAction(_) => StatusCode::BAD_REQUEST,
        E::TokenNeeded => StatusCode::UNAUTHORIZED,
        E::NotAPlayer(_) | E::NotYourTurn { .. } | E::NotYourSide(_) | E::NoHintsOnline => {
            StatusCode::FORBIDDEN
        }
        E::GameOver(_)
        | E::EndedNoTakeback(_)
        | E::NoTakebackOnline
        | E::NothingToTakeBack
        | E::EngineTakesNoDraws
        | E::NoOfferToAccept
        | E::NoOfferToDecline => StatusCode::CONFLICT,
        E::Corrupt { .. } | E::Store(_) => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            Json(serde_json::json!({ "error": self.message })),
        )
            .into_response()
    }
}
