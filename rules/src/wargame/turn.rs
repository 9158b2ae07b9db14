//! A WarGame turn (rulings 20): up to 10 actions, each a move, a shot or a tow (in WarGame 2 a
//! unit's move led by a leader; with the option `paratroops`, a paratrooper's preparation or
//! leap) by a piece
//! that has not acted yet, ordered by a leader within activation range that has not given its
//! one order (some assignment of leaders must work, rulings 4); a leader acts only when it is
//! in command (rulings 19). The turn ends with `end` or by itself after the last action; then
//! surrounded enemy units are removed (rulings 18), the tows of the side about to move end,
//! and two passes in a row draw (rulings 6).

use super::config::Role;
use super::movement::{Pace, Reach};
use super::state::Tow;
use super::WarGameRules;
use crate::action::Action;
use crate::family_state::FamilyState;
use crate::notation::action_kind;
use crate::outcome::{EndReason, Outcome};
use crate::piece::Piece;
use crate::position::{ActivatedMove, Phase, Position};
use crate::ruleset::{IllegalAction, IllegalKind, Report};
use crate::side::Side;
use crate::square::Square;

impl WarGameRules {
    /// Appends every legal action of the side to move.
    pub(super) fn turn_actions(&self, pos: &Position, out: &mut Vec<Action>) {
        if pos.phase == Phase::Setup {
            self.setup_actions(pos, out);
            return;
        }
        if pos.phase != Phase::Play {
            return;
        }
        out.push(Action::EndTurn);
        if pos.turn.actions.len() >= usize::from(pos.turn.cap) {
            return;
        }
        let side = pos.to_move;
        let free_slots = self.free_leaders(pos);
        let free: Vec<(Square, u32)> =
            free_slots.iter().map(|&l| (self.square_of(pos, l), self.activation_of_slot(pos, l))).collect();
        let in_command = self.in_command(pos, side);
        let mut reach = Reach::default();
        for &slot in pos.slots_of(side) {
            if pos.slots[slot as usize].moved {
                continue;
            }
            let kind = self.config.kind(pos.slots[slot as usize].kind);
            let role = kind.role;
            if role == Role::Banner || (role == Role::Leader && !in_command.contains(&slot)) {
                continue;
            }
            let from = self.square_of(pos, slot);
            if !free.iter().any(|&(l, range)| self.board.distance(l, from) <= range) {
                continue;
            }
            self.moves(pos, from, &mut reach, out);
            for target in self.targets(pos, from) {
                out.push(Action::Fire { from, target });
            }
            self.tows(pos, from, out);
            if kind.leap > 0 {
                self.paratroop_actions(pos, from, kind.leap, out);
            }
        }
        if self.config.leader_bonus > 0 {
            self.leads(pos, &free_slots, &in_command, &mut reach, out);
        }
    }

    /// The slot acting in an action, checked: an own piece that has not acted, may act, and
    /// has a leader free to order it. Returns the slot and the leaders that could order it.
    fn actor(&self, pos: &Position, from: Square) -> Result<(u32, Vec<u32>), IllegalAction> {
        self.board.check(from).map_err(|e| IllegalAction::new(IllegalKind::OffBoard, e.to_string()))?;
        let slot = pos
            .slot_at(self.board.index(from))
            .ok_or_else(|| IllegalAction::new(IllegalKind::NoPiece, format!("there is no piece on {from}")))?;
        let s = pos.slots[slot as usize];
        let role = self.config.kind(s.kind).role;
        if s.side != pos.to_move {
            return Err(IllegalAction::new(
                IllegalKind::NoPiece,
                format!("the {} on {from} is {}'s, and it is {}'s turn", role.name(), s.side, pos.to_move),
            ));
        }
        if role == Role::Banner {
            return Err(IllegalAction::new(
                IllegalKind::Unreachable,
                "the Command Post does not move by itself or fire (rulings 19)",
            ));
        }
        if s.moved {
            return Err(IllegalAction::new(
                IllegalKind::TurnSpent,
                format!("the {} on {from} has already acted this turn", role.name()),
            ));
        }
        if pos.turn.actions.len() >= usize::from(pos.turn.cap) {
            return Err(IllegalAction::new(
                IllegalKind::TurnSpent,
                format!("a turn has at most {} actions", pos.turn.cap),
            ));
        }
        if role == Role::Leader && !self.in_command(pos, s.side).contains(&slot) {
            return Err(IllegalAction::new(
                IllegalKind::NoCommand,
                format!("the leader on {from} is out of command control: it may give orders but not act (rulings 19)"),
            ));
        }
        let near = self.activators_near(pos, from);
        if near.is_empty() {
            return Err(IllegalAction::new(
                IllegalKind::NoCommand,
                format!(
                    "no leader of yours is within its activation range of {from}: the {} cannot be activated",
                    role.name()
                ),
            ));
        }
        let free = self.free_leaders(pos);
        if !near.iter().any(|l| free.contains(l)) {
            return Err(IllegalAction::new(
                IllegalKind::NoCommand,
                format!("every leader within activation range of {from} has given its one order this turn"),
            ));
        }
        Ok((slot, near))
    }

