//! The layout: where the towns stand and where each side's armies enter, symmetric under a
//! half turn of the board, with the trees and hills of [`super::terrain`] around them.

use super::spec::{ArmySpec, GenerateSpec, Towns};
use super::terrain::{spread_terrain, TerrainSpec};
use super::{fail, GenerateError};
use crate::side::Side;
use crate::square::Square;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Where one army enters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Whose army it is.
    pub side: Side,
    /// The lower-left corner of its 4x4 block.
    pub corner: Square,
    /// The army.
    pub army: ArmySpec,
}

impl Entry {
    /// The 16 squares of its block.
    #[must_use]
    pub fn squares(&self) -> Vec<Square> {
        block(self.corner)
    }
}

/// A generated board and its armies, before it is written out.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Files.
    pub files: u8,
    /// Ranks.
    pub ranks: u8,
    /// The towns.
    pub towns: Vec<Square>,
    /// The town (if any) that belongs to neither side (the middle town of an odd count).
    pub neutral: Option<Square>,
    /// Trees.
    pub trees: Vec<Square>,
    /// Hills (the fixed ones first).
    pub hills: Vec<Square>,
    /// Every army's entry, White's and Black's alternately for field armies, then garrisons.
    pub entries: Vec<Entry>,
    /// The fairness measure reached: the largest relative difference between the sides.
    pub unfairness: f64,
}

/// The square a half turn of the board maps `sq` onto. On a hex board of an even number of
/// ranks the same map is the half turn about the board's centre: it takes every row onto a row
/// of the other offset and keeps hex distances and lines (docs/SCENARIOS.md, "The scenario
/// generator").
#[must_use]
pub fn image(sq: Square, files: u8, ranks: u8) -> Square {
    Square::new(files - 1 - sq.file, ranks - 1 - sq.rank)
}

fn block(corner: Square) -> Vec<Square> {
    (0..4).flat_map(|r| (0..4).map(move |f| Square::new(corner.file + f, corner.rank + r))).collect()
}

fn in_block(corner: Square, sq: Square) -> bool {
    (corner.file..corner.file + 4).contains(&sq.file) && (corner.rank..corner.rank + 4).contains(&sq.rank)
}

fn blocks_overlap(a: Square, b: Square) -> bool {
    a.file.abs_diff(b.file) < 4 && a.rank.abs_diff(b.rank) < 4
}

/// The side whose half holds a square: White below the centre line, Black above, none on it.
#[must_use]
pub fn half(sq: Square, ranks: u8) -> Option<Side> {
    let twice = 2 * u32::from(sq.rank);
    let centre = u32::from(ranks) - 1;
    match twice.cmp(&centre) {
        std::cmp::Ordering::Less => Some(Side::White),
        std::cmp::Ordering::Greater => Some(Side::Black),
        std::cmp::Ordering::Equal => None,
    }
}

