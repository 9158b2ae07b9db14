//! The state sent after a change, rendered once: what every viewer sees alike (the pieces,
//! the move list, the commanders) once per change, and each viewer's text once per change
//! (every connection of one viewer, a player's tabs or all the spectators, is sent the same
//! text, rendered by the first connection that needs it while the others wait for it).
//!
//! A connection that was sent the state before the change is sent only what changed
//! (`crate::delta`); one that missed a state (or has just opened) is sent the whole state.

use super::Hub;
use crate::delta::{delta, keep, Kept, StateDelta};
use crate::game::{now_ms, Game, Viewer};
use crate::render::{state_view, SharedState, StateView};
use axum::extract::ws::Utf8Bytes;
use std::sync::{Arc, Mutex as StdMutex, OnceLock};
use warlord_rules::Side;

/// A state as sent: whole, or as the changes from the one sent before.
#[derive(Debug)]
pub enum Update {
    /// The whole state.
    Full(StateView),
    /// The changes from the state sent before.
    Delta(StateDelta),
}

/// The rendered states of the latest published game (kept until the next change).
#[derive(Debug, Default)]
pub(super) struct Views {
    latest: StdMutex<Option<Arc<Latest>>>,
}

/// One game's renderings: the shared part, and for each viewer (White, Black, spectators) the
/// parts the next state is compared with and the texts sent.
#[derive(Debug)]
struct Latest {
    game: Arc<Game>,
    /// The renderings of the game published before (none for the one before that).
    previous: StdMutex<Option<Arc<Latest>>>,
    shared: OnceLock<Option<SharedState>>,
    kept: [OnceLock<Kept>; 3],
    full: [OnceLock<Utf8Bytes>; 3],
    delta: [OnceLock<Utf8Bytes>; 3],
}

fn slot(viewer: Viewer) -> usize {
    match viewer {
        Viewer::Seat(Side::White) => 0,
        Viewer::Seat(Side::Black) => 1,
        Viewer::Spectator => 2,
    }
}

impl Latest {
    fn new(game: Arc<Game>, previous: Option<Arc<Latest>>) -> Latest {
        Latest {
            game,
            previous: StdMutex::new(previous),
            shared: OnceLock::new(),
            kept: Default::default(),
            full: Default::default(),
            delta: Default::default(),
        }
    }

    /// The game's state for `viewer`, completed from the part rendered once for all viewers
    /// (which reuses the move list's turns rendered for the game before).
    fn view(&self, viewer: Viewer) -> StateView {
        let shared = self.shared.get_or_init(|| {
            let before = self.previous.lock().ok().and_then(|p| p.clone());
            let earlier = before.as_ref().and_then(|b| b.kept.iter().find_map(OnceLock::get));
            SharedState::of(&self.game, now_ms(), earlier.map_or(&[], Kept::moves))
        });
        match shared {
            Some(shared) => shared.view_for(&self.game, viewer),
            None => state_view(&self.game, viewer, now_ms()),
        }
    }

    /// The parts of `viewer`'s state the next state is compared with.
    fn kept(&self, viewer: Viewer) -> &Kept {
        self.kept[slot(viewer)].get_or_init(|| keep(&self.view(viewer)))
    }
}

impl Hub {
    /// The text `encode` makes of the state of `game` (a published snapshot) for a connection
    /// of `viewer` that was last sent the state at `sent` (its `seq`): the changes from that
    /// state if `game` is the latest snapshot and `sent` the one published before it, the whole
    /// state otherwise. Each is rendered once per viewer while `game` is the latest snapshot;
    /// an older snapshot is rendered afresh.
    pub fn state_text(
        &self,
        game: &Arc<Game>,
        viewer: Viewer,
        sent: Option<u64>,
        encode: impl FnOnce(Update) -> Utf8Bytes,
    ) -> Utf8Bytes {
        let Some(latest) = self.latest_views(game) else {
            return encode(Update::Full(state_view(game, viewer, now_ms())));
        };
        let i = slot(viewer);
        let previous = latest.previous.lock().ok().and_then(|p| p.clone());
        // Rendered outside the lock: connections of other viewers do not wait for it.
        match previous {
            Some(before) if sent == Some(before.game.seq()) => latest.delta[i]
                .get_or_init(|| {
                    let (changes, kept) = delta(before.game.seq(), before.kept(viewer), latest.view(viewer));
                    let _ = latest.kept[i].set(kept);
                    encode(Update::Delta(changes))
                })
                .clone(),
            _ => latest.full[i]
                .get_or_init(|| {
                    let view = latest.view(viewer);
                    let _ = latest.kept[i].set(keep(&view));
                    encode(Update::Full(view))
                })
                .clone(),
        }
    }

    /// The renderings of `game` if it is the latest snapshot (started afresh on its first use,
    /// keeping the renderings of the one before it).
    fn latest_views(&self, game: &Arc<Game>) -> Option<Arc<Latest>> {
        let mut latest = self.views.latest.lock().ok()?;
        match latest.as_ref() {
            Some(l) if Arc::ptr_eq(&l.game, game) => Some(l.clone()),
            _ if Arc::ptr_eq(&self.snapshot(), game) => {
                let before = latest.take();
                if let Some(before) = &before {
                    // Only one state back is kept.
                    if let Ok(mut older) = before.previous.lock() {
                        *older = None;
                    }
                }
                let fresh = Arc::new(Latest::new(game.clone(), before));
                *latest = Some(fresh.clone());
                Some(fresh)
            }
            _ => None,
        }
    }
}
