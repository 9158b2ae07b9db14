//! Who plays the AI seat at each level: the levels of `warlord-ai` ([`warlord_ai::levels`]),
//! the same a person meets in `warlord play` (position + budget + seed -> a whole turn; in a
//! setup phase the agents see only their own side's view).

use serde::Serialize;
use ts_rs::TS;
use warlord_ai::{Agent, Budget, Level};

/// The weakest and strongest levels.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=warlord_ai::levels::STRONGEST;

/// The level with this number, the nearest one for a number out of range.
fn level(number: u8) -> Level {
    let number = number.clamp(*LEVELS.start(), *LEVELS.end());
    Level::get(number).unwrap_or(warlord_ai::LEVELS[0])
}

/// The agent and its budget for a level ([`warlord_ai::LEVELS`]).
#[must_use]
pub fn for_level(number: u8) -> (Box<dyn Agent>, Budget) {
    let level = level(number);
    (level.agent(), level.budget())
}

/// Whether a level's turns are cheap (no search), so that they skip the AI's queue and never
/// wait behind other users' searches.
#[must_use]
pub fn is_cheap(number: u8) -> bool {
    level(number).is_cheap()
}

/// A level of `GET /api/levels`: what a person picks an AI opponent by.
#[derive(Clone, Debug, Serialize, TS)]
pub struct LevelEntry {
    /// Its number, 1 (weakest) up.
    pub number: u8,
    /// The agent that plays it (docs/AI.md).
    pub agent: String,
    /// Its thinking time a turn, in milliseconds.
    pub millis: u64,
    /// Who a person meets at this level, in a few words.
    pub summary: String,
}

/// Every level, weakest first.
#[must_use]
pub fn level_entries() -> Vec<LevelEntry> {
    warlord_ai::LEVELS
        .iter()
        .map(|l| LevelEntry {
            number: l.number,
            agent: l.agent.to_string(),
            millis: l.millis,
            summary: l.summary.to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_game_of_a_level_above_the_strongest_plays_at_the_strongest() {
        // Games stored when there were eight levels (docs/AI.md, "Levels") keep their number.
        let strongest = for_level(*LEVELS.end());
        for number in [7, 8, u8::MAX] {
            let (agent, budget) = for_level(number);
            assert_eq!((agent.name(), budget), (strongest.0.name(), strongest.1), "level {number}");
        }
        assert_eq!(for_level(0).0.name(), "novice");
        assert!(is_cheap(0) && !is_cheap(8));
    }
}
