//! A seeded generator of large Warlord scenarios, after the designer's notes on large boards
//! ([000] "SET-UPS" and "GAME PLAY"):
//!
//! - **Towns** are symmetric: a half turn of the board (square `(f, r)` to
//!   `(files-1-f, ranks-1-r)`) maps each side's towns, entry blocks and garrisons onto the
//!   other's. An odd town count puts one town next to the centre, "as close to it as possible",
//!   on the second player's side of the centre line.
//! - **Trees and hills** are spread "fake randomly": the area is cut into cells that get equal
//!   shares (cells that map onto each other get the same count), each square is placed at random
//!   inside its cell, and tree or hill is drawn at random for each. So the spread is even but not
//!   symmetric. A few are 2-square features (an orthogonal pair of hills, "a mountain range", or
//!   a diagonal pair of trees), as in the designer's "few spots with blocking terrain".
//! - **Fairness**: "after you've done your set up, you can check access, and if necessary, move a
//!   terrain square or two over a bit". The check compares, for heavy cavalry, cannon and light
//!   cavalry (the pieces terrain hinders), each side's march from its entry blocks to every town
//!   (shortest number of moves, summed) and the mobility in its own half (moves available from
//!   every square). While a side is ahead by more than the tolerance, a terrain square is moved
//!   to a free square next to it, keeping the move when it makes the two sides more equal.
//! - **Armies** enter as reinforcements in 4x4 blocks ("Incoming pieces are being set up in 4x4
//!   blocks along the edge ... placed symmetrically, blockwise, but free placement within the
//!   blocks"): field armies at blocks along each side's home edge, the first at its corner (the
//!   Valley War's "diagonally opposite corners"), and optionally a small garrison at each town of
//!   a side's half on turn 1 (the 48x72 idea: "2 countries, with tiny armies at each city").
//!
//! [`generate`] writes the scenario as TOML text that [`super::Scenario::parse`] accepts. The
//! same spec always gives the same text.

use crate::side::Side;
use crate::square::{Square, MAX_SIDE};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::fmt::Write as _;

/// The terrain density the designer found to work, "10% - 30% terrain, including towns".
pub const DENSITY_RANGE: std::ops::RangeInclusive<f64> = 0.10..=0.30;

/// The designer's share of the leaders' total value used as the moves allowed a turn: "using
/// about 60% of the total leader value works a little better".
pub const COMMAND_SHARE: f64 = 0.6;

/// Why a scenario could not be generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct GenerateError(pub String);

fn fail<T>(message: impl Into<String>) -> Result<T, GenerateError> {
    Err(GenerateError(message.into()))
}

/// How towns are placed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Towns {
    /// This many towns, in pairs placed at random and mapped onto each other by the half turn.
    Spread(u16),
    /// This many towns along the length of the board, alternately nearer each side (the 16x36
    /// game: "9 towns running rather zigzag lengthwise down the board").
    Zigzag(u16),
    /// These squares.
    At(Vec<Square>),
}

impl Towns {
    /// How many towns.
    #[must_use]
    pub fn count(&self) -> usize {
        match self {
            Towns::Spread(n) | Towns::Zigzag(n) => usize::from(*n),
            Towns::At(v) => v.len(),
        }
    }
}

/// One army: the pieces of a 4x4 block and the turn it enters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArmySpec {
    /// The side's own turn (1 = its first) from which it enters.
    pub turn: u32,
    /// The levels of its leaders (1 to 3): a level-N leader activates up to N pieces.
    pub leaders: Vec<u8>,
    /// Heavy cavalry.
    pub heavy_cavalry: u16,
    /// Cannon.
    pub cannon: u16,
    /// Light cavalry (skirmishers).
    pub light_cavalry: u16,
    /// Infantry.
    pub infantry: u16,
}

impl ArmySpec {
    /// The `index`-th field army (from 0) of the Valley War pattern: 16 units with 3 leaders,
    /// entering on turns 1, 6, 12, 20 and then every 8 turns; the first two bring level-3
    /// leaders (9 activations, then 18), the later ones level-2 leaders, so that 60% of the
    /// four armies' leader value (30) is the Valley War's 18 activations.
    #[must_use]
    pub fn field(index: usize) -> ArmySpec {
        let turn = match index {
            0 => 1,
            1 => 6,
            2 => 12,
            k => 20 + 8 * (k as u32 - 3),
        };
        let level = if index < 2 { 3 } else { 2 };
        ArmySpec { turn, leaders: vec![level; 3], heavy_cavalry: 2, cannon: 2, light_cavalry: 2, infantry: 7 }
    }

