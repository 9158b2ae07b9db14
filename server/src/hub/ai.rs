//! The AI seat: when it is the AI's turn, its turn is planned by the process's fair scheduler
//! (`scheduler.rs`: queued under the user it plays for, never on the async runtime, on the
//! AI's own threads) and committed like a client's, but retried while the store fails. When
//! the game changes meanwhile (a resignation, a time forfeit, a draw, another process's
//! event), the job is cancelled: dropped if queued, stopped early if running, and its turn is
//! thrown away.

use super::Hub;
use crate::agent;
use crate::game::{Event, EventKind, Game, Viewer};
use crate::scheduler::{Lane, Ticket};
use std::sync::Arc;
use warlord_rules::notation::format_action;
use warlord_rules::Side;

impl Hub {
    /// Notes who plays in this game (the key of a client's address): the AI's turns in it are
    /// queued under that user.
    pub fn note_player(&self, user: String) {
        *self.player.lock().expect("player") = Some(user);
    }

    /// The user the AI's turns are queued under: the last client who acted, or else the game
    /// itself.
    fn ai_user(&self) -> String {
        self.player.lock().expect("player").clone().unwrap_or_else(|| format!("game {}", self.id))
    }

    /// Brings the AI's job in line with the game: cancels a job planned for an earlier state
    /// (or for a game that no longer waits), and starts one if the game has an AI seat to move
    /// and none is planning for this state.
    pub(super) fn start_ai(self: &Arc<Self>, game: &Arc<Game>, waits: bool) {
        let to_move = game.meta.ai.filter(|ai| waits && game.position().to_move() == ai.side);
        let mut job = self.ai_job.lock().expect("AI job");
        if let Some((seq, ticket)) = job.as_ref() {
            if to_move.is_some() && *seq == game.seq() {
                return;
            }
            ticket.cancel();
            tracing::debug!(game = %self.id, seq, "the game changed: its AI job is cancelled");
            *job = None;
        }
        let Some(ai) = to_move else { return };
        let ticket = Ticket::new();
        *job = Some((game.seq(), ticket.clone()));
        drop(job);
        let hub = self.clone();
        let game = game.clone();
        tokio::spawn(async move { hub.play_ai(game, ai.side, ai.level, ticket).await });
    }

    /// Plans the AI's turn through the scheduler and plays it unless cancelled meanwhile.
    async fn play_ai(self: Arc<Self>, game: Arc<Game>, side: Side, level: u8, ticket: Ticket) {
        let seq = game.seq();
        let seed = seq ^ u64::from_str_radix(&self.id, 16).unwrap_or(0);
        // The AI sees what its seat may see: during setup, not the other side's placement.
        let view = game.visible_position(Viewer::Seat(side));
        let rules = game.rules.clone();
        let Some(scheduler) = self.games.upgrade().map(|g| g.scheduler.clone()) else { return };
        let (agent, budget) = agent::for_level(level);
        let lane = if agent::is_cheap(level) { Lane::Cheap } else { Lane::Search };
        let turn = scheduler
            .submit(&self.ai_user(), lane, ticket.clone(), move || agent.choose_turn(&*rules, &view, budget, seed));
        // A dropped or stopped job closes its channel: nothing to play.
        let Ok(turn) = turn.await else { return };
        if ticket.is_cancelled() {
            return;
        }
        if turn.is_empty() {
            tracing::error!(game = %self.id, "the AI found no turn to play");
            return;
        }
        let pieces = game.rules.pieces();
        let events = turn
            .iter()
            .map(|a| Event { kind: EventKind::Action, side, body: Arc::from(format_action(a, pieces)), at_ms: 0 })
            .collect();
        self.commit_own("the AI's turn", events, Some(seq)).await;
    }
}
