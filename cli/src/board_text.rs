//! The board as text: files and ranks labelled, White's pieces in upper case, Black's in lower
//! case, a terrain mark on each empty square, and a legend. On a hex board the rows the notation
//! shifts half a hex right (ranks 2, 4, ...) are printed half a cell to the right.

use anyhow::{bail, Result};
use std::io::{self, Write};
use warlord_rules::square::file_name;
use warlord_rules::{Board, Geometry, PieceTable, Position, Side, Square, Terrain};

/// A rectangle of squares to print, given on the command line as two corners: `a1:p12`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// One corner.
    pub from: Square,
    /// The opposite corner.
    pub to: Square,
}

impl std::str::FromStr for Region {
    type Err = String;

    fn from_str(text: &str) -> Result<Region, String> {
        let (a, b) =
            text.split_once(':').ok_or_else(|| format!("`{text}` is not a region; write two corners like a1:p12"))?;
        let corner = |s: &str| s.trim().parse::<Square>().map_err(|e| e.to_string());
        Ok(Region { from: corner(a)?, to: corner(b)? })
    }
}

impl Region {
    /// The whole board.
    #[must_use]
    pub fn whole(board: &Board) -> Region {
        Region { from: Square::new(0, 0), to: Square::new(board.files() - 1, board.ranks() - 1) }
    }

    /// Checks that both corners lie on the board.
    pub fn check(self, board: &Board) -> Result<Region> {
        for corner in [self.from, self.to] {
            if !board.contains(corner) {
                bail!("the region corner {corner} is outside the {}x{} board", board.files(), board.ranks());
            }
        }
        Ok(self)
    }

    fn files(self) -> std::ops::RangeInclusive<u8> {
        self.from.file.min(self.to.file)..=self.from.file.max(self.to.file)
    }

    fn ranks(self) -> std::ops::RangeInclusive<u8> {
        self.from.rank.min(self.to.rank)..=self.from.rank.max(self.to.rank)
    }
}

/// The mark of an empty square. Not letters, so that no mark looks like a piece.
#[must_use]
pub fn terrain_mark(terrain: Terrain) -> char {
    match terrain {
        Terrain::Open => '.',
        Terrain::Water => '~',
        Terrain::Town => '#',
        Terrain::Trees => '*',
        Terrain::Hill => '^',
    }
}

/// A piece's symbol as shown: upper case for White, lower case for Black.
#[must_use]
pub fn piece_symbol(pieces: &PieceTable, kind: u8, side: Side) -> String {
    let symbol = &pieces.get(kind).symbol;
    match side {
        Side::White => symbol.clone(),
        Side::Black => symbol.to_ascii_lowercase(),
    }
}

/// Writes the part of the board inside `region`, rank labels on both sides, then a legend of
/// the pieces and terrain marks; on a hex board, the shifted rows indented half a cell.
pub fn write_board(out: &mut dyn Write, pieces: &PieceTable, pos: &Position, region: Region) -> io::Result<()> {
    let board = pos.board();
    let files = region.files();
    let width =
        files.clone().map(|f| file_name(f).len()).chain(pieces.iter().map(|(_, k)| k.symbol.len())).max().unwrap_or(1);
    let label_width = (region.ranks().end() + 1).to_string().len();
    let header: Vec<String> = files.clone().map(|f| format!("{:>width$}", file_name(f))).collect();
    let header = header.join(" ");
    let hex = board.geometry() == Geometry::Hex;
    let half = if hex { width.div_ceil(2) } else { 0 };
    writeln!(out, "{:label_width$}  {header}", "")?;
    for rank in region.ranks().rev() {
        let cells: Vec<String> = files
            .clone()
            .map(|file| {
                let sq = Square::new(file, rank);
                let text = match pos.piece_at(sq) {
                    Some(p) => piece_symbol(pieces, p.kind, p.side),
                    None => terrain_mark(board.terrain(sq)).to_string(),
                };
                format!("{text:>width$}")
            })
            .collect();
        let label = rank + 1;
        // Rank indices 1, 3, ... are the rows named 2, 4, ...: shifted half a hex right.
        let (before, after) = if hex && rank % 2 == 1 { (half, 0) } else { (0, half) };
        writeln!(out, "{label:>label_width$}  {:before$}{}{:after$}  {label}", "", cells.join(" "), "")?;
    }
    writeln!(out, "{:label_width$}  {header}", "")?;
    let kinds: Vec<String> = pieces.iter().map(|(_, k)| format!("{} {}", k.symbol, k.name)).collect();
    writeln!(out, "pieces: {} (White upper case, Black lower case)", kinds.join(", "))?;
    let marks: Vec<String> = Terrain::ALL
        .into_iter()
        .filter(|&t| t == Terrain::Open || board.has_terrain(t))
        .map(|t| format!("{} {}", terrain_mark(t), t.name()))
        .collect();
    let cells = if hex { "hexes (rows 2, 4, ... shifted half a hex right)" } else { "squares" };
    writeln!(out, "{cells}: {}", marks.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_read_two_corners_in_any_order() {
        let region: Region = "p12:a1".parse().unwrap();
        assert_eq!(region.files(), 0..=15);
        assert_eq!(region.ranks(), 0..=11);
        assert!("a1".parse::<Region>().is_err());
        assert!("a1:zz0".parse::<Region>().is_err());
    }
}
