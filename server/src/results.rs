//! `GET /api/games/{id}/results`: what each action of a game's move list did on the board, so
//! that the move list can say whether an attack or a shot took its target and what a move
//! captured. The game's actions are played again from the start with the engine's checked
//! `play`, whose reports say what each removed and how each attack came out. Nothing is stored.

use crate::access::{self, TokenQuery};
use crate::error::ApiError;
use crate::game::Game;
use crate::heavy::Heavy;
use crate::hub::Games;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::get;
use axum::{Extension, Router};
use serde::Serialize;
use warlord_rules::notation::parse_action;
use warlord_rules::{Action, Square};

/// The route of this module, to be merged into the API's router.
pub fn routes() -> Router<Games> {
    Router::new().route("/api/games/{id}/results", get(results))
}

/// What one action did: the squares of the pieces it removed, and for an attack or a shot
/// with odds, whether it succeeded.
#[derive(Serialize, ts_rs::TS, Debug, PartialEq, Eq)]
#[ts(rename = "ActionResult")]
pub(crate) struct ActionResult {
    /// The turn's index in the move list.
    pub turn: u32,
    /// The action's index in the turn's actions (the turn's end not counted).
    pub action: u32,
    /// The squares of the pieces it removed from the board.
    pub captured: Vec<Square>,
    /// For an attack or a shot with odds: whether it succeeded.
    pub success: Option<bool>,
}

/// The results of a game's actions that removed a piece or had odds (`GET /api/games/{id}/results`).
#[derive(Serialize, ts_rs::TS)]
#[ts(rename = "GameResults")]
pub(crate) struct ResultsBody {
    /// The game's event count they are for.
    pub seq: u64,
    /// One entry per action that removed a piece or had odds, in order.
    pub results: Vec<ActionResult>,
}

async fn results(
    State(games): State<Games>,
    Extension(heavy): Extension<Heavy>,
    Path(id): Path<String>,
    Query(query): Query<TokenQuery>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    access::answer_on_game(&games, &heavy, &id, &headers, &query, |game, _viewer| Ok(results_of(game))).await
}

/// The results of `game`'s actions. While setups are secret there are none to give (nothing
/// is captured in a setup), and the move lists of the sides differ, so none are given.
fn results_of(game: &Game) -> ResultsBody {
    let seq = game.seq();
    if game.setup_secret() {
        return ResultsBody { seq, results: Vec::new() };
    }
    let rules = &game.rules;
    let mut position = rules.start();
    let mut out = Vec::new();
    // The move list's turns, as the game builds them: a turn starts with the first action
    // after the last one ended; a turn's end is not listed.
    let mut turn: Option<u32> = None;
    let mut done = true;
    let mut action = 0u32;
    for text in game.played_actions() {
        let Ok(parsed) = parse_action(text, rules.pieces()) else {
            break;
        };
        let Ok(report) = rules.play(&mut position, parsed) else {
            break;
        };
        if done {
            turn = Some(turn.map_or(0, |t| t + 1));
            action = 0;
        }
        done = report.turn_ended || report.outcome.is_some();
        if parsed == Action::EndTurn {
            continue;
        }
        if !report.captured.is_empty() || report.combat.is_some() {
            out.push(ActionResult {
                turn: turn.unwrap_or(0),
                action,
                captured: report.captured.iter().map(|(sq, _)| *sq).collect(),
                success: report.combat.map(|c| c.success),
            });
        }
        action += 1;
    }
    ResultsBody { seq, results: out }
}
