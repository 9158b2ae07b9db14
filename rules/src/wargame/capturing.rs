//! The capturing actions among a position's legal actions, listed without describing each one
//! (`Ruleset::capturing_actions`): an evaluation asks for them in every position it scores,
//! and WarGame 2 has thousands of legal actions, most of them moves that cannot kill.

use super::movement::Pace;
use super::WarGameRules;
use crate::action::Action;
use crate::piece::Piece;
use crate::position::{Phase, Position};
use crate::square::Square;

/// A piece's overruns at one pace: the empty cell each ends on, with the enemies it runs
/// through.
type Overruns = Vec<(Square, Vec<Square>)>;

impl WarGameRules {
    /// The squares of the enemies a legal move (plain or led, at `pace`) to `to` kills, given
    /// the overruns of the moving piece at that pace: the enemies an overrun ending on `to`
    /// runs through, or the enemy on `to` it replaces.
    pub(super) fn move_victims(
        &self,
        pos: &Position,
        to: Square,
        pace: Pace,
        overruns: &[(Square, Vec<Square>)],
    ) -> Vec<Square> {
        if Some(to) == pace.passable {
            return Vec::new();
        }
        WarGameRules::effect(pos, to, overruns).victims()
    }

    /// What ending the turn in `pos` removes: the units it leaves surrounded.
    pub(super) fn end_of_turn_captures(&self, pos: &Position) -> Vec<(Square, Piece)> {
        let mut after = pos.clone();
        self.apply(&mut after, Action::EndTurn).captured
    }

    /// The actions among `legal` (legal in `pos`, so none is checked again) that capture, with
    /// the first piece each takes, as `describe` tells them. A piece's overruns are worked out
    /// once for each run of its moves at one pace, not once for each move.
    pub(super) fn capturing(&self, pos: &Position, legal: &[Action]) -> Vec<(Action, Square)> {
        if pos.phase != Phase::Play {
            return Vec::new();
        }
        // The overruns of the last piece and pace asked for: the generator lists a piece's
        // moves together, so one remembered entry serves a run of them.
        let mut last: Option<((Square, Pace), Overruns)> = None;
        let mut out = Vec::new();
        for &action in legal {
            let (from, to, pace) = match action {
                Action::Move { from, to } => (from, to, Pace::default()),
                Action::Lead { from, to, leader, .. } => {
                    (from, to, Pace { extra: self.config.leader_bonus, passable: Some(leader) })
                }
                Action::Fire { target, .. } => {
                    out.extend(self.with_towed(pos, &[target]).first().map(|(sq, _)| (action, *sq)));
                    continue;
                }
                Action::Leap { to, .. } if pos.piece_at(to).is_some() => {
                    out.extend(self.with_towed(pos, &[to]).first().map(|(sq, _)| (action, *sq)));
                    continue;
                }
                Action::EndTurn => {
                    out.extend(self.end_of_turn_captures(pos).first().map(|(sq, _)| (action, *sq)));
                    continue;
                }
                _ => continue,
            };
            let known = last.as_ref().is_some_and(|(key, _)| *key == (from, pace));
            if !known {
                last = Some(((from, pace), self.overruns(pos, from, pace)));
            }
            let runs = last.as_ref().map_or(&[][..], |(_, runs)| runs.as_slice());
            let victims = self.move_victims(pos, to, pace, runs);
            out.extend(self.with_towed(pos, &victims).first().map(|(sq, _)| (action, *sq)));
        }
        out
    }
}
