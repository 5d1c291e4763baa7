//! Reading requests: JSON bodies and game ids in paths.

use axum::body::Bytes;
use serde::de::DeserializeOwned;

use crate::http::error::ApiError;

/// Parses a JSON body into `T` (an empty body is `{}`), with a message that says what is wrong.
pub fn body<T: DeserializeOwned>(bytes: &Bytes) -> Result<T, ApiError> {
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
