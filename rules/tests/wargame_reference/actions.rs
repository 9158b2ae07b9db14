//! The legal single actions of the side to move in the model (rulings 20): moves by movement
//! points (every path walked explicitly), replacement captures, overruns, shots and tows, and
//! the paratroopers' preparations and leaps, each by a piece that has not acted, may act and
//! has a leader to order it.

#![allow(dead_code)]

use super::game::{Game, Key};
use super::text::{self, Role, Way, ACTIONS_PER_TURN, TOP_LEVEL, TOW_ARTILLERY, TOW_INFANTRY};
use std::collections::{BTreeMap, BTreeSet};
use warlord_rules::{Square, Terrain};

/// The eight king directions.
pub const KING: [(i32, i32); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];

impl Game {
    fn step(&self, sq: Square, (df, dr): (i32, i32), n: i32) -> Option<Square> {
        self.on_board(i32::from(sq.file) + df * n, i32::from(sq.rank) + dr * n)
    }

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
                    || self.unit_at(landing).is_some()
                    || text::entry_cost(unit.kind.role, self.terrain(landing)).is_none()
                {
                    continue;
                }
                out.entry(landing).or_default();
                for dir in KING {
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
    /// ends of paths of king steps through empty squares within its movement points, which may
    /// end on an enemy the capture tables let it kill by replacement.
    pub fn moves(&self, u: usize) -> BTreeMap<Square, Vec<Square>> {
        let unit = &self.units[u];
        let mut out: BTreeMap<Square, Vec<Square>> = BTreeMap::new();
        // Every path, walked: (square, points left); a square already reached with as many
        // points left or more adds nothing new.
        let mut best: BTreeMap<Square, u32> = BTreeMap::new();
        let mut stack = vec![(unit.at, text::movement(unit.kind.role))];
        while let Some((at, left)) = stack.pop() {
            for dir in KING {
                let Some(next) = self.step(at, dir, 1) else { continue };
                let Some(cost) = text::entry_cost(unit.kind.role, self.terrain(next)) else { continue };
                if cost > left || next == unit.at {
                    continue;
                }
                match self.unit_at(next) {
                    None => {
                        out.entry(next).or_default();
                        if best.get(&next).is_none_or(|&b| b < left - cost) {
                            best.insert(next, left - cost);
                            stack.push((next, left - cost));
                        }
                    }
                    Some(v) if self.units[v].side != unit.side => {
                        let enemy = &self.units[v];
                        if !self.towed(v)
                            && text::kills(unit.kind.role, Way::Replacement, enemy.kind.role, self.terrain(next))
                        {
                            out.insert(next, vec![next]);
                        }
                    }
                    Some(_) => {}
                }
            }
        }
        for (to, victims) in self.overrun_ends(u) {
            out.insert(to, victims);
        }
        out
    }

    /// The overruns of the vehicle `u`: along each king direction, the empty squares reached
    /// after running straight through one or more enemies it may overrun, each enemy followed
    /// by the empty square directly across, paying the entry cost of every square.
    fn overrun_ends(&self, u: usize) -> Vec<(Square, Vec<Square>)> {
        let unit = &self.units[u];
        let mut out = Vec::new();
        if !text::vehicle(unit.kind.role) {
            return out;
        }
        let points = text::movement(unit.kind.role);
        for dir in KING {
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
                match self.unit_at(sq) {
                    None => {
                        inside_enemy = false;
                        if !victims.is_empty() {
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
        let range = text::fire_range(unit.kind.role, self.terrain(unit.at));
        let mut out = Vec::new();
        for (v, enemy) in self.units.iter().enumerate() {
            if !enemy.alive || enemy.side == unit.side {
                continue;
            }
            let d = Game::distance(unit.at, enemy.at);
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

    /// Where the towed piece ends when the tower on `from` tows to `to`: the last square the
    /// tower leaves.
    pub fn tow_end(&self, from: Square, to: Square) -> Square {
        let n = Game::distance(from, to) as i32;
        let dir = ((i32::from(to.file) - i32::from(from.file)) / n, (i32::from(to.rank) - i32::from(from.rank)) / n);
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
            if v == u || !load.alive || load.side != unit.side || load.acted || Game::distance(unit.at, load.at) != 1 {
                continue;
            }
            let (reach, open_only) = match (unit.kind.role, load.kind.role) {
                (Role::Leader, Role::Artillery) if unit.kind.level < TOP_LEVEL => (TOW_ARTILLERY, true),
                (Role::Tank, Role::Infantry) => (TOW_INFANTRY, false),
                _ => continue,
            };
            for dir in KING {
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
                    if spent > text::movement(unit.kind.role) {
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
