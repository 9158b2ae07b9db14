//! Board geometry: how cells touch, how far apart they are, which straight lines run through
//! them and what a line of fire crosses. Families ask the board's geometry; none computes
//! distances or neighbours itself.
//!
//! Every geometry works in *lattice* coordinates `(x, y)`, in which a step to a neighbour is
//! the same offset from every cell, so that the padded mailbox of [`crate::Board`] turns each
//! step into one constant index offset:
//! - **square**: `(file, rank)`; eight neighbours (king steps), Chebyshev distance (rulings 1);
//! - **hex**: axial coordinates of a rectangle of offset rows: rank `r` is the row and every
//!   second row (ranks 2, 4, ... in names) is shifted half a hex towards the higher files, so
//!   `x = file - floor(rank / 2)`; six neighbours, hex-step distance (rulings 21).

use crate::movement::Lines;
use crate::square::Square;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A step or a position in lattice coordinates.
pub type Lattice = (i32, i32);

/// The shape of a board's cells.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Geometry {
    /// Square cells: eight neighbours, king-step distance.
    #[default]
    Square,
    /// Hexagonal cells in offset rows: six neighbours, hex-step distance.
    Hex,
}

/// The eight king steps of a square board, in the order the bits of
/// [`crate::Attackers`] use.
const SQUARE_NEIGHBOURS: [Lattice; 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];
/// The six neighbour steps of a hex board (east, west, then the four across rows).
const HEX_NEIGHBOURS: [Lattice; 6] = [(1, 0), (-1, 0), (0, 1), (-1, 1), (0, -1), (1, -1)];

