//! The options of the Warlord family: the texts' optional rules and the players' choices.

pub use crate::adjudication::Adjudication;
use crate::options::{schema, OptionDoc, OptionSpec, SchemaError};
use serde::{Deserialize, Serialize};

/// The optional rules of the Warlord family. Scenario files set defaults in `[options]`;
/// players may change any of them when a game is created.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct WarlordOptions {
    /// Shorter-game victory: capture 3 leaders, more than the opponent can capture back in
    /// its next turn (rulings 7).
    pub shorter_game: bool,
    /// Special cannon repositioning: an orthogonally adjacent cannon and leader exchange squares
    /// as one action.
    pub cannon_leader_swap: bool,
    /// Knights (light cavalry, scouts) may activate themselves; they still count against the
    /// turn's cap.
    pub self_activating_knights: bool,
    /// Extended heavy cavalry charge: the charge may jump two enemies in a row.
    pub extended_charge: bool,
    /// Additional light cavalry move: two squares orthogonally.
    pub light_cavalry_extra_move: bool,
    /// Lakes crossing: pieces other than leaders and infantry may pass over water when their
    /// range reaches the far side.
    pub water_crossing: bool,
    /// Start with a setup phase: each side places its army freely inside its deployment zones.
    pub free_setup: bool,
    /// A turn must contain at least one move when one is possible (mini-Chieftain style).
    pub at_least_one_move: bool,
    /// Infantry and light cavalry reaching the far rank become un-numbered leaders that
    /// activate only themselves (\[000] "Promotion").
    pub promotion: bool,
    /// A side that has lost this many original leaders (leaders that activate others) loses
    /// (0: off; \[000] Border War's optional rule uses 6).
    pub leader_losses: u32,
    /// End the game after this many turns (0: no limit).
    pub turn_limit: u32,
    /// How a game that reaches the turn limit is decided.
    pub adjudication: Adjudication,
}

impl WarlordOptions {
    /// The label, help and limits of every option, in the order forms show them.
    pub const DOCS: [OptionDoc; 12] = [
        OptionDoc::new("shorter-game", "Shorter game: capture 3 leaders", "Win by capturing 3 leaders, more than the opponent can capture back in its next turn (rulings 7)."),
        OptionDoc::new("cannon-leader-swap", "Cannon-leader swap", "An orthogonally adjacent cannon and leader exchange squares as one action; neither does anything else that turn."),
        OptionDoc::new("self-activating-knights", "Knights activate themselves", "Light cavalry may move without a leader; they still count against the turn's moves."),
        OptionDoc::new("extended-charge", "Extended heavy cavalry charge", "The heavy cavalry charge may jump two enemies in a row."),
        OptionDoc::new("light-cavalry-extra-move", "Light cavalry: extra 2-square move", "Light cavalry may also move two squares orthogonally."),
        OptionDoc::new("water-crossing", "Lakes crossing", "Pieces other than leaders and infantry may pass over water when their range reaches the far side."),
        OptionDoc::new("free-setup", "Free setup in deployment zones", "Each side places its army inside its deployment zones, hidden until both commit."),
        OptionDoc::new("at-least-one-move", "At least one move a turn", "A turn must contain a move while one is possible (mini-Chieftain style)."),
        OptionDoc::new("promotion", "Promotion on the far rank", "Infantry and light cavalry reaching the far rank become leaders that activate only themselves."),
        OptionDoc::new("leader-losses", "Lose after this many leaders lost", "A side that has lost this many leaders that activate others loses (0: off).").range(0, 100),
        OptionDoc::new("turn-limit", "Turn limit", "End the game after this many turns (0: no limit; rulings 16).").range(0, 100_000),
        OptionDoc::new("adjudication", "At the turn limit", "How a game that reaches the turn limit is decided: a draw, or the side with more material wins.").choices(&["draw", "material"]),
    ];

    /// The schema of the options, with the family's defaults.
    pub fn schema() -> Result<Vec<OptionSpec>, SchemaError> {
        schema::<WarlordOptions>(&Self::DOCS)
    }
}
