//! Fairness: "after you've done your set up, you can check access" (\[000] "SET-UPS"). For the
//! units terrain hinders (heavy cavalry, cannon, light cavalry), each side's march from its entry
//! blocks to every town (fewest moves, summed) and its mobility in its own half (moves available
//! from every square) are compared between the sides.
//!
//! The moves are the engine's: a lone piece of the generated scenario's kinds is put on each
//! square of a Warlord board with the terrain being checked, and
//! [`WarlordRules::piece_destinations`] says where it may go. Pieces that are farther apart
//! than their reach cannot see each other, so one position holds a whole lattice of them, and a
//! moved terrain square only asks again for the squares within reach of it.

use super::layout::half;
use super::{output, GenerateError};
use crate::board::Board;
use crate::geometry::Geometry;
use crate::piece::{KindId, Piece, PieceTable, UnitClass};
use crate::side::Side;
use crate::square::Square;
use crate::terrain::Terrain;
use crate::warlord::{WarlordConfig, WarlordOptions, WarlordRules, WarlordSetup};
use std::collections::VecDeque;

/// The relative difference the fairness check accepts between the two sides' access.
pub const FAIRNESS_TOLERANCE: f64 = 0.03;

/// The classes whose access is compared: the units that terrain hinders (leaders ignore it,
/// infantry step one square at a time).
const MEASURED: [UnitClass; 3] = [UnitClass::HeavyCavalry, UnitClass::Cannon, UnitClass::LightCavalry];

/// A fairness measurement.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) struct Score {
    /// The largest relative difference between the sides.
    pub(super) worst: f64,
    /// The sum of the relative differences (what the check lowers).
    pub(super) total: f64,
}

/// What [`Access::update`] replaced, for [`Access::undo`]: (mover, cell, its former moves).
pub(super) struct Undo(Vec<(usize, usize, Vec<u32>)>);

/// The access of both sides over one terrain grid (rank-major, `files` wide), with the moves of
/// every measured piece from every square.
pub(super) struct Access {
    geometry: Geometry,
    files: u8,
    ranks: u8,
    /// The generated scenario's piece kinds.
    pieces: PieceTable,
    /// The kinds measured, in the order of [`MEASURED`].
    movers: Vec<KindId>,
    /// The farthest a measured piece looks, in files and in ranks: its moves change only when
    /// terrain this close does.
    reach: u8,
    /// The towns' cells.
    towns: Vec<usize>,
    /// White's and Black's entry cells.
    sources: [Vec<usize>; 2],
    /// For each mover, the cells a lone piece on each cell may move to.
    moves: Vec<Vec<Vec<u32>>>,
}

impl Access {
    /// Measures access over `grid` between the entry squares of White and Black and the towns.
    pub(super) fn new(
        geometry: Geometry,
        files: u8,
        ranks: u8,
        towns: &[Square],
        entries: [&[Square]; 2],
        grid: &[Terrain],
    ) -> Result<Access, GenerateError> {
        let pieces = output::piece_table()?;
        let movers: Vec<KindId> = MEASURED
            .iter()
            .filter_map(|&class| pieces.iter().find(|(_, k)| k.class == class).map(|(id, _)| id))
            .collect();
        let steps = movers.iter().map(|&k| pieces.get(k).reach()).max().unwrap_or(1);
        // On hexes a vertex step is two hexes, up to 2 ranks or files away.
        let reach = match geometry {
            Geometry::Square => steps,
            Geometry::Hex => steps.saturating_mul(2),
        };
        let idx = |s: &Square| usize::from(s.rank) * usize::from(files) + usize::from(s.file);
        let mut access = Access {
            geometry,
            files,
            ranks,
            towns: towns.iter().map(idx).collect(),
            sources: entries.map(|e| e.iter().filter(|s| s.file < files && s.rank < ranks).map(idx).collect()),
            moves: vec![vec![Vec::new(); grid.len()]; movers.len()],
            pieces,
            movers,
            reach,
        };
        let all: Vec<usize> = (0..grid.len()).collect();
        access.recompute(grid, &all)?;
        Ok(access)
    }

