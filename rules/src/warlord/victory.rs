//! Victory at the end of a turn: the shorter-game rule (rulings 7) and the turn limit.

use super::WarlordRules;
use crate::action::Action;
use crate::outcome::{EndReason, Outcome};
use crate::position::Position;
use crate::side::Side;
use std::collections::HashSet;

impl WarlordRules {
    /// The result after `mover` finished its turn (the opponent's turn has been set up in `pos`),
    /// if the game ends here.
    pub(super) fn victory_after_turn(&self, pos: &Position, mover: Side) -> Option<Outcome> {
        if self.options.shorter_game {
            let a = super::state(pos).leaders_captured_by(mover);
            let b = super::state(pos).leaders_captured_by(mover.opponent());
            if a >= 3 && a > b {
                let needed = a - b;
                if !self.can_capture_leaders(pos, needed) {
                    return Some(Outcome::win(mover, EndReason::ShorterGame));
                }
            }
        }
        let holder = pos.to_move;
        if self.objective.as_ref().is_some_and(|towns| towns.held(pos, holder) >= towns.needed) {
            return Some(Outcome::win(holder, EndReason::Towns));
        }
        crate::adjudication::turn_limit_outcome(pos, &self.pieces, self.options.turn_limit, self.options.adjudication)
    }

    /// Whether the side to move can capture at least `needed` enemy leaders in the turn that
    /// starts in `pos`, by an exact search of its turn (rulings 7). Searches only what can
    /// matter: once the remaining moves equal the captures still needed, only leader captures.
    #[must_use]
    pub fn can_capture_leaders(&self, pos: &Position, needed: u32) -> bool {
        let mut failed = HashSet::new();
        self.capture_search(pos, needed, &mut failed)
    }

    /// The most enemy leaders the side to move can capture in its turn starting in `pos`.
    #[must_use]
    pub fn max_leader_captures(&self, pos: &Position) -> u32 {
        let mut best = 0;
        while best < u32::from(pos.turn.cap) && self.can_capture_leaders(pos, best + 1) {
            best += 1;
        }
        best
    }

    fn capture_search(&self, pos: &Position, needed: u32, failed: &mut HashSet<(u64, u32)>) -> bool {
        if needed == 0 {
            return true;
        }
        let remaining = u32::from(pos.turn.cap).saturating_sub(pos.turn.activated.len() as u32);
        if remaining < needed || failed.contains(&(pos.hash(), needed)) {
            return false;
        }
        let mut actions = Vec::new();
        self.turn_actions(pos, &mut actions);
        let takes_leader = |a: &Action| match *a {
            Action::Move { to, .. } => {
                pos.piece_at(to).is_some_and(|p| p.side != pos.to_move && self.pieces.get(p.kind).is_leader())
            }
            _ => false,
        };
        // Leader captures first: success is usually found at once.
        actions.sort_by_key(|a| !takes_leader(a));
        for action in actions {
            if action == Action::EndTurn {
                continue;
            }
            let capture = takes_leader(&action);
            if remaining == needed && !capture {
                break;
            }
            let mut child = pos.clone();
            self.apply_in_search(&mut child, action);
            if self.capture_search(&child, needed - u32::from(capture), failed) {
                return true;
            }
        }
        failed.insert((pos.hash(), needed));
        false
    }

    /// Plays a move inside the capture search: like a real move, but the turn never ends and no
    /// victory is checked.
    fn apply_in_search(&self, pos: &mut Position, action: Action) {
        let cap = pos.turn.cap;
        pos.turn.cap = u8::MAX;
        self.apply_turn(pos, action);
        pos.turn.cap = cap;
        if let crate::position::Phase::Over(_) = pos.phase {
            pos.phase = crate::position::Phase::Play;
        }
    }
}
