//! The AI seat: when it is the AI's turn, its turn is planned on a blocking thread (never on
//! the async runtime, at most one search per spare core) and committed like a client's, but
//! retried while the store fails.

use super::Hub;
use crate::agent;
use crate::game::{Event, EventKind, Game, Viewer};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use warlord_rules::notation::format_action;
use warlord_rules::Side;

impl Hub {
    /// Starts the AI's turn if the game has an AI seat, it is to move, and it is not thinking
    /// already.
    pub(super) fn start_ai(self: &Arc<Self>, game: &Arc<Game>) {
        let Some(ai) = game.meta.ai else { return };
        if game.position().to_move() == ai.side && !self.ai_busy.swap(true, Ordering::AcqRel) {
            let hub = self.clone();
            let game = game.clone();
            tokio::spawn(async move { hub.play_ai(game, ai.side, ai.level).await });
        }
    }

    /// Plans the AI's turn on a blocking thread and plays it.
    async fn play_ai(self: Arc<Self>, game: Arc<Game>, side: Side, level: u8) {
        let seq = game.seq();
        let seed = seq ^ u64::from_str_radix(&self.id, 16).unwrap_or(0);
        // The AI sees what its seat may see: during setup, not the other side's placement.
        let view = game.visible_position(Viewer::Seat(side));
        let rules = game.rules.clone();
        let Some(thinkers) = self.games.upgrade().map(|g| g.thinkers.clone()) else { return };
        let Ok(permit) = thinkers.acquire_owned().await else { return };
        let turn = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let (agent, budget) = agent::for_level(level);
            agent.choose_turn(&*rules, &view, budget, seed)
        })
        .await;
        self.ai_busy.store(false, Ordering::Release);
        let turn = match turn {
            Ok(turn) if !turn.is_empty() => turn,
            _ => {
                tracing::error!(game = %self.id, "the AI found no turn to play");
                return;
            }
        };
        let pieces = game.rules.pieces();
        let events = turn
            .iter()
            .map(|a| Event { kind: EventKind::Action, side, body: Arc::from(format_action(a, pieces)), at_ms: 0 })
            .collect();
        self.commit_own("the AI's turn", events, Some(seq)).await;
    }
}
