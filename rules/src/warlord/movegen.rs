//! Where a piece may move, from the data of its kind. Cost is proportional to the squares the
//! piece looks at, never to the size of the board.

use super::terrain::{is_obstacle, TerrainProfile};
use super::WarlordRules;
use crate::action::Action;
use crate::geometry::{Geometry, Lattice};
use crate::movement::{Lines, MoveRule, Passing};
use crate::position::{Position, EMPTY};
use crate::terrain::Terrain;
use std::cell::Cell;

const WATER: u8 = Terrain::Water as u8;
const OFF: u16 = u16::MAX;

/// What stands on a cell, from the mover's point of view.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Content {
    Off,
    Water,
    Empty,
    Friend,
    Enemy,
}

/// A view of the position for generating one side's moves.
pub(super) struct MoveGen<'a> {
    rules: &'a WarlordRules,
    pos: &'a Position,
    side: crate::Side,
    /// Whether the board has any town, trees or hill (if not, terrain checks are skipped).
    terrain: bool,
    /// When counting ([`Self::counting`]): the moves found so far; only captures are kept.
    count: Option<Cell<usize>>,
}

impl<'a> MoveGen<'a> {
    /// A generator that appends every move it finds.
    pub(super) fn new(rules: &'a WarlordRules, pos: &'a Position) -> MoveGen<'a> {
        MoveGen { rules, pos, side: pos.to_move, terrain: rules.has_obstacles, count: None }
    }

    /// A generator that counts every move it finds ([`Self::counted`]) and appends only those
    /// that land on an enemy: the same captures, in the same order, as [`Self::new`]'s listing.
    pub(super) fn counting(rules: &'a WarlordRules, pos: &'a Position) -> MoveGen<'a> {
        MoveGen { count: Some(Cell::new(0)), ..MoveGen::new(rules, pos) }
    }

    /// The moves a counting generator has found (0 for one that lists them).
    pub(super) fn counted(&self) -> usize {
        self.count.as_ref().map_or(0, Cell::get)
    }

    /// Whether a cell holds blocking terrain (always false on boards without any).
    #[inline]
    fn obstacle(&self, cell: usize) -> bool {
        self.terrain && is_obstacle(self.pos.board().cell(cell))
    }

    /// Whether a move may pass over the water cell `cell`: only with the water-crossing option,
    /// and never over a cell that is not a square of the board (the corners outside a ring).
    #[inline]
    fn crosses(&self, cell: usize) -> bool {
        self.rules.options.water_crossing && !self.rules.outside[cell]
    }

    /// Whether an enemy of the mover stands on `to`.
    fn lands_on_enemy(&self, to: crate::square::Square) -> bool {
        self.content(self.pos.board().index(to)) == Content::Enemy
    }

    #[inline]
    fn content(&self, cell: usize) -> Content {
        match self.pos.cell(cell) {
            OFF => Content::Off,
            EMPTY => {
                if self.pos.board().cell(cell) == WATER {
                    Content::Water
                } else {
                    Content::Empty
                }
            }
            n => {
                if self.pos.slots[usize::from(n) - 1].side == self.side {
                    Content::Friend
                } else {
                    Content::Enemy
                }
            }
        }
    }

    #[inline(always)]
    fn emit(&self, from: usize, to: usize, out: &mut Vec<Action>) {
        if let Some(count) = &self.count {
            count.set(count.get() + 1);
            if self.content(to) != Content::Enemy {
                return;
            }
        }
        let board = self.pos.board();
        out.push(Action::Move { from: board.square(from), to: board.square(to) });
    }

    /// Appends every move of the piece in `slot` (ignoring activation).
    pub(super) fn piece_moves(&self, slot: u32, out: &mut Vec<Action>) {
        let s = &self.pos.slots[slot as usize];
        let from = s.cell as usize;
        let start = out.len();
        let kind = &self.rules.compiled[usize::from(s.kind)];
        if let (true, Some(count)) = (kind.overlapping, &self.count) {
            // Rules that overlap reach some squares twice: list, merge, then count and keep.
            let mut moves = Vec::new();
            MoveGen::new(self.rules, self.pos).piece_moves(slot, &mut moves);
            count.set(count.get() + moves.len());
            out.extend(moves.into_iter().filter(|a| a.destination().is_some_and(|to| self.lands_on_enemy(to))));
            return;
        }
        let profile = kind.terrain;
        for rule in &kind.rules {
            match rule {
                CompiledRule::Walk { steps, ring } if *steps <= 2 => self.short_walk(from, *steps, ring, profile, out),
                CompiledRule::Walk { steps, .. } => self.walk(from, *steps, profile, out),
                CompiledRule::Line { steps, max, passing } => {
                    for &step in steps {
                        self.line(from, step, *max, *passing, profile, out);
                    }
                }
                CompiledRule::Leap { targets } => self.leap(from, targets, profile, out),
            }
        }
        if kind.overlapping {
            dedup_tail(out, start);
        }
    }

    /// A walk of one or two king steps, from a table: the eight neighbours are looked at once;
    /// a square two steps away is reached when one of the neighbours next to it is passable
    /// (empty, not water, and not terrain the piece may not pass through). The same squares as
    /// [`Self::walk`], without its bookkeeping.
    fn short_walk(&self, from: usize, steps: u8, ring: &WalkRing, profile: TerrainProfile, out: &mut Vec<Action>) {
        let mut open = 0u8;
        for (i, &offset) in self.rules.neighbour_offsets.iter().enumerate() {
            let to = (from as isize + offset) as usize;
            match self.content(to) {
                Content::Empty => {
                    self.emit(from, to, out);
                    if profile.ignores || !self.obstacle(to) {
                        open |= 1 << i;
                    }
                }
                Content::Enemy => self.emit(from, to, out),
                Content::Off | Content::Water | Content::Friend => {}
            }
        }
        if steps < 2 || open == 0 {
            return;
        }
        for &(offset, via) in &ring.second {
            if open & via != 0 {
                let to = (from as isize + offset) as usize;
                if matches!(self.content(to), Content::Empty | Content::Enemy) {
                    self.emit(from, to, out);
                }
            }
        }
    }

    /// King steps, turning freely, never through a piece or water (nor terrain, except for
    /// leaders), never back to the start.
    fn walk(&self, from: usize, steps: u8, profile: TerrainProfile, out: &mut Vec<Action>) {
        let neighbours = &self.rules.neighbour_offsets;
        let width = usize::from(steps) * 2 + 1;
        let centre = usize::from(steps) * width + usize::from(steps);
        let mut visited = 1u64 << centre;
        // Frontier entries: (bit of the offset from the start, padded cell).
        let mut frontier = [(0usize, 0usize); 64];
        let mut next = [(0usize, 0usize); 64];
        frontier[0] = (centre, from);
        let mut len = 1;
        for _ in 0..steps {
            let mut next_len = 0;
            for &(bit, cell) in &frontier[..len] {
                let (f, r) = ((bit % width) as i32, (bit / width) as i32);
                for (&offset, &(df, dr)) in neighbours.iter().zip(self.rules.neighbour_steps) {
                    let (nf, nr) = (f + df, r + dr);
                    if nf < 0 || nr < 0 || nf >= width as i32 || nr >= width as i32 {
                        continue;
                    }
                    let nbit = nr as usize * width + nf as usize;
                    if visited & (1 << nbit) != 0 {
                        continue;
                    }
                    visited |= 1 << nbit;
                    let to = (cell as isize + offset) as usize;
                    match self.content(to) {
                        Content::Empty => {
                            self.emit(from, to, out);
                            if profile.ignores || !self.obstacle(to) {
                                next[next_len] = (nbit, to);
                                next_len += 1;
                            }
                        }
                        Content::Enemy => self.emit(from, to, out),
                        Content::Off | Content::Water | Content::Friend => {}
                    }
                }
            }
            std::mem::swap(&mut frontier, &mut next);
            len = next_len;
        }
    }

    /// A straight line of up to `max` squares in one direction.
    fn line(
        &self,
        from: usize,
        step: isize,
        max: u8,
        passing: Passing,
        profile: TerrainProfile,
        out: &mut Vec<Action>,
    ) {
        let extended = self.rules.options.extended_charge;
        let mut cell = from;
        let mut empties_before = [false; 2];
        // Enemies jumped just before this square (charge), and whether the move must stop here.
        let mut enemy_run = 0u8;
        for d in 1..=max {
            cell = (cell as isize + step) as usize;
            let here = self.content(cell);
            if here == Content::Off || (here == Content::Water && !self.crosses(cell)) {
                return;
            }
            let may_land = match passing {
                Passing::StepJump => d < 3 || empties_before[0] || empties_before[1],
                _ => true,
            };
            if self.obstacle(cell) && !profile.ignores {
                // Terrain blocks movement through it, not into it (for those allowed in).
                let code = self.pos.board().cell(cell);
                if may_land && matches!(here, Content::Empty | Content::Enemy) && profile.may_enter(code, d) {
                    self.emit(from, cell, out);
                }
                return;
            }
            if may_land && matches!(here, Content::Empty | Content::Enemy) {
                self.emit(from, cell, out);
            }
            let occupied = matches!(here, Content::Friend | Content::Enemy);
            match passing {
                Passing::Slide if occupied => return,
                Passing::Slide | Passing::Jump => {}
                Passing::StepJump => {
                    if d <= 2 {
                        empties_before[usize::from(d) - 1] = !occupied && here != Content::Water;
                    }
                }
                Passing::Charge => {
                    if enemy_run > 0 {
                        // The square right after the enemies jumped: the charge stops here,
                        // unless the extended charge jumps a second enemy in a row.
                        if !(extended && enemy_run == 1 && here == Content::Enemy) {
                            return;
                        }
                        enemy_run += 1;
                    } else if here == Content::Enemy {
                        enemy_run = 1;
                    }
                }
            }
        }
    }

    /// Leaps to precomputed targets. Straight leaps may not pass over water, nor over terrain
    /// (a skirmisher passes around one terrain square, not two side by side); a knight's leap is
    /// blocked by terrain only when both squares it passes between hold terrain.
    fn leap(&self, from: usize, targets: &[LeapTarget], profile: TerrainProfile, out: &mut Vec<Action>) {
        let board = self.pos.board();
        let at = |offset: isize| (from as isize + offset) as usize;
        for t in targets {
            let to = at(t.offset);
            if !matches!(self.content(to), Content::Empty | Content::Enemy) {
                continue;
            }
            if t.between.iter().any(|&o| board.cell(at(o)) == WATER && !self.crosses(at(o))) {
                continue;
            }
            if self.terrain && !profile.ignores {
                if !profile.may_enter(board.cell(to), 1) {
                    continue;
                }
                let flanked = self.obstacle(at(t.flank[0])) && self.obstacle(at(t.flank[1]));
                let blocked = if t.between.is_empty() {
                    flanked
                } else if profile.skirmisher && t.between.len() == 1 {
                    self.obstacle(at(t.between[0])) && (self.obstacle(at(t.flank[0])) || self.obstacle(at(t.flank[1])))
                } else {
                    t.between.iter().any(|&o| self.obstacle(at(o)))
                };
                if blocked {
                    continue;
                }
            }
            self.emit(from, to, out);
        }
    }
}

