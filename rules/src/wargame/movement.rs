//! Movement in WarGame: movement points spent along the board's steps to a neighbour (king
//! steps on a square board, hex steps on a hex board), the cost of entering each terrain,
//! capture by replacement at the end of a move, and overruns straight through enemy units.
//! A move may get extra points and pass through one own piece's cell (a leader moving along
//! with the unit it leads, docs/RULES.md, "WarGame 2").

use super::captures::{may_kill, How};
use super::config::{KindRules, Role};
use super::WarGameRules;
use crate::action::Action;
use crate::geometry::Lattice;
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

impl Plan {
    /// The squares of the enemies the move kills.
    pub(super) fn victims(self) -> Vec<Square> {
        match self {
            Plan::Plain => Vec::new(),
            Plan::Replace(victim) => vec![victim],
            Plan::Overrun(victims) => victims,
        }
    }
}

/// What it costs a kind to enter a terrain, or `None` if it may never ("Hills cost 2 to move
/// onto [no artillery]", "Trees cost vehicles 4 to enter [no tanks]"; towns as open ground;
/// water never). WarGame 2's cavalry pays 2 for trees, as for hills (docs/RULES.md,
/// "WarGame 2").
#[must_use]
pub fn enter_cost(kind: &KindRules, terrain: Terrain) -> Option<u8> {
    match terrain {
        Terrain::Water => None,
        Terrain::Open | Terrain::Town => Some(1),
        Terrain::Hill if kind.role == Role::Artillery => None,
        Terrain::Hill => Some(2),
        Terrain::Trees if kind.role == Role::Tank => None,
        Terrain::Trees if kind.role.vehicle() => Some(4),
        Terrain::Trees if kind.role == Role::Cavalry => Some(2),
        Terrain::Trees => Some(1),
    }
}

/// Whether an `attacker` of a kind that overruns may overrun a `defender` ("Tanks may overrun
/// Leaders and Infantry only", "Leaders may overrun Infantry and Artillery only"; WarGame 2's
/// cavalry overruns what tanks do).
#[must_use]
pub fn may_overrun(attacker: Role, defender: Role, terrain: Terrain) -> bool {
    let kinds = match attacker {
        Role::Tank | Role::Cavalry => matches!(defender, Role::Leader | Role::Infantry),
        Role::Leader => matches!(defender, Role::Infantry | Role::Artillery),
        _ => false,
    };
    // "Units in trees and towns may never be overrun."
    kinds && !matches!(terrain, Terrain::Trees | Terrain::Town)
}

/// How a move is made: the piece's own movement points plus `extra`, and one own piece's
/// square it may pass through as if empty (never end on). A plain move has neither; a unit
/// led by a leader gets the leader's bonus and passes its leader, and the leader passes the
/// unit (docs/RULES.md, "WarGame 2").
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Pace {
    /// Movement points added to the piece's own.
    pub extra: u8,
    /// The own piece's square treated as empty.
    pub passable: Option<Square>,
}

impl WarGameRules {
    /// The least cost of reaching each cell from `from` by the piece there, through empty
    /// cells only (and `pace.passable`), within its movement points and `pace.extra`, into
    /// `reach` (whose buffers are reused from piece to piece). Enemy cells get the cost of
    /// ending there (replacement). Works on the board's padded cells: a step to a neighbour
    /// is one index offset in every geometry, and the padding is off the board.
    pub(super) fn reach(&self, pos: &Position, from: Square, pace: Pace, reach: &mut Reach) {
        reach.reset(self.board.cell_count());
        let Some(piece) = pos.piece_at(from) else { return };
        let kind = self.config.kind(piece.kind);
        let budget = usize::from(kind.movement) + usize::from(pace.extra);
        let start = self.board.index(from);
        let passable = pace.passable.map(|sq| self.board.index(sq));
        let occupant = |cell: usize| if Some(cell) == passable { None } else { pos.slot_at(cell) };
        // What entering a cell costs this kind, by the cell's code (a terrain's discriminant):
        // 0 for never, as for the padding's code, which lies past the table's end.
        let mut enter = [0u8; Terrain::ALL.len()];
        for terrain in Terrain::ALL {
            enter[terrain as usize] = enter_cost(kind, terrain).unwrap_or(0);
        }
        reach.cost[start] = 0;
        reach.reached.push(start);
        // Costs are at most 4 a step and budgets small: a bucket queue by cost.
        for bucket in &mut reach.buckets {
            bucket.clear();
        }
        reach.buckets.resize_with(reach.buckets.len().max(budget + 1), Vec::new);
        reach.buckets[0].push(start);
        for c in 0..=budget {
            let mut i = 0;
            while i < reach.buckets[c].len() {
                let cell = reach.buckets[c][i];
                i += 1;
                if usize::from(reach.cost[cell]) != c || (cell != start && occupant(cell).is_some()) {
                    continue; // a cheaper path was found, or an enemy ends the move
                }
                for &offset in &self.neighbour_offsets {
                    let n = cell.wrapping_add_signed(offset);
                    let step = enter.get(usize::from(self.board.cell(n))).copied().unwrap_or(0);
                    if step == 0 {
                        continue;
                    }
                    let total = c + usize::from(step);
                    let known = reach.cost[n];
                    if total > budget || total >= usize::from(known) {
                        continue;
                    }
                    if occupant(n).is_some_and(|s| pos.slots[s as usize].side == piece.side) {
                        continue;
                    }
                    if known == u8::MAX {
                        reach.reached.push(n);
                    }
                    reach.cost[n] = total as u8;
                    reach.buckets[total].push(n);
                }
            }
        }
        // Padded cells run rank by rank: sorted cells are squares in rank-major order.
        reach.reached.sort_unstable();
    }

