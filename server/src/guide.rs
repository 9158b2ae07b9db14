//! `GET /api/scenarios/{id}/guide`: a scenario's rules for people (the rules page), as the
//! engine describes them (`warlord_rules::guide`): pieces with their moves, the turn and
//! victory rules, the options with their help. Query parameters set options
//! (`?shorter-game=true`); the scenario's defaults otherwise.

use crate::error::ApiError;
use crate::hub::Games;
use axum::extract::{Path, Query, State};
use axum::routing::get;
use axum::{Json, Router};
use std::collections::BTreeMap;
use warlord_rules::guide::RulesGuide;

/// The route of this module, to be merged into the API's router.
pub fn routes() -> Router<Games> {
    Router::new().route("/api/scenarios/{id}/guide", get(guide))
}

async fn guide(
    State(games): State<Games>,
    Path(id): Path<String>,
    Query(options): Query<BTreeMap<String, String>>,
) -> Result<Json<RulesGuide>, ApiError> {
    let scenario = games.scenarios().get(&id)?;
    let overrides: Vec<(String, String)> = options.into_iter().collect();
    scenario
        .guide(&overrides)
        .map(Json)
        .map_err(|e| ApiError::bad_request(format!("the options do not fit the scenario: {e}")))
}
