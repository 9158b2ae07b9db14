//! Free setup for WarGame 1 (option `free-setup`): each side places the pieces of the fixed
//! start anywhere in its deployment zones, White first, then Black, and commits with `end`;
//! until both have committed, neither sees the other's placement (rulings 10).

use super::config::Role;
use super::WarGameRules;
use crate::action::Action;
use crate::piece::{KindId, Piece};
use crate::position::{Phase, Position};
use crate::ruleset::{IllegalAction, IllegalKind, Report};
use crate::side::Side;
use crate::square::Square;
use crate::terrain::Terrain;

impl WarGameRules {
    /// Whether a piece of `kind` may stand on `sq` at all (water never; artillery never on a
    /// hill, tanks never in trees: where it could never move).
    pub(super) fn may_stand(&self, kind: KindId, sq: Square) -> bool {
        let terrain = self.board.terrain(sq);
        !matches!(
            (self.config.kind(kind).role, terrain),
            (_, Terrain::Water) | (Role::Artillery, Terrain::Hill) | (Role::Tank, Terrain::Trees)
        )
    }

    /// Appends the placements of the side to move, and `end` once its reserve is empty.
    pub(super) fn setup_actions(&self, pos: &Position, out: &mut Vec<Action>) {
        let side = pos.to_move;
        let reserve = &self.state(pos).reserve[side.index()];
        if reserve.iter().all(|&n| n == 0) {
            out.push(Action::EndTurn);
            return;
        }
        for &to in &self.zones[side.index()] {
            if pos.piece_at(to).is_some() {
                continue;
            }
            for (kind, &n) in reserve.iter().enumerate() {
                if n > 0 && self.may_stand(kind as KindId, to) {
                    out.push(Action::Place { kind: kind as KindId, to });
                }
            }
        }
    }

    /// Checks a setup action.
    pub(super) fn check_setup(&self, pos: &Position, action: Action) -> Result<(), IllegalAction> {
        let side = pos.to_move;
        let reserve = &self.state(pos).reserve[side.index()];
        let refuse = |m: String| Err(IllegalAction::new(IllegalKind::Placement, m));
        match action {
            Action::EndTurn => {
                let left: u16 = reserve.iter().sum();
                if left > 0 {
                    return Err(IllegalAction::new(
                        IllegalKind::MustAct,
                        format!("{side} has {left} pieces still to place before committing the setup"),
                    ));
                }
                Ok(())
            }
            Action::Place { kind, to } => {
                self.board.check(to).map_err(|e| IllegalAction::new(IllegalKind::OffBoard, e.to_string()))?;
                if reserve.get(usize::from(kind)).copied().unwrap_or(0) == 0 {
                    return refuse(format!("{side} has no such piece left to place"));
                }
                if !self.zones[side.index()].contains(&to) {
                    return refuse(format!("{to} is outside the deployment zone of {side}"));
                }
                if pos.piece_at(to).is_some() {
                    return refuse(format!("{to} is occupied"));
                }
                if !self.may_stand(kind, to) {
                    return refuse(format!(
                        "a {} may not stand on {} ({to})",
                        self.config.kind(kind).role.name(),
                        self.board.terrain(to).name()
                    ));
                }
                Ok(())
            }
            _ => Err(IllegalAction::new(
                IllegalKind::Phase,
                "the game is in its setup: place pieces in your zone, then `end`",
            )),
        }
    }

    /// Plays a legal setup action.
    pub(super) fn apply_setup(&self, pos: &mut Position, action: Action) -> Report {
        let mut report = Report::default();
        let side = pos.to_move;
        match action {
            Action::Place { kind, to } => {
                pos.add_piece(to, Piece { kind, side });
                self.state_mut(pos).reserve[side.index()][usize::from(kind)] -= 1;
            }
            _ => {
                report.turn_ended = true;
                if side == Side::White {
                    pos.to_move = Side::Black;
                } else {
                    pos.to_move = Side::White;
                    pos.phase = Phase::Play;
                    pos.turn.cap = self.config.actions_per_turn;
                }
            }
        }
        report
    }

    /// What `viewer` may see of a position: in setup, only its own placement (rulings 10).
    pub(super) fn setup_view(&self, pos: &Position, viewer: Option<Side>) -> Position {
        let mut view = pos.clone();
        if pos.phase == Phase::Setup {
            for side in Side::BOTH {
                if Some(side) != viewer {
                    view.remove_side(side);
                    self.state_mut(&mut view).reserve[side.index()].iter_mut().for_each(|n| *n = 0);
                }
            }
        }
        view
    }
}
