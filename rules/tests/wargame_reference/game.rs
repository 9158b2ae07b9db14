//! The model's game: every piece with its identity, the actions of the turn so far with the
//! leaders that could order each one, the tows in progress, and how actions change all that
//! (kills, tows, the end of a turn with its surround, victory and passes). Built from an
//! engine position at the start of a turn, read through public accessors only.

#![allow(dead_code)]

use super::actions::KING;
use super::hex;
use super::line::clear;
use super::text::{self, Kind, Role, ACTIONS_PER_TURN, LEAD_BONUS};
use std::collections::BTreeSet;
use warlord_rules::wargame::WarGameRules;
use warlord_rules::{FamilyState, Geometry, Position, Ruleset, Side, Square, Terrain};

/// One piece, followed by identity through the game.
#[derive(Clone, Debug)]
pub struct Unit {
    /// The engine's kind id (for comparing placements).
    pub kind_id: u8,
    /// What the text says about its kind.
    pub kind: Kind,
    /// Whose it is.
    pub side: Side,
    /// Where it stands.
    pub at: Square,
    /// Still on the board.
    pub alive: bool,
    /// It has acted, or been towed, this turn ("No piece may move more than once in a turn").
    pub acted: bool,
    /// A paratrooper "prepped" to leap: from its preparation until it "has either already
    /// leaped or acted in any manner to cause an enemy piece to be removed from the board".
    pub prepped: bool,
}

/// An action as a comparable key.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Key {
    /// The end of the turn (a pass when nothing was done).
    End,
    /// A move by movement points (replacement and overrun included).
    Move(Square, Square),
    /// A shot: firer, target.
    Fire(Square, Square),
    /// A tow: tower, where the tower ends, the towed piece.
    Tow(Square, Square, Square),
    /// A paratrooper's preparation.
    Prep(Square),
    /// A prepared paratrooper's leap: where it stands, where it ends.
    Leap(Square, Square),
    /// WarGame 2's led move: the unit's start and end, the leader's start and end.
    Lead(Square, Square, Square, Square),
}

impl std::fmt::Display for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Key::End => write!(f, "end"),
            Key::Move(a, b) => write!(f, "{a}-{b}"),
            Key::Fire(a, b) => write!(f, "{a} fire {b}"),
            Key::Tow(a, b, c) => write!(f, "{a}-{b} tow {c}"),
            Key::Prep(a) => write!(f, "prep {a}"),
            Key::Leap(a, b) => write!(f, "{a} leap {b}"),
            Key::Lead(a, b, c, d) => write!(f, "{a}-{b} with {c}-{d}"),
        }
    }
}

/// A tow in progress: unit indices.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TowLink {
    /// The side of both pieces.
    pub side: Side,
    /// The towing unit.
    pub tower: usize,
    /// The towed unit.
    pub towed: usize,
}

/// The model's game.
#[derive(Clone, Debug)]
pub struct Game {
    /// Hexes (offset rows, docs/NOTATION.md) rather than squares.
    pub hex: bool,
    /// The movement a leader adds to a unit it goes along with (WarGame 2: 1; WarGame 1: 0).
    pub bonus: u32,
    /// Files and ranks.
    pub files: u8,
    /// Ranks.
    pub ranks: u8,
    /// The terrain, rank-major.
    pub terrain: Vec<Terrain>,
    /// Every piece that has been on the board.
    pub units: Vec<Unit>,
    /// Whose turn it is.
    pub to_move: Side,
    /// The actions of this turn, each with the leaders (unit indices) that could have ordered
    /// it when it started (rulings 2).
    pub turn: Vec<(Key, Vec<usize>)>,
    /// The tows in progress.
    pub tows: Vec<TowLink>,
    /// Passes in a row.
    pub passes: u32,
    /// The game is over.
    pub over: bool,
    /// The live unit on each square, rank-major: rebuilt from `units` after every change.
    grid: Vec<Option<usize>>,
}