/// Generates the board and armies of a scenario without writing it out.
pub fn layout(spec: &GenerateSpec) -> Result<Layout, GenerateError> {
    spec.check()?;
    let (files, ranks) = (spec.files, spec.ranks);
    let mut rng = StdRng::seed_from_u64(spec.seed);
    let entries = u32::from(spec.entries);
    // Field entry blocks along White's home edge, the first at the corner; Black's are their
    // images.
    let white_blocks: Vec<Square> = (0..entries)
        .map(|j| {
            let file = if entries == 1 {
                0
            } else {
                (f64::from(j) * f64::from(files - 4) / f64::from(entries - 1)).round() as u8
            };
            Square::new(file, 0)
        })
        .collect();
    let black_block = |c: Square| Square::new(files - 4 - c.file, ranks - 4 - c.rank);
    let field_blocks: Vec<Square> = white_blocks.iter().flat_map(|&c| [c, black_block(c)]).collect();
    for (i, &a) in white_blocks.iter().enumerate() {
        if white_blocks[..i].iter().any(|&b| blocks_overlap(a, b))
            || field_blocks.iter().skip(1).step_by(2).any(|&b| blocks_overlap(a, b))
        {
            return fail(format!(
                "{} entry blocks do not fit along a {files}-file edge without overlapping",
                spec.entries
            ));
        }
    }
    let area = usize::from(files) * usize::from(ranks);
    let total = (spec.density * area as f64).round() as usize;
    let fixed = spec.towns.count() + spec.hills.len();
    if total < fixed {
        return fail(format!(
            "{:.0}% of a {files}x{ranks} board is {total} squares, fewer than the {} towns and {} fixed hills",
            spec.density * 100.0,
            spec.towns.count(),
            spec.hills.len()
        ));
    }
    let (towns, neutral) = place_towns(spec, &field_blocks, &mut rng)?;
    let mut entries_out = Vec::new();
    for (k, army) in spec.armies.iter().enumerate() {
        let w = white_blocks[k % white_blocks.len()];
        entries_out.push(Entry { side: Side::White, corner: w, army: army.clone() });
        entries_out.push(Entry { side: Side::Black, corner: black_block(w), army: army.clone() });
    }
    if let Some(garrison) = &spec.garrison {
        for &t in &towns {
            if Some(t) == neutral {
                continue;
            }
            if let Some(side) = half(t, ranks) {
                let corner = garrison_corner(t, side, files, ranks);
                entries_out.push(Entry { side, corner, army: garrison.clone() });
            }
        }
        let corners: Vec<Square> = entries_out.iter().map(|e| e.corner).collect();
        for (i, e) in entries_out.iter().enumerate() {
            if e.army.turn == garrison.turn
                && corners[..i].iter().any(|&c| c != e.corner && blocks_overlap(c, e.corner))
            {
                return fail("two garrison blocks overlap: use fewer towns or a larger board");
            }
        }
    }
    let random = total - fixed;
    let trees = if random % 2 == 1 && rng.gen_bool(0.5) { random / 2 + 1 } else { random / 2 };
    let hills = random - trees;
    let keep_clear: Vec<Square> = field_blocks.iter().flat_map(|&c| block(c)).collect();
    let sources = |side: Side| -> Vec<Square> {
        entries_out.iter().filter(|e| e.side == side).flat_map(Entry::squares).collect()
    };
    let (white_sources, black_sources) = (sources(Side::White), sources(Side::Black));
    let spread = spread_terrain(&TerrainSpec {
        geometry: spec.geometry,
        files,
        ranks,
        rows: (0, ranks - 1),
        margin: spec.margin,
        towns: &towns,
        fixed_hills: &spec.hills,
        keep_clear: &keep_clear,
        trees,
        hills,
        entries: [&white_sources, &black_sources],
        seed: rng.gen(),
    })?;
    let mut all_hills = spec.hills.clone();
    all_hills.extend(spread.hills);
    Ok(Layout {
        files,
        ranks,
        towns,
        neutral,
        trees: spread.trees,
        hills: all_hills,
        entries: entries_out,
        unfairness: spread.unfairness,
    })
}

/// The lower-left corner of a town's garrison block: the block holding the town and reaching
/// towards the side's own edge, inside the board.
fn garrison_corner(town: Square, side: Side, files: u8, ranks: u8) -> Square {
    let white = |t: Square| {
        let file = t.file.saturating_sub(1).min(files - 4);
        let rank = t.rank.saturating_sub(2).min(ranks - 4);
        Square::new(file, rank)
    };
    match side {
        Side::White => white(town),
        Side::Black => {
            let c = white(image(town, files, ranks));
            Square::new(files - 4 - c.file, ranks - 4 - c.rank)
        }
    }
}

