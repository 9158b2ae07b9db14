//! Loading a stored game: rebuilt from the scenario it is pinned to and its event log. A game
//! whose log no longer replays (a rule changed since) or whose stored scenario cannot be used
//! opens read-only with the reason, rather than failing to open.

use crate::catalog::Catalog;
use crate::error::ApiError;
use crate::game::{Event, Game, GameMeta, ReadOnly};
use crate::store::{lobby_trails, LobbyRow, SeatHashes, Store};
use std::sync::Arc;

/// A game's stored row: its settings, its seats and its lobby row.
pub(super) type StoredGame = (GameMeta, SeatHashes, LobbyRow);

/// A game's stored row (no events: a light read); `not-found` if there is none.
pub(super) async fn stored(store: &Store, id: &str) -> Result<StoredGame, ApiError> {
    store.game(id).await.map_err(|e| ApiError::storage(&e))?.ok_or_else(|| ApiError::no_game(id))
}

/// A stored game rebuilt from its row and its log, with its seats and its lobby row's time
/// (as read, or as repaired).
pub(super) async fn load(
    store: &Store,
    catalog: &Catalog,
    id: &str,
    (meta, seats, stored): StoredGame,
) -> Result<(Game, SeatHashes, i64), ApiError> {
    let resolved = catalog.for_stored_game(&meta)?;
    let mut game = Game::new(Arc::new(meta), resolved.scenario)?;
    let events = store.events_from(id, 0).await.map_err(|e| ApiError::storage(&e))?;
    replay(&mut game, events);
    if let Some(problem) = resolved.problem {
        // The root cause, rather than the first event the stand-in scenario refuses.
        tracing::warn!(game = %id, problem = %problem, "the stored scenario cannot be used; the game is read-only");
        let reason = ReadOnly::scenario_unusable(&game.meta, &problem);
        game.set_read_only(reason);
    }
    // A lobby row written apart from its events (by servers before appends and lobby rows
    // shared a transaction): its status is repaired unless the game is read-only (whose
    // replayed status stops early), its time if it trails by more than the lobby's step
    // (appends write the time only every `LOBBY_TIME_STEP_MS`).
    let last_ms = game.events().last().map_or(game.meta.created_ms, |e| e.at_ms);
    let status = game.read_only().is_none().then(|| (game.status(), game.outcome().map(|o| o.score())));
    if lobby_trails(stored.updated_ms, last_ms) || status.is_some_and(|(s, _)| s != stored.status) {
        let at_ms = last_ms.max(stored.updated_ms);
        store.set_lobby(id, status, at_ms).await.map_err(|e| ApiError::storage(&e))?;
        return Ok((game, seats, at_ms));
    }
    Ok((game, seats, stored.updated_ms))
}

/// Applies stored events in order. The first one the rules refuse makes the game read-only
/// (naming the event, why, and the rules versions) and the rest are not applied: the game
/// stands where its log stops replaying.
pub(super) fn replay(game: &mut Game, events: Vec<Event>) {
    for event in events {
        let seq = game.seq();
        if let Err(e) = game.apply(event.clone()) {
            let reason = ReadOnly::event_refused(&game.meta, seq, &event, &e.message);
            tracing::warn!(game = %game.meta.id, seq, reason = %reason.reason, "a stored event does not replay; the game is read-only");
            game.set_read_only(reason);
            return;
        }
    }
}
