//! API errors: an HTTP status and a message, sent as `{"error": "…"}`, and the one place that says
//! which status each [`GameError`] is answered with.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::accounts::{AccountError, PasswordError};
use crate::db::DbError;
use crate::live::GameError;

/// An error answered to a client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What was wrong, in words.
    pub message: String,
    /// Seconds the client should wait before trying again (a `Retry-After` header).
    pub retry_after: Option<u64>,
    /// A refused move's stable reason (`code` in the answer; docs/web.md, "Refusal codes").
    pub code: Option<&'static str>,
    /// The facts of the refusal (`move`, `square`, `number`, `rule`, `ply`), fields of the answer.
    pub fields: Vec<(&'static str, String)>,
}

impl ApiError {
    /// 400: the request is malformed or the move is illegal.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 404: no such game.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// An error with any status.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            retry_after: None,
            code: None,
            fields: Vec::new(),
        }
    }

    /// This error with a `Retry-After` of `seconds` (for 429 answers).
    pub fn retry_after(mut self, seconds: u64) -> ApiError {
        self.retry_after = Some(seconds);
        self
    }
}

impl From<DbError> for ApiError {
    fn from(e: DbError) -> ApiError {
        ApiError::new(store_status(&e), e.to_string())
    }
}

/// The status of a store error: a move already stored is the client's conflict, an unreachable
/// store is 503, anything else the server's fault.
fn store_status(e: &DbError) -> StatusCode {
    match e {
        DbError::Conflict => StatusCode::CONFLICT,
        DbError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
        _ => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

impl From<AccountError> for ApiError {
    fn from(e: AccountError) -> ApiError {
        use AccountError as E;
        let e = match e {
            E::Game(g) => return ApiError::from(g),
            other => other,
        };
        let status = match &e {
            E::BadName(_) | E::Bad(_) | E::SelfChallenge => StatusCode::BAD_REQUEST,
            E::Password(PasswordError::Length) => StatusCode::BAD_REQUEST,
            E::Password(PasswordError::Busy) => {
                return ApiError::new(StatusCode::SERVICE_UNAVAILABLE, e.to_string()).retry_after(1)
            }
            E::Password(PasswordError::Failed) => StatusCode::INTERNAL_SERVER_ERROR,
            E::NameTaken => StatusCode::CONFLICT,
            E::WrongCredentials | E::NotLoggedIn => StatusCode::UNAUTHORIZED,
            E::Throttled(wait) => {
                return ApiError::new(StatusCode::TOO_MANY_REQUESTS, e.to_string())
                    .retry_after(*wait)
            }
            E::NoPlayer(_) | E::NoChallenge(_) | E::NoPreset(_) => StatusCode::NOT_FOUND,
            E::TooManyChallenges(_) => StatusCode::TOO_MANY_REQUESTS,
            E::Game(_) => StatusCode::INTERNAL_SERVER_ERROR,
            E::Store(s) => store_status(s),
        };
        ApiError::new(status, e.to_string())
    }
}

impl From<GameError> for ApiError {
    fn from(e: GameError) -> ApiError {
        let mut answer = ApiError::new(status_of(&e), e.to_string());
        if let Some(why) = e.refusal() {
            answer.code = Some(why.code);
            answer.fields = why.fields;
        }
        match e {
            GameError::MemoryFull => answer.retry_after(MEMORY_FULL_RETRY),
            GameError::ChatTooFast { wait_s } => answer.retry_after(wait_s),
            _ => answer,
        }
    }
}

/// The `Retry-After` (seconds) of a game refused because the games in use fill the server's memory.
pub const MEMORY_FULL_RETRY: u64 = 30;

/// The HTTP status a game error is answered with.
pub(crate) fn status_of(e: &GameError) -> StatusCode {
    use GameError as E;
    match e {
        E::NotFound(_) => StatusCode::NOT_FOUND,
        E::PlyLimit { .. } => StatusCode::CONFLICT,
        E::TooManyRuleSets(_) => StatusCode::SERVICE_UNAVAILABLE,
        E::BadPosition(e) if e.too_many_rule_sets().is_some() => StatusCode::SERVICE_UNAVAILABLE,
        E::BadVariant { .. }
        | E::OmniscientNotShogun
        | E::BadEngine(_)
        | E::BadEngineIn(_)
        | E::RandomBoardNotShogun
        | E::BadPosition(_)
        | E::BadClockInitial(_)
        | E::BadClockIncrement(_)
        | E::BadClockDays(_)
        | E::BadClockKind
        | E::DaysNotOnline
        | E::BadLevel(_)
        | E::BadCreatorSide(_)
        | E::BadSide(_)
        | E::BadName
        | E::ReservedName
        | E::SideNeeded
        | E::BadRecord(_)
        | E::RecordTooLarge { .. }
        | E::TooManyPlies { .. }
        | E::BadTermination { .. }
        | E::IllegalMove(..)
        | E::TooManyMoves { .. }
        | E::IllegalBoardMove { .. }
        | E::NoSuchPly(..)
        | E::BadDrawAction(_)
        | E::BadTakebackAction(_)
        | E::BadArrangement(_)
        | E::Rated(_)
        | E::NotCorrespondence
        | E::OpenNotOnline
        | E::BadChat(_)
        | E::ChatNotOnline => StatusCode::BAD_REQUEST,
        E::TokenNeeded | E::AccountNeeded => StatusCode::UNAUTHORIZED,
        E::NotAPlayer(_)
        | E::NotYourTurn { .. }
        | E::NotYourSide(_)
        | E::NoHintsOnline
        | E::OnlinePosition => StatusCode::FORBIDDEN,
        E::GameOver(_)
        | E::Arranging
        | E::NotArranging
        | E::ArrangedAlready(_)
        | E::EndedNoTakeback(_)
        | E::NoTakebackOnline
        | E::TakebackByUndo
        | E::NoTakebackToAccept
        | E::NoTakebackToDecline
        | E::NotOpen
        | E::OwnGame
        | E::AccountName
        | E::NothingToTakeBack
        | E::EngineTakesNoDraws
        | E::NoOfferToAccept
        | E::NoOfferToDecline
        | E::TooLateToAbort
        | E::NotStarted
        | E::ExtendOwnTurn
        | E::TooManyExtensions { .. }
        | E::NotOver
        | E::ChatFull { .. }
        | E::ChatClosed => StatusCode::CONFLICT,
        E::NoReviewWhilePlaying => StatusCode::FORBIDDEN,
        E::ReviewsBusy | E::MemoryFull => StatusCode::SERVICE_UNAVAILABLE,
        E::TooManyOpen { .. } | E::TooManyJoined { .. } | E::ChatTooFast { .. } => {
            StatusCode::TOO_MANY_REQUESTS
        }
        E::Store(e) => store_status(e),
        E::Corrupt { .. } => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl ApiError {
    /// The JSON answer: `{"error": "…"}`, with `code` and the refusal's facts when it has them.
    pub fn body(&self) -> serde_json::Value {
        let mut body = serde_json::json!({ "error": short(&self.message) });
        if let Some(code) = self.code {
            body["code"] = code.into();
            for (name, value) in &self.fields {
                body[*name] = short(value).into();
            }
        }
        body
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut answer = (self.status, Json(self.body())).into_response();
        if let Some(seconds) = self.retry_after {
            answer
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        answer
    }
}

/// The longest error message answered, in characters (the rest is cut with `…`), so that an error
/// never echoes a huge input.
pub const MAX_ERROR: usize = 300;

/// `message` cut to [`MAX_ERROR`] characters (with `…` where it was cut).
pub fn short(message: &str) -> String {
    match message.char_indices().nth(MAX_ERROR) {
        None => message.to_string(),
        Some((at, _)) => format!("{}…", &message[..at]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game error keeps the status and the words the API has always answered.
    #[test]
    fn game_errors_keep_their_status_and_message() {
        let start = hasami_core::AnyGame::new("hasami", None).unwrap();
        let cases: Vec<(GameError, u16, &str)> = vec![
            (GameError::NotFound(7), 404, "no game with id 7"),
            (
                GameError::BadVariant {
                    text: "nope".into(),
                    reason: "why".into(),
                },
                400,
                "bad variant 'nope': why",
            ),
            (
                GameError::OmniscientNotShogun,
                400,
                "engine 'omniscient' is for Shogun only (the Hasami family has no hidden numbers)",
            ),
            (
                GameError::BadEngine("x".into()),
                400,
                "bad engine 'x': allowed are fair, omniscient",
            ),
            (
                GameError::RandomBoardNotShogun,
                400,
                "random_board is for Shogun only (it draws the magnet board's seed and rotation)",
            ),
            (
                GameError::BadPosition(hasami_core::AnyGame::new("hasami", Some("9/9 b")).unwrap_err()),
                400,
                "bad position text '9/9 b': 2 ranks, but the board has 9",
            ),
            (
                GameError::BadClockInitial(0.05),
                400,
                "bad clock initial time 0.05: seconds from 0.1 to 10800 (3 hours)",
            ),
            (
                GameError::BadClockIncrement(61.0),
                400,
                "bad clock increment 61: seconds from 0 to 60",
            ),
            (
                GameError::BadClockDays(4.0),
                400,
                "bad clock days 4: correspondence games have 1, 2, 3, 5, 7 or 14 days per move",
            ),
            (
                GameError::TooManyExtensions { max: 3 },
                409,
                "this turn has been given more time 3 times, the most it may",
            ),
            (GameError::BadLevel(11), 400, "bad level 11: levels are 1 to 10"),
            (
                GameError::BadCreatorSide("red".into()),
                400,
                "bad side 'red': allowed are black, white, random",
            ),
            (
                GameError::BadSide("red".into()),
                400,
                "bad side 'red': allowed are black, white",
            ),
            (
                GameError::BadName,
                400,
                "bad name: 1 to 40 characters, no line breaks or control characters",
            ),
            (
                GameError::SideNeeded,
                400,
                "this token plays both sides: say which, with side black or white",
            ),
            (GameError::BadRecord("why".into()), 400, "bad record: why"),
            (
                GameError::RecordTooLarge { bytes: 300_000, max: 262_144 },
                400,
                "the record is 300000 bytes; the server takes records of at most 262144 bytes",
            ),
            (
                GameError::TooManyPlies { plies: 2_001, max: 2_000 },
                400,
                "the record has 2001 plies; a game has at most 2000 plies",
            ),
            (
                GameError::PlyLimit { max: 2_000 },
                409,
                "the game has reached 2000 plies, the most a game may have: offer a draw or resign",
            ),
            (
                GameError::BadTermination { max: 200 },
                400,
                "bad Termination tag: at most 200 characters, no control or invisible characters",
            ),
            (
                GameError::illegal(start.clone().play_text("e1e9").unwrap_err()),
                400,
                "illegal move e1e9: the piece on e1 cannot move to e9: e9 is occupied",
            ),
            (
                GameError::TooManyMoves { moves: 1001, max: 1000 },
                400,
                "1001 moves given; the analysis board takes at most 1000 moves",
            ),
            (
                match GameError::illegal(start.clone().play_text("e1e9").unwrap_err()) {
                    GameError::IllegalMove(error, why) => GameError::IllegalBoardMove {
                        ply: 1,
                        error,
                        why,
                    },
                    _ => unreachable!(),
                },
                400,
                "move 1: illegal move e1e9: the piece on e1 cannot move to e9: e9 is occupied",
            ),
            (
                GameError::BadDrawAction("maybe".into()),
                400,
                "bad draw action 'maybe': allowed are offer, accept, decline",
            ),
            (
                GameError::TokenNeeded,
                401,
                "a player's token is needed (the token from your game link); spectators can only watch",
            ),
            (
                GameError::NotAPlayer(3),
                403,
                "this token does not play in game 3; spectators can only watch",
            ),
            (
                GameError::NotYourTurn {
                    to_move: "White",
                    whose: "the engine's",
                    yours: "Black",
                },
                403,
                "not your turn: White is to move (the engine's side), and your token plays Black",
            ),
            (
                GameError::NotYourSide("white".into()),
                403,
                "your token does not play white; you can only name your own side",
            ),
            (
                GameError::NoHintsOnline,
                403,
                "hints and analysis are off in an online game until it is over",
            ),
            (
                GameError::OnlinePosition,
                403,
                "this is the position of an online game in progress: hints and analysis are off there until the game is over",
            ),
            (
                GameError::MemoryFull,
                503,
                "the server holds as many games as it can, all in use; try again in 30 seconds",
            ),
            (
                GameError::GameOver("ended".into()),
                409,
                "the game is over: ended",
            ),
            (
                GameError::EndedNoTakeback("draw: agreed".into()),
                409,
                "the game is over (draw: agreed); moves cannot be taken back",
            ),
            (
                GameError::NoTakebackOnline,
                409,
                "in an online game your opponent must agree: ask for a takeback",
            ),
            (
                GameError::TakebackByUndo,
                409,
                "in engine and hot-seat games Undo takes moves back at once; no request is needed",
            ),
            (
                GameError::NoTakebackToAccept,
                409,
                "there is no takeback request to accept",
            ),
            (
                GameError::NoTakebackToDecline,
                409,
                "there is no takeback request to decline",
            ),
            (
                GameError::BadTakebackAction("maybe".into()),
                400,
                "bad takeback action 'maybe': allowed are offer, accept, decline",
            ),
            (
                GameError::NothingToTakeBack,
                409,
                "there is no move of yours to take back",
            ),
            (
                GameError::EngineTakesNoDraws,
                409,
                "the engine does not take draw offers; resign or play on",
            ),
            (GameError::NoOfferToAccept, 409, "there is no draw offer to accept"),
            (GameError::NoOfferToDecline, 409, "there is no draw offer to decline"),
            (
                GameError::TooLateToAbort,
                409,
                "a game can be aborted only before each side has moved; resign instead",
            ),
            (GameError::NotOver, 409, "the game is not over yet"),
            (
                GameError::NoReviewWhilePlaying,
                403,
                "an online game is reviewed once it is over",
            ),
            (
                GameError::ReviewsBusy,
                503,
                "the server is reviewing as many games as it can; try again in a minute",
            ),
            (
                GameError::Corrupt {
                    id: 4,
                    reason: "why".into(),
                },
                500,
                "stored game 4 cannot be replayed: why",
            ),
            (
                GameError::Store(DbError::Task("gone".into())),
                500,
                "database task failed: gone",
            ),
            (
                GameError::Store(DbError::Conflict),
                409,
                "the game changed meanwhile (a move or takeback was stored first); look again",
            ),
        ];
        for (error, status, message) in cases {
            let full = matches!(error, GameError::MemoryFull);
            let api = ApiError::from(error);
            assert_eq!(
                (api.status.as_u16(), api.message.as_str()),
                (status, message)
            );
            // Only a refusal for want of memory says when to try again.
            assert_eq!(api.retry_after, full.then_some(MEMORY_FULL_RETRY));
        }
    }

    /// The chat's refusals: a message too fast says how long to wait.
    #[test]
    fn chat_errors_have_their_status_and_message() {
        let cases = [
            (
                GameError::BadChat("it is empty"),
                400,
                "bad chat message: it is empty; a message is 1 to 300 characters on one line",
                None,
            ),
            (
                GameError::ChatNotOnline,
                400,
                "chat is only for online games, between their two players",
                None,
            ),
            (
                GameError::ChatTooFast { wait_s: 2 },
                429,
                "too many chat messages: at most 5 at once, then one every 2 seconds; wait 2 s",
                Some(2),
            ),
            (
                GameError::ChatFull { max: 500 },
                409,
                "this game's chat is full: it keeps at most 500 messages",
                None,
            ),
            (
                GameError::ChatClosed,
                409,
                "the chat of this game closed an hour after the game ended; it can still be read",
                None,
            ),
        ];
        for (error, status, message, retry) in cases {
            let api = ApiError::from(error);
            assert_eq!(
                (api.status.as_u16(), api.message.as_str()),
                (status, message)
            );
            assert_eq!(api.retry_after, retry);
        }
    }
}
