//! The setup phase: each side places its army inside its deployment zones, White (or the
//! scenario's first side) first; a side's `EndTurn` commits its setup.

use super::WarlordRules;
use crate::action::Action;
use crate::piece::Piece;
use crate::position::{Phase, Position};
use crate::ruleset::{IllegalAction, Report};
use crate::side::Side;
use crate::terrain::Terrain;
use rand::seq::SliceRandom;
use rand::SeedableRng;

impl WarlordRules {
    pub(super) fn setup_actions(&self, pos: &Position, out: &mut Vec<Action>) {
        let side = pos.to_move;
        let free: Vec<_> = self.free_zone_squares(pos, side);
        for (kind, _) in pos.reserve(side) {
            out.extend(free.iter().map(|&to| Action::Place { kind, to }));
        }
        if pos.reserve(side).next().is_none() {
            out.push(Action::EndTurn);
        }
    }

    fn free_zone_squares(&self, pos: &Position, side: Side) -> Vec<crate::Square> {
        self.board
            .squares()
            .filter(|&sq| self.in_zone(side, sq) && pos.piece_at(sq).is_none() && self.board.terrain(sq) != Terrain::Water)
            .collect()
    }

    pub(super) fn play_setup(&self, pos: &mut Position, action: Action) -> Result<Report, IllegalAction> {
        let side = pos.to_move;
        match action {
            Action::Place { kind, to } => {
                if usize::from(kind) >= self.pieces.len() {
                    return Err(IllegalAction::new("unknown piece kind"));
                }
                let name = &self.pieces.get(kind).name;
                if pos.in_reserve(side, kind) == 0 {
                    return Err(IllegalAction::new(format!("{side} has no {name} left to place")));
                }
                self.board.check(to).map_err(|e| IllegalAction::new(e.to_string()))?;
                if !self.in_zone(side, to) {
                    return Err(IllegalAction::new(format!("{to} is outside {side}'s deployment zone")));
                }
                if pos.piece_at(to).is_some() {
                    return Err(IllegalAction::new(format!("{to} is already occupied")));
                }
                if self.board.terrain(to) == Terrain::Water {
                    return Err(IllegalAction::new(format!("{to} is water")));
                }
            }
            Action::EndTurn => {
                let left: u32 = pos.reserve(side).map(|(_, n)| u32::from(n)).sum();
                if left > 0 {
                    return Err(IllegalAction::new(format!("{side} still has {left} pieces to place before committing its setup")));
                }
            }
            _ => {
                return Err(IllegalAction::new(format!(
                    "the game is in its setup phase: place pieces (like `L@d2`) and end with `commit`, not {}",
                    crate::notation::action_kind(&action)
                )))
            }
        }
        Ok(self.apply_setup(pos, action))
    }

    pub(super) fn apply_setup(&self, pos: &mut Position, action: Action) -> Report {
        let side = pos.to_move;
        let mut report = Report::default();
        match action {
            Action::Place { kind, to } => {
                pos.reserve[side.index()][usize::from(kind)] -= 1;
                pos.add_piece(to, Piece { kind, side });
            }
            Action::EndTurn => {
                report.turn_ended = true;
                pos.to_move = side.opponent();
                if side != self.config.first {
                    pos.phase = Phase::Play;
                    pos.turn.cap = self.turn_cap(pos, pos.to_move);
                }
            }
            _ => unreachable!("only legal setup actions are applied"),
        }
        report
    }

    /// A legal setup for the side to place, drawn at random from a seed: its whole reserve on
    /// random free squares of its zone, then the commit.
    #[must_use]
    pub fn random_setup(&self, pos: &Position, seed: u64) -> Vec<Action> {
        let side = pos.to_move;
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut squares = self.free_zone_squares(pos, side);
        squares.shuffle(&mut rng);
        let mut actions: Vec<Action> = pos
            .reserve(side)
            .flat_map(|(kind, n)| std::iter::repeat_n(kind, usize::from(n)))
            .zip(squares)
            .map(|(kind, to)| Action::Place { kind, to })
            .collect();
        actions.push(Action::EndTurn);
        actions
    }
}
