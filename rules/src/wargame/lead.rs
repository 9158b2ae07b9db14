//! WarGame 2's leader who goes along: "A leader who activates a piece and moves along with it
//! during its entire move adds 1 to that piece's movement." One action moves both
//! (`c3-f5 with c2-e5`): the leader, in command and not yet acted this turn, starts next to the
//! unit and spends its one order on it; the unit moves with its movement points plus the
//! scenario's `leader-bonus`, passing through its leader's cell (never ending there); the
//! leader moves in its own movement points through the unit's start cell, capturing nothing,
//! to a cell next to the unit's end. Starting and ending beside the unit is how "along with it
//! during its entire move" is checked (docs/RULES.md, "WarGame 2").

use super::config::Role;
use super::movement::{Pace, Reach};
use super::WarGameRules;
use crate::action::Action;
use crate::position::{Phase, Position};
use crate::ruleset::{IllegalAction, IllegalKind};
use crate::square::Square;

impl WarGameRules {
    /// Checks the led move of the unit on `from` to `to` with the leader on `leader` ending
    /// on `leader_to`, with a reason naming the rule it breaks.
    pub(super) fn lead_refusal(
        &self,
        pos: &Position,
        from: Square,
        to: Square,
        leader: Square,
        leader_to: Square,
    ) -> Result<(), IllegalAction> {
        let bonus = self.config.leader_bonus;
        let refuse = |kind: IllegalKind, why: String| Err(IllegalAction::new(kind, why));
        if bonus == 0 {
            return refuse(
                IllegalKind::OptionOff,
                "no leader moves along with a unit in this scenario (its `leader-bonus` is 0, as in WarGame 1)".into(),
            );
        }
        if pos.phase != Phase::Play {
            return refuse(IllegalKind::Phase, "the game is not in play".into());
        }
        if pos.turn.actions.len() >= usize::from(pos.turn.cap) {
            return refuse(IllegalKind::TurnSpent, format!("a turn has at most {} actions", pos.turn.cap));
        }
        let own = |sq: Square| pos.piece_at(sq).filter(|p| p.side == pos.to_move);
        let Some(unit) = own(from) else {
            return refuse(IllegalKind::NoPiece, format!("there is no piece of yours on {from} to lead"));
        };
        let role = self.config.kind(unit.kind).role;
        if matches!(role, Role::Leader | Role::Banner) {
            return refuse(
                IllegalKind::Unreachable,
                format!(
                    "a leader goes along with a unit (cavalry, infantry, artillery), not with the {} on {from}",
                    role.name()
                ),
            );
        }
        if pos.has_moved(from) {
            return refuse(
                IllegalKind::TurnSpent,
                format!("the {} on {from} has already acted this turn", role.name()),
            );
        }
        let Some(guide) = own(leader).and_then(|_| pos.slot_at(self.board.index(leader))) else {
            return refuse(IllegalKind::NoPiece, format!("there is no piece of yours on {leader} to go along"));
        };
        if self.role_of_slot(pos, guide) != Role::Leader {
            return refuse(
                IllegalKind::Unreachable,
                format!("the piece on {leader} is no leader: only a leader goes along"),
            );
        }
        if pos.has_moved(leader) {
            return refuse(IllegalKind::TurnSpent, format!("the leader on {leader} has already acted this turn"));
        }
        if !self.in_command(pos, pos.to_move).contains(&guide) {
            return refuse(
                IllegalKind::NoCommand,
                format!(
                    "the leader on {leader} is out of command control: it may give orders but not move (rulings 19)"
                ),
            );
        }
        if !self.free_leaders(pos).contains(&guide) {
            return refuse(IllegalKind::NoCommand, format!("the leader on {leader} has given its one order this turn"));
        }
        if self.board.distance(leader, from) != 1 {
            return refuse(
                IllegalKind::Unreachable,
                format!("a leader going along starts next to its unit; {leader} is not next to {from}"),
            );
        }
        if self.plan(pos, from, to, Pace { extra: bonus, passable: Some(leader) }).is_none() {
            return refuse(
                IllegalKind::Unreachable,
                format!(
                    "the {} on {from} cannot move to {to} even with its leader's +{bonus}: out of its movement points, blocked, or a capture it may not make",
                    role.name()
                ),
            );
        }
        if let Some(why) = self.leader_end_refusal(pos, from, to, leader, leader_to) {
            return refuse(IllegalKind::Unreachable, why);
        }
        Ok(())
    }

    /// Why the leader on `leader`, going along with the unit moving from `from` to `to`, may
    /// not end on `leader_to`, or `None` if it may.
    fn leader_end_refusal(
        &self,
        pos: &Position,
        from: Square,
        to: Square,
        leader: Square,
        leader_to: Square,
    ) -> Option<String> {
        if leader_to == leader {
            return Some(format!("the leader on {leader} goes along: it ends elsewhere than it started"));
        }
        if leader_to == to || self.board.distance(leader_to, to) != 1 {
            return Some(format!("the leader ends next to its unit's end {to}; {leader_to} is not next to it"));
        }
        if leader_to != from && pos.piece_at(leader_to).is_some() {
            return Some(format!("{leader_to} is occupied: the leader captures nothing on its way"));
        }
        let mut reach = Reach::default();
        let ends = self.leader_ends(pos, leader, from, &mut reach);
        (!ends.contains(&leader_to)).then(|| {
            format!("the leader on {leader} cannot reach {leader_to} in its movement points through empty cells")
        })
    }

    /// The cells the leader on `leader` may end on when it goes along with the unit on `from`
    /// (that cell passable): reached in its movement points, empty or the unit's start.
    fn leader_ends(&self, pos: &Position, leader: Square, from: Square, reach: &mut Reach) -> Vec<Square> {
        self.reach(pos, leader, Pace { extra: 0, passable: Some(from) }, reach);
        reach
            .cells()
            .iter()
            .map(|&cell| self.board.square(cell))
            .filter(|&sq| sq != leader && (sq == from || pos.piece_at(sq).is_none()))
            .collect()
    }

    /// Appends every led move of the side to move: for each leader in `free` that is in
    /// `in_command` and has not acted, each own unit next to it that has not acted, each end
    /// of the unit's move with the bonus, and each cell next to that end the leader reaches.
    pub(super) fn leads(
        &self,
        pos: &Position,
        free: &[u32],
        in_command: &[u32],
        reach: &mut Reach,
        out: &mut Vec<Action>,
    ) {
        let pace = |passable: Square| Pace { extra: self.config.leader_bonus, passable: Some(passable) };
        let mut leader_reach = Reach::default();
        for &guide in free {
            if pos.slots[guide as usize].moved || !in_command.contains(&guide) {
                continue;
            }
            let leader = self.square_of(pos, guide);
            for from in self.board.neighbours(leader) {
                let Some(unit) = pos.piece_at(from).filter(|p| p.side == pos.to_move) else { continue };
                if matches!(self.config.kind(unit.kind).role, Role::Leader | Role::Banner) || pos.has_moved(from) {
                    continue;
                }
                let ends = self.leader_ends(pos, leader, from, &mut leader_reach);
                for to in self.destinations(pos, from, pace(leader), reach) {
                    for leader_to in self.board.neighbours(to) {
                        if leader_to != to && ends.contains(&leader_to) {
                            out.push(Action::Lead { from, to, leader, leader_to });
                        }
                    }
                }
            }
        }
    }
}
