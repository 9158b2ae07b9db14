//! The options of WarGame: the banner victories, paratroops, WarGame 2's overrunning leaders,
//! free setup, the turn limit and its adjudication.

use crate::adjudication::Adjudication;
use crate::options::{schema, OptionDoc, OptionSpec, SchemaError};
use serde::{Deserialize, Serialize};

/// The optional rules of WarGame 1 and 2. Scenario files set defaults in `[options]`; players may
/// change any of them when a game is created.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct WarGameOptions {
    /// "Optionally, you win by killing your opponent's banner."
    pub banner_victory: bool,
    /// "Optionally, you win by planting your banner somewhere better and faster than your
    /// opponent can do his": the Supreme Commander tows the Command Post, and a side whose
    /// Command Post stands on an objective at the end of its turn wins.
    pub banner_planting: bool,
    /// The text's "future possibility": this many infantry of each side are paratroopers,
    /// which a leader may prepare on one turn to leap on a later one (0: none;
    /// docs/RULES.md, "Paratroops").
    pub paratroops: u32,
    /// Every leader overruns, as in WarGame 1 ("Leaders may overrun Infantry and Artillery
    /// only"), where a WarGame 2 scenario gives the overrun to cavalry alone.
    pub leaders_overrun: bool,
    /// Start with a setup phase: each side places its army freely inside its deployment zones.
    pub free_setup: bool,
    /// End the game after this many turns (0: no limit; rulings 16).
    pub turn_limit: u32,
    /// How a game that reaches the turn limit is decided.
    pub adjudication: Adjudication,
}

impl WarGameOptions {
    /// The label, help and limits of every option, in the order forms show them.
    pub const DOCS: [OptionDoc; 7] = [
        OptionDoc::new(
            "banner-victory",
            "Win by killing the banner",
            "A side whose Command Post (banner) is killed loses.",
        ),
        OptionDoc::new(
            "banner-planting",
            "Win by planting the banner",
            "The Supreme Commander may tow the Command Post 1 square for one order; a side whose Command Post stands on an objective (the scenario's, or else a town in the enemy's half) at the end of its turn wins.",
        ),
        OptionDoc::new(
            "paratroops",
            "Paratroopers per side",
            "This many infantry of each side (those nearest their Supreme Commander) are paratroopers: one order prepares one, and on a later turn it may leap up to 6 squares over anything, then step 1; the preparation is spent by the leap or by taking part in removing an enemy (0: none).",
        )
        .range(0, 24),
        OptionDoc::new(
            "leaders-overrun",
            "Leaders overrun",
            "Every leader may overrun infantry and artillery, as in WarGame 1 (WarGame 2 gives the overrun to its cavalry alone).",
        ),
        OptionDoc::new(
            "free-setup",
            "Free setup in deployment zones",
            "Each side places its army inside its deployment zones, hidden until both commit.",
        ),
        OptionDoc::new("turn-limit", "Turn limit", "End the game after this many turns (0: no limit; rulings 16).")
            .range(0, 100_000),
        OptionDoc::new(
            "adjudication",
            "At the turn limit",
            "How a game that reaches the turn limit is decided: a draw, or the side with more material wins.",
        )
        .choices(&["draw", "material"]),
    ];

    /// The schema of the options, with the family's defaults.
    pub fn schema() -> Result<Vec<OptionSpec>, SchemaError> {
        schema::<WarGameOptions>(&Self::DOCS)
    }
}
