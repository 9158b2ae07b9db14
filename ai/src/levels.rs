//! The levels a person picks an opponent by, from a beginner's to the strongest: each an agent
//! and its budget a turn. The server and `warlord play` offer the same levels; docs/AI.md gives
//! the Elo ladder they were measured on.

use crate::agent::{by_name, Agent};
use crate::budget::Budget;

/// One level of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The level's number, 1 (weakest) to [`STRONGEST`].
    pub number: u8,
    /// The agent's name ([`crate::AGENT_NAMES`]).
    pub agent: &'static str,
    /// Its thinking time a turn, in milliseconds.
    pub millis: u64,
    /// Who a person meets at this level, in a few words.
    pub summary: &'static str,
}

/// The strongest level's number.
pub const STRONGEST: u8 = 6;

/// Every level, weakest first.
pub const LEVELS: [Level; STRONGEST as usize] = [
    Level { number: 1, agent: "novice", millis: 100, summary: "sensible moves, and mistakes a beginner can punish" },
    Level { number: 2, agent: "greedy", millis: 100, summary: "the best single move each time, no plan" },
    Level { number: 3, agent: "oep", millis: 100, summary: "plans whole turns, never looks at the reply" },
    Level {
        number: 4,
        agent: "champion-captures",
        millis: 100,
        summary: "plans whole turns, sees the captures the reply can make",
    },
    Level { number: 5, agent: "champion-mended", millis: 100, summary: "the same, and mends its turns against them" },
    Level { number: 6, agent: "champion", millis: 1000, summary: "the champion at 1 s a turn: sees the whole reply" },
];

impl Level {
    /// The level with this number, or why there is none.
    pub fn get(number: u8) -> Result<Level, String> {
        LEVELS
            .iter()
            .find(|l| l.number == number)
            .copied()
            .ok_or_else(|| format!("there is no level {number}: the levels are 1 to {STRONGEST}"))
    }

    /// The level's agent.
    #[must_use]
    pub fn agent(&self) -> Box<dyn Agent> {
        match by_name(self.agent) {
            Ok(agent) => agent,
            // Every name in LEVELS is an agent's (tested); fall back to the weakest search.
            Err(_) => Box::new(crate::agents::Greedy::novice()),
        }
    }

    /// The level's budget a turn.
    #[must_use]
    pub fn budget(&self) -> Budget {
        Budget::Millis(self.millis)
    }

    /// Whether the level's turns are cheap (no search: a turn costs a few milliseconds), so that
    /// a server need not queue them behind searches.
    #[must_use]
    pub fn is_cheap(&self) -> bool {
        matches!(self.agent, "novice" | "greedy")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_names_an_agent_and_they_are_numbered_in_order() {
        for (i, level) in LEVELS.iter().enumerate() {
            assert_eq!(usize::from(level.number), i + 1);
            assert!(by_name(level.agent).is_ok(), "level {} names no agent", level.number);
            assert_eq!(Level::get(level.number), Ok(*level));
        }
        assert!(Level::get(0).is_err());
        assert!(Level::get(STRONGEST + 1).unwrap_err().contains("1 to 6"));
    }

    #[test]
    fn each_level_plans_more_or_thinks_longer_than_the_one_below_and_the_strongest_thinks_one_second() {
        // The agents from the least planning to the most (docs/AI.md, "Levels").
        let planning = ["novice", "greedy", "oep", "champion-captures", "champion-mended", "champion"];
        let rank = |l: &Level| planning.iter().position(|a| *a == l.agent);
        for pair in LEVELS.windows(2) {
            let (lower, upper) = (rank(&pair[0]), rank(&pair[1]));
            assert!(lower.is_some() && upper.is_some(), "{pair:?}");
            assert!(upper > lower || (upper == lower && pair[1].millis > pair[0].millis), "{pair:?}");
        }
        assert!(LEVELS.iter().take_while(|l| l.is_cheap()).count() == 2, "the weakest levels do not search");
        assert_eq!(Level::get(STRONGEST).map(|l| (l.agent, l.millis)), Ok(("champion", 1000)));
    }
}