const SQUARE_ORTHOGONAL: [Lattice; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const SQUARE_DIAGONAL: [Lattice; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const SQUARE_ALL: [Lattice; 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];
/// The six "vertex" directions of a hex board: between two neighbour directions, two hexes
/// away, running along the edge between the two hexes they pass.
const HEX_DIAGONAL: [Lattice; 6] = [(1, 1), (-1, -1), (2, -1), (-2, 1), (-1, 2), (1, -2)];
const HEX_ALL: [Lattice; 12] =
    [(1, 0), (-1, 0), (0, 1), (-1, 1), (0, -1), (1, -1), (1, 1), (-1, -1), (2, -1), (-2, 1), (-1, 2), (1, -2)];

/// One place a line of fire crosses between the firer and the target.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Sight<C> {
    /// A cell on the line: it blocks by itself.
    Cell(C),
    /// Two cells the line passes exactly between (half-way between two rows, beside a corner,
    /// or along a hex edge): fire passes unless both block.
    Pair(C, C),
}

impl<C: Copy> Sight<C> {
    /// Whether this place stops fire, given which cells block.
    pub fn blocks(&self, mut blocking: impl FnMut(C) -> bool) -> bool {
        match *self {
            Sight::Cell(c) => blocking(c),
            Sight::Pair(a, b) => blocking(a) && blocking(b),
        }
    }

    /// The same place with its cells mapped.
    pub fn map<D>(self, mut f: impl FnMut(C) -> D) -> Sight<D> {
        match self {
            Sight::Cell(c) => Sight::Cell(f(c)),
            Sight::Pair(a, b) => Sight::Pair(f(a), f(b)),
        }
    }
}

impl Geometry {
    /// The name used in scenario files.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Geometry::Square => "square",
            Geometry::Hex => "hex",
        }
    }

    /// The lattice coordinates of a cell.
    #[inline]
    #[must_use]
    pub fn to_lattice(self, sq: Square) -> Lattice {
        let (file, rank) = (i32::from(sq.file), i32::from(sq.rank));
        match self {
            Geometry::Square => (file, rank),
            Geometry::Hex => (file - rank.div_euclid(2), rank),
        }
    }

    /// The cell at lattice coordinates, if they name one with non-negative file and rank below
    /// 256 (whether it is on a given board is the board's question).
    #[must_use]
    pub fn from_lattice(self, (x, y): Lattice) -> Option<Square> {
        let file = match self {
            Geometry::Square => x,
            Geometry::Hex => x + y.div_euclid(2),
        };
        Some(Square::new(u8::try_from(file).ok()?, u8::try_from(y).ok()?))
    }

    /// The steps to a cell's neighbours, in a fixed order (for a square board, the order of
    /// the bits of [`crate::Attackers`]).
    #[must_use]
    pub const fn neighbour_steps(self) -> &'static [Lattice] {
        match self {
            Geometry::Square => &SQUARE_NEIGHBOURS,
            Geometry::Hex => &HEX_NEIGHBOURS,
        }
    }

    /// The unit steps of straight lines: along edges (`Orthogonal`: 4 on squares, 6 on
    /// hexes), through corners (`Diagonal`: 4 on squares, 6 on hexes) or both.
    #[must_use]
    pub fn line_steps(self, lines: Lines) -> &'static [Lattice] {
        match (self, lines) {
            (Geometry::Square, Lines::Orthogonal) => &SQUARE_ORTHOGONAL,
            (Geometry::Square, Lines::Diagonal) => &SQUARE_DIAGONAL,
            (Geometry::Square, Lines::All) => &SQUARE_ALL,
            (Geometry::Hex, Lines::Orthogonal) => &HEX_NEIGHBOURS,
            (Geometry::Hex, Lines::Diagonal) => &HEX_DIAGONAL,
            (Geometry::Hex, Lines::All) => &HEX_ALL,
        }
    }

    /// The lattice steps of a leap `[a, b]` (`a <= b`), the square board's "`(a, b)` or
    /// `(b, a)` away in any direction" translated consistently with [`Geometry::line_steps`]: on
    /// a square board the 8 (or 4) offsets `(±a, ±b)`, `(±b, ±a)`; on a hex board the steps whose
    /// cube coordinates are the permutations of `±(a, b, -(a + b))`, so that `[0, 1]` is the six
    /// neighbours (edge steps), `[1, 1]` the six vertex steps, `[0, 2]` two edge steps and
    /// `[1, 2]` the twelve knight leaps of Glinski's hexagonal chess (docs/RULES.md, "Geometry").
    #[must_use]
    pub fn leap_steps(self, a: u8, b: u8) -> Vec<Lattice> {
        if self == Geometry::Square {
            return crate::movement::MoveRule::leap_offsets(a, b);
        }
        let (a, b) = (i32::from(a), i32::from(b));
        let c = -(a + b);
        // Axial (x, y) is cube (x, y, -x-y): every ordered pair of the three coordinates.
        let perms = [(a, b), (b, a), (a, c), (c, a), (b, c), (c, b)];
        let mut out = Vec::new();
        for step in perms.into_iter().flat_map(|(x, y)| [(x, y), (-x, -y)]) {
            if step != (0, 0) && !out.contains(&step) {
                out.push(step);
            }
        }
        out
    }

    /// The length of a lattice step in this geometry's distance.
    #[inline]
    #[must_use]
    pub fn step_length(self, (dx, dy): Lattice) -> u32 {
        match self {
            Geometry::Square => dx.unsigned_abs().max(dy.unsigned_abs()),
            Geometry::Hex => (dx.unsigned_abs() + dy.unsigned_abs() + (dx + dy).unsigned_abs()) / 2,
        }
    }

    /// The distance between two cells in steps to a neighbour: king steps on a square board
    /// (rulings 1), hex steps on a hex board (rulings 21).
    #[inline]
    #[must_use]
    pub fn distance(self, a: Square, b: Square) -> u32 {
        let (ax, ay) = self.to_lattice(a);
        let (bx, by) = self.to_lattice(b);
        self.step_length((bx - ax, by - ay))
    }

    /// Every lattice offset within `radius` steps of a cell, the cell itself included, rank by
    /// rank: the 7x7 box for radius 3 on a square board, 37 hexes on a hex board.
    #[must_use]
    pub fn ball(self, radius: u8) -> Vec<Lattice> {
        let r = i32::from(radius);
        (-r..=r)
            .flat_map(|dy| (-2 * r..=2 * r).map(move |dx| (dx, dy)))
            .filter(|&step| self.step_length(step) <= u32::from(radius))
            .collect()
    }

    /// The balls of every radius from 0 to `widest` ([`Geometry::ball`]), indexed by the radius:
    /// built once by a ruleset for the ranges its pieces have.
    #[must_use]
    pub fn balls(self, widest: u8) -> Vec<Vec<Lattice>> {
        (0..=widest).map(|r| self.ball(r)).collect()
    }

    /// What a line of fire from `from` to `to` crosses, in order from the firer, in lattice
    /// coordinates; the two end cells are never part of it ("not into or out of it"). Square
    /// boards follow rulings 17, hex boards rulings 21 (see [`hex_line`]). The line is the same
    /// from either end, so A sees B exactly when B sees A.
    #[must_use]
    pub fn line_of_fire(self, from: Square, to: Square) -> Vec<Sight<Lattice>> {
        let a = self.to_lattice(from);
        let b = self.to_lattice(to);
        match self {
            Geometry::Square => square_line(a, b),
            Geometry::Hex => hex_line(a, b),
        }
    }
}

