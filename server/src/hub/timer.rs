//! The flag timer: while a clock runs, a task that commits the time forfeit of the side to
//! move when its time is up (once, whichever process gets there first; retried while the store fails).

use super::Hub;
use crate::game::{now_ms, Event, EventKind, Game};
use std::sync::Arc;

impl Hub {
    /// Replaces the game's flag timer: cancels the old one and, if `armed` and a clock runs,
    /// sleeps until the flag falls, then commits the time forfeit.
    pub(super) fn arm_flag(self: &Arc<Self>, game: &Game, armed: bool) {
        let mut timer = self.timer.lock().expect("timer");
        if let Some(old) = timer.take() {
            old.abort();
        }
        let Some((side, flag_ms)) = game.clock().and_then(|c| c.flag_at()).filter(|_| armed) else {
            return;
        };
        let hub = self.clone();
        *timer = Some(tokio::spawn(async move {
            let wait = u64::try_from(flag_ms - now_ms()).unwrap_or(0);
            tokio::time::sleep(std::time::Duration::from_millis(wait + 1)).await;
            hub.commit_own("the time forfeit", vec![Event::bare(EventKind::Timeout, side, 0)], None).await;
        }));
    }
}