    /// A town's garrison, "tiny armies at each city or town": a level-2 leader, a light cavalry
    /// and two infantry, entering on `turn`.
    #[must_use]
    pub fn garrison(turn: u32) -> ArmySpec {
        ArmySpec { turn, leaders: vec![2], heavy_cavalry: 0, cannon: 0, light_cavalry: 1, infantry: 2 }
    }

    /// How many pieces it has.
    #[must_use]
    pub fn size(&self) -> usize {
        self.leaders.len() + usize::from(self.heavy_cavalry + self.cannon + self.light_cavalry + self.infantry)
    }

    /// The total level of its leaders.
    #[must_use]
    pub fn command(&self) -> u32 {
        self.leaders.iter().map(|&l| u32::from(l)).sum()
    }

    /// Its pieces as a TOML inline table, `{ L3 = 3, H = 2, ... }`.
    fn pieces_table(&self) -> String {
        let mut parts = Vec::new();
        for level in [3u8, 2, 1] {
            let n = self.leaders.iter().filter(|&&l| l == level).count();
            if n > 0 {
                parts.push(format!("L{level} = {n}"));
            }
        }
        for (symbol, n) in
            [("H", self.heavy_cavalry), ("C", self.cannon), ("N", self.light_cavalry), ("I", self.infantry)]
        {
            if n > 0 {
                parts.push(format!("{symbol} = {n}"));
            }
        }
        format!("{{ {} }}", parts.join(", "))
    }
}

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerateSpec {
    /// The scenario's id (lower-case letters, digits and `-`).
    pub id: String,
    /// Its display name.
    pub name: String,
    /// Files (columns), 8 to 120.
    pub files: u8,
    /// Ranks (rows), 8 to 120. White's home edge is rank 1, Black's the last rank.
    pub ranks: u8,
    /// The share of squares that are towns, trees or hills, within [`DENSITY_RANGE`].
    pub density: f64,
    /// The towns.
    pub towns: Towns,
    /// Hills placed by hand (a "mountain range"), counted in the density.
    pub hills: Vec<Square>,
    /// Squares from the board's edge kept free of random terrain ("away from the edges").
    pub margin: u8,
    /// The field armies of each side, entering in turn at the entry blocks.
    pub armies: Vec<ArmySpec>,
    /// How many entry blocks each side has along its home edge (1: all armies enter at its
    /// corner); army `k` enters at block `k % entries`.
    pub entries: u16,
    /// A garrison entering in a 4x4 block around each town of a side's half, if any.
    pub garrison: Option<ArmySpec>,
    /// Moves allowed a turn, as a share of a side's total leader level (rounded, at least 1).
    pub command_share: f64,
    /// Whether light cavalry activate themselves by default (the `self-activating-knights`
    /// option). Off by default, so that a side's activations are its leaders' levels, the
    /// designer's count in the large games ("started at 9 activations/turn, then ... 18").
    pub self_activating_knights: bool,
    /// The seed of every random choice.
    pub seed: u64,
    /// A description for players (generated when `None`).
    pub description: Option<String>,
    /// Where the scenario comes from (generated when `None`).
    pub source: Option<String>,
    /// For a reconstruction of a game the designer describes: how it was reconstructed. The
    /// file is then marked `reconstructed = true`.
    pub reconstruction: Option<String>,
}

impl GenerateSpec {
    /// A spec with the usual choices: 20% terrain, a third as many towns as the side of a square
    /// board of the same area (8 on 24x24 as in the Valley War; at least 4, even),
    /// the four Valley War armies entering at the corner, no garrisons, 60% command.
    #[must_use]
    pub fn new(files: u8, ranks: u8, seed: u64) -> GenerateSpec {
        let area = f64::from(files) * f64::from(ranks);
        let towns = (((area.sqrt() / 3.0).round() as u16).max(4) / 2) * 2;
        GenerateSpec {
            id: format!("generated-{files}x{ranks}-{seed}"),
            name: format!("Generated {files}x{ranks} (seed {seed})"),
            files,
            ranks,
            density: 0.2,
            towns: Towns::Spread(towns),
            hills: Vec::new(),
            margin: 1,
            armies: (0..4).map(ArmySpec::field).collect(),
            entries: 1,
            garrison: None,
            command_share: COMMAND_SHARE,
            self_activating_knights: false,
            seed,
            description: None,
            source: None,
            reconstruction: None,
        }
    }

