//! The legal single actions of the side to move in the model (rulings 20): moves by movement
//! points (every path walked explicitly), replacement captures, overruns, shots and tows, the
//! paratroopers' preparations and leaps, and WarGame 2's led moves, each by a piece that has
//! not acted, may act and has a leader to order it. Square or hex steps, as the board's.

#![allow(dead_code)]

use super::game::{Game, Key};
use super::text::{self, Role, Way, ACTIONS_PER_TURN, TOP_LEVEL, TOW_ARTILLERY, TOW_INFANTRY};
use std::collections::{BTreeMap, BTreeSet};
use warlord_rules::{Square, Terrain};

/// The eight king directions.
pub const KING: [(i32, i32); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];

impl Game {
    /// Every legal action of the side to move.
    pub fn legal(&self) -> BTreeSet<Key> {
        let mut out = BTreeSet::new();
        if self.over {
            return out;
        }
        out.insert(Key::End);
        if self.turn.len() >= ACTIONS_PER_TURN {
            return out;
        }
        let in_command = self.in_command(self.to_move);
        for u in 0..self.units.len() {
            let unit = &self.units[u];
            if !unit.alive || unit.side != self.to_move || unit.acted {
                continue;
            }
            // The Command Post never acts; a leader acts only in command (rulings 19).
            match unit.kind.role {
                Role::CommandPost => continue,
                Role::Leader if !in_command.contains(&u) => continue,
                _ => {}
            }
            if !self.orders_suffice(&self.activators(unit.at)) {
                continue;
            }
            let from = unit.at;
            out.extend(self.moves(u).into_keys().map(|to| Key::Move(from, to)));
            out.extend(self.shots(u).into_iter().map(|target| Key::Fire(from, target)));
            out.extend(self.tows_of(u));
            if unit.kind.leap > 0 && !unit.prepped {
                out.insert(Key::Prep(from));
            }
            if unit.prepped {
                out.extend(self.leaps(u).into_keys().map(|to| Key::Leap(from, to)));
            }
        }
        if self.bonus > 0 {
            out.extend(self.leads(&in_command));
        }
        out
    }

    /// WarGame 2's led moves: a leader in command that has not acted, whose one order is still
    /// free, next to an own unit (not a leader, not the Command Post) that has not acted; the
    /// unit moves with the bonus, passing through its leader's cell; the leader ends next to
    /// the unit's end, not where it started, on an empty cell (or the unit's start) it reaches
    /// by its own movement points through empty cells, the unit's start counting as empty.
    fn leads(&self, in_command: &BTreeSet<usize>) -> Vec<Key> {
        let mut out = Vec::new();
        for &l in in_command {
            let leader = &self.units[l];
            if leader.side != self.to_move || leader.acted || !self.orders_suffice(&[l]) {
                continue;
            }
            for (u, unit) in self.units.iter().enumerate() {
                if !unit.alive
                    || unit.side != self.to_move
                    || unit.acted
                    || matches!(unit.kind.role, Role::Leader | Role::CommandPost)
                    || self.distance(unit.at, leader.at) != 1
                {
                    continue;
                }
                let ends: BTreeSet<Square> = self
                    .walk(l, leader.kind.moves, Some(unit.at))
                    .into_keys()
                    .filter(|&sq| sq == unit.at || self.unit_at(sq).is_none())
                    .collect();
                for to in self.moves_with(u, self.bonus, Some(leader.at)).into_keys() {
                    for &end in &ends {
                        if end != to && self.distance(end, to) == 1 {
                            out.push(Key::Lead(unit.at, to, leader.at, end));
                        }
                    }
                }
            }
        }
        out
    }

