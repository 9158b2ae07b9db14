//! Fire in WarGame: ranges (artillery 3, tank 2, leader 1, infantry 0 in the open and 1 from
//! trees, towns and hills; WarGame 2's numbers are its scenarios'), the line of fire of the
//! board (rulings 17, and 21 on hexes: units of both sides
//! and non-open terrain block between the firer and the target), the terrain capture tables,
//! and towed units, which only distant fire may hit.

use super::captures::{may_kill, How};
use super::config::Role;
use super::WarGameRules;
use crate::position::Position;
use crate::square::Square;
use crate::terrain::Terrain;

impl WarGameRules {
    /// How far the piece on `from` fires now (0: it cannot fire).
    pub(super) fn fire_range(&self, pos: &Position, from: Square) -> u8 {
        let Some(piece) = pos.piece_at(from) else { return 0 };
        let kind = self.config.kind(piece.kind);
        if kind.role == Role::Infantry && self.board.terrain(from) != Terrain::Open {
            return kind.fire_range.max(self.config.infantry_cover_range);
        }
        kind.fire_range
    }

    /// Whether fire from `from` to `to` is not blocked (rulings 17).
    pub(super) fn clear_shot(&self, pos: &Position, from: Square, to: Square) -> bool {
        self.board.clear_line(from, to, |c| {
            c != from && c != to && (self.board.terrain(c) != Terrain::Open || pos.piece_at(c).is_some())
        })
    }

    /// Why the piece on `from` may not shoot the piece on `target`, or `None` if it may
    /// (command aside).
    pub(super) fn fire_refusal(&self, pos: &Position, from: Square, target: Square) -> Option<String> {
        let (Some(shooter), Some(victim)) = (pos.piece_at(from), pos.piece_at(target)) else {
            return Some(format!("there is no piece on {target} to shoot"));
        };
        if victim.side == shooter.side {
            return Some(format!("the piece on {target} is your own"));
        }
        let attacker = self.config.kind(shooter.kind).role;
        let defender = self.config.kind(victim.kind).role;
        let distance = self.board.distance(from, target);
        let range = self.fire_range(pos, from);
        if distance == 0 || distance > u32::from(range) {
            return Some(format!(
                "{target} is {distance} squares away and the {} on {from} fires {range} from there",
                attacker.name()
            ));
        }
        if attacker == Role::Infantry && !matches!(defender, Role::Leader | Role::Infantry | Role::Artillery) {
            return Some(format!(
                "infantry rifle fire kills only a leader, infantry or artillery, not the {}",
                defender.name()
            ));
        }
        if self.state(pos).is_towed(target) && distance < 2 {
            return Some(format!("the {} on {target} is being towed: only distant fire may hit it", defender.name()));
        }
        let how = match (attacker, distance) {
            // "rifle capture instead of replacement"
            (Role::Infantry, _) => How::Replacement,
            (_, 1) => How::AdjacentFire,
            _ => How::DistantFire,
        };
        let terrain = self.board.terrain(target);
        if !may_kill(attacker, how, defender, terrain) {
            return Some(format!(
                "a {} in {} cannot be killed by {} fire from {} (the terrain capture tables)",
                defender.name(),
                terrain.name(),
                attacker.name(),
                if distance == 1 { "an adjacent square" } else { "a distance" }
            ));
        }
        if !self.clear_shot(pos, from, target) {
            return Some(format!("the line of fire from {from} to {target} is blocked"));
        }
        None
    }

    /// Every enemy the piece on `from` may shoot (command aside), in rank-major order.
    pub(super) fn targets(&self, pos: &Position, from: Square) -> Vec<Square> {
        let range = self.fire_range(pos, from);
        let Some(shooter) = pos.piece_at(from) else { return Vec::new() };
        // The cells within `range` steps, in the board's geometry, rank by rank.
        let mut out = Vec::new();
        // Every range `fire_range` gives has its ball (built in `WarGameRules::new`).
        for &step in &self.fire_balls[usize::from(range)] {
            let Some(sq) = self.board.step(from, step) else { continue };
            if pos.piece_at(sq).is_some_and(|p| p.side != shooter.side) && self.fire_refusal(pos, from, sq).is_none() {
                out.push(sq);
            }
        }
        out
    }
}
