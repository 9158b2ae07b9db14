//! Accepting events: a client's command becomes events, which are checked on a copy of the
//! game, committed to the store (refused there if another process appended first), and only
//! then published; and catching up with the events other processes committed.

use super::load::replay;
use super::Hub;
use crate::error::{ApiError, ErrorCode};
use crate::game::{now_ms, Event, EventKind, Game, Viewer};
use crate::protocol::Command;
use crate::store::{LobbyWrite, Store};
use std::sync::atomic::Ordering;
use std::sync::Arc;

impl Hub {
    /// Carries out a client's command for a viewer; returns the new sequence number.
    pub async fn command(self: &Arc<Self>, viewer: Viewer, command: Command) -> Result<u64, ApiError> {
        let side = viewer.acting_side()?;
        let (kind, actions, seq) = match command {
            Command::Act { actions, seq } => (EventKind::Action, actions, seq),
            Command::Resign {} => (EventKind::Resign, Vec::new(), None),
            Command::OfferDraw {} => (EventKind::DrawOffer, Vec::new(), None),
            Command::AcceptDraw {} => (EventKind::DrawAccept, Vec::new(), None),
            Command::DeclineDraw {} => (EventKind::DrawDecline, Vec::new(), None),
            Command::OfferTakeback {} => (EventKind::TakebackOffer, Vec::new(), None),
            Command::AcceptTakeback {} => (EventKind::Takeback, Vec::new(), None),
            Command::DeclineTakeback {} => (EventKind::TakebackDecline, Vec::new(), None),
            Command::Ping {} | Command::Sync {} => return Ok(self.snapshot().seq()),
        };
        let snapshot = self.snapshot();
        snapshot.writable()?;
        let events = if kind == EventKind::Action {
            actions
                .iter()
                .map(|text| Ok(Event { kind, side, body: Arc::from(snapshot.canonical_action(text)?), at_ms: 0 }))
                .collect::<Result<Vec<_>, ApiError>>()?
        } else {
            let mut events = vec![Event::bare(kind, side, 0)];
            // The computer grants every takeback at once, in the same commit.
            if let Some(ai) = snapshot.meta.ai.filter(|ai| kind == EventKind::TakebackOffer && ai.side != side) {
                events.push(Event::bare(EventKind::Takeback, ai.side, 0));
            }
            events
        };
        self.commit(events, seq).await
    }

    /// Checks events on a copy of the game, commits them, then publishes the new game. With
    /// `expected`, refuses with `stale` unless the game has exactly that many events. If the
    /// side to act has run out of time, its time forfeit is recorded instead.
    pub(super) async fn commit(
        self: &Arc<Self>,
        mut events: Vec<Event>,
        expected: Option<u64>,
    ) -> Result<u64, ApiError> {
        let games =
            self.games.upgrade().ok_or_else(|| ApiError::new(ErrorCode::Internal, "the server is shutting down"))?;
        let mut game = self.game.lock().await;
        if expected.is_some_and(|s| s != game.seq()) {
            return Err(stale(game.seq()));
        }
        let now = now_ms();
        let mover = game.position().to_move();
        let forfeit = game.outcome().is_none() && game.clock().is_some_and(|c| c.flagged(mover, now));
        if forfeit {
            events = vec![Event::bare(EventKind::Timeout, mover, now)];
        }
        // The one copy of an action: checked on it, then stored, then published as it is.
        let mut next = Game::clone(&game);
        for mut event in events.iter().cloned() {
            event.at_ms = now;
            next.apply(event)?;
        }
        let new_events = next.events()[game.events().len()..].to_vec();
        let changed = (next.status() != game.status()).then(|| (next.status(), next.outcome().map(|o| o.score())));
        let lobby = LobbyWrite::for_append(changed, self.lobby_ms.load(Ordering::Relaxed), now);
        match games.store.append(&self.id, game.seq(), &new_events, lobby).await {
            Ok(true) => {
                if lobby != LobbyWrite::Nothing {
                    self.lobby_ms.store(now, Ordering::Relaxed);
                }
            }
            Ok(false) => {
                // Another process appended first: catch up; the client decides again.
                self.catch_up(&mut game, &games.store).await;
                return Err(stale(game.seq()));
            }
            Err(e) => return Err(ApiError::storage(&e)),
        }
        let seq = next.seq();
        *game = Arc::new(next);
        self.publish(game.clone());
        drop(game);
        if forfeit {
            return Err(ApiError::new(ErrorCode::GameOver, format!("{mover} has run out of time; the game is over")));
        }
        Ok(seq)
    }

    /// Reads events other processes appended and publishes the result.
    pub async fn refresh(self: &Arc<Self>) {
        let Some(games) = self.games.upgrade() else {
            return;
        };
        let mut game = self.game.lock().await;
        self.catch_up(&mut game, &games.store).await;
    }

    /// Applies the events stored after the cached ones (a read-only game applies none: its
    /// log already stops replaying).
    async fn catch_up(self: &Arc<Self>, game: &mut Arc<Game>, store: &Store) {
        if game.read_only().is_some() {
            return;
        }
        match store.events_from(&self.id, game.seq()).await {
            Ok(events) if events.is_empty() => {}
            Ok(events) => {
                replay(Arc::make_mut(game), events);
                self.publish(game.clone());
            }
            Err(e) => tracing::error!(game = %self.id, error = %e, "could not read new events"),
        }
    }
}

fn stale(seq: u64) -> ApiError {
    ApiError::new(ErrorCode::Stale, format!("the game has changed (it is at event {seq}); nothing was applied"))
}