    /// Where the prepared paratrooper `u` may leap, each with the enemy it kills: it "can ...
    /// leap several, then move 1": every empty square it may enter 1 to its leap away (over
    /// anything), then from each such landing nothing more or one king step for at most 1
    /// movement point onto an empty square or an enemy it kills by replacement (never back
    /// onto its start).
    pub fn leaps(&self, u: usize) -> BTreeMap<Square, Vec<Square>> {
        let unit = &self.units[u];
        let reach = unit.kind.leap as i32;
        let mut out: BTreeMap<Square, Vec<Square>> = BTreeMap::new();
        for df in -reach..=reach {
            for dr in -reach..=reach {
                let Some(landing) = self.step(unit.at, (df, dr), 1) else { continue };
                if landing == unit.at
                    || self.distance(unit.at, landing) > unit.kind.leap
                    || self.unit_at(landing).is_some()
                    || text::entry_cost(unit.kind.role, self.terrain(landing)).is_none()
                {
                    continue;
                }
                out.entry(landing).or_default();
                for &dir in self.directions() {
                    let Some(to) = self.step(landing, dir, 1) else { continue };
                    if to == unit.at {
                        continue;
                    }
                    match self.unit_at(to) {
                        None if text::entry_cost(unit.kind.role, self.terrain(to)).is_some_and(|c| c <= 1) => {
                            out.entry(to).or_default();
                        }
                        Some(v)
                            if self.units[v].side != unit.side
                                && !self.towed(v)
                                && text::kills(
                                    unit.kind.role,
                                    Way::Replacement,
                                    self.units[v].kind.role,
                                    self.terrain(to),
                                ) =>
                        {
                            out.insert(to, vec![to]);
                        }
                        _ => {}
                    }
                }
            }
        }
        out
    }

    /// Where the unit `u` may move, each with the squares of the enemies the move kills.
    /// A destination reached by an overrun is that overrun (docs/RULES.md); others are the
    /// ends of paths of steps through empty cells within its movement points, which may end
    /// on an enemy the capture tables let it kill by replacement (if its kind does).
    pub fn moves(&self, u: usize) -> BTreeMap<Square, Vec<Square>> {
        self.moves_with(u, 0, None)
    }

    /// [`Game::moves`] with `extra` movement points and the cell `passable` (an own piece's)
    /// passed through as if empty, never an end.
    pub fn moves_with(&self, u: usize, extra: u32, passable: Option<Square>) -> BTreeMap<Square, Vec<Square>> {
        let points = self.units[u].kind.moves + extra;
        let mut out = self.walk(u, points, passable);
        if let Some(p) = passable {
            out.remove(&p);
        }
        for (to, victims) in self.overrun_ends(u, points, passable) {
            out.insert(to, victims);
        }
        out
    }

    /// The ends of the paths of the unit `u` within `points`, through empty cells (and
    /// `passable`, as if empty), with the enemy a path's end kills by replacement.
    fn walk(&self, u: usize, points: u32, passable: Option<Square>) -> BTreeMap<Square, Vec<Square>> {
        let unit = &self.units[u];
        let mut out: BTreeMap<Square, Vec<Square>> = BTreeMap::new();
        // Every path, walked: (cell, points left); a cell already reached with as many
        // points left or more adds nothing new.
        let mut best: BTreeMap<Square, u32> = BTreeMap::new();
        let mut stack = vec![(unit.at, points)];
        while let Some((at, left)) = stack.pop() {
            for &dir in self.directions() {
                let Some(next) = self.step(at, dir, 1) else { continue };
                let Some(cost) = text::entry_cost(unit.kind.role, self.terrain(next)) else { continue };
                if cost > left || next == unit.at {
                    continue;
                }
                match self.unit_at(next).filter(|_| Some(next) != passable) {
                    None => {
                        out.entry(next).or_default();
                        if best.get(&next).is_none_or(|&b| b < left - cost) {
                            best.insert(next, left - cost);
                            stack.push((next, left - cost));
                        }
                    }
                    Some(v) if self.units[v].side != unit.side => {
                        let enemy = &self.units[v];
                        if unit.kind.assault
                            && !self.towed(v)
                            && text::kills(unit.kind.role, Way::Replacement, enemy.kind.role, self.terrain(next))
                        {
                            out.insert(next, vec![next]);
                        }
                    }
                    Some(_) => {}
                }
            }
        }
        out
    }

    /// The overruns of the unit `u` if its kind overruns: along each direction, the empty
    /// cells reached after running straight through one or more enemies it may overrun, each
    /// enemy followed by the empty cell directly across, paying the entry cost of every cell,
    /// within `points`; `passable` counts as empty but is never an end.
    fn overrun_ends(&self, u: usize, points: u32, passable: Option<Square>) -> Vec<(Square, Vec<Square>)> {
        let unit = &self.units[u];
        let mut out = Vec::new();
        if !unit.kind.overrun {
            return out;
        }
        for &dir in self.directions() {
            let mut spent = 0;
            let mut victims: Vec<Square> = Vec::new();
            let mut inside_enemy = false;
            for n in 1.. {
                let Some(sq) = self.step(unit.at, dir, n) else { break };
                let Some(cost) = text::entry_cost(unit.kind.role, self.terrain(sq)) else { break };
                spent += cost;
                if spent > points {
                    break;
                }
                match self.unit_at(sq).filter(|_| Some(sq) != passable) {
                    None => {
                        inside_enemy = false;
                        if !victims.is_empty() && Some(sq) != passable {
                            out.push((sq, victims.clone()));
                        }
                    }
                    Some(v) => {
                        let enemy = &self.units[v];
                        let may = enemy.side != unit.side
                            && !inside_enemy
                            && !self.towed(v)
                            && text::overruns(unit.kind.role, enemy.kind.role, self.terrain(sq));
                        if !may {
                            break;
                        }
                        victims.push(sq);
                        inside_enemy = true;
                    }
                }
            }
        }
        out
    }

