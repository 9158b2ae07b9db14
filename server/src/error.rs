//! The one error type of the API: a stable code for programs and a sentence for people.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

/// At most `max` characters of outside input, for quoting it in messages.
pub use warlord_rules::clip;

/// What kind of problem a request or message had. Serialized in kebab-case (`illegal-action`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorCode {
    /// The request or message could not be read (not JSON, missing or mistyped field).
    BadRequest,
    /// The request or message is larger than the server accepts.
    TooLarge,
    /// No such game, scenario or route.
    NotFound,
    /// The route exists but does not take this HTTP method.
    MethodNotAllowed,
    /// The token does not hold the seat this needs (wrong seat, spectator, no token).
    Forbidden,
    /// It is the other side's turn (or setup).
    NotYourTurn,
    /// The rules refuse the action; the message says which rule.
    IllegalAction,
    /// The game changed since the state the client acted on; nothing was applied.
    Stale,
    /// The game has ended.
    GameOver,
    /// The seat asked for is already taken.
    Conflict,
    /// The game is read-only: its stored log no longer replays under this server's rules, so
    /// it may be watched but nothing may be played; the message says why.
    ReadOnly,
    /// Too many requests of this kind from this client (creating games); the `Retry-After`
    /// header says in how many seconds to try again.
    RateLimited,
    /// The server is busy with other heavy requests (records, analysis lines, previews);
    /// answered at once with status 429 and `Retry-After`: try again in a moment.
    Busy,
    /// The server failed (storage unavailable); nothing was applied.
    Internal,
}

/// An error answer: nothing was changed by the request that caused it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error, ts_rs::TS)]
#[error("{code:?}: {message}")]
#[ts(rename = "ApiErrorBody")]
pub struct ApiError {
    /// What kind of problem.
    pub code: ErrorCode,
    /// What is wrong, for people.
    pub message: String,
    /// For `illegal-action`: the kind of rule broken, from the engine (`no-command`,
    /// `unreachable`, ...), so that a UI can say why without reading the sentence.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rule: Option<warlord_rules::IllegalKind>,
    /// For `rate-limited`: the seconds to wait, sent as the `Retry-After` header.
    #[serde(skip)]
    #[ts(skip)]
    pub retry_after_s: Option<u64>,
}

impl ApiError {
    /// An error with a code and message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError { code, message: message.into(), rule: None, retry_after_s: None }
    }

    /// An action the rules refuse, with the kind of rule broken.
    pub fn illegal(err: warlord_rules::IllegalAction) -> ApiError {
        ApiError { code: ErrorCode::IllegalAction, message: err.reason, rule: Some(err.kind), retry_after_s: None }
    }

    /// A request or message that could not be read.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(ErrorCode::BadRequest, message)
    }

    /// An unknown game.
    pub fn no_game(id: &str) -> ApiError {
        // Ids are not secret; they are shown so that a typo is easy to spot.
        ApiError::new(ErrorCode::NotFound, format!("no game has the id `{}`", clip(id, 40)))
    }

    /// A storage failure. The detail goes to the log, not to the client.
    pub fn storage(err: &sqlx::Error) -> ApiError {
        tracing::error!(error = %err, "storage error");
        ApiError::new(ErrorCode::Internal, "the game store is unavailable; nothing was changed, try again")
    }
}

/// Every error answers over HTTP with its status and `{"error": {"code", "message"}}`.
impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = match self.code {
            ErrorCode::BadRequest => StatusCode::BAD_REQUEST,
            ErrorCode::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ErrorCode::NotFound => StatusCode::NOT_FOUND,
            ErrorCode::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ErrorCode::Forbidden => StatusCode::FORBIDDEN,
            ErrorCode::IllegalAction => StatusCode::UNPROCESSABLE_ENTITY,
            ErrorCode::NotYourTurn
            | ErrorCode::Stale
            | ErrorCode::GameOver
            | ErrorCode::Conflict
            | ErrorCode::ReadOnly => StatusCode::CONFLICT,
            ErrorCode::RateLimited | ErrorCode::Busy => StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::Internal => StatusCode::SERVICE_UNAVAILABLE,
        };
        let retry_after = self.retry_after_s.map(|s| [(axum::http::header::RETRY_AFTER, s.to_string())]);
        (status, retry_after, Json(serde_json::json!({ "error": self }))).into_response()
    }
}
