//! Squares, rectangles and setups as written in scenario files.

use crate::board::Board;
use crate::piece::{Piece, PieceTable};
use crate::side::Side;
use crate::square::Square;

/// Reads `a1` or a rectangle `a1:p4` into its squares (checked against the board).
pub(crate) fn parse_region(text: &str, board: &Board) -> Result<Vec<Square>, String> {
    let (a, b) = text.split_once(':').unwrap_or((text, text));
    let a: Square = a.trim().parse().map_err(|e: crate::square::SquareError| e.to_string())?;
    let b: Square = b.trim().parse().map_err(|e: crate::square::SquareError| e.to_string())?;
    for sq in [a, b] {
        board.check(sq).map_err(|e| format!("`{text}`: {e}"))?;
    }
    let (f0, f1) = (a.file.min(b.file), a.file.max(b.file));
    let (r0, r1) = (a.rank.min(b.rank), a.rank.max(b.rank));
    Ok((r0..=r1).flat_map(|r| (f0..=f1).map(move |f| Square::new(f, r))).collect())
}

/// Reads a setup string: ranks from the top separated by `/`; upper-case symbols for White,
/// lower-case for Black; numbers for runs of empty squares; `{L2}` for longer symbols.
pub(super) fn parse_position(text: &str, board: &Board, pieces: &PieceTable) -> Result<Vec<(Square, Piece)>, String> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != usize::from(board.ranks()) {
        return Err(format!("has {} ranks separated by `/`; the board has {}", rows.len(), board.ranks()));
    }
    let mut out = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = board.ranks() - 1 - i as u8;
        let mut file: u32 = 0;
        let mut chars = row.trim().chars().peekable();
        while let Some(c) = chars.next() {
            let symbol = if c.is_ascii_digit() {
                let mut n = c.to_digit(10).unwrap_or(0);
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    n = n * 10 + d;
                    chars.next();
                    if n > 200 {
                        break;
                    }
                }
                file += n;
                continue;
            } else if c == '{' {
                let s: String = chars.by_ref().take_while(|&d| d != '}').collect();
                s
            } else if c.is_ascii_alphabetic() {
                c.to_string()
            } else {
                return Err(format!("rank {} has `{c}`, which is neither a piece symbol nor a number", rank + 1));
            };
            let kind = pieces
                .by_symbol(&symbol)
                .ok_or_else(|| format!("rank {} has `{symbol}`, which is no piece of this scenario", rank + 1))?;
            let side = if symbol.starts_with(|c: char| c.is_ascii_uppercase()) { Side::White } else { Side::Black };
            if file >= u32::from(board.files()) {
                return Err(format!("rank {} has more than {} squares", rank + 1, board.files()));
            }
            out.push((Square::new(file as u8, rank), Piece { kind, side }));
            file += 1;
        }
        if file != u32::from(board.files()) {
            return Err(format!("rank {} has {file} squares; the board has {} files", rank + 1, board.files()));
        }
    }
    Ok(out)
}

/// Reads a placement list like `["L@d1", "I@a2:h2"]` for one side.
pub(super) fn parse_placement_list(
    items: &[String],
    side: Side,
    board: &Board,
    pieces: &PieceTable,
) -> Result<Vec<(Square, Piece)>, String> {
    let mut out = Vec::new();
    for item in items {
        let (symbol, region) = item
            .split_once('@')
            .ok_or_else(|| format!("`{item}` must be written `SYMBOL@square` or `SYMBOL@a1:h2`"))?;
        let kind = pieces
            .by_symbol(symbol.trim())
            .ok_or_else(|| format!("`{item}`: `{symbol}` is no piece of this scenario"))?;
        for sq in parse_region(region, board)? {
            out.push((sq, Piece { kind, side }));
        }
        // Each piece needs its own square: stop before overlapping rectangles pile up.
        let squares = usize::from(board.files()) * usize::from(board.ranks());
        if out.len() > squares {
            return Err(format!("`{item}`: more pieces are placed than the board has squares ({squares})"));
        }
    }
    Ok(out)
}