    /// The enemies the unit `u` may shoot: within its range (king steps), of a kind its fire
    /// kills where they stand, a towed one only from 2 or more squares away, in line of fire.
    pub fn shots(&self, u: usize) -> Vec<Square> {
        let unit = &self.units[u];
        let range = text::fire_range(unit.kind, self.terrain(unit.at));
        let mut out = Vec::new();
        for (v, enemy) in self.units.iter().enumerate() {
            if !enemy.alive || enemy.side == unit.side {
                continue;
            }
            let d = self.distance(unit.at, enemy.at);
            if d == 0 || d > range {
                continue;
            }
            let way = if unit.kind.role == Role::Infantry {
                // Rifle capture "instead of replacement", only at these kinds.
                if !text::rifle_target(enemy.kind.role) {
                    continue;
                }
                Way::Replacement
            } else if d == 1 {
                Way::AdjacentFire
            } else {
                Way::DistantFire
            };
            // "Units being towed may be directly targeted and eliminated by distant fire only."
            if self.towed(v) && d < 2 {
                continue;
            }
            if !text::kills(unit.kind.role, way, enemy.kind.role, self.terrain(enemy.at)) {
                continue;
            }
            if self.sees(unit.at, enemy.at) {
                out.push(enemy.at);
            }
        }
        out
    }

    /// Where the towed piece ends when the tower on `from` tows to `to`: the last cell the
    /// tower leaves.
    pub fn tow_end(&self, from: Square, to: Square) -> Square {
        let n = self.distance(from, to) as i32;
        let dir = *self.directions().iter().find(|&&d| self.step(from, d, n) == Some(to)).expect("a straight tow");
        self.step(from, dir, n - 1).expect("on the board")
    }

    /// The tows of the unit `u`: a leader below the Supreme Commander tows an adjacent own
    /// artillery piece 1 or 2 squares over open ground or towns; a tank tows adjacent own
    /// infantry 1 to 3 squares paying its own movement costs. In a straight line, onto empty
    /// squares; the towed piece follows into the squares the tower leaves, and must be able to
    /// enter them ("Hills ... [no artillery]").
    fn tows_of(&self, u: usize) -> Vec<Key> {
        let unit = &self.units[u];
        let mut out = Vec::new();
        for (v, load) in self.units.iter().enumerate() {
            if v == u || !load.alive || load.side != unit.side || load.acted || self.distance(unit.at, load.at) != 1 {
                continue;
            }
            let (reach, open_only) = match (unit.kind.role, load.kind.role) {
                (Role::Leader, Role::Artillery) if unit.kind.level < TOP_LEVEL => (TOW_ARTILLERY, true),
                (Role::Tank, Role::Infantry) => (TOW_INFANTRY, false),
                _ => continue,
            };
            for &dir in self.directions() {
                let mut spent = 0;
                // The squares the towed piece enters: the tower's start, then each square the
                // tower leaves.
                let mut trail = vec![unit.at];
                for n in 1..=reach {
                    let Some(sq) = self.step(unit.at, dir, n) else { break };
                    let terrain = self.terrain(sq);
                    if self.unit_at(sq).is_some() {
                        break;
                    }
                    if open_only && !matches!(terrain, Terrain::Open | Terrain::Town) {
                        break;
                    }
                    let Some(cost) = text::entry_cost(unit.kind.role, terrain) else { break };
                    spent += if open_only { 1 } else { cost };
                    if spent > unit.kind.moves {
                        break;
                    }
                    let follows = trail.iter().all(|&s| text::entry_cost(load.kind.role, self.terrain(s)).is_some());
                    if follows {
                        out.push(Key::Tow(unit.at, sq, load.at));
                    }
                    trail.push(sq);
                }
            }
        }
        out
    }
}
