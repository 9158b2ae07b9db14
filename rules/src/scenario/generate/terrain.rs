//! Terrain: trees and hills spread "fake randomly" over cells of equal share, then moved over a
//! bit while the [`super::fairness`] measure says one side has better access than the other.

use super::fairness::{Access, FAIRNESS_TOLERANCE};
use super::{fail, GenerateError};
use crate::board::MIN_SIDE;
use crate::geometry::{Geometry, Lattice};
use crate::movement::Lines;
use crate::square::{Square, MAX_SIDE};
use crate::terrain::Terrain;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// What [`spread_terrain`] spreads, and where.
#[derive(Clone, Debug)]
pub struct TerrainSpec<'a> {
    /// The shape of the cells.
    pub geometry: Geometry,
    /// Files.
    pub files: u8,
    /// Ranks.
    pub ranks: u8,
    /// The lowest and highest rank (zero-based) that get random terrain; symmetric about the
    /// centre line (`lo + hi = ranks - 1`).
    pub rows: (u8, u8),
    /// Squares from the board's edge kept free of random terrain.
    pub margin: u8,
    /// The towns (kept, and counted by the fairness check).
    pub towns: &'a [Square],
    /// Hills already placed.
    pub fixed_hills: &'a [Square],
    /// Squares that get no random terrain (entry blocks).
    pub keep_clear: &'a [Square],
    /// How many random trees.
    pub trees: usize,
    /// How many random hills.
    pub hills: usize,
    /// Where White's and Black's armies start from, for the fairness check.
    pub entries: [&'a [Square]; 2],
    /// The seed.
    pub seed: u64,
}

/// The result of [`spread_terrain`].
#[derive(Clone, Debug, PartialEq)]
pub struct Spread {
    /// The random trees.
    pub trees: Vec<Square>,
    /// The random hills.
    pub hills: Vec<Square>,
    /// The largest relative difference between the sides left by the fairness check.
    pub unfairness: f64,
}