    /// The moves allowed a turn: `command_share` of a side's total leader level.
    #[must_use]
    pub fn moves_per_turn(&self, garrisons: usize) -> u32 {
        let total: u32 = self.armies.iter().map(ArmySpec::command).sum::<u32>()
            + self.garrison.as_ref().map_or(0, |g| g.command() * garrisons as u32);
        ((f64::from(total) * self.command_share).round() as u32).clamp(1, 200)
    }
}

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

/// The square a half turn of the board maps `sq` onto.
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

/// Generates the scenario as TOML text.
pub fn generate(spec: &GenerateSpec) -> Result<String, GenerateError> {
    let layout = layout(spec)?;
    Ok(render(spec, &layout))
}

/// Generates the board and armies of a scenario without writing it out.
pub fn layout(spec: &GenerateSpec) -> Result<Layout, GenerateError> {
    check_spec(spec)?;
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

fn check_spec(spec: &GenerateSpec) -> Result<(), GenerateError> {
    let (files, ranks) = (spec.files, spec.ranks);
    if !(8..=MAX_SIDE).contains(&files) || !(8..=MAX_SIDE).contains(&ranks) {
        return fail(format!("a generated board has 8 to {MAX_SIDE} files and ranks; {files}x{ranks} asked"));
    }
    if !spec.density.is_finite() || !DENSITY_RANGE.contains(&spec.density) {
        return fail(format!(
            "terrain density must be from 0.10 to 0.30 (10% to 30%, towns included); {} asked",
            spec.density
        ));
    }
    if spec.entries == 0 {
        return fail("each side needs at least one entry block");
    }
    if spec.armies.is_empty() && spec.garrison.is_none() {
        return fail("each side needs at least one army or garrisons");
    }
    for army in spec.armies.iter().chain(&spec.garrison) {
        if army.size() == 0 || army.size() > 16 {
            return fail(format!("an army enters in a 4x4 block: 1 to 16 pieces, not {}", army.size()));
        }
        if army.turn == 0 {
            return fail("armies enter from turn 1 on");
        }
        if army.leaders.iter().any(|l| !(1..=3).contains(l)) {
            return fail("leader levels are 1, 2 or 3");
        }
    }
    if !(spec.command_share > 0.0 && spec.command_share <= 1.0) {
        return fail("the command share is more than 0 and at most 1");
    }
    for &h in &spec.hills {
        if h.file >= files || h.rank >= ranks {
            return fail(format!("the hill {h} is off the {files}x{ranks} board"));
        }
    }
    Ok(())
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
    let (files, ranks) = (spec.files, spec.ranks);
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
                    && cand.distance(twin) >= spacing
                    && towns.iter().all(|t| t.distance(cand) >= spacing && t.distance(twin) >= spacing)
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

/// What [`spread_terrain`] spreads, and where.
#[derive(Clone, Debug)]
pub struct TerrainSpec<'a> {
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

/// The relative difference the fairness check accepts between the two sides' access.
pub const FAIRNESS_TOLERANCE: f64 = 0.03;

/// Terrain codes of the fairness model.
const OPEN: u8 = 0;
const TOWN: u8 = 1;
const TREES: u8 = 2;
const HILL: u8 = 3;

/// Spreads trees and hills "fake randomly" and fairly (see the module documentation).
pub fn spread_terrain(spec: &TerrainSpec) -> Result<Spread, GenerateError> {
    let (files, ranks) = (spec.files, spec.ranks);
    let (lo, hi) = spec.rows;
    if hi >= ranks || lo > hi {
        return fail(format!("rows {lo}..={hi} are not on a board of {ranks} ranks"));
    }
    let mut rng = StdRng::seed_from_u64(spec.seed);
    let idx = |s: Square| usize::from(s.rank) * usize::from(files) + usize::from(s.file);
    let mut grid = vec![OPEN; usize::from(files) * usize::from(ranks)];
    for &t in spec.towns {
        grid[idx(t)] = TOWN;
    }
    for &h in spec.fixed_hills {
        grid[idx(h)] = HILL;
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
    let free = |grid: &[u8], s: Square| eligible(s) && grid[idx(s)] == OPEN && !clear[idx(s)];
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
            let code = if hill { HILL } else { TREES };
            grid[idx(s)] = code;
            placed.push(s);
            if hill {
                hills_left -= 1;
            } else {
                trees_left -= 1;
            }
            want -= 1;
            // Now and then a 2-square feature: hills in an orthogonal line, trees diagonally.
            let left = if hill { hills_left } else { trees_left };
            if want > 0 && left > 0 && rng.gen_ratio(1, 8) {
                let steps: &[(i32, i32)] =
                    if hill { &[(1, 0), (-1, 0), (0, 1), (0, -1)] } else { &[(1, 1), (-1, 1), (1, -1), (-1, -1)] };
                let (df, dr) = steps[rng.gen_range(0..steps.len())];
                let (f, r) = (i32::from(s.file) + df, i32::from(s.rank) + dr);
                if (0..i32::from(files)).contains(&f) && (0..i32::from(ranks)).contains(&r) {
                    let n = Square::new(f as u8, r as u8);
                    if free(&grid, n) {
                        grid[idx(n)] = code;
                        placed.push(n);
                        if hill {
                            hills_left -= 1;
                        } else {
                            trees_left -= 1;
                        }
                        want -= 1;
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
        grid[idx(s)] = if hill { HILL } else { TREES };
        placed.push(s);
        if hill {
            hills_left -= 1;
        } else {
            trees_left -= 1;
        }
        want -= 1;
    }
    // The fairness check: move a square over a bit while it makes the sides more equal.
    let model = Access::new(files, ranks, spec.towns, spec.entries);
    let mut score = model.measure(&grid);
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
        grid[idx(from)] = OPEN;
        grid[idx(to)] = code;
        let next = model.measure(&grid);
        if next.total < score.total {
            placed[i] = to;
            score = next;
        } else {
            grid[idx(to)] = OPEN;
            grid[idx(from)] = code;
        }
    }
    let collect = |code: u8| -> Vec<Square> {
        let mut v: Vec<Square> = placed.iter().copied().filter(|&s| grid[idx(s)] == code).collect();
        v.sort_by_key(|s| (s.rank, s.file));
        v
    };
    Ok(Spread { trees: collect(TREES), hills: collect(HILL), unfairness: score.worst })
}

/// The fairness model: heavy cavalry, cannon and light cavalry moving over the terrain of an
/// empty board, with the terrain rules of [000].
struct Access {
    files: u8,
    ranks: u8,
    towns: Vec<usize>,
    sources: [Vec<usize>; 2],
}

/// A fairness measurement.
struct Score {
    /// The largest relative difference between the sides.
    worst: f64,
    /// The sum of the relative differences (what the check lowers).
    total: f64,
}

#[derive(Copy, Clone)]
enum Mover {
    HeavyCavalry,
    Cannon,
    LightCavalry,
}

impl Access {
    fn new(files: u8, ranks: u8, towns: &[Square], entries: [&[Square]; 2]) -> Access {
        let idx = |s: &Square| usize::from(s.rank) * usize::from(files) + usize::from(s.file);
        Access {
            files,
            ranks,
            towns: towns.iter().map(idx).collect(),
            sources: entries.map(|e| e.iter().filter(|s| s.file < files && s.rank < ranks).map(idx).collect()),
        }
    }

    fn moves(&self, grid: &[u8], mover: Mover, from: usize, out: &mut Vec<usize>) {
        out.clear();
        let (files, ranks) = (i32::from(self.files), i32::from(self.ranks));
        let (f0, r0) = ((from % files as usize) as i32, (from / files as usize) as i32);
        let at = |f: i32, r: i32| -> Option<usize> {
            ((0..files).contains(&f) && (0..ranks).contains(&r)).then(|| (r * files + f) as usize)
        };
        match mover {
            Mover::HeavyCavalry | Mover::Cannon => {
                let dirs: &[(i32, i32)] = match mover {
                    Mover::HeavyCavalry => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
                    _ => &[(1, 1), (-1, 1), (1, -1), (-1, -1)],
                };
                let never = if matches!(mover, Mover::HeavyCavalry) { TREES } else { HILL };
                for &(df, dr) in dirs {
                    for k in 1..=3 {
                        let Some(to) = at(f0 + df * k, r0 + dr * k) else {
                            break;
                        };
                        let code = grid[to];
                        if code == OPEN {
                            out.push(to);
                            continue;
                        }
                        if code != never && k == 1 {
                            out.push(to);
                        }
                        break;
                    }
                }
            }
            Mover::LightCavalry => {
                for (df, dr) in [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)] {
                    let Some(to) = at(f0 + df, r0 + dr) else {
                        continue;
                    };
                    let (sf, sr) = (df.signum(), dr.signum());
                    let (a, b) = if dr.abs() == 2 { ((0, sr), (sf, sr)) } else { ((sf, 0), (sf, sr)) };
                    let blocked = |(x, y): (i32, i32)| at(f0 + x, r0 + y).is_some_and(|c| grid[c] != OPEN);
                    if !(blocked(a) && blocked(b)) {
                        out.push(to);
                    }
                }
            }
        }
    }

    /// Moves from the sources to every square (u32::MAX: never).
    fn distances(&self, grid: &[u8], mover: Mover, sources: &[usize]) -> Vec<u32> {
        let mut dist = vec![u32::MAX; grid.len()];
        let mut queue = std::collections::VecDeque::new();
        for &s in sources {
            if dist[s] != 0 {
                dist[s] = 0;
                queue.push_back(s);
            }
        }
        let mut next = Vec::new();
        while let Some(c) = queue.pop_front() {
            self.moves(grid, mover, c, &mut next);
            for &n in &next {
                if dist[n] == u32::MAX {
                    dist[n] = dist[c] + 1;
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    fn measure(&self, grid: &[u8]) -> Score {
        let penalty = u64::from(self.files) + u64::from(self.ranks);
        let mut worst: f64 = 0.0;
        let mut total = 0.0;
        let mut next = Vec::new();
        let relative = |a: u64, b: u64| -> f64 {
            if a.abs_diff(b) <= 1 {
                0.0
            } else {
                a.abs_diff(b) as f64 / a.max(b) as f64
            }
        };
        for mover in [Mover::HeavyCavalry, Mover::Cannon, Mover::LightCavalry] {
            let mut march = [0u64; 2];
            let mut mobility = [0u64; 2];
            for (side, sources) in self.sources.iter().enumerate() {
                if !self.towns.is_empty() && !sources.is_empty() {
                    let dist = self.distances(grid, mover, sources);
                    march[side] = self
                        .towns
                        .iter()
                        .map(|&t| if dist[t] == u32::MAX { penalty } else { u64::from(dist[t]) })
                        .sum();
                }
            }
            for (c, _) in grid.iter().enumerate() {
                let sq = Square::new((c % usize::from(self.files)) as u8, (c / usize::from(self.files)) as u8);
                let Some(side) = half(sq, self.ranks) else {
                    continue;
                };
                self.moves(grid, mover, c, &mut next);
                mobility[side.index()] += next.len() as u64;
            }
            for d in [relative(march[0], march[1]), relative(mobility[0], mobility[1])] {
                worst = worst.max(d);
                total += d;
            }
        }
        Score { worst, total }
    }
}

/// Writes a scenario file for a layout.
fn render(spec: &GenerateSpec, layout: &Layout) -> String {
    let (files, ranks) = (layout.files, layout.ranks);
    let quote = |s: &str| toml::Value::String(s.to_string()).to_string();
    let garrisons =
        layout.entries.iter().filter(|e| e.side == Side::White && Some(&e.army) == spec.garrison.as_ref()).count();
    let moves = spec.moves_per_turn(garrisons);
    let towns = layout.towns.len();
    let towns_to_win = if towns == 0 { 0 } else { towns / 2 + 1 };
    let area = usize::from(files) * usize::from(ranks);
    let terrain = towns + layout.trees.len() + layout.hills.len();
    let pieces_a_side: usize = layout.entries.iter().filter(|e| e.side == Side::White).map(|e| e.army.size()).sum();
    let mut out = String::new();
    let _ =
        writeln!(out, "# Generated by the scenario generator (rules/src/scenario/generate.rs), seed {}.", spec.seed);
    let _ = writeln!(out, "# Regenerate it rather than editing it: the generated text is checked by the tests.");
    let _ = writeln!(
        out,
        "# Terrain: {terrain} of {area} squares ({:.1}%): {towns} towns, {} trees, {} hills.",
        100.0 * terrain as f64 / area as f64,
        layout.trees.len(),
        layout.hills.len()
    );
    let _ = writeln!(out, "# Fairness check: the sides' access differs by at most {:.1}%.", 100.0 * layout.unfairness);
    let _ = writeln!(out, "id = {}", quote(&spec.id));
    let _ = writeln!(out, "name = {}", quote(&spec.name));
    let _ = writeln!(out, "family = \"warlord\"");
    let description = spec.description.clone().unwrap_or_else(|| {
        format!(
            "A {files}x{ranks} meeting engagement on an empty board: each side's {pieces_a_side} pieces enter in 4x4 blocks as reinforcements, the first at its corner. {towns} towns placed symmetrically; holding {towns_to_win} of them at the start of your turn wins. {:.0}% terrain, spread fake randomly and checked for fairness. Up to {moves} moves a turn, within the leaders' levels.",
            spec.density * 100.0
        )
    });
    let _ = writeln!(out, "description = {}", quote(&description));
    let source = spec.source.clone().unwrap_or_else(|| {
        "Generated after J. Joyce's notes on large Warlord games ([000] \"SET-UPS\", \"GAME PLAY\"): symmetric towns, fake random terrain (10-30% including towns), armies entering in 4x4 blocks, about 60% of the leader value as activations.".to_string()
    });
    let _ = writeln!(out, "source = {}", quote(&source));
    match &spec.reconstruction {
        Some(text) => {
            let _ = writeln!(out, "reconstructed = true");
            let _ = writeln!(out, "reconstruction = {}", quote(text));
        }
        None => {
            let _ = writeln!(out, "reconstructed = false");
        }
    }
    let _ = writeln!(out, "\n[board]\nfiles = {files}\nranks = {ranks}");
    let mut grid = vec!['.'; area];
    let at = |s: &Square| usize::from(s.rank) * usize::from(files) + usize::from(s.file);
    for t in &layout.towns {
        grid[at(t)] = 'T';
    }
    for t in &layout.trees {
        grid[at(t)] = 'F';
    }
    for h in &layout.hills {
        grid[at(h)] = '^';
    }
    let _ = writeln!(out, "# Top rank first: . open, T town, F trees, ^ hill.");
    let _ = writeln!(out, "map = [");
    for r in (0..usize::from(ranks)).rev() {
        let row: String = grid[r * usize::from(files)..(r + 1) * usize::from(files)].iter().collect();
        let _ = writeln!(out, "  \"{row}\", # {}", r + 1);
    }
    let _ = writeln!(out, "]");
    let _ = writeln!(out, "\n[rules]\nmoves-per-turn = {moves}\ncap-by-leaders = false\ntowns-to-win = {towns_to_win}");
    let _ =
        writeln!(out, "\n[options]\nshorter-game = false\nself-activating-knights = {}", spec.self_activating_knights);
    let _ = write!(out, "\n{PIECES}");
    let _ = writeln!(out, "\n# The board starts empty: every army enters as reinforcements.\n[setup]");
    for e in &layout.entries {
        let side = if e.side == Side::White { "white" } else { "black" };
        let far = Square::new(e.corner.file + 3, e.corner.rank + 3);
        let _ = writeln!(
            out,
            "\n[[reinforcements]]\nside = \"{side}\"\nturn = {}\nregion = \"{}:{far}\"\npieces = {}",
            e.army.turn,
            e.corner,
            e.army.pieces_table()
        );
    }
    out
}

/// The piece kinds of generated scenarios: leaders of levels 3, 2 and 1 (worth their level),
/// and the Warlord 2.0 units of the scenario texts.
const PIECES: &str = r#"[[pieces]]
like = "leader"
symbol = "L3"
name = "Level-3 Leader"
value = 3
command = { capacity = 3 }

[[pieces]]
like = "leader"
symbol = "L2"
name = "Level-2 Leader"
value = 2
command = { capacity = 2 }

[[pieces]]
like = "leader"
symbol = "L1"
name = "Level-1 Leader"
value = 1
command = { capacity = 1 }

[[pieces]]
like = "heavy-cavalry"

[[pieces]]
like = "cannon"

[[pieces]]
like = "light-cavalry"

[[pieces]]
like = "infantry"
"#;

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

    #[test]
    fn armies_fit_their_blocks() {
        assert_eq!(ArmySpec::field(0).size(), 16);
        assert_eq!((0..4).map(|k| ArmySpec::field(k).command()).sum::<u32>(), 30);
        assert_eq!(ArmySpec::field(0).pieces_table(), "{ L3 = 3, H = 2, C = 2, N = 2, I = 7 }");
        assert_eq!((0..5).map(|k| ArmySpec::field(k).turn).collect::<Vec<_>>(), [1, 6, 12, 20, 28]);
    }
}
