//! Boards: a geometry, a size and terrain.
//!
//! Cells are stored in a padded "mailbox" in the geometry's lattice coordinates (see
//! [`crate::geometry`]): the board is surrounded by a border of off-board cells as wide as the
//! longest piece reach, so that a step to a neighbour or along a line is one constant index
//! offset, move generation never tests coordinates and its cost depends on the pieces, not on
//! the board's size.

use crate::geometry::{Geometry, Lattice, Sight};
use crate::movement::Lines;
use crate::square::{Square, MAX_SIDE};
use crate::terrain::Terrain;

/// A cell code for squares outside the board (in the padding).
pub(crate) const OFF_BOARD: u8 = 255;

/// The smallest board side the engine accepts.
pub const MIN_SIDE: u8 = 4;

/// Why a board could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A side is outside 4..=120.
    #[error("a board must be from {MIN_SIDE}x{MIN_SIDE} to {MAX_SIDE}x{MAX_SIDE}; this one is {files}x{ranks} (files x ranks)")]
    Size {
        /// Files asked for.
        files: u32,
        /// Ranks asked for.
        ranks: u32,
    },
    /// A square outside the board was named.
    #[error("square {square} is outside the {files}x{ranks} board")]
    OutOfBoard {
        /// The square.
        square: Square,
        /// Board files.
        files: u8,
        /// Board ranks.
        ranks: u8,
    },
}

/// A rectangular board (of squares, or of hexes in offset rows) with a terrain kind on every
/// cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    geometry: Geometry,
    files: u8,
    ranks: u8,
    pad: usize,
    /// How far the lattice x of the first file of the top row lies left of file `a` of rank 1
    /// (0 on square boards; `floor((ranks - 1) / 2)` on hex boards).
    shift: usize,
    stride: usize,
    /// Terrain code (or [`OFF_BOARD`]) of every padded cell.
    cells: Vec<u8>,
    /// `ceil(2^32 / stride)`: dividing a cell index by the stride is a multiply and a shift
    /// (exact for every index of a board up to 120x120 with its padding), so that finding a
    /// cell's square reads no table that grows with the board.
    stride_reciprocal: u64,
}

impl Board {
    /// An all-open square board of `files` x `ranks`, padded for pieces that reach up to
    /// `reach` squares in one leap or line.
    pub fn new(files: u32, ranks: u32, reach: u8) -> Result<Board, BoardError> {
        Board::with_geometry(Geometry::Square, files, ranks, reach)
    }

    /// An all-open board of a geometry, `files` x `ranks` cells, padded for pieces that reach
    /// up to `reach` steps in one leap or line.
    pub fn with_geometry(geometry: Geometry, files: u32, ranks: u32, reach: u8) -> Result<Board, BoardError> {
        let ok = |n: u32| (u32::from(MIN_SIDE)..=u32::from(MAX_SIDE)).contains(&n);
        if !ok(files) || !ok(ranks) {
            return Err(BoardError::Size { files, ranks });
        }
        // A hex line step moves up to two lattice columns per step.
        let pad = match geometry {
            Geometry::Square => usize::from(reach.max(2)),
            Geometry::Hex => 2 * usize::from(reach.max(2)),
        };
        let shift = match geometry {
            Geometry::Square => 0,
            Geometry::Hex => (ranks as usize - 1) / 2,
        };
        let stride = files as usize + shift + 2 * pad;
        let height = ranks as usize + 2 * pad;
        let stride_reciprocal = (1u64 << 32).div_ceil(stride as u64);
        let mut board = Board {
            geometry,
            files: files as u8,
            ranks: ranks as u8,
            pad,
            shift,
            stride,
            cells: vec![OFF_BOARD; stride * height],
            stride_reciprocal,
        };
        for sq in board.squares().collect::<Vec<_>>() {
            let i = board.index(sq);
            board.cells[i] = Terrain::Open as u8;
        }
        Ok(board)
    }

    /// The shape of the cells.
    #[inline]
    #[must_use]
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The distance between two cells, in steps to a neighbour (king steps on a square board).
    #[inline]
    #[must_use]
    pub fn distance(&self, a: Square, b: Square) -> u32 {
        self.geometry.distance(a, b)
    }