impl fmt::Display for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Rulings 17 on a square board. In a frame where the firer is at the origin and the target at
/// `(n, m)` with `n >= m >= 0` (the long axis is x), each column `i` strictly between holds the
/// line at row `t = i * m / n`: a whole `t` is one cell, a `t` half-way between two rows is a
/// pair, any other `t` is the nearest cell. Where the line passes exactly through a corner of
/// four cells, the two cells beside the corner that the line does not enter are a pair too.
fn square_line(a: Lattice, b: Lattice) -> Vec<Sight<Lattice>> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let swap = dy.abs() > dx.abs();
    let (n, m) = if swap { (dy.abs(), dx.abs()) } else { (dx.abs(), dy.abs()) };
    let (sx, sy) = (dx.signum(), dy.signum());
    // Back from the normalised frame to lattice coordinates.
    let cell = |i: i32, j: i32| -> Lattice {
        let (u, v) = if swap { (j, i) } else { (i, j) };
        (a.0 + u * sx, a.1 + v * sy)
    };
    let mut out = Vec::new();
    // The corner between columns i and i+1 at height j + 1/2 is on the line when
    // (2j + 1) n = (2i + 1) m.
    let corner = |i: i32| -> Option<i32> {
        let num = (2 * i + 1) * m;
        (num % n == 0 && (num / n) % 2 == 1).then(|| (num / n - 1) / 2)
    };
    for i in 0..n {
        if i > 0 {
            let num = i * m; // t = num / n
            if num % n == 0 {
                out.push(Sight::Cell(cell(i, num / n)));
            } else if (2 * num) % n == 0 {
                let low = (2 * num / n - 1) / 2;
                out.push(Sight::Pair(cell(i, low), cell(i, low + 1)));
            } else {
                // The nearest row: round(num / n), never a tie here.
                out.push(Sight::Cell(cell(i, (2 * num + n) / (2 * n))));
            }
        }
        if let Some(j) = corner(i) {
            out.push(Sight::Pair(cell(i + 1, j), cell(i, j + 1)));
        }
    }
    out
}