    /// Takes in a change of `grid` at the `changed` squares: asks the engine again for the moves
    /// from every square within reach of them.
    pub(super) fn update(&mut self, grid: &[Terrain], changed: &[Square]) -> Result<Undo, GenerateError> {
        let reach = i32::from(self.reach);
        let (files, ranks) = (i32::from(self.files), i32::from(self.ranks));
        let mut near = vec![false; grid.len()];
        for s in changed {
            let (f0, r0) = (i32::from(s.file), i32::from(s.rank));
            for r in (r0 - reach).max(0)..=(r0 + reach).min(ranks - 1) {
                for f in (f0 - reach).max(0)..=(f0 + reach).min(files - 1) {
                    near[(r * files + f) as usize] = true;
                }
            }
        }
        let cells: Vec<usize> = (0..grid.len()).filter(|&c| near[c]).collect();
        let mut old = Vec::with_capacity(cells.len() * self.movers.len());
        for (m, moves) in self.moves.iter_mut().enumerate() {
            old.extend(cells.iter().map(|&c| (m, c, std::mem::take(&mut moves[c]))));
        }
        let undo = Undo(old);
        match self.recompute(grid, &cells) {
            Ok(()) => Ok(undo),
            Err(e) => {
                self.undo(undo);
                Err(e)
            }
        }
    }

    /// Puts back the moves an [`Access::update`] replaced (after the grid is put back).
    pub(super) fn undo(&mut self, undo: Undo) {
        for (m, c, moves) in undo.0 {
            self.moves[m][c] = moves;
        }
    }

    /// Asks the engine for the moves of every mover from the `cells`, on a board with `grid`.
    fn recompute(&mut self, grid: &[Terrain], cells: &[usize]) -> Result<(), GenerateError> {
        let (files, ranks) = (usize::from(self.files), usize::from(self.ranks));
        let square = |c: usize| Square::new((c % files) as u8, (c / files) as u8);
        let mut board = Board::with_geometry(self.geometry, files as u32, ranks as u32, self.pieces.reach())
            .map_err(|e| GenerateError(e.to_string()))?;
        for (c, &t) in grid.iter().enumerate() {
            if t != Terrain::Open {
                board.set_terrain(square(c), t).map_err(|e| GenerateError(e.to_string()))?;
            }
        }
        // Pieces on the same lattice square of a `spacing`-wide grid are out of each other's reach.
        let spacing = usize::from(self.reach) + 1;
        let mut groups = vec![Vec::new(); spacing * spacing];
        for &c in cells {
            groups[(c / files % spacing) * spacing + c % files % spacing].push(square(c));
        }
        for (m, &kind) in self.movers.iter().enumerate() {
            for group in groups.iter().filter(|g| !g.is_empty()) {
                let rules = WarlordRules::new(WarlordSetup {
                    board: board.clone(),
                    pieces: self.pieces.clone(),
                    placement: group.iter().map(|&s| (s, Piece { kind, side: Side::White })).collect(),
                    zones: [Vec::new(), Vec::new()],
                    config: WarlordConfig::basic(1),
                    options: WarlordOptions::default(),
                })
                .map_err(GenerateError)?;
                let start = crate::Ruleset::start(&rules);
                for &s in group {
                    self.moves[m][usize::from(s.rank) * files + usize::from(s.file)] = rules
                        .piece_destinations(&start, s)
                        .into_iter()
                        .map(|d| u32::from(d.rank) * u32::from(self.files) + u32::from(d.file))
                        .collect();
                }
            }
        }
        Ok(())
    }