impl Game {
    /// The model of `pos`, which must be at the start of a turn (no action played in it).
    pub fn from_position(rules: &WarGameRules, pos: &Position) -> Game {
        assert!(pos.actions_this_turn().is_empty(), "the model starts at the start of a turn");
        let board = pos.board();
        let terrain = board.squares().map(|s| board.terrain(s)).collect::<Vec<_>>();
        let files = board.files();
        // A WarGame 2 army has a Commander.
        let second = rules.pieces().by_symbol("CM").is_some();
        // `squares()` is rank-major from a1: check it, since the model indexes that way.
        for (i, s) in board.squares().enumerate() {
            assert_eq!(usize::from(s.rank) * usize::from(files) + usize::from(s.file), i);
        }
        // The option `leaders-overrun`: WarGame 1's "Leaders may overrun".
        let overrunning = |kind: Kind| Kind {
            overrun: kind.overrun || (kind.role == Role::Leader && rules.options().leaders_overrun),
            ..kind
        };
        let units: Vec<Unit> = pos
            .placement()
            .into_iter()
            .map(|(at, p)| Unit {
                kind_id: p.kind,
                kind: overrunning(if second {
                    text::second_kind(&rules.pieces().get(p.kind).symbol)
                } else {
                    text::kind(&rules.pieces().get(p.kind).symbol)
                }),
                side: p.side,
                at,
                alive: true,
                acted: false,
                prepped: pos.family_state().wargame().is_some_and(|s| s.prepped.contains(&at)),
            })
            .collect();
        let index = |sq: Square| units.iter().position(|u| u.at == sq).expect("a towing or towed piece");
        let tows = match pos.family_state() {
            FamilyState::WarGame(state) => state
                .tows
                .iter()
                .map(|t| TowLink { side: t.side, tower: index(t.tower), towed: index(t.towed) })
                .collect(),
            _ => Vec::new(),
        };
        let mut game = Game {
            hex: board.geometry() == Geometry::Hex,
            bonus: if second { LEAD_BONUS } else { 0 },
            files,
            ranks: board.ranks(),
            terrain,
            units,
            to_move: pos.to_move(),
            turn: Vec::new(),
            tows,
            passes: u32::from(pos.passes_in_row()),
            over: pos.outcome().is_some(),
            grid: Vec::new(),
        };
        game.rebuild();
        game
    }

    /// Recomputes which unit stands on each square.
    fn rebuild(&mut self) {
        self.grid = vec![None; self.terrain.len()];
        for (u, unit) in self.units.iter().enumerate().filter(|(_, u)| u.alive) {
            let i = usize::from(unit.at.rank) * usize::from(self.files) + usize::from(unit.at.file);
            assert!(self.grid[i].is_none(), "two units on {}", unit.at);
            self.grid[i] = Some(u);
        }
    }

    /// Whether a square is on the board.
    pub fn on_board(&self, f: i32, r: i32) -> Option<Square> {
        ((0..i32::from(self.files)).contains(&f) && (0..i32::from(self.ranks)).contains(&r))
            .then(|| Square::new(f as u8, r as u8))
    }

    /// The terrain of a square.
    pub fn terrain(&self, sq: Square) -> Terrain {
        self.terrain[usize::from(sq.rank) * usize::from(self.files) + usize::from(sq.file)]
    }

    /// The live unit on a square.
    pub fn unit_at(&self, sq: Square) -> Option<usize> {
        self.grid[usize::from(sq.rank) * usize::from(self.files) + usize::from(sq.file)]
    }

    /// Steps between two cells: king steps on squares (rulings 1), hex steps on hexes
    /// (rulings 21).
    pub fn distance(&self, a: Square, b: Square) -> u32 {
        if self.hex {
            hex::distance(a, b)
        } else {
            u32::from(a.file.abs_diff(b.file).max(a.rank.abs_diff(b.rank)))
        }
    }