    /// The overruns of the piece on `from` (if its kind overruns): for each direction to a
    /// neighbour, the empty cells a straight line reaches after running through at least one
    /// enemy it may overrun, with the enemies run through.
    pub(super) fn overruns(&self, pos: &Position, from: Square, pace: Pace) -> Vec<(Square, Vec<Square>)> {
        let mut out = Vec::new();
        let Some(piece) = pos.piece_at(from) else { return out };
        let kind = self.config.kind(piece.kind);
        if !kind.overrun {
            return out;
        }
        let budget = kind.movement.saturating_add(pace.extra);
        let towed = self.state(pos);
        for &step in self.board.geometry().neighbour_steps() {
            let mut at = from;
            let mut spent = 0u8;
            let mut victims: Vec<Square> = Vec::new();
            let mut through_enemy = false;
            while let Some(next) = self.board.step(at, step) {
                let Some(c) = enter_cost(kind, self.board.terrain(next)) else { break };
                spent = spent.saturating_add(c);
                if spent > budget {
                    break;
                }
                match pos.piece_at(next).filter(|_| Some(next) != pace.passable) {
                    None => {
                        through_enemy = false;
                        if !victims.is_empty() && Some(next) != pace.passable {
                            out.push((next, victims.clone()));
                        }
                    }
                    Some(p) if p.side != piece.side && !through_enemy => {
                        let role = self.config.kind(p.kind).role;
                        if !may_overrun(kind.role, role, self.board.terrain(next)) || towed.is_towed(next) {
                            break;
                        }
                        // The exit cell directly across must be free to enter.
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

    /// What a move from `from` to `to` at `pace` does, or `None` if it is not a legal move of
    /// the piece there (ignoring command). A straight line through enemies it may overrun is
    /// that overrun; any other move follows a cheapest path through empty cells. It never
    /// ends on `pace.passable`.
    pub(super) fn plan(&self, pos: &Position, from: Square, to: Square, pace: Pace) -> Option<Plan> {
        if Some(to) == pace.passable {
            return None;
        }
        if let overrun @ Plan::Overrun(_) = Self::effect(pos, to, &self.overruns(pos, from, pace)) {
            return Some(overrun);
        }
        let mut reach = Reach::default();
        self.reach(pos, from, pace, &mut reach);
        if to == from || !reach.reached.contains(&self.board.index(to)) {
            return None;
        }
        match pos.piece_at(to) {
            None => Some(Plan::Plain),
            Some(enemy) => self.may_replace(pos, from, to, enemy).then_some(Plan::Replace(to)),
        }
    }

    /// What a move known to be legal does, found without checking it again (no path search),
    /// given the overruns of the moving piece at the move's pace ([`WarGameRules::overruns`]):
    /// the overrun ending on `to`, else the replacement of the enemy there (no overrun ends on
    /// a piece), else nothing; as [`WarGameRules::plan`] finds for a legal move.
    pub(super) fn effect(pos: &Position, to: Square, overruns: &[(Square, Vec<Square>)]) -> Plan {
        if let Some((_, victims)) = overruns.iter().find(|(sq, _)| *sq == to) {
            Plan::Overrun(victims.clone())
        } else if pos.piece_at(to).is_some() {
            Plan::Replace(to)
        } else {
            Plan::Plain
        }
    }

    /// Whether the piece on `from` may kill the enemy on `to` by moving onto it (its kind
    /// captures by replacement, and the terrain tables allow it).
    pub(super) fn may_replace(&self, pos: &Position, from: Square, to: Square, enemy: crate::piece::Piece) -> bool {
        let Some(mover) = pos.piece_at(from) else { return false };
        let kind = self.config.kind(mover.kind);
        let defender = self.config.kind(enemy.kind).role;
        kind.assault
            && !self.state(pos).is_towed(to)
            && may_kill(kind.role, How::Replacement, defender, self.board.terrain(to))
    }

    /// The squares the piece on `from` may move to at `pace` (its command aside), in
    /// rank-major order, then its overruns; `reach` holds reusable buffers.
    pub(super) fn destinations(&self, pos: &Position, from: Square, pace: Pace, reach: &mut Reach) -> Vec<Square> {
        self.reach(pos, from, pace, reach);
        let mut out = Vec::new();
        for &cell in &reach.reached {
            let to = self.board.square(cell);
            if to == from || Some(to) == pace.passable {
                continue;
            }
            match pos.piece_at(to) {
                None => out.push(to),
                Some(enemy) if self.may_replace(pos, from, to, enemy) => out.push(to),
                Some(_) => {}
            }
        }
        for (to, _) in self.overruns(pos, from, pace) {
            if !out.contains(&to) {
                out.push(to);
            }
        }
        out
    }

    /// Appends a move to every square the piece on `from` may move to (its command aside).
    pub(super) fn moves(&self, pos: &Position, from: Square, reach: &mut Reach, out: &mut Vec<Action>) {
        out.extend(
            self.destinations(pos, from, Pace::default(), reach).into_iter().map(|to| Action::Move { from, to }),
        );
    }

    /// The lattice step to a neighbour and the number of such steps that lead from `from` to
    /// `to` in a straight line, or `None` if `to` is not on one (nor `from` itself).
    pub(super) fn straight_line(&self, from: Square, to: Square) -> Option<(Lattice, u32)> {
        let geometry = self.board.geometry();
        let (ax, ay) = geometry.to_lattice(from);
        let (bx, by) = geometry.to_lattice(to);
        let n = geometry.distance(from, to);
        if n == 0 {
            return None;
        }
        let step = geometry
            .neighbour_steps()
            .iter()
            .copied()
            .find(|&(dx, dy)| ax + dx * n as i32 == bx && ay + dy * n as i32 == by)?;
        Some((step, n))
    }
}

/// The buffers of [`WarGameRules::reach`], reused from piece to piece, by padded cell: the
/// cost of each cell reached (`u8::MAX`: not reached), the cells reached, and the bucket
/// queue.
#[derive(Default)]
pub(super) struct Reach {
    cost: Vec<u8>,
    reached: Vec<usize>,
    buckets: Vec<Vec<usize>>,
}

impl Reach {
    /// The padded cells the last piece reached, sorted (rank-major).
    pub(super) fn cells(&self) -> &[usize] {
        &self.reached
    }

    /// Forgets the last piece's costs, touching only the cells it reached.
    fn reset(&mut self, cells: usize) {
        if self.cost.len() != cells {
            self.cost = vec![u8::MAX; cells];
        } else {
            for &cell in &self.reached {
                self.cost[cell] = u8::MAX;
            }
        }
        self.reached.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Ruleset;
    use crate::scenario::Scenario;

    /// For every legal move of a WarGame game's first turns, what the move does found without
    /// a path search is what the path search finds.
    #[test]
    fn a_legal_moves_effect_is_its_plan() {
        let text = include_str!("../../../scenarios/data/wargame-2-skirmish.toml");
        let rules = Scenario::parse(text, "wargame-2-skirmish.toml").expect("valid").wargame(&[]).expect("rules");
        let mut pos = rules.start();
        let (mut moves, mut kills) = (0, 0);
        for step in 0..40 {
            let legal = rules.legal_action_list(&pos);
            for action in &legal {
                if let Action::Move { from, to } = *action {
                    let plan = rules.plan(&pos, from, to, Pace::default());
                    let effect = WarGameRules::effect(&pos, to, &rules.overruns(&pos, from, Pace::default()));
                    assert_eq!(plan, Some(effect.clone()), "{action:?} at step {step}");
                    moves += 1;
                    kills += usize::from(effect != Plan::Plain);
                }
            }
            // A capture where there is one, else an action drawn by the step.
            let capture = legal.iter().find(|a| matches!(a, Action::Move { to, .. } if pos.piece_at(*to).is_some()));
            let action = capture.copied().unwrap_or(legal[step * 7919 % legal.len()]);
            rules.play(&mut pos, action).expect("a listed action");
            if pos.outcome().is_some() {
                break;
            }
        }
        assert!(moves > 1000 && kills > 0, "{moves} moves, {kills} that kill");
    }
}
