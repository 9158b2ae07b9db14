//! A slow, obviously-correct model of a Warlord turn, written from the rules texts (files 000
//! and 001 of the seeds) and the rulings, without any of the engine's move generation or
//! activation code. It only reads positions through the public API.
//!
//! - Pieces move as the texts say, checked by walking every path explicitly, on square boards
//!   and on hex boards with the translations of docs/RULES.md ("Geometry", "On hex boards")
//!   in the model's own geometry (`grid.rs`).
//! - Towns, trees and hills follow the terrain table of docs/RULES.md (the texts' "Terrain"
//!   section with the project's decisions), written again here from that table.
//! - A turn is replayed from its start to know where every activator stood when each move
//!   started (rulings 2), and activation is decided by enumerating assignments of activators to
//!   moves (rulings 4).

#![allow(dead_code)]

use super::grid::{plus, times, Grid, Vec3};
use super::spec::{KindSpec, Spec};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use warlord_rules::{Action, Position, Side, Square};

/// A piece's role, as the texts name roles.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Class {
    Leader,
    HeavyCavalry,
    Cannon,
    LightCavalry,
    Infantry,
    Other,
}

/// What a straight-line move may pass over.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Passing {
    /// Every square before the landing square must be empty.
    Slide,
    /// Any pieces may be jumped.
    Jump,
    /// Hero and Shaman: "slide 1; or jump 2; or slide 1 and jump 2; or jump 2 and slide 1".
    HeroShaman,
    /// Heavy cavalry of Warlord 2.0 as first published.
    Charge,
}

/// One way of moving, as the texts describe it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Motion {
    /// Up to n king steps, changing direction at will, never through a piece, never back to
    /// the start (Leader, Chieftain: 2; Infantry, Warrior, Man: 1).
    Walk(u8),
    /// Straight along these unit directions, 1 to `max` squares.
    Line { lines: Lines, max: u8, passing: Passing },
    /// A leap to every (±a, ±b) and (±b, ±a).
    Leap(i32, i32),
}

/// The directions of a line move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Lines {
    /// "Orthogonally", through the sides of the cells: the 4 rook directions, the 6 hex edge
    /// directions.
    Edges,
    /// "Diagonally", through the corners: the 4 bishop directions, the 6 hex vertex directions.
    Corners,
}

/// A leader's power to activate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Commander {
    pub capacity: u8,
    pub range: u8,
    pub others: bool,
}

/// A piece kind of the model.
#[derive(Clone, Debug)]
pub struct Kind {
    pub class: Class,
    pub motions: Vec<Motion>,
    pub command: Option<Commander>,
}

/// The pieces of the texts, by their catalog names.
pub fn from_text(name: &str) -> (Class, Vec<Motion>) {
    use Motion::*;
    match name {
        // "It slides 1 or 2 squares. It may not jump. It may change direction during its move,
        // but may not move back to the square it started from."
        "leader" | "chieftain" => (Class::Leader, vec![Walk(2)]),
        // "steps 1 square in any direction, to any of the 8 adjacent squares"
        "infantry" | "warrior" | "man" => (Class::Infantry, vec![Walk(1)]),
        // "slide 1; or jump 2; or slide 1 and jump 2; or jump 2 and slide 1, horizontally or
        // vertically only" / the diagonal analog.
        "hero" => (Class::Other, vec![Line { lines: Lines::Edges, max: 3, passing: Passing::HeroShaman }]),
        "shaman" => (Class::Other, vec![Line { lines: Lines::Corners, max: 3, passing: Passing::HeroShaman }]),
        // "moves as the FIDE knight"
        "scout" | "light-cavalry" | "knight" => (Class::LightCavalry, vec![Leap(1, 2)]),
        // File 000: "up to 3 squares orthogonally ... They may freely jump any pieces".
        "heavy-cavalry" => (Class::HeavyCavalry, vec![Line { lines: Lines::Edges, max: 3, passing: Passing::Jump }]),
        // File 001: the limited charge.
        "heavy-cavalry-charge" => {
            (Class::HeavyCavalry, vec![Line { lines: Lines::Edges, max: 3, passing: Passing::Charge }])
        }
        // "up to 3 squares, diagonally only ... It may freely jump any 2 pieces"
        "cannon" => (Class::Cannon, vec![Line { lines: Lines::Corners, max: 3, passing: Passing::Jump }]),
        // "a 4-square bishop or a dabbabah" (B4D) / "a 4-square rook or an alfil" (AR4).
        "bishopy" => (Class::Other, vec![Line { lines: Lines::Corners, max: 4, passing: Passing::Slide }, Leap(0, 2)]),
        "rookish" => (Class::Other, vec![Line { lines: Lines::Edges, max: 4, passing: Passing::Slide }, Leap(2, 2)]),
        other => panic!("no text describes `{other}`"),
    }
}

