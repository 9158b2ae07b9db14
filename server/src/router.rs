//! The API's router: the routes of [`crate::http`], [`crate::ws`], [`crate::analysis`],
//! [`crate::refusal`] and [`crate::results`]
//! under one router, with the body limit and the heavy jobs' slots, and the browser UI's files
//! for every other path.

use crate::error::{ApiError, ErrorCode};
use crate::heavy::Heavy;
use crate::hub::Games;
use crate::limits::Limits;
use crate::protocol::MAX_MESSAGE_BYTES;
use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{header, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Router};

/// Every route of the server over a set of games, within `limits` (fails if the heavy jobs'
/// threads cannot start).
pub fn router(games: Games, limits: &Limits) -> anyhow::Result<Router> {
    Ok(Router::new()
        .merge(crate::http::routes())
        .merge(crate::ws::routes())
        .merge(crate::analysis::routes())
        .merge(crate::refusal::routes())
        .merge(crate::results::routes())
        .merge(crate::challenge::routes())
        .merge(crate::guide::routes())
        .fallback(crate::assets::fallback)
        // Bodies up to 4x the message limit are read so that `too-large` is a JSON error.
        .layer(DefaultBodyLimit::max(4 * MAX_MESSAGE_BYTES))
        .layer(Extension(Heavy::new(limits.heavy_jobs())?))
        .layer(middleware::from_fn(json_refusals))
        .with_state(games))
}

/// Every refusal of an `/api/` route in the documented shape, `{"error": {"code", "message"}}`,
/// also those the framework makes itself (a method the route does not take, a body over the
/// limit, a WebSocket request without its upgrade): their plain-text or empty bodies are
/// replaced, their status and headers (such as `allow`) kept.
async fn json_refusals(request: Request, next: Next) -> Response {
    let api = request.uri().path().starts_with("/api/");
    let response = next.run(request).await;
    let status = response.status();
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !api || json || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let error = match status {
        StatusCode::METHOD_NOT_ALLOWED => {
            ApiError::new(ErrorCode::MethodNotAllowed, "this route does not take that method; see docs/API.md")
        }
        StatusCode::PAYLOAD_TOO_LARGE => {
            ApiError::new(ErrorCode::TooLarge, "the body is larger than this route accepts")
        }
        StatusCode::NOT_FOUND => ApiError::new(ErrorCode::NotFound, "no such route; see docs/API.md"),
        s if s.is_server_error() => {
            ApiError::new(ErrorCode::Internal, "the server failed; nothing was changed, try again")
        }
        s => ApiError::bad_request(format!("the request was refused ({s}); see docs/API.md")),
    };
    let (mut parts, _) = response.into_parts();
    let body = error.into_response();
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(header::CONTENT_TYPE, header::HeaderValue::from_static("application/json"));
    Response::from_parts(parts, body.into_body())
}
