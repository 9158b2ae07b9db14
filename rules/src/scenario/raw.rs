//! The scenario file as written, before validation (the raw "setup" of a scenario).

use serde::{Deserialize, Serialize};

/// A whole scenario file.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct RawScenario {
    pub id: Option<String>,
    pub name: String,
    pub family: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub source: String,
    #[serde(default)]
    pub reconstructed: bool,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reconstruction: String,
    pub board: RawBoard,
    #[serde(default)]
    pub rules: toml::Table,
    #[serde(default)]
    pub options: toml::Table,
    pub pieces: Vec<RawPiece>,
    pub setup: RawSetup,
    #[serde(default)]
    pub reinforcements: Vec<RawWave>,
}

/// One `[[reinforcements]]` entry.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct RawWave {
    pub side: String,
    pub turn: i64,
    pub region: String,
    pub pieces: toml::Table,
}

/// `[setup.army]`: fixed pieces and free choices.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct RawArmy {
    #[serde(default)]
    pub pieces: toml::Table,
    #[serde(default)]
    pub choices: Vec<RawChoice>,
}

/// One `[[setup.army.choices]]` entry.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct RawChoice {
    pub count: i64,
    pub kinds: Vec<String>,
    pub points: Option<i64>,
}

/// `[setup.sections]`.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct RawSections {
    pub white: Vec<String>,
    pub black: Vec<String>,
    pub used: i64,
    pub leaders: i64,
    pub others: i64,
}

/// `[board]`.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct RawBoard {
    /// `square` (the default, not written) or `hex`.
    #[serde(default, skip_serializing_if = "is_square")]
    pub geometry: crate::geometry::Geometry,
    pub files: i64,
    pub ranks: i64,
    /// A terrain map, top rank first, one character per file.
    pub map: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub water: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub towns: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trees: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hills: Vec<String>,
}

/// One `[[pieces]]` entry.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct RawPiece {
    pub like: Option<String>,
    pub name: Option<String>,
    pub symbol: Option<String>,
    pub class: Option<String>,
    pub value: Option<i64>,
    pub command: Option<RawCommand>,
    pub moves: Option<Vec<RawMove>>,
}

/// A piece's `command` table.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct RawCommand {
    pub capacity: Option<i64>,
    pub range: Option<i64>,
    pub others: Option<bool>,
}

/// One move rule: exactly one of `walk`, `line` or `leap`.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct RawMove {
    pub walk: Option<i64>,
    pub line: Option<String>,
    pub max: Option<i64>,
    pub passing: Option<String>,
    pub leap: Option<Vec<i64>>,
}

/// `[setup]`.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct RawSetup {
    /// Ranks from the top, separated by `/`: upper case White, lower case Black, digits for
    /// runs of empty squares, `{L2}` for symbols of more than one character.
    pub position: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub white: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub black: Vec<String>,
    pub zones: Option<RawZones>,
    pub army: Option<RawArmy>,
    pub sections: Option<RawSections>,
}

/// `[setup.zones]`.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct RawZones {
    pub white: Vec<String>,
    pub black: Vec<String>,
}

/// Whether a geometry is the default one (a file that does not say is square).
fn is_square(geometry: &crate::geometry::Geometry) -> bool {
    *geometry == crate::geometry::Geometry::Square
}
