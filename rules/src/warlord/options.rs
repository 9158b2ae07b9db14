//! The options of the Warlord family: the texts' optional rules and the players' choices.

pub use crate::adjudication::Adjudication;
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
    /// activate only themselves ([000] "Promotion").
    pub promotion: bool,
    /// A side that has lost this many original leaders (leaders that activate others) loses
    /// (0: off; [000] Border War's optional rule uses 6).
    pub leader_losses: u32,
    /// End the game after this many turns (0: no limit).
    pub turn_limit: u32,
    /// How a game that reaches the turn limit is decided.
    pub adjudication: Adjudication,
}

impl WarlordOptions {
    /// The names of the options, as written in files and on the command line.
    pub const NAMES: [&'static str; 12] = [
        "shorter-game",
        "cannon-leader-swap",
        "self-activating-knights",
        "extended-charge",
        "light-cavalry-extra-move",
        "water-crossing",
        "free-setup",
        "at-least-one-move",
        "promotion",
        "leader-losses",
        "turn-limit",
        "adjudication",
    ];
}
