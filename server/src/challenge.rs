//! Open challenges (docs/API.md, "Open challenges"): a game created with `challenge` waits in
//! the lobby for an opponent; `POST /api/games/{id}/join` hands the offered seat to the first
//! who asks, and `DELETE /api/games/{id}/challenge` lets its creator take it back.

use crate::access::{self, TokenQuery};
use crate::error::{ApiError, ErrorCode};
use crate::game::Viewer;
use crate::hub::{Created, Games};
use crate::protocol::Challenge;
use crate::store::Joined;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::routing::{delete, post};
use axum::{Json, Router};
use serde::Serialize;
use warlord_rules::Side;

/// The routes of this module, to be merged into the API's router.
pub fn routes() -> Router<Games> {
    Router::new().route("/api/games/{id}/join", post(join)).route("/api/games/{id}/challenge", delete(cancel))
}

/// Opens the challenge of a game just created: the offered seat's token is kept by the store
/// for whoever joins, and taken out of what the creator is given.
pub(crate) async fn open(games: &Games, created: &mut Created, challenge: &Challenge) -> Result<(), ApiError> {
    let offered = challenge.side.opponent();
    let seat = match offered {
        Side::White => created.white.take(),
        Side::Black => created.black.take(),
    };
    let token = seat.ok_or_else(|| ApiError::bad_request("the offered seat is the AI's"))?;
    games
        .store()
        .open_challenge(&created.id, &challenge.name, offered, token.secret())
        .await
        .map_err(|e| ApiError::storage(&e))
}

/// `POST /api/games/{id}/join`'s answer: the seat taken.
#[derive(Serialize, ts_rs::TS)]
#[ts(rename = "JoinedSeat")]
pub(crate) struct JoinedBody {
    /// The game's id.
    id: String,
    /// The side the joiner plays.
    side: Side,
    /// The seat's token.
    token: String,
    /// `/play/{id}#{token}`.
    path: String,
}

async fn join(State(games): State<Games>, Path(id): Path<String>) -> Result<Json<JoinedBody>, ApiError> {
    match games.store().join_challenge(&id).await.map_err(|e| ApiError::storage(&e))? {
        Joined::Seat(side, token) => {
            tracing::info!(game = %id, side = side.name(), "challenge joined");
            Ok(Json(JoinedBody { path: format!("/play/{id}#{token}"), id, side, token }))
        }
        Joined::NotOpen => Err(ApiError::new(
            ErrorCode::Conflict,
            format!("game {id} waits for no opponent: someone has joined it, or it was cancelled"),
        )),
    }
}

async fn cancel(
    State(games): State<Games>,
    Path(id): Path<String>,
    Query(query): Query<TokenQuery>,
    headers: HeaderMap,
) -> Result<Json<serde_json::Value>, ApiError> {
    let (_, viewer) = access::open(&games, &id, &headers, &query).await?;
    let store = games.store();
    let offered = store.open_side(&id).await.map_err(|e| ApiError::storage(&e))?;
    match (viewer, offered) {
        (Viewer::Seat(side), Some(open)) if side != open => {}
        (_, None) => return Err(ApiError::new(ErrorCode::Conflict, format!("game {id} is not an open challenge"))),
        _ => return Err(ApiError::new(ErrorCode::Forbidden, "only the player waiting may cancel the challenge")),
    }
    if store.cancel_challenge(&id).await.map_err(|e| ApiError::storage(&e))? {
        Ok(Json(serde_json::json!({ "cancelled": true })))
    } else {
        Err(ApiError::new(
            ErrorCode::Conflict,
            format!("game {id} is not an open challenge: someone has just joined it"),
        ))
    }
}
