//! Takebacks (as on lichess): during play a side may ask to take back its last turn, and the
//! opponent's turn after it if the opponent has played since; the opponent grants or refuses.
//! A granted takeback is a `takeback` event: nothing stored is deleted; replaying the log
//! plays the actions that still stand again from the start, so every process reaches the same
//! position. The clocks are not wound back: time spent stays spent, and the clock of the side
//! to move again runs from the moment of the takeback.

use super::Game;
use crate::error::{ApiError, ErrorCode};
use warlord_rules::notation::parse_action;
use warlord_rules::{Phase, Side};

impl Game {
    /// `side` asks for a takeback: refused unless it has a finished turn of play to take back
    /// and no request is waiting for an answer.
    pub(super) fn offer_takeback(&mut self, side: Side) -> Result<(), ApiError> {
        match self.takeback_offer {
            Some(s) if s == side => Err(conflict("you have already asked for a takeback")),
            Some(_) => Err(conflict("your opponent has asked for a takeback: accept or decline it first")),
            None => {
                self.turns_kept_after_takeback(side)?;
                self.takeback_offer = Some(side);
                Ok(())
            }
        }
    }

    /// `side` grants the opponent's takeback: the opponent's last finished turn of play and
    /// every turn after it are taken back.
    pub(super) fn accept_takeback(&mut self, side: Side, at_ms: i64) -> Result<(), ApiError> {
        let asker = self.asker(side)?;
        let keep = self.turns_kept_after_takeback(asker)?;
        let played = self.turn_starts.get(keep).copied().unwrap_or(self.played.len());
        let mut position = self.rules.start();
        for (k, text) in self.played[..played].iter().enumerate() {
            let action = parse_action(text, self.rules.pieces()).map_err(|e| replay_failed(k, &e.to_string()))?;
            self.rules.play(&mut position, action).map_err(|e| replay_failed(k, &e.to_string()))?;
        }
        self.position = position;
        self.played.truncate(played);
        self.turns.truncate(keep);
        self.turn_starts.truncate(keep);
        self.takeback_offer = None;
        self.draw_offer = None;
        let to_move = self.position.to_move();
        let any_play = self.turns.iter().any(|t| !t.setup && t.done);
        if let Some(clock) = &mut self.clock {
            clock.restart(any_play.then_some(to_move), at_ms);
        }
        Ok(())
    }

    /// `side` refuses the opponent's takeback.
    pub(super) fn decline_takeback(&mut self, side: Side) -> Result<(), ApiError> {
        self.asker(side)?;
        self.takeback_offer = None;
        Ok(())
    }

    /// The opponent of `side`, if it asked for a takeback.
    fn asker(&self, side: Side) -> Result<Side, ApiError> {
        if self.takeback_offer == Some(side.opponent()) {
            Ok(side.opponent())
        } else {
            Err(conflict("your opponent has not asked for a takeback"))
        }
    }

    /// How many turns of the move list stand after `side`'s takeback: those before its last
    /// finished turn of play. Refused during setup and when it has no such turn.
    fn turns_kept_after_takeback(&self, side: Side) -> Result<usize, ApiError> {
        if *self.position.phase() != Phase::Play {
            return Err(conflict("a takeback is only possible during play"));
        }
        self.turns
            .iter()
            .rposition(|t| t.side == side && t.done && !t.setup)
            .ok_or_else(|| conflict("you have no turn of play to take back"))
    }
}

fn conflict(message: &str) -> ApiError {
    ApiError::new(ErrorCode::Conflict, message)
}

fn replay_failed(index: usize, reason: &str) -> ApiError {
    ApiError::new(ErrorCode::Internal, format!("the takeback could not replay action {index} of the game: {reason}"))
}

#[cfg(test)]
mod tests;