/// The rules of one random scenario, in the model.
#[derive(Clone, Debug)]
pub struct Rules {
    pub grid: Grid,
    pub files: u8,
    pub ranks: u8,
    pub water: BTreeSet<Square>,
    /// Towns (`T`), trees (`F`) and hills (`^`).
    pub terrain: BTreeMap<Square, char>,
    pub kinds: Vec<Kind>,
    pub moves_per_turn: u8,
    pub cap_by_leaders: bool,
    pub first: Side,
    pub water_crossing: bool,
    pub extended_charge: bool,
    pub cannon_leader_swap: bool,
}

impl Rules {
    pub fn from_spec(spec: &Spec) -> Rules {
        let default_range = spec.default_range.unwrap_or(2);
        let o = spec.options;
        let kinds = spec
            .kinds
            .iter()
            .map(|KindSpec { like, command }| {
                let (class, mut motions) = from_text(like);
                let mut command = command.map(|(capacity, range, others)| Commander {
                    capacity,
                    range: range.unwrap_or(default_range),
                    others,
                });
                if class == Class::LightCavalry {
                    // "The knight pieces may self-activate. They may act as leaders that can only
                    // activate themselves."
                    if o.self_activating_knights && command.is_none() {
                        command = Some(Commander { capacity: 1, range: 0, others: false });
                    }
                    // "may also move 2 squares orthogonally ... and land on the same color"
                    if o.light_cavalry_extra_move {
                        motions.push(Motion::Leap(0, 2));
                    }
                }
                Kind { class, motions, command }
            })
            .collect();
        let mut water = BTreeSet::new();
        let mut terrain = BTreeMap::new();
        for rank in 0..spec.ranks {
            for file in 0..spec.files {
                match spec.code(file, rank) {
                    '~' => {
                        water.insert(Square::new(file, rank));
                    }
                    '.' => {}
                    code => {
                        terrain.insert(Square::new(file, rank), code);
                    }
                }
            }
        }
        Rules {
            grid: if spec.hex { Grid::Hex } else { Grid::Square },
            files: spec.files,
            ranks: spec.ranks,
            water,
            terrain,
            kinds,
            moves_per_turn: spec.moves_per_turn,
            cap_by_leaders: spec.cap_by_leaders,
            first: if spec.black_first { Side::Black } else { Side::White },
            water_crossing: o.water_crossing,
            extended_charge: o.extended_charge,
            cannon_leader_swap: o.cannon_leader_swap,
        }
    }

    /// The cell `step` away from `sq`, if it is on the board.
    pub fn step(&self, sq: Square, step: Vec3) -> Option<Square> {
        self.grid.cell(plus(self.grid.coords(sq), step), self.files, self.ranks)
    }
}

/// A piece in the model.
#[derive(Clone, Debug)]
pub struct Unit {
    pub kind: usize,
    pub side: Side,
    pub at: Square,
    pub alive: bool,
    pub moved: bool,
}

/// A move (or swap) made this turn, with the activators that were within range when it started.
#[derive(Clone, Debug)]
pub struct Activation {
    pub piece: usize,
    pub eligible: Vec<usize>,
    /// For a cannon-leader swap, the leader: "Neither piece may do anything else that turn."
    pub swap_leader: Option<usize>,
}

/// A turn in progress in the model.
#[derive(Clone, Debug)]
pub struct Turn<'r> {
    pub rules: &'r Rules,
    pub units: Vec<Unit>,
    pub mover: Side,
    /// Moves allowed this turn (rulings 5), fixed at its start.
    pub cap: usize,
    pub moves: Vec<Activation>,
    /// A side lost its last leader.
    pub over: bool,
}

/// What the model says may happen next.
#[derive(Clone, Debug, Default)]
pub struct Legal {
    pub actions: BTreeSet<ActionKey>,
    /// For each unmoved piece of the side to move: the squares of the activators that can
    /// activate it now.
    pub activators: BTreeMap<Square, BTreeSet<Square>>,
}

