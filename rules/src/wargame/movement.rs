//! Movement in WarGame 1: movement points spent along king steps, the cost of entering each
//! terrain, capture by replacement at the end of a move, and overruns straight through enemy
//! units.

use super::captures::{may_kill, How};
use super::config::{KindRules, Role};
use super::WarGameRules;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::square::Square;
use crate::terrain::Terrain;

/// What a legal move does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Plan {
    /// It ends on an empty square.
    Plain,
    /// It ends on the enemy it kills (replacement).
    Replace(Square),
    /// It runs in a straight line through the enemies it kills, ending on an empty square.
    Overrun(Vec<Square>),
}

/// What it costs a kind to enter a terrain, or `None` if it may never ("Hills cost 2 to move
/// onto [no artillery]", "Trees cost vehicles 4 to enter [no tanks]"; towns as open ground;
/// water never).
#[must_use]
pub fn enter_cost(kind: &KindRules, terrain: Terrain) -> Option<u8> {
    match terrain {
        Terrain::Water => None,
        Terrain::Open | Terrain::Town => Some(1),
        Terrain::Hill if kind.role == Role::Artillery => None,
        Terrain::Hill => Some(2),
        Terrain::Trees if kind.role == Role::Tank => None,
        Terrain::Trees if kind.role.vehicle() => Some(4),
        Terrain::Trees => Some(1),
    }
}

/// Whether a vehicle of `attacker` role may overrun a `defender` ("Tanks may overrun Leaders
/// and Infantry only", "Leaders may overrun Infantry and Artillery only").
#[must_use]
pub fn may_overrun(attacker: Role, defender: Role, terrain: Terrain) -> bool {
    let kinds = match attacker {
        Role::Tank => matches!(defender, Role::Leader | Role::Infantry),
        Role::Leader => matches!(defender, Role::Infantry | Role::Artillery),
        _ => false,
    };
    // "Units in trees and towns may never be overrun."
    kinds && !matches!(terrain, Terrain::Trees | Terrain::Town)
}

impl WarGameRules {
    /// The least cost of reaching each square from `from` by the piece there, through empty
    /// squares only, within its movement points (`u8::MAX`: not reached). Indexed by
    /// `rank * files + file`. Enemy squares get the cost of ending there (replacement).
    pub(super) fn costs(&self, pos: &Position, from: Square) -> Vec<u8> {
        let files = usize::from(self.board.files());
        let idx = |s: Square| usize::from(s.rank) * files + usize::from(s.file);
        let mut cost = vec![u8::MAX; files * usize::from(self.board.ranks())];
        let Some(piece) = pos.piece_at(from) else { return cost };
        let kind = self.config.kind(piece.kind);
        let budget = kind.movement;
        cost[idx(from)] = 0;
        // Costs are at most 4 a step and budgets small: a bucket queue by cost.
        let mut buckets: Vec<Vec<Square>> = vec![Vec::new(); usize::from(budget) + 1];
        buckets[0].push(from);
        for c in 0..=usize::from(budget) {
            let mut i = 0;
            while i < buckets[c].len() {
                let sq = buckets[c][i];
                i += 1;
                if cost[idx(sq)] as usize != c {
                    continue;
                }
                if sq != from && pos.piece_at(sq).is_some() {
                    continue; // an enemy ends the move
                }
                for n in self.board.neighbours(sq) {
                    let Some(step) = enter_cost(kind, self.board.terrain(n)) else { continue };
                    let total = c + usize::from(step);
                    if total > usize::from(budget) || total >= usize::from(cost[idx(n)]) {
                        continue;
                    }
                    match pos.piece_at(n) {
                        Some(p) if p.side == piece.side => continue,
                        _ => {}
                    }
                    cost[idx(n)] = total as u8;
                    buckets[total].push(n);
                }
            }
        }
        cost
    }

    /// The overruns of the piece on `from`: for each of the eight king directions, the empty
    /// squares a straight line reaches after running through at least one enemy it may
    /// overrun, with the enemies run through.
    pub(super) fn overruns(&self, pos: &Position, from: Square) -> Vec<(Square, Vec<Square>)> {
        let mut out = Vec::new();
        let Some(piece) = pos.piece_at(from) else { return out };
        let kind = self.config.kind(piece.kind);
        if !kind.role.vehicle() {
            return out;
        }
        let towed = self.state(pos);
        for &step in Geometry::Square.neighbour_steps() {
            let mut at = from;
            let mut spent = 0u8;
            let mut victims: Vec<Square> = Vec::new();
            let mut through_enemy = false;
            while let Some(next) = self.board.step(at, step) {
                let Some(c) = enter_cost(kind, self.board.terrain(next)) else { break };
                spent = spent.saturating_add(c);
                if spent > kind.movement {
                    break;
                }
                match pos.piece_at(next) {
                    None => {
                        through_enemy = false;
                        if !victims.is_empty() {
                            out.push((next, victims.clone()));
                        }
                    }
                    Some(p) if p.side != piece.side && !through_enemy => {
                        let role = self.config.kind(p.kind).role;
                        if !may_overrun(kind.role, role, self.board.terrain(next)) || towed.is_towed(next) {
                            break;
                        }
                        // The exit square directly across must be free to enter.
                        victims.push(next);
                        through_enemy = true;
                    }
                    Some(_) => break,
                }
                at = next;
            }
        }
        out
    }

    /// What a move from `from` to `to` does, or `None` if it is not a legal move of the piece
    /// there (ignoring command). A straight line through enemies it may overrun is that
    /// overrun; any other move follows a cheapest path through empty squares.
    pub(super) fn plan(&self, pos: &Position, from: Square, to: Square) -> Option<Plan> {
        if let Some((_, victims)) = self.overruns(pos, from).into_iter().find(|(sq, _)| *sq == to) {
            return Some(Plan::Overrun(victims));
        }
        let files = usize::from(self.board.files());
        let cost = self.costs(pos, from);
        if to == from || cost[usize::from(to.rank) * files + usize::from(to.file)] == u8::MAX {
            return None;
        }
        match pos.piece_at(to) {
            None => Some(Plan::Plain),
            Some(enemy) => self.may_replace(pos, from, to, enemy).then_some(Plan::Replace(to)),
        }
    }

    /// Whether the piece on `from` may kill the enemy on `to` by moving onto it.
    fn may_replace(&self, pos: &Position, from: Square, to: Square, enemy: crate::piece::Piece) -> bool {
        let Some(mover) = pos.piece_at(from) else { return false };
        let attacker = self.config.kind(mover.kind).role;
        let defender = self.config.kind(enemy.kind).role;
        !self.state(pos).is_towed(to) && may_kill(attacker, How::Replacement, defender, self.board.terrain(to))
    }

    /// Every square the piece on `from` may move to (its command aside).
    pub(super) fn destinations(&self, pos: &Position, from: Square) -> Vec<Square> {
        let files = usize::from(self.board.files());
        let cost = self.costs(pos, from);
        let mut out: Vec<Square> = Vec::new();
        for (i, &c) in cost.iter().enumerate() {
            if c == u8::MAX || c == 0 {
                continue;
            }
            let to = Square::new((i % files) as u8, (i / files) as u8);
            match pos.piece_at(to) {
                None => out.push(to),
                Some(enemy) if self.may_replace(pos, from, to, enemy) => out.push(to),
                Some(_) => {}
            }
        }
        for (to, _) in self.overruns(pos, from) {
            if !out.contains(&to) {
                out.push(to);
            }
        }
        out
    }
}
