//! Towing in WarGame 1: a lower-level leader tows an adjacent artillery piece up to 2 squares
//! over open ground or towns, a tank tows an adjacent infantry unit up to 3 squares at its own
//! movement cost; the towed piece follows into the squares the tower leaves. A tow goes in a
//! straight line (docs/RULES.md, "WarGame 1"); the towed piece ends on the last square the
//! tower left. With the option `banner-planting` the Supreme Commander tows the Command Post
//! 1 square, as artillery is towed.

use super::config::Role;
use super::movement::enter_cost;
use super::WarGameRules;
use crate::action::Action;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::square::Square;
use crate::terrain::Terrain;

impl WarGameRules {
    /// Where the towed piece ends when the piece on `from` tows the one on `towed` to `to`,
    /// or why it may not (command aside).
    pub(super) fn tow_refusal(
        &self,
        pos: &Position,
        from: Square,
        to: Square,
        towed: Square,
    ) -> Result<Square, String> {
        let (Some(tower), Some(load)) = (pos.piece_at(from), pos.piece_at(towed)) else {
            return Err(format!("a tow needs an own piece on {from} and one on {towed}"));
        };
        if load.side != tower.side {
            return Err(format!("the piece on {towed} is an enemy: only own pieces are towed"));
        }
        if pos.has_moved(towed) {
            return Err(format!("the piece on {towed} has already acted this turn"));
        }
        if self.board.distance(from, towed) != 1 {
            return Err(format!("the towed piece must stand next to the tower; {towed} is not next to {from}"));
        }
        let kind = self.config.kind(tower.kind);
        let load_role = self.config.kind(load.kind).role;
        let top = self.config.top_level();
        let (max, open_only) = match (kind.role, load_role) {
            (Role::Leader, Role::Artillery) if kind.level < top => (self.config.tow_artillery, true),
            (Role::Tank, Role::Infantry) => (self.config.tow_infantry, false),
            (Role::Leader, Role::Banner) if kind.level == top && self.options.banner_planting => {
                (self.config.tow_banner, true)
            }
            _ => {
                return Err(format!(
                    "a {} cannot tow a {}: lower-level leaders tow artillery, tanks tow infantry, and with the option banner-planting the Supreme Commander tows the command post",
                    kind.role.name(),
                    load_role.name()
                ))
            }
        };
        let (df, dr) = (i32::from(to.file) - i32::from(from.file), i32::from(to.rank) - i32::from(from.rank));
        let n = df.abs().max(dr.abs());
        if n == 0 || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
            return Err(format!("a tow goes in a straight line; {from} to {to} is not one"));
        }
        if n > i32::from(max) {
            return Err(format!("this tow reaches {max} squares; {from} to {to} is {n}"));
        }
        let step = (df.signum(), dr.signum());
        let mut at = from;
        let mut spent = 0u8;
        for _ in 0..n {
            at = self.board.step(at, step).ok_or_else(|| format!("{to} is off the board"))?;
            let terrain = self.board.terrain(at);
            if open_only && !matches!(terrain, Terrain::Open | Terrain::Town) {
                return Err(format!("artillery is towed over open ground and towns only; {at} is {}", terrain.name()));
            }
            let cost = enter_cost(kind, terrain)
                .ok_or_else(|| format!("a {} never enters {}", kind.role.name(), terrain.name()))?;
            spent = spent.saturating_add(if open_only { 1 } else { cost });
            if pos.piece_at(at).is_some() {
                return Err(format!("{at} is occupied: a tow moves onto empty squares only"));
            }
        }
        if !open_only && spent > kind.movement {
            return Err(format!("the tank has {} movement points and this tow costs {spent}", kind.movement));
        }
        // The towed piece moves into the tower's square and each square it leaves after it:
        // it must be able to enter them ("Hills cost 2 to move onto [no artillery]").
        let mut at = from;
        for _ in 0..n {
            let terrain = self.board.terrain(at);
            if enter_cost(self.config.kind(load.kind), terrain).is_none() {
                return Err(format!("the towed {} would move onto {at}, {}", load_role.name(), terrain.name()));
            }
            at = self.board.step(at, step).expect("on the line");
        }
        let end = if n == 1 { from } else { self.board.step(to, (-step.0, -step.1)).expect("on the line") };
        Ok(end)
    }

    /// Every tow the piece on `from` may make (command aside).
    pub(super) fn tows(&self, pos: &Position, from: Square, out: &mut Vec<Action>) {
        let Some(tower) = pos.piece_at(from) else { return };
        let kind = self.config.kind(tower.kind);
        if !matches!(kind.role, Role::Leader | Role::Tank) {
            return;
        }
        let max = self.config.tow_artillery.max(self.config.tow_infantry).max(self.config.tow_banner);
        for towed in self.board.neighbours(from).collect::<Vec<_>>() {
            match pos.piece_at(towed) {
                Some(p) if p.side == tower.side && !pos.has_moved(towed) => {}
                _ => continue,
            }
            for &step in Geometry::Square.neighbour_steps() {
                let mut to = from;
                for _ in 0..max {
                    let Some(next) = self.board.step(to, step) else { break };
                    to = next;
                    if pos.piece_at(to).is_some() {
                        break;
                    }
                    if self.tow_refusal(pos, from, to, towed).is_ok() {
                        out.push(Action::Tow { from, to, towed });
                    }
                }
            }
        }
    }
}