/// Rulings 21 on a hex board: the line between the two hex centres is sampled at each of the
/// `d - 1` points `k / d` of the way (`d` the hex distance); each point lies in one hex, or
/// exactly on the edge between two (the line runs along that edge), which is then a pair.
/// Computed exactly in integers: a point's squared distance to a hex centre, in units of
/// `3/4` of a hex's inner radius squared, is `dX^2 + 3 dY^2` with `X = 2x + y`, `Y = y`.
pub fn hex_line(a: Lattice, b: Lattice) -> Vec<Sight<Lattice>> {
    let d = Geometry::Hex.step_length((b.0 - a.0, b.1 - a.1)) as i32;
    let mut out = Vec::new();
    for k in 1..d {
        // The point, scaled by d: p = a d + (b - a) k.
        let px = a.0 * d + (b.0 - a.0) * k;
        let py = a.1 * d + (b.1 - a.1) * k;
        // The nearest hex centre is near the point divided by d; look at its neighbourhood.
        let (cx, cy) = (px.div_euclid(d), py.div_euclid(d));
        let metric = |(hx, hy): Lattice| {
            let ex = 2 * (px - hx * d) + (py - hy * d);
            let ey = py - hy * d;
            i64::from(ex) * i64::from(ex) + 3 * i64::from(ey) * i64::from(ey)
        };
        let mut best: Vec<(i64, Lattice)> =
            (-1..=2).flat_map(|ox| (-1..=2).map(move |oy| (cx + ox, cy + oy))).map(|h| (metric(h), h)).collect();
        best.sort_unstable();
        let nearest = best[0].0;
        let tied: Vec<Lattice> = best.iter().take_while(|(m, _)| *m == nearest).map(|&(_, h)| h).collect();
        // A point on the segment between two centres is never on a vertex (three hexes).
        debug_assert!(tied.len() <= 2, "a sample of a hex line fell on a vertex");
        out.push(match tied[..] {
            [one] => Sight::Cell(one),
            [first, second, ..] => Sight::Pair(first, second),
            [] => unreachable!("the sorted candidates are not empty"),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn lattice_coordinates_round_trip() {
        for geometry in [Geometry::Square, Geometry::Hex] {
            for file in 0..30 {
                for rank in 0..30 {
                    let s = Square::new(file, rank);
                    assert_eq!(geometry.from_lattice(geometry.to_lattice(s)), Some(s));
                }
            }
        }
    }

    #[test]
    fn square_distance_is_king_steps() {
        assert_eq!(Geometry::Square.distance(sq("c3"), sq("e4")), 2);
        assert_eq!(Geometry::Square.distance(sq("c3"), sq("f6")), 3);
        assert_eq!(Geometry::Square.ball(3).len(), 49);
    }

    #[test]
    fn the_balls_are_indexed_by_their_radius() {
        for geometry in [Geometry::Square, Geometry::Hex] {
            let balls = geometry.balls(3);
            assert_eq!(balls.len(), 4);
            for (r, ball) in balls.iter().enumerate() {
                assert_eq!(*ball, geometry.ball(r as u8), "{geometry} radius {r}");
            }
        }
        assert_eq!(Geometry::Square.balls(2).iter().map(Vec::len).collect::<Vec<_>>(), [1, 9, 25]);
    }

    #[test]
    fn a_hex_has_six_neighbours_at_distance_one_and_a_ball_of_radius_r_has_3r_r_plus_1_plus_1_hexes() {
        let centre = sq("e5");
        let (x, y) = Geometry::Hex.to_lattice(centre);
        let neighbours: Vec<Square> =
            HEX_NEIGHBOURS.iter().map(|&(dx, dy)| Geometry::Hex.from_lattice((x + dx, y + dy)).unwrap()).collect();
        assert_eq!(neighbours.len(), 6);
        for n in &neighbours {
            assert_eq!(Geometry::Hex.distance(centre, *n), 1, "{n}");
        }
        // e5 is on an odd-named rank (an unshifted row): its neighbours on ranks 4 and 6 are
        // the d and e files.
        let mut names: Vec<String> = neighbours.iter().map(ToString::to_string).collect();
        names.sort();
        assert_eq!(names, ["d4", "d5", "d6", "e4", "e6", "f5"]);
        for r in 0..6u8 {
            let r32 = usize::from(r);
            assert_eq!(Geometry::Hex.ball(r).len(), 3 * r32 * (r32 + 1) + 1);
        }
    }

    #[test]
    fn hex_distance_counts_hex_steps() {
        // Along a row.
        assert_eq!(Geometry::Hex.distance(sq("a1"), sq("h1")), 7);
        // Straight up a zigzag column of offset rows: one step a row.
        assert_eq!(Geometry::Hex.distance(sq("c1"), sq("c2")), 1);
        assert_eq!(Geometry::Hex.distance(sq("c1"), sq("d3")), 2);
        assert_eq!(Geometry::Hex.distance(sq("c1"), sq("c3")), 2);
        assert_eq!(Geometry::Hex.distance(sq("a1"), sq("a9")), 8);
        assert_eq!(Geometry::Hex.distance(sq("a1"), sq("e9")), 8);
        assert_eq!(Geometry::Hex.distance(sq("a1"), sq("f9")), 9);
    }

    #[test]
    fn leaps_translate_to_hexes_as_the_cube_permutations_of_a_b_minus_a_plus_b() {
        let hex = Geometry::Hex;
        let count = |a, b| hex.leap_steps(a, b).len();
        // [0, 1]: the six neighbours; [1, 1]: the six vertex steps; the knight: twelve.
        let mut neighbours = hex.leap_steps(0, 1);
        neighbours.sort_unstable();
        let mut expected = HEX_NEIGHBOURS.to_vec();
        expected.sort_unstable();
        assert_eq!(neighbours, expected);
        let mut vertex = hex.leap_steps(1, 1);
        vertex.sort_unstable();
        let mut expected = HEX_DIAGONAL.to_vec();
        expected.sort_unstable();
        assert_eq!(vertex, expected);
        assert_eq!((count(0, 2), count(2, 2), count(1, 2), count(1, 3)), (6, 6, 12, 12));
        // The knight lands at hex distance 3, on none of the straight lines: the twelve of the
        // eighteen hexes at distance 3 that are neither 3 edge steps nor on a vertex line.
        for step in hex.leap_steps(1, 2) {
            assert_eq!(hex.step_length(step), 3, "{step:?}");
            assert!(!HEX_ALL.iter().any(|&(x, y)| (1..=3).any(|k| (x * k, y * k) == step)), "{step:?}");
        }
        // A square board keeps its offsets.
        assert_eq!(Geometry::Square.leap_steps(1, 2).len(), 8);
        assert_eq!(Geometry::Square.leap_steps(0, 2).len(), 4);
        assert_eq!(Geometry::Square.leap_steps(2, 2).len(), 4);
    }

    fn cells(line: &[Sight<Lattice>]) -> Vec<Sight<Square>> {
        line.iter().map(|s| s.map(|c| Geometry::Square.from_lattice(c).unwrap())).collect()
    }

    #[test]
    fn square_lines_follow_rulings_17() {
        let g = Geometry::Square;
        // Straight along a file: every cell between.
        assert_eq!(cells(&g.line_of_fire(sq("a1"), sq("a4"))), [Sight::Cell(sq("a2")), Sight::Cell(sq("a3"))]);
        // A knight's line: one pair half-way.
        assert_eq!(cells(&g.line_of_fire(sq("a1"), sq("c2"))), [Sight::Pair(sq("b1"), sq("b2"))]);
        // A diagonal: through corners, each with the pair beside it.
        assert_eq!(
            cells(&g.line_of_fire(sq("a1"), sq("c3"))),
            [Sight::Pair(sq("b1"), sq("a2")), Sight::Cell(sq("b2")), Sight::Pair(sq("c2"), sq("b3"))]
        );
        // Slope 1/3: b1 and c2 entered, the pair b2/c1 beside the corner at (1.5, 0.5).
        assert_eq!(
            cells(&g.line_of_fire(sq("a1"), sq("d2"))),
            [Sight::Cell(sq("b1")), Sight::Pair(sq("c1"), sq("b2")), Sight::Cell(sq("c2"))]
        );
        // Orthogonal neighbours see each other with nothing between; diagonal neighbours share
        // a corner, so the two cells beside it are a pair.
        assert!(g.line_of_fire(sq("d4"), sq("e4")).is_empty());
        assert_eq!(cells(&g.line_of_fire(sq("d4"), sq("e5"))), [Sight::Pair(sq("e4"), sq("d5"))]);
    }

    fn as_set(line: Vec<Sight<Lattice>>) -> Vec<Vec<Lattice>> {
        let mut out: Vec<Vec<Lattice>> = line
            .into_iter()
            .map(|s| {
                let mut v = match s {
                    Sight::Cell(c) => vec![c],
                    Sight::Pair(a, b) => vec![a, b],
                };
                v.sort_unstable();
                v
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn lines_of_fire_are_the_same_from_both_ends() {
        for geometry in [Geometry::Square, Geometry::Hex] {
            for (a, b) in [("a1", "h5"), ("c3", "c9"), ("b2", "g7"), ("a1", "d2"), ("e5", "a2"), ("b7", "k1")] {
                assert_eq!(
                    as_set(geometry.line_of_fire(sq(a), sq(b))),
                    as_set(geometry.line_of_fire(sq(b), sq(a))),
                    "{geometry} {a}-{b}"
                );
            }
        }
    }

    #[test]
    fn a_hex_line_along_an_edge_is_a_pair_and_a_straight_hex_line_is_cells() {
        let g = Geometry::Hex;
        let from = sq("c3");
        let (x, y) = g.to_lattice(from);
        // Two hexes away in a vertex direction: the line runs along the edge of the two hexes
        // between, so they are a pair (blocked only when both block).
        let target = g.from_lattice((x + 1, y + 1)).unwrap();
        assert_eq!(g.distance(from, target), 2);
        let line = g.line_of_fire(from, target);
        assert_eq!(line, [Sight::Pair((x, y + 1), (x + 1, y))]);
        assert!(!line[0].blocks(|c| c == (x + 1, y)));
        assert!(line[0].blocks(|c| c == (x + 1, y) || c == (x, y + 1)));
        // Along a neighbour direction: every hex between, alone.
        let far = g.from_lattice((x, y + 3)).unwrap();
        assert_eq!(g.line_of_fire(from, far), [Sight::Cell((x, y + 1)), Sight::Cell((x, y + 2))]);
    }
}
