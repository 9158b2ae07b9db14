//! The options of Medieval War Chess: the starting array and the turn limit.

use crate::adjudication::Adjudication;
use serde::{Deserialize, Serialize};

/// How the back ranks are arranged at the start ([004] Initial Setup).
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
    /// The names of the options, as written in files and on the command line.
    pub const NAMES: [&'static str; 4] = ["start", "seed", "turn-limit", "adjudication"];
}
