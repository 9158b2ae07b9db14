//! Towing in WarGame: a lower-level leader tows an adjacent artillery piece up to 2 squares
//! over open ground or towns, a tank tows an adjacent infantry unit up to 3 squares at its own
//! movement cost; the towed piece follows into the squares the tower leaves. A tow goes in a
//! straight line along steps to a neighbour (docs/RULES.md, "WarGame 1"); the towed piece ends on the last square the
//! tower left. With the option `banner-planting` the Supreme Commander tows the Command Post
//! 1 square, as artillery is towed.

use super::config::{KindRules, Role};
use super::movement::enter_cost;
use super::WarGameRules;
use crate::action::Action;
use crate::board::{terrain_of_code, OFF_BOARD};
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
        if towed == from {
            return Err(format!("a piece cannot tow itself: name the square of the piece beside {from} it tows"));
        }
        let Some(tower) = pos.piece_at(from) else { return Err(format!("there is no piece on {from}")) };
        let Some(load) = pos.piece_at(towed) else { return Err(format!("there is no piece on {towed} to tow")) };
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
        let Some((max, open_only)) = self.tow_reach(kind, load_role) else {
            return Err(format!(
                "a {} cannot tow a {}: lower-level leaders tow artillery, tanks tow infantry, and with the option banner-planting the Supreme Commander tows the command post",
                kind.role.name(),
                load_role.name()
            ));
        };
        let Some((step, n)) = self.straight_line(from, to) else {
            return Err(format!("a tow goes in a straight line; {from} to {to} is not one"));
        };
        if n > u32::from(max) {
            return Err(format!("this tow reaches {max} squares; {from} to {to} is {n}"));
        }
        let load_kind = self.config.kind(load.kind);
        let tow = TowKind { tower: kind, load: load_kind, max: n as u8, open_only };
        if let (reached, Some(stop)) = self.tow_line(pos, from, step, &tow) {
            if u32::from(reached) < n {
                return Err(stop.reason(kind, load_kind));
            }
        }
        // The towed piece ends on the last cell the tower left: one step back from its end.
        let end = self.board.step(to, (-step.0, -step.1)).unwrap_or(from);
        Ok(end)
    }

    /// How far a piece of `kind` tows one of role `load`, and whether only over open ground
    /// and towns; `None` if it may not tow it.
    fn tow_reach(&self, kind: &KindRules, load: Role) -> Option<(u8, bool)> {
        match (kind.role, load) {
            (Role::Leader, Role::Artillery) if kind.level < self.config.top_level() => {
                Some((self.config.tow_artillery, true))
            }
            (Role::Tank, Role::Infantry) => Some((self.config.tow_infantry, false)),
            (Role::Leader, Role::Banner) if self.options.banner_planting && kind.level == self.config.top_level() => {
                Some((self.config.tow_banner, true))
            }
            _ => None,
        }
    }

    /// Every tow the piece on `from` may make (command aside).
    pub(super) fn tows(&self, pos: &Position, from: Square, out: &mut Vec<Action>) {
        let Some(tower) = pos.piece_at(from) else { return };
        let kind = self.config.kind(tower.kind);
        if !matches!(kind.role, Role::Leader | Role::Tank) {
            return;
        }
        for towed in self.board.neighbours(from) {
            let tow = match pos.piece_at(towed) {
                Some(p) if p.side == tower.side && !pos.has_moved(towed) => {
                    let load = self.config.kind(p.kind);
                    match self.tow_reach(kind, load.role) {
                        Some((max, open_only)) => TowKind { tower: kind, load, max, open_only },
                        None => continue,
                    }
                }
                _ => continue,
            };
            for &step in self.board.geometry().neighbour_steps() {
                let (reached, _) = self.tow_line(pos, from, step, &tow);
                let mut to = from;
                for _ in 0..reached {
                    to = self.board.step(to, step).expect("the tow line is on the board");
                    out.push(Action::Tow { from, to, towed });
                }
            }
        }
    }

    /// How many squares (up to `tow.max`) the piece on `from` may tow along `step`, and why it
    /// may not go one more: every square the tower enters must be empty (and open ground or a
    /// town when `tow.open_only`), a tank pays its movement points, and the towed piece must be
    /// able to enter each square the tower leaves ("moving into the spaces the leader is moving
    /// out of"; "Hills cost 2 to move onto [no artillery]").
    fn tow_line(&self, pos: &Position, from: Square, step: (i32, i32), tow: &TowKind) -> (u8, Option<TowStop>) {
        let TowKind { tower: kind, load, max, open_only } = *tow;
        // Along the board's padded cells: a step is one index offset, the padding off the board.
        let offset = self.board.offset(step.0, step.1);
        let mut at = self.board.index(from);
        let mut spent = 0u8;
        for k in 0..max {
            let left = terrain_of_code(self.board.cell(at));
            if enter_cost(load, left).is_none() {
                return (k, Some(TowStop::LoadNever(self.board.square(at), left)));
            }
            let next = at.wrapping_add_signed(offset);
            let code = self.board.cell(next);
            if code == OFF_BOARD {
                return (k, Some(TowStop::OffBoard));
            }
            let terrain = terrain_of_code(code);
            if open_only && !matches!(terrain, Terrain::Open | Terrain::Town) {
                return (k, Some(TowStop::NotOpen(self.board.square(next), terrain)));
            }
            let Some(cost) = enter_cost(kind, terrain) else { return (k, Some(TowStop::Never(terrain))) };
            spent = spent.saturating_add(if open_only { 1 } else { cost });
            if pos.slot_at(next).is_some() {
                return (k, Some(TowStop::Occupied(self.board.square(next))));
            }
            if !open_only && spent > kind.movement {
                return (k, Some(TowStop::Points(spent)));
            }
            at = next;
        }
        (max, None)
    }
}

/// Who tows whom, how far at most, and whether over open ground and towns only.
struct TowKind<'a> {
    tower: &'a KindRules,
    load: &'a KindRules,
    max: u8,
    open_only: bool,
}

/// Why a tow cannot go one square further.
enum TowStop {
    /// The board ends.
    OffBoard,
    /// Artillery and banners are towed over open ground and towns only.
    NotOpen(Square, Terrain),
    /// The tower never enters this terrain.
    Never(Terrain),
    /// The square is occupied.
    Occupied(Square),
    /// The towed piece never enters the square the tower leaves.
    LoadNever(Square, Terrain),
    /// The tank's movement points would be exceeded (what the tow would cost).
    Points(u8),
}

impl TowStop {
    /// The reason, for the player.
    fn reason(&self, kind: &KindRules, load: &KindRules) -> String {
        match self {
            TowStop::OffBoard => "the tow leaves the board".to_string(),
            TowStop::NotOpen(at, terrain) => {
                format!("artillery and banners are towed over open ground and towns only; {at} is {}", terrain.name())
            }
            TowStop::Never(terrain) => format!("a {} never enters {}", kind.role.name(), terrain.name()),
            TowStop::Occupied(at) => format!("{at} is occupied: a tow moves onto empty squares only"),
            TowStop::LoadNever(at, terrain) => {
                format!("the towed {} would move onto {at}, {}", load.role.name(), terrain.name())
            }
            TowStop::Points(spent) => {
                format!("the tank has {} movement points and this tow costs {spent}", kind.movement)
            }
        }
    }
}
