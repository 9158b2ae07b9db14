//! The reference model's own board geometry, written from docs/NOTATION.md ("Hex cells") and
//! docs/RULES.md ("Geometry", "On hex boards"), not from the engine's `geometry.rs`: every
//! offset is a triple, `(file, rank, 0)` on a square board and cube coordinates on a hex board,
//! and every rule of the docs is restated here the obvious way (directions listed by their
//! coordinates, leaps as permutations, distances from their definitions).
//!
//! Hex cells are found through "doubled" columns: a hex's centre is `2 * file` half-hexes from
//! the left edge, plus one on the shifted rows (the ranks named 2, 4, ..., so odd rank indexes);
//! its cube coordinates are then `x = (column - rank) / 2`, `z = rank`, `y = -x - z`.

#![allow(dead_code)]

use warlord_rules::Square;

/// An offset or a position: `(file, rank, 0)` on squares, cube `(x, y, z)` on hexes.
pub type Vec3 = (i32, i32, i32);

/// The rook steps of a square board.
pub const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The bishop steps of a square board.
pub const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// The king steps of a square board.
pub const KING: [(i32, i32); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The shape of the board's cells.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Grid {
    Square,
    Hex,
}

fn flat(steps: &[(i32, i32)]) -> Vec<Vec3> {
    steps.iter().map(|&(f, r)| (f, r, 0)).collect()
}

/// The distinct orderings of three coordinates.
fn permutations((a, b, c): Vec3) -> Vec<Vec3> {
    let mut out = Vec::new();
    for p in [(a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)] {
        if !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

fn neg((a, b, c): Vec3) -> Vec3 {
    (-a, -b, -c)
}

/// `v` times `k`.
pub fn times((a, b, c): Vec3, k: i32) -> Vec3 {
    (a * k, b * k, c * k)
}

/// The sum of two offsets.
pub fn plus((a, b, c): Vec3, (x, y, z): Vec3) -> Vec3 {
    (a + x, b + y, c + z)
}

impl Grid {
    /// The coordinates of a cell.
    pub fn coords(self, sq: Square) -> Vec3 {
        let (file, rank) = (i32::from(sq.file), i32::from(sq.rank));
        match self {
            Grid::Square => (file, rank, 0),
            Grid::Hex => {
                let column = 2 * file + rank % 2;
                let x = (column - rank) / 2;
                (x, -x - rank, rank)
            }
        }
    }

    /// The cell at these coordinates on a `files` x `ranks` board, if there is one.
    pub fn cell(self, (x, y, z): Vec3, files: u8, ranks: u8) -> Option<Square> {
        let (file, rank) = match self {
            Grid::Square => (x, y),
            Grid::Hex => {
                debug_assert_eq!(x + y + z, 0, "cube coordinates");
                let column = 2 * x + z;
                ((column - z.rem_euclid(2)) / 2, z)
            }
        };
        ((0..i32::from(files)).contains(&file) && (0..i32::from(ranks)).contains(&rank))
            .then(|| Square::new(file as u8, rank as u8))
    }

    /// The steps to the cells touching a cell: the eight king steps, or the six hexes around.
    pub fn neighbours(self) -> Vec<Vec3> {
        match self {
            Grid::Square => flat(&KING),
            Grid::Hex => self.edges(),
        }
    }

    /// The unit steps of lines through the sides of the cells: rook steps, or the six hex
    /// neighbours (cube permutations of `(1, -1, 0)`).
    pub fn edges(self) -> Vec<Vec3> {
        match self {
            Grid::Square => flat(&ORTHOGONAL),
            Grid::Hex => permutations((1, -1, 0)),
        }
    }

    /// The unit steps of lines through the corners of the cells: bishop steps, or the six hex
    /// vertex steps, two hexes away between two edge steps (cube permutations of
    /// `±(2, -1, -1)`).
    pub fn corners(self) -> Vec<Vec3> {
        match self {
            Grid::Square => flat(&DIAGONAL),
            Grid::Hex => {
                let mut out = permutations((2, -1, -1));
                out.extend(permutations((-2, 1, 1)));
                out
            }
        }
    }

    /// The steps of a leap `[a, b]`: `(±a, ±b)` and `(±b, ±a)` on squares; the cube
    /// permutations of `±(a, b, -(a + b))` on hexes (docs/RULES.md, "leaps on hexes").
    pub fn leaps(self, a: i32, b: i32) -> Vec<Vec3> {
        let candidates = match self {
            Grid::Square => {
                let mut v = Vec::new();
                for (x, y) in [(a, b), (b, a)] {
                    for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        v.push((x * sx, y * sy, 0));
                    }
                }
                v
            }
            Grid::Hex => {
                let mut v = permutations((a, b, -(a + b)));
                v.extend(permutations(neg((a, b, -(a + b)))));
                v
            }
        };
        let mut out = Vec::new();
        for step in candidates {
            if step != (0, 0, 0) && !out.contains(&step) {
                out.push(step);
            }
        }
        out
    }

    /// The length of a step in steps to a neighbour: king steps (rulings 1) or hex steps
    /// (rulings 21).
    pub fn length(self, (x, y, z): Vec3) -> i32 {
        match self {
            Grid::Square => x.abs().max(y.abs()),
            Grid::Hex => (x.abs() + y.abs() + z.abs()) / 2,
        }
    }

    /// The distance between two cells.
    pub fn distance(self, a: Square, b: Square) -> i32 {
        let (p, q) = (self.coords(a), self.coords(b));
        self.length((q.0 - p.0, q.1 - p.1, q.2 - p.2))
    }

    /// A straight leap's unit step and number of steps: `Some((u, n))` when the step is `n`
    /// times an edge or corner step.
    pub fn straight(self, step: Vec3) -> Option<(Vec3, i32)> {
        let units = self.edges().into_iter().chain(self.corners());
        for u in units {
            for n in 1..=16 {
                if times(u, n) == step {
                    return Some((u, n));
                }
            }
        }
        None
    }

    /// For a leap `[a, b]` that is not straight, its corner unit step and edge unit step: the
    /// step is `a` corner steps and `b - a` edge steps (docs/RULES.md, "leaps on hexes"; on a
    /// square board the knight's diagonal step and its orthogonal step along its long side).
    pub fn decomposition(self, a: i32, b: i32, step: Vec3) -> Option<(Vec3, Vec3)> {
        for v in self.corners() {
            for e in self.edges() {
                if plus(times(v, a), times(e, b - a)) == step {
                    return Some((v, e));
                }
            }
        }
        None
    }

    /// The two cells beside a straight leap's first step `u` that a skirmisher goes around:
    /// on a square board, one step across the leap either way from the cell passed over; on a
    /// hex board, for an edge step the two hexes touching both the start and the hex passed
    /// over, for a vertex step the two neighbours it passes between (docs/RULES.md, "what a
    /// leap passes on hexes").
    pub fn beside(self, u: Vec3) -> [Vec3; 2] {
        match self {
            Grid::Square => {
                let (sf, sr, _) = u;
                [(sf - sr, sr + sf, 0), (sf + sr, sr - sf, 0)]
            }
            Grid::Hex => {
                // The neighbours `e` of the start for which `u - e` is a neighbour step too: for
                // an edge step, the hexes touching the hex passed over; for a vertex step, the
                // two edge steps adding up to it.
                let mut found: Vec<Vec3> =
                    self.edges().into_iter().filter(|&e| self.edges().contains(&plus(u, neg(e)))).collect();
                found.sort_unstable();
                assert_eq!(found.len(), 2, "two hexes beside {u:?}: {found:?}");
                [found[0], found[1]]
            }
        }
    }
}
