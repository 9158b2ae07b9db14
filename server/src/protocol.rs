//! Reading what clients send: WebSocket messages and HTTP request bodies. Every reader takes
//! raw bytes and returns a typed value or an [`ApiError`] saying what is wrong; none panics
//! (the proptest suite feeds them arbitrary input).

use crate::error::{clip, ApiError, ErrorCode};
use crate::game::{AiSeat, ClockConfig, Mode};
use serde::Deserialize;
use std::collections::BTreeMap;
use warlord_rules::Side;

/// The largest message or request body read; larger ones get a `too-large` error.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// The most actions one `act` message may carry (a whole turn of the largest games).
pub const MAX_ACTIONS: usize = 256;

/// A message from a client, with the client's reference number echoed in the answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClientMessage {
    /// The client's number for this message, echoed as `ref` in `accepted` and `error`.
    pub reference: Option<u64>,
    /// What the client asks.
    pub command: Command,
}

/// What a client may ask of a game.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, ts_rs::TS)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
#[ts(rename = "GameCommand")]
pub enum Command {
    /// Play actions in order, all or none (for example one move, or a whole turn ending with
    /// `end`).
    Act {
        /// The actions in the project notation.
        actions: Vec<String>,
        /// If given, the number of events the client has seen: the actions are refused with
        /// `stale` if the game has changed since.
        #[serde(default)]
        seq: Option<u64>,
    },
    /// Resign the game.
    Resign {},
    /// Offer a draw (accepts one already offered by the opponent).
    OfferDraw {},
    /// Accept the opponent's draw offer.
    AcceptDraw {},
    /// Decline the opponent's draw offer.
    DeclineDraw {},
    /// Ask to take back one's last turn of play (and the opponent's after it, if any); against
    /// the AI it is granted at once.
    OfferTakeback {},
    /// Grant the opponent's takeback.
    AcceptTakeback {},
    /// Refuse the opponent's takeback.
    DeclineTakeback {},
    /// Ask for a `pong` (keep-alive, latency).
    Ping {},
    /// Ask for the whole state again (on the WebSocket, answered by a `state`): for a client
    /// that received a `delta` it cannot apply.
    Sync {},
}

/// Reads a client message (a JSON object with a `type`).
pub fn parse_message(bytes: &[u8]) -> Result<ClientMessage, (Option<u64>, ApiError)> {
    let mut value = json_value(bytes).map_err(|e| (None, e))?;
    let reference = match value.as_object_mut().and_then(|o| o.remove("ref")) {
        None => None,
        Some(r) => Some(r.as_u64().ok_or((None, ApiError::bad_request("`ref` must be a whole number")))?),
    };
    let command: Command = serde_json::from_value(value)
        .map_err(|e| (reference, ApiError::bad_request(format!("unreadable message: {e}"))))?;
    if let Command::Act { actions, .. } = &command {
        if actions.is_empty() || actions.len() > MAX_ACTIONS {
            return Err((reference, ApiError::bad_request(format!("`actions` must list 1 to {MAX_ACTIONS} actions"))));
        }
    }
    Ok(ClientMessage { reference, command })
}

fn json_value(bytes: &[u8]) -> Result<serde_json::Value, ApiError> {
    if bytes.len() > MAX_MESSAGE_BYTES {
        return Err(ApiError::new(
            ErrorCode::TooLarge,
            format!("{} bytes is more than the {MAX_MESSAGE_BYTES} accepted", bytes.len()),
        ));
    }
    let value: serde_json::Value =
        serde_json::from_slice(bytes).map_err(|e| ApiError::bad_request(format!("not JSON: {e}")))?;
    if !value.is_object() {
        return Err(ApiError::bad_request("expected a JSON object"));
    }
    Ok(value)
}

/// A request to create a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CreateGame {
    /// The scenario's id.
    pub scenario: String,
    /// Option overrides.
    pub options: BTreeMap<String, String>,
    /// How it is played.
    pub mode: Mode,
    /// The clock (live games only).
    pub clock: Option<ClockConfig>,
    /// The AI's seat (games against the AI only).
    pub ai: Option<AiSeat>,
    /// Whether the lobby lists it.
    pub public: bool,
    /// An open challenge: the creator waits in the lobby for an opponent.
    pub challenge: Option<Challenge>,
}

/// An open challenge: who waits, and the side they play (the other is offered).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
#[ts(rename = "NewChallenge")]
pub struct Challenge {
    /// The name the lobby shows (1 to 32 characters).
    pub name: String,
    /// The side the creator plays; whoever joins gets the other.
    pub side: Side,
}

