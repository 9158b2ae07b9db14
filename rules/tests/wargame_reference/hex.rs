//! Hex cells in the model, written from docs/NOTATION.md ("Hex cells") without the engine's
//! geometry: offset rows where every second row (ranks 2, 4, ... by name) is shifted half a
//! hex right, axial coordinates `q = file - floor(row / 2)`, `r = row` (rows from 0), six
//! directions, hex-step distance, and the line of fire of rulings 21 the naive way: at each
//! of the `d - 1` points `k / d` of the way between the two centres, every hex of the ball
//! of radius `d` around the firer is measured, and the nearest (one, or two on an edge: a
//! pair) is on the line.

#![allow(dead_code)]

use std::collections::BTreeSet;
use warlord_rules::Square;

/// The six steps to a neighbour in axial coordinates.
pub const DIRECTIONS: [(i32, i32); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];

/// A cell's axial coordinates.
pub fn axial(sq: Square) -> (i32, i32) {
    let row = i32::from(sq.rank);
    (i32::from(sq.file) - row.div_euclid(2), row)
}

/// The (file, row) of axial coordinates, which may be off any board.
pub fn offset((q, r): (i32, i32)) -> (i32, i32) {
    (q + r.div_euclid(2), r)
}

/// Hex steps between two axial positions: the cube distance.
fn steps((aq, ar): (i32, i32), (bq, br): (i32, i32)) -> u32 {
    let (dq, dr) = (bq - aq, br - ar);
    let ds = -dq - dr;
    dq.unsigned_abs().max(dr.unsigned_abs()).max(ds.unsigned_abs())
}

/// Hex steps between two cells.
pub fn distance(a: Square, b: Square) -> u32 {
    steps(axial(a), axial(b))
}

/// One place on a hex line of fire, in (file, row) that may be off the board: a hex alone, or
/// two hexes the line runs between (smaller first).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum HexPlace {
    /// A hex on the line.
    Cell((i32, i32)),
    /// Two hexes along whose shared edge the line runs.
    Pair((i32, i32), (i32, i32)),
}

/// Every place the line of fire from `a` to `b` crosses (never the end hexes).
pub fn places(a: Square, b: Square) -> BTreeSet<HexPlace> {
    let (pa, pb) = (axial(a), axial(b));
    let d = steps(pa, pb) as i32;
    let mut out = BTreeSet::new();
    for k in 1..d {
        // The point, scaled by d.
        let (px, py) = (pa.0 * d + (pb.0 - pa.0) * k, pa.1 * d + (pb.1 - pa.1) * k);
        // Squared distance to a hex centre in the plane, times 4 d^2 / ... (a positive
        // constant): 3 (2 dq + dr)^2 + 9 dr^2.
        let mut best: Vec<(i64, (i32, i32))> = Vec::new();
        for q in pa.0 - d..=pa.0 + d {
            for r in pa.1 - d..=pa.1 + d {
                if steps(pa, (q, r)) as i32 > d {
                    continue;
                }
                let (dq, dr) = (i64::from(q * d - px), i64::from(r * d - py));
                best.push((3 * (2 * dq + dr).pow(2) + 9 * dr.pow(2), (q, r)));
            }
        }
        best.sort();
        let nearest: Vec<(i32, i32)> =
            best.iter().take_while(|(m, _)| *m == best[0].0).map(|&(_, h)| offset(h)).collect();
        out.insert(match nearest[..] {
            [one] => HexPlace::Cell(one),
            [x, y] => HexPlace::Pair(x.min(y), x.max(y)),
            _ => panic!("a point of a line between hex centres on {} hexes", nearest.len()),
        });
    }
    out
}

/// Whether fire from `a` to `b` passes, given which cells block: a hex alone blocks, a pair
/// only when both block; a place off the board (no square) never blocks.
pub fn clear(a: Square, b: Square, blocks: impl Fn(Square) -> bool) -> bool {
    let cell = |(f, r): (i32, i32)| -> bool {
        match (u8::try_from(f), u8::try_from(r)) {
            (Ok(f), Ok(r)) => {
                let sq = Square::new(f, r);
                sq != a && sq != b && blocks(sq)
            }
            _ => false,
        }
    };
    places(a, b).into_iter().all(|p| match p {
        HexPlace::Cell(c) => !cell(c),
        HexPlace::Pair(x, y) => !(cell(x) && cell(y)),
    })
}
