//! What a game was created with: scenario, options, mode, clock, AI seat, and the scenario text
//! and rules version it is pinned to.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;
use warlord_rules::Side;

/// How a game is played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// Two people playing now, optionally with a clock.
    Live,
    /// Two people taking turns whenever they come back: no clock.
    Correspondence,
    /// A person against the server's AI.
    Ai,
}

impl Mode {
    /// The name stored and shown.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Mode::Live => "live",
            Mode::Correspondence => "correspondence",
            Mode::Ai => "ai",
        }
    }

    /// The mode with a stored name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Mode> {
        [Mode::Live, Mode::Correspondence, Mode::Ai].into_iter().find(|m| m.name() == name)
    }
}

/// A game clock's settings: time for the game plus a bonus per turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct ClockConfig {
    /// Each side's time at the start, in milliseconds.
    pub initial_ms: i64,
    /// Time added after each of a side's turns, in milliseconds.
    pub increment_ms: i64,
}

/// The AI's seat in a game against the AI.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct AiSeat {
    /// The side the AI plays.
    pub side: Side,
    /// Its strength, 1 (weakest) to 8.
    pub level: u8,
}

/// The scenario text and rules version a game was created with, stored with it so that a later
/// change to the shipped file or to the rules never changes the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pin {
    /// The scenario file's text as it was at creation.
    pub scenario_text: Arc<str>,
    /// Its SHA-256, as hex.
    pub scenario_sha256: String,
    /// `warlord_rules::RULES_VERSION` at creation.
    pub rules_version: u32,
}

/// A game's settings: everything stored about it except the tokens and the events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameMeta {
    /// The game's id.
    pub id: String,
    /// The scenario's id.
    pub scenario: String,
    /// Option overrides (name, value as written in scenario files).
    pub options: BTreeMap<String, String>,
    /// How it is played.
    pub mode: Mode,
    /// The clock, if any (live games only).
    pub clock: Option<ClockConfig>,
    /// The AI's seat, in games against the AI.
    pub ai: Option<AiSeat>,
    /// Whether the lobby lists it.
    pub public: bool,
    /// When it was created (Unix milliseconds).
    pub created_ms: i64,
    /// The scenario text and rules version it was created with; `None` for games stored before
    /// they were recorded (and for analysis lines, which are never stored): those use the
    /// shipped scenario of their id.
    #[serde(skip)]
    pub pin: Option<Pin>,
}

impl GameMeta {
    /// The option overrides as pairs, as `Scenario::ruleset` takes them.
    #[must_use]
    pub fn option_pairs(&self) -> Vec<(String, String)> {
        self.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
    }
}

#[cfg(test)]
impl GameMeta {
    /// A correspondence game of Chieftain Chess with the given pin, for unit tests.
    pub(crate) fn for_test(pin: Option<Pin>) -> GameMeta {
        GameMeta {
            id: "0123456789abcdef".into(),
            scenario: "chieftain".into(),
            options: Default::default(),
            mode: Mode::Correspondence,
            clock: None,
            ai: None,
            public: false,
            created_ms: 0,
            pin,
        }
    }
}