    /// Fewest moves of mover `m` from the sources to every cell (`u32::MAX`: never).
    fn distances(&self, m: usize, sources: &[usize]) -> Vec<u32> {
        let moves = &self.moves[m];
        let mut dist = vec![u32::MAX; moves.len()];
        let mut queue = VecDeque::new();
        for &s in sources {
            if dist[s] != 0 {
                dist[s] = 0;
                queue.push_back(s);
            }
        }
        while let Some(c) = queue.pop_front() {
            for &n in &moves[c] {
                let n = n as usize;
                if dist[n] == u32::MAX {
                    dist[n] = dist[c] + 1;
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    /// Compares the sides' march to the towns and mobility in their own half, for each mover.
    pub(super) fn measure(&self) -> Score {
        let penalty = u64::from(self.files) + u64::from(self.ranks);
        let relative = |a: u64, b: u64| -> f64 {
            if a.abs_diff(b) <= 1 {
                0.0
            } else {
                a.abs_diff(b) as f64 / a.max(b) as f64
            }
        };
        let mut worst: f64 = 0.0;
        let mut total = 0.0;
        for (m, moves) in self.moves.iter().enumerate() {
            let mut march = [0u64; 2];
            let mut mobility = [0u64; 2];
            for (side, sources) in self.sources.iter().enumerate() {
                if !self.towns.is_empty() && !sources.is_empty() {
                    let dist = self.distances(m, sources);
                    march[side] = self
                        .towns
                        .iter()
                        .map(|&t| if dist[t] == u32::MAX { penalty } else { u64::from(dist[t]) })
                        .sum();
                }
            }
            for (c, to) in moves.iter().enumerate() {
                let sq = Square::new((c % usize::from(self.files)) as u8, (c / usize::from(self.files)) as u8);
                if let Some(side) = half(sq, self.ranks) {
                    mobility[side.index()] += to.len() as u64;
                }
            }
            for d in [relative(march[0], march[1]), relative(mobility[0], mobility[1])] {
                worst = worst.max(d);
                total += d;
            }
        }
        Score { worst, total }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    const FILES: u8 = 13;
    const RANKS: u8 = 11;

    fn access(geometry: Geometry, grid: &[Terrain]) -> Access {
        let towns = [Square::new(3, 5), Square::new(9, 5)];
        let (white, black) = ([Square::new(0, 0), Square::new(1, 0)], [Square::new(12, 10), Square::new(11, 10)]);
        Access::new(geometry, FILES, RANKS, &towns, [&white, &black], grid).unwrap()
    }

    /// The moves of a lone piece of `kind` on `sq`, on a board of its own.
    fn alone(a: &Access, grid: &[Terrain], kind: KindId, sq: Square) -> Vec<u32> {
        let mut board = Board::with_geometry(a.geometry, u32::from(FILES), u32::from(RANKS), a.pieces.reach()).unwrap();
        for (c, &t) in grid.iter().enumerate() {
            let at = Square::new((c % usize::from(FILES)) as u8, (c / usize::from(FILES)) as u8);
            board.set_terrain(at, t).unwrap();
        }
        let rules = WarlordRules::new(WarlordSetup {
            board,
            pieces: a.pieces.clone(),
            placement: vec![(sq, Piece { kind, side: Side::White })],
            zones: [Vec::new(), Vec::new()],
            config: WarlordConfig::basic(1),
            options: WarlordOptions::default(),
        })
        .unwrap();
        let to = rules.piece_destinations(&crate::Ruleset::start(&rules), sq);
        to.into_iter().map(|d| u32::from(d.rank) * u32::from(FILES) + u32::from(d.file)).collect()
    }

    #[test]
    fn the_moves_are_the_engines_for_a_lone_piece_and_follow_a_moved_square() {
        for geometry in [Geometry::Square, Geometry::Hex] {
            moves_follow_the_engine(geometry);
        }
    }

    fn moves_follow_the_engine(geometry: Geometry) {
        let mut rng = StdRng::seed_from_u64(5);
        let kinds = [Terrain::Open, Terrain::Open, Terrain::Town, Terrain::Trees, Terrain::Hill];
        let mut grid: Vec<Terrain> =
            (0..usize::from(FILES) * usize::from(RANKS)).map(|_| *kinds.choose(&mut rng).unwrap()).collect();
        let mut a = access(geometry, &grid);
        assert_eq!(a.movers.len(), 3, "heavy cavalry, cannon and light cavalry are measured");
        for (m, &kind) in a.movers.iter().enumerate() {
            for c in 0..grid.len() {
                let sq = Square::new((c % usize::from(FILES)) as u8, (c / usize::from(FILES)) as u8);
                assert_eq!(a.moves[m][c], alone(&a, &grid, kind, sq), "{geometry}: mover {m} on {sq}");
            }
        }
        let before = (a.moves.clone(), a.measure());
        // Move a hill next to open squares: only the squares near it are asked again.
        let files = usize::from(FILES);
        let (from, to) = (files + 1..grid.len())
            .filter(|&c| c % files > 0)
            .map(|c| (c, c - 1 - files))
            .find(|&(f, t)| grid[f] == Terrain::Hill && grid[t] == Terrain::Open)
            .unwrap();
        grid[to] = Terrain::Hill;
        grid[from] = Terrain::Open;
        let square = |c: usize| Square::new((c % files) as u8, (c / files) as u8);
        let undo = a.update(&grid, &[square(from), square(to)]).unwrap();
        assert_ne!(a.moves, before.0, "the hill changed some moves");
        assert_eq!(a.moves, access(geometry, &grid).moves, "as if measured afresh");
        assert_eq!(a.measure(), access(geometry, &grid).measure());
        grid[from] = Terrain::Hill;
        grid[to] = Terrain::Open;
        a.undo(undo);
        assert_eq!((a.moves.clone(), a.measure()), before);
    }
}
