//! Loading a stored game: rebuilt from its scenario and its event log, with the lobby status
//! repaired if a crash came between an append and its status update.

use crate::error::{ApiError, ErrorCode};
use crate::game::{Event, Game};
use crate::store::{SeatHashes, Store};
use std::collections::HashMap;
use std::sync::Arc;
use warlord_rules::Scenario;

/// A stored game rebuilt from the store, with its seats; `not-found` if there is none.
pub(super) async fn load(
    store: &Store,
    scenarios: &HashMap<String, Arc<Scenario>>,
    id: &str,
) -> Result<(Game, SeatHashes), ApiError> {
    let (meta, seats, stored_status) =
        store.game(id).await.map_err(|e| ApiError::storage(&e))?.ok_or_else(|| ApiError::no_game(id))?;
    let scenario = scenarios.get(&meta.scenario).cloned().ok_or_else(|| {
        ApiError::new(
            ErrorCode::Internal,
            format!("game {id} uses the scenario `{}`, which this server does not have", meta.scenario),
        )
    })?;
    let mut game = Game::new(Arc::new(meta), scenario)?;
    let events = store.events_from(id, 0).await.map_err(|e| ApiError::storage(&e))?;
    replay(&mut game, events)?;
    if stored_status != game.status() {
        // An append whose status update was cut short (SQLite writes the two apart).
        let at_ms = game.events().last().map_or(game.meta.created_ms, |e| e.at_ms);
        let result = game.outcome().map(|o| o.score());
        store.set_status(id, game.status(), result, at_ms).await.map_err(|e| ApiError::storage(&e))?;
    }
    Ok((game, seats))
}

/// Applies stored events to a game; a stored event the rules refuse means the store and the
/// rules disagree, which is reported rather than hidden.
pub(super) fn replay(game: &mut Game, events: Vec<Event>) -> Result<(), ApiError> {
    for (i, event) in events.into_iter().enumerate() {
        let seq = game.seq();
        game.apply(event).map_err(|e| {
            tracing::error!(game = %game.meta.id, seq, index = i, error = %e.message, "a stored event does not replay");
            ApiError::new(
                ErrorCode::Internal,
                format!("stored event {seq} of this game does not replay: {}", e.message),
            )
        })?;
    }
    Ok(())
}
