//! Board geometry and terrain.
//!
//! Squares are stored in a padded "mailbox": the board is surrounded by a border of off-board
//! cells as wide as the longest piece reach, so that move generation never tests coordinates and
//! its cost depends on the pieces, not on the board's size.

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

/// A rectangular board with a terrain kind on every square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    files: u8,
    ranks: u8,
    pad: usize,
    stride: usize,
    /// Terrain code (or [`OFF_BOARD`]) of every padded cell.
    cells: Vec<u8>,
    /// `ceil(2^32 / stride)`: dividing a cell index by the stride is a multiply and a shift
    /// (exact for every index of a board up to 120x120 with its padding), so that finding a
    /// cell's square reads no table that grows with the board.
    stride_reciprocal: u64,
}

impl Board {
    /// An all-open board of `files` x `ranks`, padded for pieces that reach up to `reach`
    /// squares in one leap or line.
    pub fn new(files: u32, ranks: u32, reach: u8) -> Result<Board, BoardError> {
        let ok = |n: u32| (u32::from(MIN_SIDE)..=u32::from(MAX_SIDE)).contains(&n);
        if !ok(files) || !ok(ranks) {
            return Err(BoardError::Size { files, ranks });
        }
        let pad = usize::from(reach.max(2));
        let stride = files as usize + 2 * pad;
        let height = ranks as usize + 2 * pad;
        let mut cells = vec![OFF_BOARD; stride * height];
        for rank in 0..ranks as u8 {
            for file in 0..files as u8 {
                let i = (usize::from(rank) + pad) * stride + usize::from(file) + pad;
                cells[i] = Terrain::Open as u8;
            }
        }
        let stride_reciprocal = (1u64 << 32).div_ceil(stride as u64);
        Ok(Board { files: files as u8, ranks: ranks as u8, pad, stride, cells, stride_reciprocal })
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
        (usize::from(sq.rank) + self.pad) * self.stride + usize::from(sq.file) + self.pad
    }

    /// The square of a padded cell index that lies on the board.
    #[inline]
    #[must_use]
    pub(crate) fn square(&self, index: usize) -> Square {
        let row = ((index as u64 * self.stride_reciprocal) >> 32) as usize;
        let column = index - row * self.stride;
        Square::new((column - self.pad) as u8, (row - self.pad) as u8)
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

    /// The padded index offset of a step of `df` files and `dr` ranks.
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