/// An action as an ordered key (for readable diffs).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ActionKey {
    Move(Square, Square),
    Swap(Square, Square),
    End,
}

impl ActionKey {
    pub fn of(a: &Action) -> Option<ActionKey> {
        match *a {
            Action::Move { from, to } => Some(ActionKey::Move(from, to)),
            Action::Swap { from, to } => Some(ActionKey::Swap(from, to)),
            Action::EndTurn => Some(ActionKey::End),
            _ => None,
        }
    }

    /// The engine's action for this key.
    pub fn action(self) -> Action {
        match self {
            ActionKey::Move(from, to) => Action::Move { from, to },
            ActionKey::Swap(from, to) => Action::Swap { from, to },
            ActionKey::End => Action::EndTurn,
        }
    }
}

impl<'r> Turn<'r> {
    /// The model of a turn starting in `start` (a position at the start of a turn).
    pub fn starting(rules: &'r Rules, start: &Position) -> Turn<'r> {
        let units: Vec<Unit> = start
            .placement()
            .into_iter()
            .map(|(at, p)| Unit { kind: usize::from(p.kind), side: p.side, at, alive: true, moved: false })
            .collect();
        Turn::of_units(rules, units, start.to_move())
    }

    /// The model of the next turn, the opponent's, after this one ends.
    pub fn following(&self) -> Turn<'r> {
        let units = self.units.iter().filter(|u| u.alive).map(|u| Unit { moved: false, ..u.clone() }).collect();
        Turn::of_units(self.rules, units, self.mover.opponent())
    }

