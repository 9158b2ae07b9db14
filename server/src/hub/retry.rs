//! Committing what the server does by itself (the AI's turn, a time forfeit): nobody is waiting
//! for an answer to try again, so a storage failure is retried with back-off until the events
//! are committed, the game has changed so that they no longer apply, or about eight minutes
//! have passed.

use super::Hub;
use crate::error::ErrorCode;
use crate::game::Event;
use std::sync::Arc;
use std::time::Duration;

/// The wait before the first retry; it doubles after each failure, up to [`LONGEST_WAIT`].
const FIRST_WAIT: Duration = Duration::from_millis(250);

/// The longest wait between two tries.
const LONGEST_WAIT: Duration = Duration::from_secs(30);

/// Tries before giving up (with the waits above, about eight minutes).
const TRIES: u32 = 22;

impl Hub {
    /// Commits the server's own events (`what` names them in the log), like [`Hub::commit`],
    /// retrying while the store fails. Any other refusal (`stale`, `game-over`, an illegal
    /// action...) means the game changed and the events no longer apply: they are dropped.
    pub(super) async fn commit_own(self: &Arc<Self>, what: &'static str, events: Vec<Event>, expected: Option<u64>) {
        let mut wait = FIRST_WAIT;
        for attempt in 1..=TRIES {
            let error = match self.commit(events.clone(), expected).await {
                Ok(_) => return,
                Err(e) if e.code != ErrorCode::Internal => {
                    tracing::debug!(game = %self.id, what, reason = %e.message, "no longer applies");
                    return;
                }
                Err(e) => e,
            };
            if attempt == TRIES || self.games.strong_count() == 0 {
                tracing::error!(game = %self.id, what, attempt, error = %error.message, "not committed; giving up");
                return;
            }
            tracing::warn!(
                game = %self.id,
                what,
                attempt,
                retry_in_ms = wait.as_millis() as u64,
                error = %error.message,
                "not committed; retrying"
            );
            tokio::time::sleep(wait).await;
            wait = (wait * 2).min(LONGEST_WAIT);
        }
    }
}