    /// The directions to a neighbour: the eight king steps, or the six hex steps (in the
    /// model's own coordinates, `hex.rs`).
    pub fn directions(&self) -> &'static [(i32, i32)] {
        if self.hex {
            &hex::DIRECTIONS
        } else {
            &KING
        }
    }

    /// The cell `n` steps from `sq` in the direction `dir`, if on the board.
    pub fn step(&self, sq: Square, dir: (i32, i32), n: i32) -> Option<Square> {
        if self.hex {
            let (q, r) = hex::axial(sq);
            let (f, rank) = hex::offset((q + dir.0 * n, r + dir.1 * n));
            self.on_board(f, rank)
        } else {
            self.on_board(i32::from(sq.file) + dir.0 * n, i32::from(sq.rank) + dir.1 * n)
        }
    }

    /// The cells next to `sq` on the board.
    pub fn neighbours(&self, sq: Square) -> Vec<Square> {
        self.directions().iter().filter_map(|&d| self.step(sq, d, 1)).collect()
    }

    /// Whether a unit is being towed now.
    pub fn towed(&self, u: usize) -> bool {
        self.tows.iter().any(|t| t.towed == u)
    }

    /// Whether a line of fire from `a` to `b` is clear: units of both sides and non-open
    /// terrain block between them (rulings 17).
    pub fn sees(&self, a: Square, b: Square) -> bool {
        let blocks = |c: Square| {
            self.on_board(i32::from(c.file), i32::from(c.rank)).is_some()
                && (self.terrain(c) != Terrain::Open || self.unit_at(c).is_some())
        };
        if self.hex {
            hex::clear(a, b, blocks)
        } else {
            clear(a, b, blocks)
        }
    }

    /// The live units, sorted by square, as (square, kind id, side).
    pub fn placement(&self) -> Vec<(Square, u8, Side)> {
        let mut out: Vec<_> = self.units.iter().filter(|u| u.alive).map(|u| (u.at, u.kind_id, u.side)).collect();
        out.sort_by_key(|(s, _, _)| (s.rank, s.file));
        out
    }

    /// The squares of the prepared paratroopers, sorted rank-major.
    pub fn prepped_squares(&self) -> Vec<Square> {
        let mut out: Vec<Square> = self.units.iter().filter(|u| u.alive && u.prepped).map(|u| u.at).collect();
        out.sort_by_key(|s| (s.rank, s.file));
        out
    }

    /// The tows in progress as (side, tower's square, towed square), sorted.
    pub fn tow_squares(&self) -> Vec<(Side, Square, Square)> {
        let mut out: Vec<_> =
            self.tows.iter().map(|t| (t.side, self.units[t.tower].at, self.units[t.towed].at)).collect();
        out.sort_by_key(|&(side, a, b)| (side == Side::Black, a.rank, a.file, b.rank, b.file));
        out
    }

    /// Removes a unit, and the unit it tows ("Units being towed are eliminated if the units
    /// towing them are eliminated"). Returns the squares emptied.
    fn kill(&mut self, u: usize, out: &mut Vec<Square>) {
        if !self.units[u].alive {
            return;
        }
        self.units[u].alive = false;
        out.push(self.units[u].at);
        let towed: Vec<usize> = self.tows.iter().filter(|t| t.tower == u).map(|t| t.towed).collect();
        self.tows.retain(|t| t.tower != u && t.towed != u);
        for t in towed {
            self.kill(t, out);
        }
    }

    /// Whether `side` has lost every leader.
    fn leaderless(&self, side: Side) -> bool {
        !self.units.iter().any(|u| u.alive && u.side == side && u.kind.role == Role::Leader)
    }

    /// Plays an action the model finds legal; returns the squares of the pieces killed.
    pub fn apply(&mut self, key: Key) -> Vec<Square> {
        let mut killed = Vec::new();
        let actor = match key {
            Key::End => {
                self.end_turn(&mut killed);
                return killed;
            }
            Key::Move(from, _)
            | Key::Fire(from, _)
            | Key::Tow(from, _, _)
            | Key::Prep(from)
            | Key::Leap(from, _)
            | Key::Lead(from, _, _, _) => self.unit_at(from).expect("an actor"),
        };
        let mut eligible = self.activators(self.units[actor].at);
        match key {
            Key::Move(_, to) => {
                let effect = self.moves(actor).remove(&to).expect("a legal move");
                let victims: Vec<usize> = effect.iter().map(|&v| self.unit_at(v).expect("a victim")).collect();
                if !victims.is_empty() {
                    self.units[actor].prepped = false;
                }
                for v in victims {
                    self.kill(v, &mut killed);
                }
                self.units[actor].at = to;
            }
            Key::Lead(_, to, leader, leader_to) => {
                let guide = self.unit_at(leader).expect("a leader");
                let effect = self.moves_with(actor, self.bonus, Some(leader)).remove(&to).expect("a legal lead");
                let victims: Vec<usize> = effect.iter().map(|&v| self.unit_at(v).expect("a victim")).collect();
                if !victims.is_empty() {
                    self.units[actor].prepped = false;
                }
                for v in victims {
                    self.kill(v, &mut killed);
                }
                self.units[actor].at = to;
                self.units[guide].at = leader_to;
                self.units[guide].acted = true;
                // The order is the leader's own.
                eligible = vec![guide];
            }
            Key::Fire(_, target) => {
                let v = self.unit_at(target).expect("a target");
                self.kill(v, &mut killed);
                self.units[actor].prepped = false;
            }
            Key::Prep(_) => self.units[actor].prepped = true,
            Key::Leap(_, to) => {
                let effect = self.leaps(actor).remove(&to).expect("a legal leap");
                for v in effect {
                    let v = self.unit_at(v).expect("a victim");
                    self.kill(v, &mut killed);
                }
                self.units[actor].at = to;
                self.units[actor].prepped = false;
            }
            Key::Tow(from, to, towed) => {
                let load = self.unit_at(towed).expect("a towed piece");
                let end = self.tow_end(from, to);
                self.units[actor].at = to;
                self.units[load].at = end;
                self.units[load].acted = true;
                self.tows.push(TowLink { side: self.to_move, tower: actor, towed: load });
            }
            Key::End => unreachable!(),
        }
        self.rebuild();
        self.units[actor].acted = true;
        self.turn.push((key, eligible));
        if self.leaderless(self.to_move.opponent()) {
            self.over = true;
        } else if self.turn.len() >= ACTIONS_PER_TURN {
            self.end_turn(&mut killed);
        }
        killed
    }

    /// Rulings 18 (on hexes with six neighbours, rulings 21) for one unit of the side that did
    /// not move: no own unit next to it, every
    /// empty neighbour next to an enemy, and at least 3 enemies on its neighbours or on the
    /// neighbours of its empty neighbours.
    pub fn surrounded(&self, u: usize) -> bool {
        self.encircling(u).is_some()
    }

    /// The enemies around the unit `u` that surround it (rulings 18: those on its neighbours
    /// and on the neighbours of its empty neighbours), or `None` if it is not surrounded.
    pub fn encircling(&self, u: usize) -> Option<BTreeSet<(u8, u8)>> {
        let unit = &self.units[u];
        let around = |sq: Square| self.neighbours(sq);
        let side_at = |sq: Square| self.unit_at(sq).map(|v| self.units[v].side);
        let mut enemies = BTreeSet::new();
        for n in around(unit.at) {
            match side_at(n) {
                Some(s) if s == unit.side => return None,
                Some(_) => {
                    enemies.insert((n.rank, n.file));
                }
                None => {
                    let next: Vec<Square> =
                        around(n).into_iter().filter(|&m| side_at(m).is_some_and(|s| s != unit.side)).collect();
                    if next.is_empty() {
                        return None;
                    }
                    enemies.extend(next.iter().map(|m| (m.rank, m.file)));
                }
            }
        }
        (enemies.len() >= 3).then_some(enemies)
    }

    /// The end of a turn: the surround of the side that did not move (all at once; towed
    /// units are spared), the end of that side's tows, passes, victory.
    fn end_turn(&mut self, killed: &mut Vec<Square>) {
        let mover = self.to_move;
        let next = mover.opponent();
        let doomed: Vec<usize> = (0..self.units.len())
            .filter(|&u| self.units[u].alive && self.units[u].side == next && !self.towed(u) && self.surrounded(u))
            .collect();
        // Taking part in a custodial capture spends a paratrooper's preparation.
        let helpers: BTreeSet<(u8, u8)> = doomed.iter().filter_map(|&u| self.encircling(u)).flatten().collect();
        for unit in &mut self.units {
            if unit.alive && helpers.contains(&(unit.at.rank, unit.at.file)) {
                unit.prepped = false;
            }
        }
        for u in doomed {
            self.kill(u, killed);
        }
        self.rebuild();
        self.tows.retain(|t| t.side != next);
        self.passes = if self.turn.is_empty() { self.passes + 1 } else { 0 };
        self.turn.clear();
        for u in &mut self.units {
            u.acted = false;
        }
        self.to_move = next;
        if self.leaderless(next) || self.passes >= 2 {
            self.over = true;
        }
    }
}
