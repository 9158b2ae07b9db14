//! What a square is made of.

use serde::{Deserialize, Serialize};

/// The terrain of one square. Every square has one; most are open.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[repr(u8)]
pub enum Terrain {
    /// Plain ground: no effect on anything.
    #[default]
    Open = 0,
    /// Water: no piece may stand on it, and straight-line moves may not pass over it
    /// (rulings 9), unless the water-crossing option lets them pass.
    Water = 1,
    /// A town (city): blocks movement through it; a victory goal in some scenarios.
    Town = 2,
    /// Trees (forest): blocks movement through it.
    Trees = 3,
    /// A hill (mountain): blocks movement through it.
    Hill = 4,
}

impl Terrain {
    /// Every terrain kind, in the order of their codes.
    pub const ALL: [Terrain; 5] = [Terrain::Open, Terrain::Water, Terrain::Town, Terrain::Trees, Terrain::Hill];

    /// The one-character code used in scenario terrain maps: `.` open, `~` water, `T` town,
    /// `F` trees (forest), `^` hill.
    #[must_use]
    pub fn code(self) -> char {
        match self {
            Terrain::Open => '.',
            Terrain::Water => '~',
            Terrain::Town => 'T',
            Terrain::Trees => 'F',
            Terrain::Hill => '^',
        }
    }

    /// The terrain written with a map code, if any.
    #[must_use]
    pub fn from_code(code: char) -> Option<Terrain> {
        Terrain::ALL.into_iter().find(|t| t.code() == code)
    }

    /// Whether a piece may stand on this terrain in some family: every terrain but water (and
    /// the cells of a map that are not squares, which are stored as water).
    #[must_use]
    pub fn holds_pieces(self) -> bool {
        self != Terrain::Water
    }

    /// The lower-case name, as in scenario files.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Open => "open",
            Terrain::Water => "water",
            Terrain::Town => "town",
            Terrain::Trees => "trees",
            Terrain::Hill => "hill",
        }
    }
}
