//! The options of Medieval War Chess: the starting array and the turn limit.

use crate::adjudication::Adjudication;
use crate::options::{schema, OptionDoc, OptionSpec, SchemaError};
use serde::{Deserialize, Serialize};

/// How the back ranks are arranged at the start (\[004] Initial Setup).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StartArray {
    /// As the scenario places them (the normal chess array).
    #[default]
    Standard,
    /// Fischer random: bishops on opposite colours, the king between the rooks; the position is
    /// number `seed % 960` in Scharnagl's numbering (518 is the normal array).
    FischerRandom,
    /// Any arrangement of the back-rank pieces, drawn from `seed`; Black mirrors White.
    Shuffle,
}

/// The optional rules of Medieval War Chess. Scenario files set defaults in `[options]`;
/// players may change any of them when a game is created.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct MedievalOptions {
    /// The starting array. The text warns that random starts may be "excessively imbalanced in
    /// favor of White".
    pub start: StartArray,
    /// Chooses the arrangement of a random start.
    pub seed: u64,
    /// End the game after this many turns (0: no limit; rulings 16).
    pub turn_limit: u32,
    /// How a game that reaches the turn limit is decided.
    pub adjudication: Adjudication,
}

impl MedievalOptions {
    /// The label, help and limits of every option, in the order forms show them.
    pub const DOCS: [OptionDoc; 4] = [
        OptionDoc::new("start", "Start position", "The starting array: the normal one, Fischer random, or any shuffle of the back rank (Black mirrors White).").choices(&["standard", "fischer-random", "shuffle"]),
        OptionDoc::new("seed", "Random seed", "Chooses the arrangement of a random start.").range(0, i64::MAX),
        OptionDoc::new("turn-limit", "Turn limit", "End the game after this many turns (0: no limit; rulings 16).").range(0, 100_000),
        OptionDoc::new("adjudication", "At the turn limit", "How a game that reaches the turn limit is decided: a draw, or the side with more material wins.").choices(&["draw", "material"]),
    ];

    /// The schema of the options, with the family's defaults.
    pub fn schema() -> Result<Vec<OptionSpec>, SchemaError> {
        schema::<MedievalOptions>(&Self::DOCS)
    }
}