    fn of_units(rules: &'r Rules, units: Vec<Unit>, mover: Side) -> Turn<'r> {
        // "A player may never move more pieces than that player has Leaders" (rulings 5).
        let leaders = units.iter().filter(|u| u.side == mover && rules.kinds[u.kind].class == Class::Leader).count();
        let mut cap = usize::from(rules.moves_per_turn);
        if rules.cap_by_leaders {
            cap = cap.min(leaders);
        }
        let over = Side::BOTH
            .iter()
            .any(|&s| !units.iter().any(|u| u.side == s && rules.kinds[u.kind].class == Class::Leader));
        Turn { rules, units, mover, cap, moves: Vec::new(), over }
    }

    pub fn unit_at(&self, sq: Square) -> Option<usize> {
        self.units.iter().position(|u| u.alive && u.at == sq)
    }

    fn is_water(&self, sq: Square) -> bool {
        self.rules.water.contains(&sq)
    }

    fn is_empty(&self, sq: Square) -> bool {
        self.unit_at(sq).is_none()
    }

    fn side_at(&self, sq: Square) -> Option<Side> {
        self.unit_at(sq).map(|u| self.units[u].side)
    }

    /// "No piece lands on water"; captures are of enemies only.
    fn may_land(&self, sq: Square, side: Side) -> bool {
        !self.is_water(sq) && self.side_at(sq) != Some(side)
    }

    /// A town, trees or hill: "All non-open terrain blocks movement through it, but not into or
    /// out of it. Exception: Leaders."
    fn blocks(&self, sq: Square, class: Class) -> bool {
        class != Class::Leader && self.rules.terrain.contains_key(&sq)
    }

    /// Whether a piece may end a move of `distance` squares on `sq`, as far as terrain goes:
    /// heavy cavalry never into trees, cannon never onto hills; heavy cavalry into towns and
    /// hills, cannon into towns and trees, only by a one-square move ("It takes their entire
    /// movement to enter a terrain square").
    fn may_enter(&self, sq: Square, class: Class, distance: i32) -> bool {
        match (class, self.rules.terrain.get(&sq)) {
            (_, None) | (Class::Leader, _) => true,
            (Class::HeavyCavalry, Some('F')) | (Class::Cannon, Some('^')) => false,
            (Class::HeavyCavalry, Some('T' | '^')) | (Class::Cannon, Some('T' | 'F')) => distance == 1,
            _ => true,
        }
    }

    /// Rulings 9: no straight-line move passes over water, unless the Lakes option lets pieces
    /// other than leaders and infantry cross.
    fn may_pass_over(&self, squares: &[Square], class: Class) -> bool {
        let crossing = self.rules.water_crossing && !matches!(class, Class::Leader | Class::Infantry);
        crossing || squares.iter().all(|&s| !self.is_water(s))
    }

    /// The activators of the side to move that are within range of the piece `u` now (rulings
    /// 1, 2, 21): pieces with a command, within its range in king steps (hex steps on a hex
    /// board); a self-only commander
    /// activates only itself.
    pub fn eligible(&self, u: usize) -> Vec<usize> {
        let here = self.units[u].at;
        (0..self.units.len())
            .filter(|&a| {
                let unit = &self.units[a];
                if !unit.alive || unit.side != self.mover {
                    return false;
                }
                match self.rules.kinds[unit.kind].command {
                    Some(c) if c.capacity > 0 => {
                        a == u || (c.others && self.rules.grid.distance(unit.at, here) <= i32::from(c.range))
                    }
                    _ => false,
                }
            })
            .collect()
    }

    fn capacity(&self, a: usize) -> usize {
        self.rules.kinds[self.units[a].kind].command.map_or(0, |c| usize::from(c.capacity))
    }

    /// Rulings 4: whether some assignment of activators to `moves` exists, each move to one of
    /// its eligible activators, no activator over its capacity, and a leader that swapped
    /// activating nothing but its swap. Enumerates assignments depth first; a partial
    /// assignment that already breaks a limit is not extended (extending it cannot repair it).
    pub fn assignable(&self, moves: &[Activation]) -> bool {
        fn go(turn: &Turn, moves: &[Activation], chosen: &mut Vec<usize>) -> bool {
            let i = chosen.len();
            if i == moves.len() {
                return true;
            }
            for &a in &moves[i].eligible {
                chosen.push(a);
                let load = chosen.iter().filter(|&&x| x == a).count();
                let swap_conflict = moves.iter().enumerate().any(|(j, m)| {
                    m.swap_leader.is_some_and(|l| chosen.iter().enumerate().any(|(k, &x)| k != j && x == l))
                });
                if load <= turn.capacity(a) && !swap_conflict && go(turn, moves, chosen) {
                    return true;
                }
                chosen.pop();
            }
            false
        }
        go(self, moves, &mut Vec::new())
    }

    /// Plays one action in the model (the action is assumed legal; the model checks only what
    /// it needs to stay consistent).
    pub fn apply(&mut self, action: &Action) -> Result<(), String> {
        match *action {
            Action::Move { from, to } => {
                let u = self.unit_at(from).ok_or(format!("model: no piece on {from}"))?;
                let eligible = self.eligible(u);
                self.moves.push(Activation { piece: u, eligible, swap_leader: None });
                if let Some(victim) = self.unit_at(to) {
                    self.units[victim].alive = false;
                    let side = self.units[victim].side;
                    let left = self
                        .units
                        .iter()
                        .any(|x| x.alive && x.side == side && self.rules.kinds[x.kind].class == Class::Leader);
                    if !left {
                        self.over = true;
                    }
                }
                self.units[u].at = to;
                self.units[u].moved = true;
            }
            Action::Swap { from, to } => {
                let c = self.unit_at(from).ok_or(format!("model: no cannon on {from}"))?;
                let l = self.unit_at(to).ok_or(format!("model: no leader on {to}"))?;
                let eligible = self.eligible(c);
                self.moves.push(Activation { piece: c, eligible, swap_leader: Some(l) });
                self.units[c].at = to;
                self.units[l].at = from;
                self.units[c].moved = true;
                self.units[l].moved = true;
            }
            Action::EndTurn => {}
            other => return Err(format!("model: {other:?} is no Warlord action")),
        }
        Ok(())
    }

    /// Whether the turn ends by itself after the moves made (the cap is reached).
    pub fn cap_reached(&self) -> bool {
        self.moves.len() >= self.cap
    }

    /// Every legal action now, and the activators of every unmoved piece.
    pub fn legal(&self, passes_before: u32) -> Legal {
        let mut legal = Legal::default();
        // Two passes in a row draw; capturing every enemy leader wins.
        if self.over || passes_before >= 2 {
            return legal;
        }
        legal.actions.insert(ActionKey::End);
        let room = self.moves.len() < self.cap;
        // Which activators could take one more move: a new move with only that activator.
        let could_take = |a: usize| {
            let mut moves = self.moves.clone();
            moves.push(Activation { piece: usize::MAX, eligible: vec![a], swap_leader: None });
            self.assignable(&moves)
        };
        let mut takes: HashMap<usize, bool> = HashMap::new();
        for u in 0..self.units.len() {
            let unit = &self.units[u];
            if !unit.alive || unit.side != self.mover || unit.moved {
                continue;
            }
            let mut activators = BTreeSet::new();
            if room {
                for a in self.eligible(u) {
                    if *takes.entry(a).or_insert_with(|| could_take(a)) {
                        activators.insert(self.units[a].at);
                    }
                }
            }
            if !activators.is_empty() {
                for to in self.destinations(u) {
                    legal.actions.insert(ActionKey::Move(unit.at, to));
                }
            }
            legal.activators.insert(unit.at, activators);
        }
        // "Whenever a cannon and a leader are orthogonally next to each other, they may exchange
        // squares as 1 action during the turn. Neither piece may do anything else that turn."
        if room && self.rules.cannon_leader_swap {
            for c in 0..self.units.len() {
                let cannon = &self.units[c];
                if !cannon.alive
                    || cannon.side != self.mover
                    || cannon.moved
                    || self.rules.kinds[cannon.kind].class != Class::Cannon
                {
                    continue;
                }
                // On a hex board, "orthogonally next to" is one of the six neighbours.
                for e in self.rules.grid.edges() {
                    let Some(sq) = self.rules.step(cannon.at, e) else { continue };
                    let Some(l) = self.unit_at(sq) else { continue };
                    let leader = &self.units[l];
                    if leader.side != self.mover || leader.moved || self.rules.kinds[leader.kind].class != Class::Leader
                    {
                        continue;
                    }
                    // Each piece lands where its class may stand, the swap being a one-square move:
                    // the cannon never on a hill (the leader goes where a cannon stood, which a
                    // leader always may).
                    if !self.may_enter(sq, Class::Cannon, 1) {
                        continue;
                    }
                    let mut moves = self.moves.clone();
                    moves.push(Activation { piece: c, eligible: self.eligible(c), swap_leader: Some(l) });
                    if self.assignable(&moves) {
                        legal.actions.insert(ActionKey::Swap(cannon.at, sq));
                    }
                }
            }
        }
        legal
    }

    /// Every square the piece `u` may move to, ignoring activation.
    pub fn destinations(&self, u: usize) -> BTreeSet<Square> {
        let unit = &self.units[u];
        let kind = &self.rules.kinds[unit.kind];
        let mut out = BTreeSet::new();
        for &motion in &kind.motions {
            match motion {
                Motion::Walk(n) => self.walks(unit.at, unit.side, kind.class, n, &mut out),
                Motion::Line { lines, max, passing } => {
                    let dirs = match lines {
                        Lines::Edges => self.rules.grid.edges(),
                        Lines::Corners => self.rules.grid.corners(),
                    };
                    for dir in dirs {
                        for d in 1..=i32::from(max) {
                            let Some(to) = self.rules.step(unit.at, times(dir, d)) else { break };
                            let between: Vec<Square> =
                                (1..d).map(|i| self.rules.step(unit.at, times(dir, i)).expect("on the line")).collect();
                            if self.line_ok(&between, to, unit.side, kind.class, passing) {
                                out.insert(to);
                            }
                        }
                    }
                }
                Motion::Leap(a, b) => {
                    for step in self.rules.grid.leaps(a, b) {
                        let Some(to) = self.rules.step(unit.at, step) else { continue };
                        if !self.may_land(to, unit.side) {
                            continue;
                        }
                        // A straight leap (dabbabah, alfil) passes over the cells between; a
                        // knight's leap only checks its landing cell (rulings 9).
                        let straight = self.rules.grid.straight(step);
                        let between: Vec<Square> = match straight {
                            Some((u, n)) => {
                                (1..n).map(|i| self.rules.step(unit.at, times(u, i)).expect("on the line")).collect()
                            }
                            None => Vec::new(),
                        };
                        if self.may_pass_over(&between, kind.class)
                            && self.leap_clear_of_terrain(unit.at, (a, b), step, &between, kind.class)
                            && self.may_enter(to, kind.class, 1)
                        {
                            out.insert(to);
                        }
                    }
                }
            }
        }
        out
    }

    /// The terrain rule for leaps (docs/RULES.md, **Decision**, and "what a leap passes on
    /// hexes"): a knight-like leap `[a, b]` passes between its first edge step and its first
    /// corner step (on a square board the orthogonal step along its long side and the diagonal
    /// step towards its landing square; on hexes the two hexes its straight line crosses), and
    /// is blocked only when both hold terrain ("2 or more terrain squares side by side will
    /// block a skirmisher"). A straight leap passes over its middle cells: blocked by terrain
    /// there, except that a skirmisher goes around a single one unless one of the two cells
    /// beside it holds terrain too.
    fn leap_clear_of_terrain(
        &self,
        from: Square,
        (a, b): (i32, i32),
        step: Vec3,
        between: &[Square],
        class: Class,
    ) -> bool {
        if class == Class::Leader {
            return true;
        }
        let grid = self.rules.grid;
        let terrain_at = |s: Vec3| self.rules.step(from, s).is_some_and(|s| self.rules.terrain.contains_key(&s));
        match grid.straight(step) {
            None => {
                let (corner, edge) = grid.decomposition(a, b, step).expect("every leap is corner and edge steps");
                !(terrain_at(edge) && terrain_at(corner))
            }
            Some((u, _)) => {
                if !between.iter().any(|s| self.rules.terrain.contains_key(s)) {
                    return true;
                }
                if class == Class::LightCavalry && between.len() == 1 {
                    return !grid.beside(u).iter().any(|&s| terrain_at(s));
                }
                false
            }
        }
    }

    /// Every path of 1 to `n` steps to a neighbour (king steps, hex steps): the squares walked through must be empty and dry,
    /// no square of the path is the start, and the last square is a landing square.
    fn walks(&self, start: Square, side: Side, class: Class, n: u8, out: &mut BTreeSet<Square>) {
        fn go(turn: &Turn, path: &mut Vec<Square>, side: Side, class: Class, left: u8, out: &mut BTreeSet<Square>) {
            let last = *path.last().expect("the start");
            for n in turn.rules.grid.neighbours() {
                let Some(next) = turn.rules.step(last, n) else { continue };
                path.push(next);
                let start = path[0];
                let steps = &path[1..];
                let through = &steps[..steps.len() - 1];
                let ok = steps.iter().all(|&s| s != start)
                    && through.iter().all(|&s| turn.is_empty(s) && !turn.is_water(s) && !turn.blocks(s, class))
                    && turn.may_land(next, side)
                    && turn.may_enter(next, class, steps.len() as i32);
                if ok {
                    out.insert(next);
                }
                if left > 1 {
                    go(turn, path, side, class, left - 1, out);
                }
                path.pop();
            }
        }
        go(self, &mut vec![start], side, class, n, out);
    }

    /// Whether a straight move over `between` to `to` is allowed.
    fn line_ok(&self, between: &[Square], to: Square, side: Side, class: Class, passing: Passing) -> bool {
        if !self.may_land(to, side) || !self.may_pass_over(between, class) {
            return false;
        }
        // Terrain stops a line ("cannot move to or capture any enemy unit in a square that is
        // 'behind' a terrain square"), though it may end on it.
        if between.iter().any(|&s| self.blocks(s, class)) || !self.may_enter(to, class, between.len() as i32 + 1) {
            return false;
        }
        let stand = |s: Square| self.is_empty(s) && !self.is_water(s);
        match passing {
            Passing::Slide => between.iter().all(|&s| self.is_empty(s)),
            Passing::Jump => true,
            Passing::HeroShaman => match between.len() {
                // slide 1; or jump 2 (over anything)
                0 | 1 => true,
                // slide 1 then jump 2 (stopping on the first square), or jump 2 then slide 1
                // (stopping on the second)
                2 => stand(between[0]) || stand(between[1]),
                _ => false,
            },
            Passing::Charge => {
                let enemy = |s: Square| self.side_at(s).is_some_and(|x| x != side);
                match between.iter().position(|&s| enemy(s)) {
                    // "They may freely jump any 1 or 2 friendly pieces in their way."
                    None => true,
                    // "They must stop on the square directly after the first enemy piece
                    // jumped"; the extended charge "may jump over 2 enemy pieces to land on the
                    // 3rd square".
                    Some(j) => {
                        between.len() == j + 1
                            || (self.rules.extended_charge && between.len() == j + 2 && enemy(between[j + 1]))
                    }
                }
            }
        }
    }
}