/// Places the towns; returns them and the neutral middle town, if any.
fn place_towns(
    spec: &GenerateSpec,
    field_blocks: &[Square],
    rng: &mut StdRng,
) -> Result<(Vec<Square>, Option<Square>), GenerateError> {
    let (files, ranks, geometry) = (spec.files, spec.ranks, spec.geometry);
    let centre = Square::new(files / 2, ranks / 2);
    let on_board = |s: &Square| s.file < files && s.rank < ranks;
    match &spec.towns {
        Towns::At(list) => {
            for (i, t) in list.iter().enumerate() {
                if !on_board(t) {
                    return fail(format!("the town {t} is off the {files}x{ranks} board"));
                }
                if list[..i].contains(t) {
                    return fail(format!("the town {t} is listed twice"));
                }
            }
            Ok((list.clone(), list.iter().copied().find(|&t| half(t, ranks).is_none())))
        }
        Towns::Zigzag(n) => {
            let n = usize::from(*n);
            let low = (usize::from(ranks) * 3 / 8) as u8;
            let mut towns = vec![Square::new(0, 0); n];
            for i in 0..n / 2 {
                let file = ((i as f64 + 0.5) * f64::from(files) / n as f64 - 0.5).round() as u8;
                let rank = if i % 2 == 0 { low } else { ranks - 1 - low };
                towns[i] = Square::new(file, rank);
                towns[n - 1 - i] = image(towns[i], files, ranks);
            }
            let neutral = (n % 2 == 1).then_some(centre);
            if let Some(c) = neutral {
                towns[n / 2] = c;
            }
            for (i, t) in towns.iter().enumerate() {
                if towns[..i].contains(t) || field_blocks.iter().any(|&b| in_block(b, *t)) {
                    return fail(format!("{n} towns do not fit in a zigzag on a {files}x{ranks} board"));
                }
            }
            Ok((towns, neutral))
        }
        Towns::Spread(n) => {
            let n = usize::from(*n);
            let area = f64::from(files) * f64::from(ranks);
            let mut spacing = ((area / n.max(1) as f64).sqrt() * 0.7).floor().max(3.0) as u8;
            let mut towns: Vec<Square> = Vec::new();
            let mut garrisons: Vec<Square> = Vec::new();
            let neutral = (n % 2 == 1).then_some(centre);
            if let Some(c) = neutral {
                if field_blocks.iter().any(|&b| in_block(b, c)) {
                    return fail(format!("the middle town does not fit on a {files}x{ranks} board"));
                }
                towns.push(c);
            }
            let mut failures = 0;
            while towns.len() < n {
                let cand = Square::new(rng.gen_range(2..files - 2), rng.gen_range(2..ranks.div_ceil(2)));
                let twin = image(cand, files, ranks);
                let mut ok = half(cand, ranks) == Some(Side::White)
                    && geometry.distance(cand, twin) >= u32::from(spacing)
                    && towns.iter().all(|&t| {
                        geometry.distance(t, cand) >= u32::from(spacing)
                            && geometry.distance(t, twin) >= u32::from(spacing)
                    })
                    && !field_blocks.iter().any(|&b| in_block(b, cand) || in_block(b, twin));
                if ok && spec.garrison.is_some() {
                    let g = garrison_corner(cand, Side::White, files, ranks);
                    let h = garrison_corner(twin, Side::Black, files, ranks);
                    ok = !blocks_overlap(g, h)
                        && !field_blocks.iter().any(|&b| blocks_overlap(b, g) || blocks_overlap(b, h))
                        && garrisons.iter().all(|&o| !blocks_overlap(o, g) && !blocks_overlap(o, h))
                        && neutral.is_none_or(|c| !in_block(g, c) && !in_block(h, c));
                }
                if ok {
                    towns.push(cand);
                    towns.push(twin);
                    if spec.garrison.is_some() {
                        garrisons.push(garrison_corner(cand, Side::White, files, ranks));
                        garrisons.push(garrison_corner(twin, Side::Black, files, ranks));
                    }
                    failures = 0;
                } else {
                    failures += 1;
                    if failures > 400 {
                        if spacing <= 2 {
                            return fail(format!("{n} towns do not fit on a {files}x{ranks} board"));
                        }
                        spacing -= 1;
                        failures = 0;
                    }
                }
            }
            Ok((towns, neutral))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_half_turn_maps_corners_onto_corners() {
        assert_eq!(image(Square::new(0, 0), 24, 16), Square::new(23, 15));
        assert_eq!(half(Square::new(3, 7), 16), Some(Side::White));
        assert_eq!(half(Square::new(3, 8), 16), Some(Side::Black));
        assert_eq!(half(Square::new(3, 7), 15), None);
    }
}
