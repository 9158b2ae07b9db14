//! Line of fire on squares (rulings 17), the naive way: the segment between the two cell
//! centres, with exact rational arithmetic.
//!
//! Cell (x, y) is the unit square centred on (x, y). Along the long axis, at every whole
//! column strictly between the ends, the segment is at some exact rational height: when that
//! point lies inside one cell, that cell blocks by itself (a whole height is the centre of a
//! cell, any other height short of a half is inside the nearest cell); when it lies on the
//! edge between two cells (a height half-way between two rows), those two are a pair. Every
//! corner of four cells that lies strictly inside the segment is found by testing each corner
//! of the bounding box for collinearity; of its four cells, the line enters the one before and
//! the one after the corner, and the other two are a pair.

#![allow(dead_code)]

use std::collections::BTreeSet;
use warlord_rules::Square;

/// One place on a line of fire: a cell that blocks by itself, or a pair of cells (smaller
/// first) that blocks only when both do.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Place {
    /// A cell on the line.
    Cell(Square),
    /// Two cells the line passes exactly between.
    Pair(Square, Square),
}

impl Place {
    /// A pair, written with its smaller square (by rank, then file) first.
    pub fn pair(a: Square, b: Square) -> Place {
        if (a.rank, a.file) <= (b.rank, b.file) {
            Place::Pair(a, b)
        } else {
            Place::Pair(b, a)
        }
    }
}

fn sq(x: i64, y: i64) -> Square {
    Square::new(x as u8, y as u8)
}

/// Where the height `num / den` (den > 0) falls between rows: `Ok(row)` inside (or at the
/// centre of) one cell, `Err(row)` on the edge between `row` and `row + 1`.
fn row_of(num: i64, den: i64) -> Result<i64, i64> {
    let floor = num.div_euclid(den);
    let rest = num - floor * den; // 0 <= rest < den: the height is floor + rest / den
    match (2 * rest).cmp(&den) {
        std::cmp::Ordering::Less => Ok(floor),
        std::cmp::Ordering::Equal => Err(floor),
        std::cmp::Ordering::Greater => Ok(floor + 1),
    }
}

/// Every place the line of fire from `a` to `b` crosses (the end cells never among them).
pub fn places(a: Square, b: Square) -> BTreeSet<Place> {
    let (ax, ay, bx, by) = (i64::from(a.file), i64::from(a.rank), i64::from(b.file), i64::from(b.rank));
    let mut out = BTreeSet::new();
    if (ax, ay) == (bx, by) {
        return out;
    }
    let x_long = (bx - ax).abs() >= (by - ay).abs();
    // The columns strictly between the ends, along the long axis.
    let (a_long, b_long, a_short, b_short) = if x_long { (ax, bx, ay, by) } else { (ay, by, ax, bx) };
    let (lo, hi) = (a_long.min(b_long), a_long.max(b_long));
    for c in lo + 1..hi {
        // The point of the segment at long coordinate c: a_short + (c - a_long) * ds / dl.
        let (mut num, mut den) = (a_short * (b_long - a_long) + (c - a_long) * (b_short - a_short), b_long - a_long);
        if den < 0 {
            (num, den) = (-num, -den);
        }
        let at = |row: i64| if x_long { sq(c, row) } else { sq(row, c) };
        match row_of(num, den) {
            Ok(row) => {
                out.insert(Place::Cell(at(row)));
            }
            Err(row) => {
                out.insert(Place::pair(at(row), at(row + 1)));
            }
        }
    }
    // Corners (x + 1/2, y + 1/2) strictly inside the segment, in doubled coordinates.
    let (a2, b2) = ((2 * ax, 2 * ay), (2 * bx, 2 * by));
    let d = (b2.0 - a2.0, b2.1 - a2.1);
    for x in ax.min(bx)..ax.max(bx) {
        for y in ay.min(by)..ay.max(by) {
            let c2 = (2 * x + 1, 2 * y + 1);
            let from_a = (c2.0 - a2.0, c2.1 - a2.1);
            let from_b = (c2.0 - b2.0, c2.1 - b2.1);
            let collinear = d.0 * from_a.1 - d.1 * from_a.0 == 0;
            let between = d.0 * from_a.0 + d.1 * from_a.1 > 0 && -(d.0 * from_b.0 + d.1 * from_b.1) > 0;
            if !(collinear && between) {
                continue;
            }
            // The line goes through the corner in direction (sx, sy), both non-zero: it comes
            // from the cell on the (-sx, -sy) side and enters the one on the (sx, sy) side.
            let (sx, sy) = (d.0.signum(), d.1.signum());
            let cell = |right: bool, up: bool| sq(if right { x + 1 } else { x }, if up { y + 1 } else { y });
            let entered = [cell(sx > 0, sy > 0), cell(sx < 0, sy < 0)];
            let beside: Vec<Square> = [cell(false, false), cell(true, false), cell(false, true), cell(true, true)]
                .into_iter()
                .filter(|c| !entered.contains(c))
                .collect();
            assert_eq!(beside.len(), 2, "a corner has two cells beside the line");
            out.insert(Place::pair(beside[0], beside[1]));
        }
    }
    out
}

/// Whether fire from `a` reaches `b` when `blocking` says which cells block; the firer's and
/// the target's cells never block ("not into or out of it").
pub fn clear(a: Square, b: Square, blocking: impl Fn(Square) -> bool) -> bool {
    let blocks = |c: Square| c != a && c != b && blocking(c);
    places(a, b).into_iter().all(|p| match p {
        Place::Cell(c) => !blocks(c),
        Place::Pair(c, d) => !(blocks(c) && blocks(d)),
    })
}
