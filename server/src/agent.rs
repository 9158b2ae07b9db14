//! Who plays the AI seat at each level: the `warlord-ai` agents (position + budget + seed ->
//! a whole turn; in a setup phase they see only their own side's view).

use warlord_ai::{Agent, Budget};

/// The weakest and strongest levels.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=8;

/// The agent and its budget for a level: 1 plays random legal turns, 2 the greedy agent, 3 to 8
/// the champion with 100 ms a turn, doubling per level up to 3.2 s.
#[must_use]
pub fn for_level(level: u8) -> (Box<dyn Agent>, Budget) {
    let level = level.clamp(*LEVELS.start(), *LEVELS.end());
    let name = match level {
        1 => "random",
        2 => "greedy",
        _ => "champion",
    };
    let agent = warlord_ai::by_name(name).expect("the named agents exist");
    (agent, Budget::Millis(100 << u32::from(level.saturating_sub(3))))
}

/// Whether a level's turns are cheap (random, greedy: no search), so that they skip the AI's
/// queue and never wait behind other users' searches.
#[must_use]
pub fn is_cheap(level: u8) -> bool {
    level <= 2
}
