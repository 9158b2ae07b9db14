//! `POST /api/games/{id}/refusal`: why a move the browser would make is not legal, in the
//! rules' own words. The browser cannot write notation, so it proposes what the player did on
//! the board (a piece dragged from one square to another, a piece only, a kind dropped on a
//! square, ending the turn) after the turn so far; the engine's checked `play` answers on a copy of what the
//! seat may see, and its refusal is sent back. Nothing is stored.

use crate::access::{self, TokenQuery};
use crate::analysis::{play_line, read_json};
use crate::error::{ApiError, ErrorCode};
use crate::game::{Game, Viewer};
use crate::heavy::Heavy;
use crate::hub::Games;
use crate::protocol::MAX_ACTIONS;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::post;
use axum::{Extension, Router};
use serde::{Deserialize, Serialize};
use warlord_rules::{Action, IllegalKind, Square};

/// The route of this module, to be merged into the API's router.
pub fn routes() -> Router<Games> {
    Router::new().route("/api/games/{id}/refusal", post(refusal))
}

/// What the player did on the board, asked about after the turn so far.
#[derive(Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
#[ts(rename = "RefusalRequest")]
pub(crate) struct RefusalRequest {
    /// The actions of the turn so far (as sent to the preview).
    #[serde(default)]
    pub actions: Vec<String>,
    /// The square of the piece the player tried to act with (a click on it, the start of a
    /// drag); with `place`, none.
    #[serde(default)]
    pub from: Option<Square>,
    /// The square it was dropped on or clicked (none: the piece alone is asked about).
    #[serde(default)]
    pub to: Option<Square>,
    /// The kind of piece the player tried to place on `to` (an index into the game's pieces).
    #[serde(default)]
    pub place: Option<u8>,
    /// Asks why the turn may not end now (nothing else given).
    #[serde(default)]
    pub end: bool,
}

/// The rules' answer: whether the proposal is legal, and if not, why.
#[derive(Serialize, ts_rs::TS)]
#[ts(rename = "Refusal")]
pub(crate) struct RefusalBody {
    /// Whether the rules accept it (as a move, or as a placement).
    pub legal: bool,
    /// The rules' sentence saying why not; `null` when legal, or when a piece asked about
    /// alone may act (only its destinations are refused).
    pub reason: Option<String>,
    /// The kind of rule broken, from the engine.
    pub rule: Option<IllegalKind>,
}

async fn refusal(
    State(games): State<Games>,
    Extension(heavy): Extension<Heavy>,
    Path(id): Path<String>,
    Query(query): Query<TokenQuery>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Response, ApiError> {
    let request: RefusalRequest = read_json(&body)?;
    if request.actions.len() > MAX_ACTIONS {
        return Err(ApiError::bad_request(format!("at most {MAX_ACTIONS} actions")));
    }
    access::answer_on_game(&games, &heavy, &id, &headers, &query, move |game, viewer| {
        explain(game.clone(), viewer, &request)
    })
    .await
}

/// What the proposal is, as an action of the engine, and whether only its piece is asked about.
fn proposed_action(request: &RefusalRequest) -> Result<(Action, bool), ApiError> {
    if request.end {
        if request.from.is_some() || request.to.is_some() || request.place.is_some() {
            return Err(ApiError::bad_request("`end` is asked about alone"));
        }
        return Ok((Action::EndTurn, false));
    }
    match (request.from, request.to, request.place) {
        (None, Some(to), Some(kind)) => Ok((Action::Place { kind, to }, false)),
        (Some(from), Some(to), None) => Ok((Action::Move { from, to }, false)),
        // A piece alone: every family checks the piece before its destination, so a move
        // onto its own square is refused for the piece when the piece may not act.
        (Some(from), None, None) => Ok((Action::Move { from, to: from }, true)),
        _ => Err(ApiError::bad_request("a proposal is `from` and `to`, `from` alone, `place` and `to`, or `end`")),
    }
}

/// The rules' answer to `request` on a copy of `game`, as `viewer` may see it.
fn explain(mut game: Game, viewer: Viewer, request: &RefusalRequest) -> Result<RefusalBody, ApiError> {
    let side = viewer.acting_side()?;
    game.writable()?;
    if game.outcome().is_none() && game.position().to_move() != side {
        return Err(ApiError::new(ErrorCode::NotYourTurn, format!("it is {}'s turn", game.position().to_move())));
    }
    let (action, piece_only) = proposed_action(request)?;
    play_line(&mut game, &request.actions, 0)?;
    let mut position = game.visible_position(viewer);
    Ok(match game.rules.play(&mut position, action) {
        Ok(_) => RefusalBody { legal: !piece_only, reason: None, rule: None },
        // The piece itself may act: only the made-up destination (its own square, which such
        // a refusal names) was refused. A refusal of the piece's reach that does not name it
        // (`the Command Post does not move by itself`) is about the piece, and is given.
        Err(e) if piece_only && about_destination(&e, request.from) => {
            RefusalBody { legal: false, reason: None, rule: None }
        }
        Err(e) => RefusalBody { legal: false, reason: Some(e.reason), rule: Some(e.kind) },
    })
}

/// Whether a refusal of a piece asked about alone is about the made-up destination only.
fn about_destination(e: &warlord_rules::IllegalAction, from: Option<Square>) -> bool {
    match e.kind {
        IllegalKind::OffBoard => true,
        IllegalKind::Unreachable => from.is_some_and(|sq| e.reason.contains(&sq.to_string())),
        _ => false,
    }
}
