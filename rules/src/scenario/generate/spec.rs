//! The spec: what the user asks the generator for (board size, terrain density, towns, armies,
//! command), with its usual values and its validation.

use super::{fail, GenerateError};
use crate::geometry::Geometry;
use crate::square::{Square, MAX_SIDE};

/// The terrain density the designer found to work, "10% - 30% terrain, including towns".
pub const DENSITY_RANGE: std::ops::RangeInclusive<f64> = 0.10..=0.30;

/// The designer's share of the leaders' total value used as the moves allowed a turn: "using
/// about 60% of the total leader value works a little better".
pub const COMMAND_SHARE: f64 = 0.6;

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
    /// The shape of the cells. A hex board needs an even number of ranks, so that the half
    /// turn that makes the two sides alike is a symmetry of its offset rows.
    pub geometry: Geometry,
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
            geometry: Geometry::Square,
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

    /// Checks what does not depend on placement: the board size, the density, the armies, the
    /// command share and the fixed hills.
    pub(super) fn check(&self) -> Result<(), GenerateError> {
        let (files, ranks) = (self.files, self.ranks);
        if !(8..=MAX_SIDE).contains(&files) || !(8..=MAX_SIDE).contains(&ranks) {
            return fail(format!("a generated board has 8 to {MAX_SIDE} files and ranks; {files}x{ranks} asked"));
        }
        if self.geometry == Geometry::Hex && ranks % 2 == 1 {
            return fail(format!(
                "a generated hex board needs an even number of ranks (the half turn that makes the sides alike maps offset rows onto offset rows only then); {ranks} asked"
            ));
        }
        if !self.density.is_finite() || !DENSITY_RANGE.contains(&self.density) {
            return fail(format!(
                "terrain density must be from 0.10 to 0.30 (10% to 30%, towns included); {} asked",
                self.density
            ));
        }
        if self.entries == 0 {
            return fail("each side needs at least one entry block");
        }
        if self.armies.is_empty() && self.garrison.is_none() {
            return fail("each side needs at least one army or garrisons");
        }
        for army in self.armies.iter().chain(&self.garrison) {
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
        if !(self.command_share > 0.0 && self.command_share <= 1.0) {
            return fail("the command share is more than 0 and at most 1");
        }
        for &h in &self.hills {
            if h.file >= files || h.rank >= ranks {
                return fail(format!("the hill {h} is off the {files}x{ranks} board"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn armies_fit_their_blocks() {
        assert_eq!(ArmySpec::field(0).size(), 16);
        assert_eq!((0..4).map(|k| ArmySpec::field(k).command()).sum::<u32>(), 30);
        assert_eq!((0..5).map(|k| ArmySpec::field(k).turn).collect::<Vec<_>>(), [1, 6, 12, 20, 28]);
    }
}
