//! The HTTP API's plain routes (documented in docs/API.md): health, scenarios, AI levels, the lobby,
//! creating games (open challenges among them), reading a game's state and record, and acting without a WebSocket.

use crate::access::{self, TokenQuery};
use crate::client_ip::ClientIp;
use crate::error::ApiError;
use crate::game::now_ms;
use crate::hub::{Created, Games};
use crate::protocol;
use crate::render::{game_info, state_view, GameInfo, ScenarioBoard, ScenarioEntry, StateView};
use crate::store::LobbyEntry;
use crate::token::Token;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Serialize;

/// The routes of this module, to be merged into the API's router.
pub fn routes() -> Router<Games> {
    Router::new()
        .route("/api/health", get(|| async { Json(serde_json::json!({ "ok": true })) }))
        .route("/api/scenarios", get(scenarios))
        .route("/api/levels", get(|| async { Json(crate::agent::level_entries()) }))
        .route("/api/games", get(lobby).post(create))
        .route("/api/games/{id}", get(game))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/commands", post(command))
}

async fn scenarios(State(games): State<Games>) -> Json<Vec<ScenarioEntry>> {
    let mut list: Vec<_> = games
        .scenarios()
        .all()
        .map(|s| ScenarioEntry {
            id: s.id.clone(),
            name: s.name.clone(),
            description: s.description.clone(),
            family_title: s.family_title().to_string(),
            board: ScenarioBoard { geometry: s.board.geometry(), files: s.board.files(), ranks: s.board.ranks() },
            options: s.option_schema(),
        })
        .collect();
    list.sort_by(|a, b| a.id.cmp(&b.id));
    Json(list)
}

/// `GET /api/games`'s query: `?open=true` lists the open challenges alone.
#[derive(serde::Deserialize)]
struct LobbyQuery {
    #[serde(default)]
    open: bool,
}

async fn lobby(State(games): State<Games>, Query(query): Query<LobbyQuery>) -> Result<Json<Vec<LobbyEntry>>, ApiError> {
    let mut entries = games.store().lobby(100, now_ms(), query.open).await.map_err(|e| ApiError::storage(&e))?;
    for entry in &mut entries {
        if let Ok(scenario) = games.scenarios().get(&entry.scenario) {
            entry.scenario_name.clone_from(&scenario.name);
        }
    }
    Ok(Json(entries))
}

/// A seat or spectator link of a new game.
#[derive(Serialize, ts_rs::TS)]
pub(crate) struct Link {
    /// The token.
    token: String,
    /// `/play/{id}#{token}`.
    path: String,
}

/// `POST /api/games`'s answer.
#[derive(Serialize, ts_rs::TS)]
#[ts(rename = "Created")]
pub(crate) struct CreatedBody {
    /// The game's id.
    id: String,
    /// White's link (none if the AI plays White).
    white: Option<Link>,
    /// Black's link (none if the AI plays Black).
    black: Option<Link>,
    /// The spectator link.
    spectator: Link,
}

async fn create(
    State(games): State<Games>,
    ClientIp(client): ClientIp,
    body: Bytes,
) -> Result<(StatusCode, Json<CreatedBody>), ApiError> {
    games.create_limit().check(client)?;
    let request = protocol::parse_create(&body)?;
    let user = crate::hub::user_key(client);
    let challenge = request.challenge.clone();
    let mut created = games.create_by(request, Some(user)).await?;
    if let Some(challenge) = &challenge {
        crate::challenge::open(&games, &mut created, challenge).await?;
    }
    let Created { id, white, black, spectator } = created;
    // The token rides in the fragment, which browsers never send to servers or proxies.
    let link = |t: Token| Link { path: format!("/play/{id}#{}", t.secret()), token: t.secret().to_string() };
    let body =
        CreatedBody { white: white.map(link), black: black.map(link), spectator: link(spectator), id: id.clone() };
    Ok((StatusCode::CREATED, Json(body)))
}

#[derive(Serialize)]
struct GameBody {
    game: GameInfo,
    state: StateView,
}

async fn game(
    State(games): State<Games>,
    Path(id): Path<String>,
    Query(query): Query<TokenQuery>,
    headers: HeaderMap,
) -> Result<Json<GameBody>, ApiError> {
    let (hub, viewer) = access::open(&games, &id, &headers, &query).await?;
    let game = hub.snapshot();
    Ok(Json(GameBody { game: game_info(&game), state: state_view(&game, viewer, now_ms()) }))
}

async fn record(
    State(games): State<Games>,
    Path(id): Path<String>,
    Query(query): Query<TokenQuery>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let (hub, viewer) = access::open(&games, &id, &headers, &query).await?;
    let text = hub.snapshot().record_text(viewer);
    let disposition = format!("attachment; filename=\"warlord-{id}.txt\"");
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8".to_string()), (header::CONTENT_DISPOSITION, disposition)],
        text,
    )
        .into_response())
}

async fn command(
    State(games): State<Games>,
    Path(id): Path<String>,
    Query(query): Query<TokenQuery>,
    headers: HeaderMap,
    ClientIp(client): ClientIp,
    body: Bytes,
) -> Result<Json<serde_json::Value>, ApiError> {
    let message = protocol::parse_message(&body).map_err(|(_, e)| e)?;
    let (hub, viewer) = access::open(&games, &id, &headers, &query).await?;
    if matches!(viewer, crate::game::Viewer::Seat(_)) {
        hub.note_player(crate::hub::user_key(client));
    }
    let seq = hub.command(viewer, message.command).await?;
    Ok(Json(serde_json::json!({ "type": "accepted", "ref": message.reference, "seq": seq })))
}