    /// Checks an action of the side to move, with a reason naming the rule it breaks.
    pub(super) fn check(&self, pos: &Position, action: Action) -> Result<(), IllegalAction> {
        if pos.phase == Phase::Setup {
            return self.check_setup(pos, action);
        }
        if pos.phase != Phase::Play {
            return Err(IllegalAction::new(IllegalKind::Phase, "the game is not in play"));
        }
        let unreachable = |m: String| IllegalAction::new(IllegalKind::Unreachable, m);
        match action {
            Action::EndTurn => Ok(()),
            Action::Move { from, to } => {
                self.actor(pos, from)?;
                self.board.check(to).map_err(|e| IllegalAction::new(IllegalKind::OffBoard, e.to_string()))?;
                self.plan(pos, from, to, Pace::default()).map(|_| ()).ok_or_else(|| {
                    unreachable(format!(
                        "the piece on {from} cannot move to {to}: out of its movement points, blocked, or a capture the terrain tables forbid"
                    ))
                })
            }
            Action::Fire { from, target } => {
                self.actor(pos, from)?;
                self.board.check(target).map_err(|e| IllegalAction::new(IllegalKind::OffBoard, e.to_string()))?;
                match self.fire_refusal(pos, from, target) {
                    None => Ok(()),
                    Some(why) => Err(unreachable(why)),
                }
            }
            Action::Tow { from, to, towed } => {
                self.actor(pos, from)?;
                for sq in [to, towed] {
                    self.board.check(sq).map_err(|e| IllegalAction::new(IllegalKind::OffBoard, e.to_string()))?;
                }
                self.tow_refusal(pos, from, to, towed).map(|_| ()).map_err(unreachable)
            }
            Action::Prep { at } => {
                self.actor(pos, at)?;
                match self.prep_refusal(pos, at) {
                    None => Ok(()),
                    Some(why) => Err(IllegalAction::new(self.paratroop_refusal_kind(), why)),
                }
            }
            Action::Lead { from, to, leader, leader_to } => {
                for sq in [from, to, leader, leader_to] {
                    self.board.check(sq).map_err(|e| IllegalAction::new(IllegalKind::OffBoard, e.to_string()))?;
                }
                self.lead_refusal(pos, from, to, leader, leader_to).map(|_| ())
            }
            Action::Leap { from, to } => {
                self.actor(pos, from)?;
                self.board.check(to).map_err(|e| IllegalAction::new(IllegalKind::OffBoard, e.to_string()))?;
                self.leap_refusal(pos, from, to)
                    .map(|_| ())
                    .map_err(|why| IllegalAction::new(self.paratroop_refusal_kind(), why))
            }
            other => Err(IllegalAction::new(
                IllegalKind::Phase,
                format!(
                    "{} is not an action of WarGame: an action is a move, a shot, a tow, a led move (WarGame 2), or with the option paratroops a preparation or a leap",
                    action_kind(&other)
                ),
            )),
        }
    }

    /// What kind of rule a refused preparation or leap breaks: the option, when it is off.
    fn paratroop_refusal_kind(&self) -> IllegalKind {
        if self.options.paratroops == 0 {
            IllegalKind::OptionOff
        } else {
            IllegalKind::Unreachable
        }
    }

