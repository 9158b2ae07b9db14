//! The computer at a level: the level's agent plans the whole turn within its budget, and the
//! turn is played action by action so that each action's report can be shown.

use super::Steps;
use anyhow::{anyhow, Result};
use warlord_ai::Level;
use warlord_rules::notation::format_action;
use warlord_rules::{Position, Ruleset};

/// Plays the turn the level's agent chooses for the side to move (in setup, its placement).
pub fn computer_turn(rules: &dyn Ruleset, pos: &mut Position, level: Level, seed: u64) -> Result<Steps> {
    let turn = level.agent().choose_turn(rules, pos, level.budget(), seed);
    let mut steps = Vec::with_capacity(turn.len());
    for action in turn {
        let report = rules.play(pos, action).map_err(|e| {
            anyhow!("the computer chose an illegal action `{}`: {e}", format_action(&action, rules.pieces()))
        })?;
        steps.push((action, report));
    }
    Ok(steps)
}