/// Sorts and deduplicates the actions appended after `start` (for pieces whose rules overlap).
fn dedup_tail(out: &mut Vec<Action>, start: usize) {
    out[start..].sort_by_key(|a| a.destination().map(|s| (s.rank, s.file)));
    let mut kept = start;
    for i in start..out.len() {
        if kept == start || out[i] != out[kept - 1] {
            out[kept] = out[i];
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// One leap target of a piece kind, as padded offsets from the start.
#[derive(Clone, Debug)]
pub(super) struct LeapTarget {
    /// The landing cell.
    pub offset: isize,
    /// The cells passed over along a straight leap (empty for a knight's leap).
    pub between: Vec<isize>,
    /// For a knight's leap, the two cells it passes between; for a straight leap, the two cells
    /// beside the first cell passed over.
    pub flank: [isize; 2],
}

/// The cells two steps from a cell, for walks: each padded offset with the set of neighbours
/// (bits in the order of the geometry's neighbour steps) a walk may pass through to reach it.
#[derive(Clone, Debug)]
pub(super) struct WalkRing {
    pub second: Vec<(isize, u8)>,
}

impl WalkRing {
    fn new(board: &crate::board::Board) -> WalkRing {
        let geometry = board.geometry();
        let second = geometry
            .ball(2)
            .into_iter()
            .filter(|&step| geometry.step_length(step) == 2)
            .map(|(dx, dy)| {
                let via = geometry
                    .neighbour_steps()
                    .iter()
                    .enumerate()
                    .filter(|(_, &(nx, ny))| geometry.step_length((dx - nx, dy - ny)) == 1)
                    .fold(0u8, |mask, (i, _)| mask | 1 << i);
                (board.offset(dx, dy), via)
            })
            .collect();
        WalkRing { second }
    }
}

/// A move rule with its offsets computed for one board.
#[derive(Clone, Debug)]
pub(super) enum CompiledRule {
    Walk { steps: u8, ring: WalkRing },
    Line { steps: Vec<isize>, max: u8, passing: Passing },
    Leap { targets: Vec<LeapTarget> },
}

/// The cells a leap `[a, b]` to the lattice step `(f, r)` passes over or between
/// (docs/RULES.md, "Geometry": leaps on hexes).
///
/// A straight leap (`[0, n]` along edges, `[n, n]` through corners) passes over the cells of
/// its line, `n - 1` unit steps. Any other leap is `a` corner steps and `b - a` edge steps, and
/// passes between the first edge step and the first corner step (the knight: between the
/// orthogonal step along its long side and the diagonal step towards its landing square; on
/// hexes, the two hexes its straight line crosses).
fn leap_target(board: &crate::board::Board, a: u8, b: u8, (f, r): Lattice) -> LeapTarget {
    let geometry = board.geometry();
    let offset = |(x, y): Lattice| board.offset(x, y);
    if MoveRule::leap_is_straight(a, b) {
        let n = i32::from(b);
        let unit = (f / n, r / n);
        let between = (1..n).map(|i| offset((unit.0 * i, unit.1 * i))).collect();
        let flank = match geometry {
            // Beside the first cell passed over: one step perpendicular to the leap either way.
            Geometry::Square => [(unit.0 - unit.1, unit.1 + unit.0), (unit.0 + unit.1, unit.1 - unit.0)],
            // The two neighbours of the start nearest the leap's direction (a vertex step passes
            // between them; an edge step has them beside it, towards the start).
            Geometry::Hex => hex_neighbours_nearest(unit),
        };
        LeapTarget { offset: offset((f, r)), between, flank: flank.map(offset) }
    } else {
        let (edge, corner) = leap_decomposition(geometry, a, b, (f, r));
        LeapTarget { offset: offset((f, r)), between: Vec::new(), flank: [offset(edge), offset(corner)] }
    }
}

/// The two hex neighbour steps nearest in direction to a unit line step of a hex board, other
/// than the step itself.
fn hex_neighbours_nearest((ux, uy): Lattice) -> [Lattice; 2] {
    // Nearest by the dot product of the hex's Cartesian directions, `2 x + y` and `y` (the
    // vertical one scaled by sqrt 3, as in `geometry::hex_line`).
    let cartesian = |(x, y): Lattice| (2 * x + y, y);
    let (cx, cy) = cartesian((ux, uy));
    let mut near: Vec<Lattice> =
        Geometry::Hex.neighbour_steps().iter().copied().filter(|&step| step != (ux, uy)).collect();
    near.sort_by_key(|&step| {
        let (nx, ny) = cartesian(step);
        -(cx * nx + 3 * cy * ny)
    });
    [near[0], near[1]]
}

/// The edge unit step and the corner unit step of a leap that is `a` corner steps and `b - a`
/// edge steps (one that is not straight).
fn leap_decomposition(geometry: Geometry, a: u8, b: u8, (f, r): Lattice) -> (Lattice, Lattice) {
    let (a, rest) = (i32::from(a), i32::from(b) - i32::from(a));
    let edges = geometry.line_steps(Lines::Orthogonal);
    let corners = geometry.line_steps(Lines::Diagonal);
    edges
        .iter()
        .flat_map(|&e| corners.iter().map(move |&c| (e, c)))
        .find(|&((ex, ey), (cx, cy))| (a * cx + rest * ex, a * cy + rest * ey) == (f, r))
        // Always found: every leap step of both geometries is such a sum (docs/RULES.md).
        .unwrap_or((edges[0], corners[0]))
}

/// The compiled moves of one piece kind.
#[derive(Clone, Debug)]
pub(super) struct CompiledKind {
    pub rules: Vec<CompiledRule>,
    /// Whether two rules can reach the same square, so results need deduplicating.
    pub overlapping: bool,
    /// How it meets terrain.
    pub terrain: TerrainProfile,
}

impl CompiledKind {
    /// Compiles a kind's rules for a board.
    pub(super) fn new(kind: &crate::piece::PieceKind, board: &crate::board::Board) -> CompiledKind {
        let moves = &kind.moves;
        let rules = moves
            .iter()
            .map(|&rule| match rule {
                MoveRule::Walk { steps } => CompiledRule::Walk { steps, ring: WalkRing::new(board) },
                MoveRule::Line { lines, max, passing } => CompiledRule::Line {
                    steps: board.line_steps(lines).iter().map(|&(f, r)| board.offset(f, r)).collect(),
                    max,
                    passing,
                },
                MoveRule::Leap { a, b } => CompiledRule::Leap {
                    targets: board
                        .geometry()
                        .leap_steps(a, b)
                        .into_iter()
                        .map(|step| leap_target(board, a, b, step))
                        .collect(),
                },
            })
            .collect();
        CompiledKind {
            rules,
            overlapping: rules_overlap(board.geometry(), moves),
            terrain: TerrainProfile::of(kind.class),
        }
    }
}

/// Whether two of the rules reach a common offset on an empty board.
fn rules_overlap(geometry: Geometry, moves: &[MoveRule]) -> bool {
    let reach = |rule: MoveRule| -> Vec<(i32, i32)> {
        match rule {
            MoveRule::Walk { steps } => geometry.ball(steps).into_iter().filter(|&o| o != (0, 0)).collect(),
            MoveRule::Line { lines, max, .. } => geometry
                .line_steps(lines)
                .iter()
                .flat_map(|&(f, r)| (1..=i32::from(max)).map(move |d| (f * d, r * d)))
                .collect(),
            MoveRule::Leap { a, b } => geometry.leap_steps(a, b),
        }
    };
    let sets: Vec<Vec<(i32, i32)>> = moves.iter().map(|&m| reach(m)).collect();
    sets.iter().enumerate().any(|(i, a)| sets[i + 1..].iter().any(|b| a.iter().any(|o| b.contains(o))))
}
