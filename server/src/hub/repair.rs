//! Repairing lobby rows written apart from their events (by servers before appends and lobby
//! rows shared one transaction, e.g. a resignation stored on a full disk whose game still
//! showed `play`): at start-up and then every minute, a bounded number of such games is loaded,
//! which rewrites their lobby row from their replayed log (`load.rs`), without waiting for
//! someone to open them.

use super::Games;
use std::time::Duration;

/// Games repaired at most in one pass.
const PER_PASS: u32 = 100;

/// The time between two passes.
const EVERY: Duration = Duration::from_secs(60);

impl Games {
    /// Repairs the lobby rows of up to `limit` games whose row is older than their last event,
    /// the oldest first; returns how many were repaired.
    pub async fn repair_lobby(&self, limit: u32) -> usize {
        let ids = match self.store().stale_lobby(limit).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!(error = %e, "could not look for lobby rows to repair");
                return 0;
            }
        };
        let mut repaired = 0;
        for id in ids {
            match self.hub(&id).await {
                Ok(_) => repaired += 1,
                Err(e) => tracing::warn!(game = %id, error = %e.message, "could not repair the lobby row"),
            }
        }
        if repaired > 0 {
            tracing::info!(repaired, "lobby rows repaired");
        }
        repaired
    }

    /// Repairs lobby rows now and then every minute, `PER_PASS` games at most each time.
    pub fn spawn_lobby_repair(&self) {
        let games = self.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(EVERY);
            loop {
                every.tick().await;
                games.repair_lobby(PER_PASS).await;
            }
        });
    }
}