    /// The cells next to a cell that lie on the board, in the geometry's neighbour order.
    pub fn neighbours(&self, sq: Square) -> impl Iterator<Item = Square> + '_ {
        let (x, y) = self.geometry.to_lattice(sq);
        self.geometry
            .neighbour_steps()
            .iter()
            .filter_map(move |&(dx, dy)| self.geometry.from_lattice((x + dx, y + dy)))
            .filter(|&n| self.contains(n))
    }

    /// The padded-cell offset of each step to a neighbour, in the geometry's neighbour order:
    /// what move generators add to a cell's index to reach its neighbours.
    #[must_use]
    pub(crate) fn neighbour_offsets(&self) -> Vec<isize> {
        self.geometry.neighbour_steps().iter().map(|&(dx, dy)| self.offset(dx, dy)).collect()
    }

    /// The cell one lattice step from `sq`, if it lies on the board.
    #[must_use]
    pub fn step(&self, sq: Square, (dx, dy): Lattice) -> Option<Square> {
        let (x, y) = self.geometry.to_lattice(sq);
        self.geometry.from_lattice((x + dx, y + dy)).filter(|&n| self.contains(n))
    }

    /// The unit steps of straight lines of this geometry.
    #[must_use]
    pub fn line_steps(&self, lines: Lines) -> &'static [Lattice] {
        self.geometry.line_steps(lines)
    }

    /// What a line of fire from `from` to `to` crosses (rulings 17 and 21), as cells of this
    /// board. A place that lies off the board holds nothing and cannot block: a lone cell off
    /// the board is left out, and so is a pair with a cell off the board.
    #[must_use]
    pub fn line_of_fire(&self, from: Square, to: Square) -> Vec<Sight<Square>> {
        let on_board = |c: Lattice| self.geometry.from_lattice(c).filter(|&s| self.contains(s));
        self.geometry
            .line_of_fire(from, to)
            .into_iter()
            .filter_map(|sight| match sight {
                Sight::Cell(c) => on_board(c).map(Sight::Cell),
                Sight::Pair(a, b) => Some(Sight::Pair(on_board(a)?, on_board(b)?)),
            })
            .collect()
    }

    /// Whether fire from `from` reaches `to`, given which cells block (units and terrain, as
    /// the family decides).
    pub fn clear_line(&self, from: Square, to: Square, mut blocking: impl FnMut(Square) -> bool) -> bool {
        !self.line_of_fire(from, to).iter().any(|sight| sight.blocks(&mut blocking))
    }

    /// Number of files (columns).
    #[must_use]
    pub fn files(&self) -> u8 {
        self.files
    }

    /// Number of ranks (rows).
    #[must_use]
    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    /// Whether a square lies on this board.
    #[must_use]
    pub fn contains(&self, sq: Square) -> bool {
        sq.file < self.files && sq.rank < self.ranks
    }

    /// Checks that a square lies on this board.
    pub fn check(&self, sq: Square) -> Result<(), BoardError> {
        if self.contains(sq) {
            Ok(())
        } else {
            Err(BoardError::OutOfBoard { square: sq, files: self.files, ranks: self.ranks })
        }
    }

    /// Every square of the board, rank by rank from rank 1.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.ranks).flat_map(move |r| (0..self.files).map(move |f| Square::new(f, r)))
    }

    /// The terrain of a square on the board.
    #[must_use]
    pub fn terrain(&self, sq: Square) -> Terrain {
        debug_assert!(self.contains(sq));
        terrain_of_code(self.cells[self.index(sq)])
    }

    /// Sets the terrain of a square on the board.
    pub fn set_terrain(&mut self, sq: Square, terrain: Terrain) -> Result<(), BoardError> {
        self.check(sq)?;
        let i = self.index(sq);
        self.cells[i] = terrain as u8;
        Ok(())
    }

    /// Whether any square holds the given terrain.
    #[must_use]
    pub fn has_terrain(&self, terrain: Terrain) -> bool {
        self.cells.contains(&(terrain as u8))
    }

    /// The padded cell index of a square on the board.
    #[inline]
    #[must_use]
    pub(crate) fn index(&self, sq: Square) -> usize {
        let rank = usize::from(sq.rank);
        let column = match self.geometry {
            Geometry::Square => usize::from(sq.file),
            Geometry::Hex => usize::from(sq.file) + self.shift - rank / 2,
        };
        (rank + self.pad) * self.stride + column + self.pad
    }

    /// The square of a padded cell index that lies on the board.
    #[inline]
    #[must_use]
    pub(crate) fn square(&self, index: usize) -> Square {
        let row = ((index as u64 * self.stride_reciprocal) >> 32) as usize;
        let column = index - row * self.stride - self.pad;
        let rank = row - self.pad;
        let file = match self.geometry {
            Geometry::Square => column,
            Geometry::Hex => column + rank / 2 - self.shift,
        };
        Square::new(file as u8, rank as u8)
    }

    /// The terrain code (or [`OFF_BOARD`]) of a padded cell.
    #[inline]
    #[must_use]
    pub(crate) fn cell(&self, index: usize) -> u8 {
        self.cells[index]
    }

    /// Number of padded cells.
    #[must_use]
    pub(crate) fn cell_count(&self) -> usize {
        self.cells.len()
    }

    /// The padded index offset of a lattice step of `df` columns and `dr` rows (on a square
    /// board, files and ranks).
    #[inline]
    #[must_use]
    pub(crate) fn offset(&self, df: i32, dr: i32) -> isize {
        dr as isize * self.stride as isize + df as isize
    }

    /// The longest leap or line this board was padded for.
    #[must_use]
    pub(crate) fn reach(&self) -> usize {
        self.pad
    }
}

