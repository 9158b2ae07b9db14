//! The state sent after a change, rendered once: what every viewer sees alike (the pieces,
//! the move list, the commanders) once per change, and each viewer's text once per change
//! (every connection of one viewer, a player's tabs or all the spectators, is sent the same
//! text, rendered by the first connection that needs it while the others wait for it).
//!
//! A connection that was sent the state before the change is sent only what changed
//! (`crate::delta`); one that missed a state (or has just opened) is sent the whole state.
//! Each viewer's legal actions are kept with its rendering, for the next change's delta to
//! send only the actions gone and new.

use super::Hub;
use crate::delta::{common_changes, delta, keep, Kept, StateDelta};
use crate::game::{now_ms, Game, Viewer};
use crate::render::{state_view, LegalAction, SharedState, StateView};
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

/// One game's renderings: the part every viewer sees alike, and for each viewer (White, Black,
/// spectators) the parts the next state is compared with and the texts sent.
#[derive(Debug)]
struct Latest {
    game: Arc<Game>,
    /// The renderings of the game published before (none for the one before that).
    previous: StdMutex<Option<Arc<Latest>>>,
    /// The shared part, once no setup is secret.
    shared: OnceLock<Option<Shared>>,
    /// Each viewer's kept parts, while a setup is secret (else `shared`'s).
    kept: [OnceLock<Arc<Kept>>; 3],
    /// Each viewer's legal actions, once its state is rendered.
    legal: [OnceLock<Arc<Vec<LegalAction>>>; 3],
    /// The changes from the game before alike for every viewer (both states shared).
    common: OnceLock<StateDelta>,
    full: [OnceLock<Utf8Bytes>; 3],
    delta: [OnceLock<Utf8Bytes>; 3],
}

/// The part of a state every viewer sees alike, and its kept parts (the same for every viewer).
#[derive(Debug)]
struct Shared {
    state: SharedState,
    kept: Arc<Kept>,
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
            legal: Default::default(),
            common: OnceLock::new(),
            full: Default::default(),
            delta: Default::default(),
        }
    }

    /// The part rendered once for all viewers (which reuses the move list's turns rendered for
    /// the game before); `None` while a setup is secret.
    fn shared(&self) -> Option<&Shared> {
        self.shared
            .get_or_init(|| {
                let before = self.previous.lock().ok().and_then(|p| p.clone());
                let earlier = before.as_ref().and_then(|b| b.any_kept());
                let state = SharedState::of(&self.game, now_ms(), earlier.as_deref().map_or(&[], Kept::moves))?;
                let kept = Arc::new(keep(state.common()));
                Some(Shared { state, kept })
            })
            .as_ref()
    }

    /// Kept parts of some viewer, if any were rendered (not rendering any).
    fn any_kept(&self) -> Option<Arc<Kept>> {
        match self.shared.get() {
            Some(Some(shared)) => Some(shared.kept.clone()),
            _ => self.kept.iter().find_map(OnceLock::get).cloned(),
        }
    }

    /// The game's state for `viewer`.
    fn view(&self, viewer: Viewer) -> StateView {
        match self.shared() {
            Some(shared) => shared.state.view_for(&self.game, viewer),
            None => state_view(&self.game, viewer, now_ms()),
        }
    }

    /// The parts of `viewer`'s state the next state is compared with.
    fn kept(&self, viewer: Viewer) -> Arc<Kept> {
        match self.shared() {
            Some(shared) => shared.kept.clone(),
            None => self.kept[slot(viewer)].get_or_init(|| Arc::new(keep(&self.view(viewer)))).clone(),
        }
    }

    /// The legal actions in `viewer`'s state (listed afresh if its state was not rendered
    /// here: a state sent while this was not the latest snapshot).
    fn legal(&self, viewer: Viewer) -> Arc<Vec<LegalAction>> {
        self.legal[slot(viewer)].get_or_init(|| Arc::new(self.view(viewer).legal)).clone()
    }

    /// The changes from `before` (the game published before) to this game for `viewer`: when
    /// both are shared, the part alike for every viewer is computed once and completed with
    /// the viewer's own parts.
    fn changes(&self, before: &Latest, viewer: Viewer) -> StateDelta {
        let from = before.game.seq();
        let before_legal = before.legal(viewer);
        let (changes, legal) = match (self.shared(), before.shared()) {
            (Some(now), Some(then)) => {
                let common = self.common.get_or_init(|| common_changes(from, &then.kept, now.state.common()));
                common.clone().with_own(now.state.own_parts(&self.game, viewer), &before_legal)
            }
            _ => {
                let (changes, kept, legal) = delta(from, &before.kept(viewer), &before_legal, self.view(viewer));
                let _ = self.kept[slot(viewer)].set(Arc::new(kept));
                (changes, legal)
            }
        };
        let _ = self.legal[slot(viewer)].set(legal);
        changes
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
            Some(before) if sent == Some(before.game.seq()) => {
                latest.delta[i].get_or_init(|| encode(Update::Delta(latest.changes(&before, viewer)))).clone()
            }
            _ => latest.full[i]
                .get_or_init(|| {
                    let view = latest.view(viewer);
                    if latest.shared().is_none() {
                        let _ = latest.kept[i].set(Arc::new(keep(&view)));
                    }
                    let _ = latest.legal[i].set(Arc::new(view.legal.clone()));
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