/// `POST /api/games`'s body, as sent.
#[derive(Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
#[ts(rename = "NewGame")]
pub(crate) struct RawCreate {
    /// The scenario's id.
    scenario: String,
    /// Option overrides: values as text, numbers or booleans.
    #[serde(default)]
    #[ts(type = "Record<string, string | number | boolean>", optional)]
    options: BTreeMap<String, serde_json::Value>,
    /// How it is played.
    mode: Mode,
    /// A live game's clock.
    #[serde(default)]
    #[ts(optional)]
    clock: Option<RawClock>,
    /// The AI's seat, against the AI.
    #[serde(default)]
    #[ts(optional)]
    ai: Option<RawAi>,
    /// Whether the lobby lists it.
    #[serde(default)]
    #[ts(as = "Option<bool>", optional)]
    public: bool,
    /// List it in the lobby as an open challenge (live and correspondence games; it is then
    /// public).
    #[serde(default)]
    #[ts(optional)]
    challenge: Option<Challenge>,
}

/// A new live game's clock, in seconds.
#[derive(Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
#[ts(rename = "NewClock")]
pub(crate) struct RawClock {
    /// Each side's time at the start.
    initial_seconds: f64,
    /// Time added after each of a side's turns.
    #[serde(default)]
    #[ts(as = "Option<f64>", optional)]
    increment_seconds: f64,
}

/// The AI's seat of a new game.
#[derive(Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
#[ts(rename = "NewAiSeat")]
pub(crate) struct RawAi {
    /// The side it plays.
    side: Side,
    /// Its level, 1 to 6 (3 if not given): the levels of `GET /api/levels`.
    #[serde(default = "default_level")]
    #[ts(as = "Option<u8>", optional)]
    level: u8,
}

fn default_level() -> u8 {
    3
}

/// Reads a game-creation request. Checks its form and ranges; whether the scenario exists and
/// takes the options is checked when the game is built.
pub fn parse_create(bytes: &[u8]) -> Result<CreateGame, ApiError> {
    let raw: RawCreate = serde_json::from_value(json_value(bytes)?)
        .map_err(|e| ApiError::bad_request(format!("unreadable request: {e}")))?;
    if raw.options.len() > 32 {
        return Err(ApiError::bad_request("at most 32 options"));
    }
    let mut options = BTreeMap::new();
    for (name, value) in raw.options {
        let text = match value {
            serde_json::Value::String(s) => s,
            serde_json::Value::Bool(b) => b.to_string(),
            serde_json::Value::Number(n) => n.to_string(),
            _ => {
                return Err(ApiError::bad_request(format!(
                    "option `{}` must be a string, number or true/false",
                    clip(&name, 64)
                )))
            }
        };
        if name.len() > 64 || text.len() > 64 {
            return Err(ApiError::bad_request("option names and values are at most 64 characters"));
        }
        options.insert(name, text);
    }
    let clock = match (raw.clock, raw.mode) {
        (None, _) => None,
        (Some(c), Mode::Live) => {
            if !(1.0..=86_400.0).contains(&c.initial_seconds) || !(0.0..=600.0).contains(&c.increment_seconds) {
                return Err(ApiError::bad_request(
                    "a clock has 1 to 86400 initial seconds and an increment of 0 to 600 seconds",
                ));
            }
            Some(ClockConfig {
                initial_ms: (c.initial_seconds * 1000.0) as i64,
                increment_ms: (c.increment_seconds * 1000.0) as i64,
            })
        }
        (Some(_), _) => return Err(ApiError::bad_request("only live games have clocks")),
    };
    let ai = match (raw.ai, raw.mode) {
        (Some(ai), Mode::Ai) if crate::agent::LEVELS.contains(&ai.level) => {
            Some(AiSeat { side: ai.side, level: ai.level })
        }
        (Some(_), Mode::Ai) => {
            let (weakest, strongest) = (crate::agent::LEVELS.start(), crate::agent::LEVELS.end());
            return Err(ApiError::bad_request(format!("the AI's level is {weakest} to {strongest}")));
        }
        (None, Mode::Ai) => {
            return Err(ApiError::bad_request("a game against the AI needs `ai`: {\"side\": \"black\", \"level\": 3}"))
        }
        (Some(_), _) => return Err(ApiError::bad_request("`ai` is only for mode \"ai\"")),
        (None, _) => None,
    };
    let challenge = match raw.challenge {
        Some(_) if raw.mode == Mode::Ai => {
            return Err(ApiError::bad_request("a game against the AI cannot be an open challenge"))
        }
        Some(c) => {
            let name = c.name.trim().to_string();
            if name.is_empty() || name.chars().count() > 32 || name.chars().any(char::is_control) {
                return Err(ApiError::bad_request("a challenge's name is 1 to 32 characters"));
            }
            Some(Challenge { name, side: c.side })
        }
        None => None,
    };
    let public = raw.public || challenge.is_some();
    Ok(CreateGame { scenario: raw.scenario, options, mode: raw.mode, clock, ai, public, challenge })
}

#[cfg(test)]
mod tests;