/// The terrain of an on-board cell code.
#[inline]
pub(crate) fn terrain_of_code(code: u8) -> Terrain {
    match code {
        1 => Terrain::Water,
        2 => Terrain::Town,
        3 => Terrain::Trees,
        4 => Terrain::Hill,
        _ => Terrain::Open,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_outside_4_to_120_are_rejected() {
        assert!(Board::new(3, 8, 2).is_err());
        assert!(Board::new(8, 121, 2).is_err());
        assert!(Board::new(4, 4, 2).is_ok());
        assert!(Board::new(120, 120, 4).is_ok());
    }

    #[test]
    fn padding_keeps_moves_from_wrapping() {
        let board = Board::new(8, 8, 3).unwrap();
        let h1 = board.index(Square::new(7, 0));
        // One step east of h1 must land off the board, never on a8's row neighbour.
        assert_eq!(board.cell(h1 + 1), OFF_BOARD);
        let a1 = board.index(Square::new(0, 0));
        let step = board.offset(-3, -3);
        assert_eq!(board.cell((a1 as isize + step) as usize), OFF_BOARD);
    }

    #[test]
    fn every_square_maps_to_its_cell_and_back() {
        for (files, ranks, reach) in [(4, 4, 2), (16, 12, 3), (120, 120, 10), (120, 7, 16)] {
            let board = Board::new(files, ranks, reach).unwrap();
            for sq in board.squares() {
                assert_eq!(board.square(board.index(sq)), sq);
            }
        }
    }

    #[test]
    fn every_hex_maps_to_its_cell_and_back_and_neighbour_steps_are_constant_offsets() {
        for (files, ranks) in [(4, 4), (9, 7), (33, 20), (120, 120)] {
            let board = Board::with_geometry(Geometry::Hex, files, ranks, 3).unwrap();
            let mut seen = std::collections::HashSet::new();
            for sq in board.squares() {
                let i = board.index(sq);
                assert!(seen.insert(i), "two hexes share cell {i}");
                assert_eq!(board.square(i), sq);
                assert_eq!(board.cell(i), Terrain::Open as u8);
                let steps = board.geometry().neighbour_steps();
                for (&(dx, dy), &offset) in steps.iter().zip(&board.neighbour_offsets()) {
                    let cell = (i as isize + offset) as usize;
                    match board.step(sq, (dx, dy)) {
                        Some(n) => assert_eq!(board.square(cell), n),
                        None => assert_eq!(board.cell(cell), OFF_BOARD),
                    }
                }
            }
            assert_eq!(seen.len(), usize::from(board.files()) * usize::from(board.ranks()));
        }
    }

    #[test]
    fn a_hex_in_the_middle_has_six_neighbours_and_a_corner_fewer() {
        let board = Board::with_geometry(Geometry::Hex, 8, 8, 2).unwrap();
        assert_eq!(board.neighbours("d4".parse().unwrap()).count(), 6);
        assert_eq!(board.neighbours("a1".parse().unwrap()).count(), 2);
        assert_eq!(board.neighbours("h2".parse().unwrap()).count(), 3);
        let square = Board::new(8, 8, 2).unwrap();
        assert_eq!(square.neighbours("d4".parse().unwrap()).count(), 8);
    }

    #[test]
    fn a_line_of_fire_along_a_hex_edge_is_blocked_only_when_both_hexes_block() {
        let board = Board::with_geometry(Geometry::Hex, 8, 8, 2).unwrap();
        let sq = |n: &str| -> Square { n.parse().unwrap() };
        // c3 to d4 (rank 4 is a shifted row) runs along the edge between c4 and d3.
        assert_eq!(board.distance(sq("c3"), sq("d4")), 2);
        assert_eq!(board.line_of_fire(sq("c3"), sq("d4")), [Sight::Pair(sq("c4"), sq("d3"))]);
        assert!(board.clear_line(sq("c3"), sq("d4"), |c| c == sq("c4")));
        assert!(board.clear_line(sq("c3"), sq("d4"), |c| c == sq("d3")));
        assert!(!board.clear_line(sq("c3"), sq("d4"), |c| c == sq("c4") || c == sq("d3")));
        // Along a row every hex between blocks alone.
        assert!(!board.clear_line(sq("a1"), sq("e1"), |c| c == sq("c1")));
    }

    #[test]
    fn terrain_is_stored_per_square() {
        let mut board = Board::new(10, 6, 2).unwrap();
        let sq = Square::new(9, 5);
        board.set_terrain(sq, Terrain::Water).unwrap();
        assert_eq!(board.terrain(sq), Terrain::Water);
        assert!(board.has_terrain(Terrain::Water));
        assert!(board.set_terrain(Square::new(10, 0), Terrain::Hill).is_err());
        assert_eq!(board.squares().count(), 60);
    }
}
