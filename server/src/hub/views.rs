//! The state sent after a change, rendered once: what every viewer sees alike (the pieces,
//! the move list, the commanders) once per change, and each viewer's text once per change
//! (every connection of one viewer, a player's tabs or all the spectators, is sent the same
//! text, rendered by the first connection that needs it while the others wait for it).

use super::Hub;
use crate::game::{now_ms, Game, Viewer};
use crate::render::{state_view, SharedState, StateView};
use axum::extract::ws::Utf8Bytes;
use std::sync::{Arc, Mutex as StdMutex, OnceLock};
use warlord_rules::Side;

/// The rendered states of the latest published game (kept until the next change).
#[derive(Debug, Default)]
pub(super) struct Views {
    latest: StdMutex<Option<Arc<Latest>>>,
}

/// One game's renderings: the shared part, and one text per viewer (White, Black, spectators).
#[derive(Debug)]
struct Latest {
    game: Arc<Game>,
    shared: OnceLock<Option<SharedState>>,
    texts: [OnceLock<Utf8Bytes>; 3],
}

fn slot(viewer: Viewer) -> usize {
    match viewer {
        Viewer::Seat(Side::White) => 0,
        Viewer::Seat(Side::Black) => 1,
        Viewer::Spectator => 2,
    }
}

impl Hub {
    /// The text `encode` makes of the state of `game` (a published snapshot) for `viewer`:
    /// rendered once per viewer while `game` is the latest one, from a part rendered once for
    /// all viewers; an older snapshot is rendered afresh.
    pub fn state_text(
        &self,
        game: &Arc<Game>,
        viewer: Viewer,
        encode: impl FnOnce(StateView) -> Utf8Bytes,
    ) -> Utf8Bytes {
        let Some(latest) = self.latest_views(game) else {
            return encode(state_view(game, viewer, now_ms()));
        };
        // Rendered outside the lock: connections of other viewers do not wait for it.
        latest.texts[slot(viewer)]
            .get_or_init(|| {
                let shared = latest.shared.get_or_init(|| SharedState::of(game, now_ms()));
                encode(match shared {
                    Some(shared) => shared.view_for(game, viewer),
                    None => state_view(game, viewer, now_ms()),
                })
            })
            .clone()
    }

    /// The renderings of `game` if it is the latest snapshot (started afresh on its first use).
    fn latest_views(&self, game: &Arc<Game>) -> Option<Arc<Latest>> {
        let mut latest = self.views.latest.lock().ok()?;
        match latest.as_ref() {
            Some(l) if Arc::ptr_eq(&l.game, game) => Some(l.clone()),
            _ if Arc::ptr_eq(&self.snapshot(), game) => {
                let fresh = Arc::new(Latest { game: game.clone(), shared: OnceLock::new(), texts: Default::default() });
                *latest = Some(fresh.clone());
                Some(fresh)
            }
            _ => None,
        }
    }
}