    /// The family state of a position.
    pub(super) fn state<'a>(&self, pos: &'a Position) -> &'a super::WarGameState {
        match &pos.family {
            FamilyState::WarGame(state) => state,
            _ => &EMPTY_STATE,
        }
    }

    pub(super) fn state_mut<'a>(&self, pos: &'a mut Position) -> &'a mut super::WarGameState {
        if !matches!(pos.family, FamilyState::WarGame(_)) {
            pos.family = FamilyState::WarGame(super::WarGameState::default());
        }
        match &mut pos.family {
            FamilyState::WarGame(state) => state,
            _ => unreachable!("set above"),
        }
    }

    /// Removes the piece on `sq`, and the piece it tows ("Units being towed are eliminated if
    /// the units towing them are eliminated").
    fn kill(&self, pos: &mut Position, sq: Square, report: &mut Report) {
        let Some(slot) = pos.slot_at(self.board.index(sq)) else { return };
        let s = pos.slots[slot as usize];
        report.captured.push((sq, Piece { kind: s.kind, side: s.side }));
        pos.remove_slot(slot);
        self.spend_prep(pos, sq);
        let towed = self.state(pos).towed_by(sq);
        self.state_mut(pos).tows.retain(|t| t.tower != sq && t.towed != sq);
        if let Some(towed) = towed {
            self.kill(pos, towed, report);
        }
    }

    /// Plays a legal action.
    pub(super) fn apply(&self, pos: &mut Position, action: Action) -> Report {
        if pos.phase == Phase::Setup {
            return self.apply_setup(pos, action);
        }
        let mut report = Report::default();
        let from = match action {
            Action::EndTurn => {
                self.end_turn(pos, &mut report);
                return report;
            }
            Action::Move { from, .. }
            | Action::Fire { from, .. }
            | Action::Tow { from, .. }
            | Action::Leap { from, .. }
            | Action::Lead { from, .. }
            | Action::Prep { at: from } => from,
            _ => unreachable!("only legal actions are played"),
        };
        let slot = pos.slot_at(self.board.index(from)).expect("a legal action has an actor");
        let mut eligible = self.activators_near(pos, from);
        match action {
            Action::Move { to, .. } => self.advance(pos, slot, from, to, Pace::default(), &mut report),
            Action::Lead { to, leader, leader_to, .. } => {
                let guide = pos.slot_at(self.board.index(leader)).expect("a legal lead has a leader");
                let pace = Pace { extra: self.config.leader_bonus, passable: Some(leader) };
                self.advance(pos, slot, from, to, pace, &mut report);
                pos.relocate(guide, self.board.index(leader_to));
                pos.slots[guide as usize].moved = true;
                // The leader's one order is the one this action spends.
                eligible = vec![guide];
            }
            Action::Fire { target, .. } => {
                self.kill(pos, target, &mut report);
                self.spend_prep(pos, from);
            }
            Action::Prep { at } => self.prepare(pos, at),
            Action::Leap { to, .. } => {
                if let Ok(Some(victim)) = self.leap_refusal(pos, from, to) {
                    self.kill(pos, victim, &mut report);
                }
                self.spend_prep(pos, from);
                pos.relocate(slot, self.board.index(to));
            }
            Action::Tow { to, towed, .. } => {
                let end = self.tow_refusal(pos, from, to, towed).expect("a legal tow");
                let load = pos.slot_at(self.board.index(towed)).expect("a towed piece");
                pos.relocate(slot, self.board.index(to));
                pos.relocate(load, self.board.index(end));
                pos.slots[load as usize].moved = true;
                self.carry_prep(pos, towed, end);
                let side = pos.to_move;
                let tows = &mut self.state_mut(pos).tows;
                tows.push(Tow { side, tower: to, towed: end });
                tows.sort();
            }
            _ => {}
        }
        pos.slots[slot as usize].moved = true;
        pos.turn.activated.push(ActivatedMove { piece: slot, eligible, assigned: u32::MAX, swapped_leader: None });
        let assigned = Self::assign(&mut pos.turn.activated);
        debug_assert!(assigned, "a legal action keeps an assignment of leaders");
        pos.turn.actions.push(action);
        if let Some(outcome) = self.victory(pos, pos.to_move) {
            pos.phase = Phase::Over(outcome);
            report.outcome = Some(outcome);
        } else if pos.turn.actions.len() >= usize::from(pos.turn.cap) {
            self.end_turn(pos, &mut report);
        }
        report
    }

    /// Moves the piece in `slot` from `from` to `to` at `pace`, killing what its plan kills.
    fn advance(&self, pos: &mut Position, slot: u32, from: Square, to: Square, pace: Pace, report: &mut Report) {
        for victim in WarGameRules::effect(pos, to, &self.overruns(pos, from, pace)).victims() {
            self.kill(pos, victim, report);
        }
        pos.relocate(slot, self.board.index(to));
        self.carry_prep(pos, from, to);
        if !report.captured.is_empty() {
            self.spend_prep(pos, to);
        }
    }

    /// The win of `side`, if its enemy has lost every leader (or, with the option, its
    /// banner).
    fn victory(&self, pos: &Position, side: Side) -> Option<Outcome> {
        let enemy = side.opponent();
        let count =
            |p: &Position, role: Role| p.pieces(enemy).filter(|(_, pc)| self.config.kind(pc.kind).role == role).count();
        if count(pos, Role::Leader) == 0 {
            return Some(Outcome::win(side, EndReason::AllLeadersCaptured));
        }
        if self.options.banner_victory && count(&self.army, Role::Banner) > 0 && count(pos, Role::Banner) == 0 {
            return Some(Outcome::win(side, EndReason::BannerKilled));
        }
        None
    }

    /// Whether `side` has planted its Command Post: it stands on an objective (option
    /// `banner-planting`).
    fn planted(&self, pos: &Position, side: Side) -> bool {
        self.options.banner_planting
            && pos
                .pieces(side)
                .any(|(sq, pc)| self.config.kind(pc.kind).role == Role::Banner && self.objective(sq, side))
    }

    /// Whether `sq` is an objective for `side`: one the scenario names, or else a town in the
    /// enemy's half of the board (beyond the middle rank).
    pub(super) fn objective(&self, sq: Square, side: Side) -> bool {
        if !self.config.objectives.is_empty() {
            return self.config.objectives.contains(&sq);
        }
        let ranks = self.board.ranks();
        let enemy_half = match side {
            Side::White => 2 * u16::from(sq.rank) + 1 > u16::from(ranks),
            Side::Black => 2 * u16::from(sq.rank) + 1 < u16::from(ranks),
        };
        enemy_half && self.board.terrain(sq) == crate::terrain::Terrain::Town
    }

    /// Ends the turn: surround, the end of the next side's tows, passes, the turn limit.
    fn end_turn(&self, pos: &mut Position, report: &mut Report) {
        report.turn_ended = true;
        let mover = pos.to_move;
        let next = mover.opponent();
        let surrounded = self.surrounded(pos, next);
        if !surrounded.is_empty() && !self.state(pos).prepped.is_empty() {
            // "acted in any manner to cause an enemy piece to be removed from the board. [Eg:
            // paticipated in custodial capture, say.]"
            for &sq in &surrounded {
                for helper in self.encirclers(pos, sq, next).unwrap_or_default() {
                    self.spend_prep(pos, helper);
                }
            }
        }
        for sq in surrounded {
            self.kill(pos, sq, report);
        }
        self.state_mut(pos).tows.retain(|t| t.side != next);
        let passed = pos.turn.actions.is_empty();
        pos.passes_in_row = if passed { pos.passes_in_row.saturating_add(1) } else { 0 };
        pos.clear_turn();
        pos.turns_played += 1;
        pos.to_move = next;
        pos.turn.cap = self.config.actions_per_turn;
        let outcome = self
            .victory(pos, mover)
            .or_else(|| self.planted(pos, mover).then(|| Outcome::win(mover, EndReason::BannerPlanted)))
            .or_else(|| (pos.passes_in_row >= 2).then(|| Outcome::draw(EndReason::DoublePass)))
            .or_else(|| {
                crate::adjudication::turn_limit_outcome(
                    pos,
                    &self.pieces,
                    self.options.turn_limit,
                    self.options.adjudication,
                )
            });
        if let Some(outcome) = outcome {
            pos.phase = Phase::Over(outcome);
            report.outcome = Some(outcome);
        }
    }
}

/// The state of a position with no tows.
static EMPTY_STATE: super::WarGameState =
    super::WarGameState { tows: Vec::new(), reserve: [Vec::new(), Vec::new()], prepped: Vec::new() };
