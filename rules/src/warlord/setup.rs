//! The setup phase: each side places its army inside its deployment zones, White (or the
//! scenario's first side) first; a side's `EndTurn` commits its setup.

use super::WarlordRules;
use crate::action::Action;
use crate::piece::Piece;
use crate::position::{Phase, Position};
use crate::ruleset::{IllegalAction, IllegalKind, Report};
use crate::side::Side;
use crate::terrain::Terrain;
use rand::seq::SliceRandom;
use rand::SeedableRng;

impl WarlordRules {
    pub(super) fn setup_actions(&self, pos: &Position, out: &mut Vec<Action>) {
        let side = pos.to_move;
        let placed = self.counts_on_board(pos, side);
        let free = self.free_zone_squares(pos, side);
        for (kind, _) in self.pieces.iter() {
            if !self.may_add(pos, side, kind, &placed) {
                continue;
            }
            for &to in &free {
                if self.may_stand(kind, to) && self.section_refusal(pos, side, kind, to).is_none() {
                    out.push(Action::Place { kind, to });
                }
            }
        }
        if self.setup_problem(pos, side).is_none() {
            out.push(Action::EndTurn);
        }
    }

    fn free_zone_squares(&self, pos: &Position, side: Side) -> Vec<crate::Square> {
        self.board
            .squares()
            .filter(|&sq| {
                self.in_zone(side, sq) && pos.piece_at(sq).is_none() && self.board.terrain(sq) != Terrain::Water
            })
            .collect()
    }

    pub(super) fn play_setup(&self, pos: &mut Position, action: Action) -> Result<Report, IllegalAction> {
        let side = pos.to_move;
        match action {
            Action::Place { kind, to } => {
                if usize::from(kind) >= self.pieces.len() {
                    return Err(IllegalAction::new(IllegalKind::Placement, "unknown piece kind"));
                }
                let name = &self.pieces.get(kind).name;
                if !self.may_add(pos, side, kind, &self.counts_on_board(pos, side)) {
                    return Err(IllegalAction::new(
                        IllegalKind::Placement,
                        format!("{side} may not add another {name} to its army"),
                    ));
                }
                self.board.check(to).map_err(|e| IllegalAction::new(IllegalKind::OffBoard, e.to_string()))?;
                if !self.in_zone(side, to) {
                    return Err(IllegalAction::new(
                        IllegalKind::Placement,
                        format!("{to} is outside {side}'s deployment zone"),
                    ));
                }
                if pos.piece_at(to).is_some() {
                    return Err(IllegalAction::new(IllegalKind::Placement, format!("{to} is already occupied")));
                }
                if let Some(why) = self.standing_refusal(kind, to) {
                    return Err(IllegalAction::new(IllegalKind::Placement, why));
                }
                if let Some(why) = self.section_refusal(pos, side, kind, to) {
                    return Err(IllegalAction::new(IllegalKind::Placement, why));
                }
            }
            Action::EndTurn => {
                if let Some(problem) = self.setup_problem(pos, side) {
                    return Err(IllegalAction::new(
                        IllegalKind::Placement,
                        format!("{side} cannot commit its setup: {problem}"),
                    ));
                }
            }
            _ => {
                return Err(IllegalAction::new(
                    IllegalKind::Phase,
                    format!(
                        "the game is in its setup phase: place pieces (like `L@d2`) and end with `commit`, not {}",
                        crate::notation::action_kind(&action)
                    ),
                ))
            }
        }
        Ok(self.apply_setup(pos, action))
    }

    pub(super) fn apply_setup(&self, pos: &mut Position, action: Action) -> Report {
        let side = pos.to_move;
        let mut report = Report::default();
        match action {
            Action::Place { kind, to } => {
                let reserve = &mut super::state_mut(pos).reserve[side.index()][usize::from(kind)];
                *reserve = reserve.saturating_sub(1);
                pos.add_piece(to, Piece { kind, side });
            }
            Action::EndTurn => {
                report.turn_ended = true;
                pos.to_move = side.opponent();
                if side != self.config.first {
                    pos.phase = Phase::Play;
                    self.begin_turn(pos);
                }
            }
            _ => unreachable!("only legal setup actions are applied"),
        }
        report
    }

    /// A legal setup for the side to place, drawn at random from a seed: random legal
    /// placements until the side's army is complete, then the commit. Deterministic for a seed.
    #[must_use]
    pub fn random_setup(&self, pos: &Position, seed: u64) -> Vec<Action> {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        for _attempt in 0..20 {
            let mut draft = pos.clone();
            let mut actions = Vec::new();
            loop {
                let mut legal = Vec::new();
                self.setup_actions(&draft, &mut legal);
                let places: Vec<Action> = legal.iter().copied().filter(|a| *a != Action::EndTurn).collect();
                if let Some(&choice) = places.choose(&mut rng) {
                    self.apply_setup(&mut draft, choice);
                    actions.push(choice);
                } else {
                    if legal.contains(&Action::EndTurn) {
                        actions.push(Action::EndTurn);
                        return actions;
                    }
                    break;
                }
            }
        }
        vec![Action::EndTurn]
    }
}
