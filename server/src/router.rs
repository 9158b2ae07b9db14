//! The API's router: the routes of [`crate::http`], [`crate::ws`] and [`crate::analysis`]
//! under one router, with the body limit, and the browser UI's files for every other path.

use crate::hub::Games;
use crate::protocol::MAX_MESSAGE_BYTES;
use axum::extract::DefaultBodyLimit;
use axum::Router;

/// Every route of the server over a set of games.
pub fn router(games: Games) -> Router {
    Router::new()
        .merge(crate::http::routes())
        .merge(crate::ws::routes())
        .merge(crate::analysis::routes())
        .fallback(crate::assets::fallback)
        // Bodies up to 4x the message limit are read so that `too-large` is a JSON error.
        .layer(DefaultBodyLimit::max(4 * MAX_MESSAGE_BYTES))
        .with_state(games)
}
