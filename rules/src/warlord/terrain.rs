//! How each class of unit meets terrain (\[000] "Terrain"): towns, trees and hills block movement
//! through them but not into or out of them; leaders ignore terrain; heavy cavalry and cannon
//! may enter some terrain only by a one-square move and never other terrain; skirmishers pass
//! around a single terrain square.

use super::WarlordRules;
use crate::piece::{KindId, UnitClass};
use crate::square::Square;
use crate::terrain::Terrain;

/// Whether a cell code is terrain that blocks movement through it (town, trees, hill).
#[inline]
pub(super) fn is_obstacle(code: u8) -> bool {
    (Terrain::Town as u8..=Terrain::Hill as u8).contains(&code)
}

/// The terrain rules of one class of unit.
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct TerrainProfile {
    /// Moves through all terrain as if it were open (leaders).
    pub ignores: bool,
    /// May pass around a single terrain square (skirmishers: light cavalry).
    pub skirmisher: bool,
    /// Terrain it never enters, by code bit (`1 << code`).
    never: u8,
    /// Terrain it enters only by a one-square move from the adjacent square, by code bit.
    adjacent_only: u8,
}

impl TerrainProfile {
    /// The profile of a class.
    pub(super) fn of(class: UnitClass) -> TerrainProfile {
        let bit = |t: Terrain| 1u8 << (t as u8);
        match class {
            UnitClass::Leader => TerrainProfile { ignores: true, ..Default::default() },
            UnitClass::HeavyCavalry => TerrainProfile {
                never: bit(Terrain::Trees),
                adjacent_only: bit(Terrain::Town) | bit(Terrain::Hill),
                ..Default::default()
            },
            UnitClass::Cannon => TerrainProfile {
                never: bit(Terrain::Hill),
                adjacent_only: bit(Terrain::Town) | bit(Terrain::Trees),
                ..Default::default()
            },
            UnitClass::LightCavalry => TerrainProfile { skirmisher: true, ..Default::default() },
            UnitClass::Infantry | UnitClass::Other => TerrainProfile::default(),
        }
    }

    /// Whether it may land on a square of terrain `code` after moving `distance` squares.
    #[inline]
    pub(super) fn may_enter(self, code: u8, distance: u8) -> bool {
        if self.ignores || !is_obstacle(code) {
            return true;
        }
        self.never & (1 << code) == 0 && (self.adjacent_only & (1 << code) == 0 || distance == 1)
    }

    /// Whether it may stand on a square of terrain `code` at all: not on water, and not on
    /// terrain it never enters. Placements and the cannon-leader swap (a one-square move) put
    /// pieces only on such squares.
    #[inline]
    pub(super) fn may_stand_on(self, code: u8) -> bool {
        code != Terrain::Water as u8 && self.may_enter(code, 1)
    }
}

impl WarlordRules {
    /// Whether a piece of `kind` may stand on `sq` (a square of the board): see
    /// [`TerrainProfile::may_stand_on`]. False for an unknown kind.
    pub(super) fn may_stand(&self, kind: KindId, sq: Square) -> bool {
        self.compiled.get(usize::from(kind)).is_some_and(|k| k.terrain.may_stand_on(self.board.terrain(sq) as u8))
    }

    /// Why a piece of `kind` may not stand on `sq`, if it may not (water, or terrain its class
    /// never enters). `None` also for squares off the board and unknown kinds, which the
    /// callers refuse for those reasons.
    pub(super) fn standing_refusal(&self, kind: KindId, sq: Square) -> Option<String> {
        if !self.board.contains(sq) || usize::from(kind) >= self.pieces.len() || self.may_stand(kind, sq) {
            return None;
        }
        Some(match self.board.terrain(sq) {
            Terrain::Water => format!("{sq} is water"),
            terrain => {
                let (name, terrain) = (&self.pieces.get(kind).name, terrain.name());
                format!("the {name} may not stand on {sq}, a {terrain} square: its class never enters {terrain}")
            }
        })
    }
}