/// Spreads trees and hills "fake randomly" and fairly (see the [generator's
/// documentation](super)).
pub fn spread_terrain(spec: &TerrainSpec) -> Result<Spread, GenerateError> {
    let (files, ranks) = (spec.files, spec.ranks);
    let sides = MIN_SIDE..=MAX_SIDE;
    if !sides.contains(&files) || !sides.contains(&ranks) {
        return fail(format!("a board has {MIN_SIDE} to {MAX_SIDE} files and ranks; {files}x{ranks} asked"));
    }
    if let Some(s) = spec.towns.iter().chain(spec.fixed_hills).find(|s| s.file >= files || s.rank >= ranks) {
        return fail(format!("the town or hill {s} is off the {files}x{ranks} board"));
    }
    let (lo, hi) = spec.rows;
    if hi >= ranks || lo > hi {
        return fail(format!("rows {lo}..={hi} are not on a board of {ranks} ranks"));
    }
    let mut rng = StdRng::seed_from_u64(spec.seed);
    let idx = |s: Square| usize::from(s.rank) * usize::from(files) + usize::from(s.file);
    let mut grid = vec![Terrain::Open; usize::from(files) * usize::from(ranks)];
    for &t in spec.towns {
        grid[idx(t)] = Terrain::Town;
    }
    for &h in spec.fixed_hills {
        grid[idx(h)] = Terrain::Hill;
    }
    let mut clear = vec![false; grid.len()];
    for &s in spec.keep_clear {
        if s.file < files && s.rank < ranks {
            clear[idx(s)] = true;
        }
    }
    let m = spec.margin;
    let eligible = |s: Square| -> bool {
        s.rank >= lo.max(m) && s.rank <= hi.min(ranks.saturating_sub(1 + m)) && s.file >= m && s.file + m < files
    };
    let free = |grid: &[Terrain], s: Square| eligible(s) && grid[idx(s)] == Terrain::Open && !clear[idx(s)];
    let room = (0..ranks).flat_map(|r| (0..files).map(move |f| Square::new(f, r))).filter(|&s| free(&grid, s)).count();
    let wanted = spec.trees + spec.hills;
    if wanted > room {
        return fail(format!("{wanted} trees and hills do not fit in the {room} free squares"));
    }
    // Cells of about equal area; a cell and its image get the same count.
    let height = f64::from(hi - lo + 1);
    let width = f64::from(files);
    let per_cell = 2.0;
    let size = ((height * width * per_cell / wanted.max(1) as f64).sqrt()).max(2.0);
    let nx = ((width / size).round() as usize).max(1);
    let ny = ((height / size).round() as usize).max(1);
    let edges = |n: usize, len: f64, start: f64| -> Vec<u8> {
        (0..=n).map(|i| (start + len * i as f64 / n as f64).round() as u8).collect()
    };
    let xs = edges(nx, width, 0.0);
    let ys = edges(ny, height, f64::from(lo));
    let cells = nx * ny;
    let mut counts = vec![wanted / cells; cells];
    let mut rest = wanted % cells;
    let twin = |c: usize| cells - 1 - c;
    let mut order: Vec<usize> = (0..cells).filter(|&c| c <= twin(c)).collect();
    order.shuffle(&mut rng);
    for &c in &order {
        if rest == 0 {
            break;
        }
        if c == twin(c) || rest == 1 {
            counts[c] += 1;
            rest -= 1;
        } else {
            counts[c] += 1;
            counts[twin(c)] += 1;
            rest -= 2;
        }
    }
    let (mut trees_left, mut hills_left) = (spec.trees, spec.hills);
    let mut carry = 0usize;
    let mut placed: Vec<Square> = Vec::new();
    for (c, &count) in counts.iter().enumerate() {
        let (cx, cy) = (c % nx, c / nx);
        let squares: Vec<Square> =
            (ys[cy]..ys[cy + 1]).flat_map(|r| (xs[cx]..xs[cx + 1]).map(move |f| Square::new(f, r))).collect();
        let mut want = count + carry;
        carry = 0;
        while want > 0 {
            let options: Vec<Square> = squares.iter().copied().filter(|&s| free(&grid, s)).collect();
            let Some(&s) = options.choose(&mut rng) else {
                carry = want;
                break;
            };
            let hill = rng.gen_range(0..trees_left + hills_left) >= trees_left;
            let code = if hill { Terrain::Hill } else { Terrain::Trees };
            let left = if hill { &mut hills_left } else { &mut trees_left };
            // Puts one feature of this kind on a square and counts it.
            let mut put = |grid: &mut [Terrain], sq: Square, left: &mut usize, want: &mut usize| {
                grid[idx(sq)] = code;
                placed.push(sq);
                *left -= 1;
                *want -= 1;
            };
            put(&mut grid, s, left, &mut want);
            // Now and then a 2-square feature: hills in an orthogonal line, trees diagonally.
            if want > 0 && *left > 0 && rng.gen_ratio(1, 8) {
                let steps = feature_steps(spec.geometry, hill);
                let (dx, dy) = steps[rng.gen_range(0..steps.len())];
                let (x, y) = spec.geometry.to_lattice(s);
                if let Some(n) = spec.geometry.from_lattice((x + dx, y + dy)) {
                    if n.file < files && n.rank < ranks && free(&grid, n) {
                        put(&mut grid, n, left, &mut want);
                    }
                }
            }
        }
    }
    // What the cells could not hold goes anywhere free.
    let mut want = carry;
    while want > 0 {
        let options: Vec<Square> =
            (0..ranks).flat_map(|r| (0..files).map(move |f| Square::new(f, r))).filter(|&s| free(&grid, s)).collect();
        let Some(&s) = options.choose(&mut rng) else {
            return fail("no room left for terrain");
        };
        let hill = rng.gen_range(0..trees_left + hills_left) >= trees_left;
        grid[idx(s)] = if hill { Terrain::Hill } else { Terrain::Trees };
        placed.push(s);
        if hill {
            hills_left -= 1;
        } else {
            trees_left -= 1;
        }
        want -= 1;
    }
    // The fairness check: move a square over a bit while it makes the sides more equal.
    let mut access = Access::new(spec.geometry, files, ranks, spec.towns, spec.entries, &grid)?;
    let mut score = access.measure();
    let budget = (6_000_000 / grid.len()).clamp(30, 400);
    let mut tries = 0;
    while score.worst > FAIRNESS_TOLERANCE && tries < budget && !placed.is_empty() {
        tries += 1;
        let i = rng.gen_range(0..placed.len());
        let from = placed[i];
        let (df, dr) = (rng.gen_range(-2i32..=2), rng.gen_range(-2i32..=2));
        let (f, r) = (i32::from(from.file) + df, i32::from(from.rank) + dr);
        if !(0..i32::from(files)).contains(&f) || !(0..i32::from(ranks)).contains(&r) {
            continue;
        }
        let to = Square::new(f as u8, r as u8);
        if !free(&grid, to) {
            continue;
        }
        let code = grid[idx(from)];
        grid[idx(from)] = Terrain::Open;
        grid[idx(to)] = code;
        let undo = access.update(&grid, &[from, to])?;
        let next = access.measure();
        if next.total < score.total {
            placed[i] = to;
            score = next;
        } else {
            grid[idx(to)] = Terrain::Open;
            grid[idx(from)] = code;
            access.undo(undo);
        }
    }
    let collect = |code: Terrain| -> Vec<Square> {
        let mut v: Vec<Square> = placed.iter().copied().filter(|&s| grid[idx(s)] == code).collect();
        v.sort_by_key(|s| (s.rank, s.file));
        v
    };
    Ok(Spread { trees: collect(Terrain::Trees), hills: collect(Terrain::Hill), unfairness: score.worst })
}
/// The steps from the first cell of a 2-cell feature to the second: hills in an orthogonal
/// line (across an edge on hexes), trees diagonally (a vertex step on hexes: two hexes that
/// touch the same two hexes, as two diagonal squares touch the same corner).
fn feature_steps(geometry: Geometry, hill: bool) -> &'static [Lattice] {
    match (geometry, hill) {
        (Geometry::Square, true) => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
        (Geometry::Square, false) => &[(1, 1), (-1, 1), (1, -1), (-1, -1)],
        (Geometry::Hex, true) => geometry.line_steps(Lines::Orthogonal),
        (Geometry::Hex, false) => geometry.line_steps(Lines::Diagonal),
    }
}
