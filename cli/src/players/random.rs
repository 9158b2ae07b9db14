//! The random mover: any family, any phase, from the rules' own list of legal actions.

use super::Steps;
use anyhow::{anyhow, bail, Result};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use warlord_rules::notation::format_action;
use warlord_rules::{Position, Ruleset};

/// Plays legal actions chosen uniformly at random until the turn (in setup, the side's
/// placement) ends or the game is over. Continues a turn already begun.
pub fn random_turn(rules: &dyn Ruleset, pos: &mut Position, rng: &mut StdRng) -> Result<Steps> {
    let mut steps = Vec::new();
    let mut legal = Vec::new();
    loop {
        legal.clear();
        rules.legal_actions(pos, &mut legal);
        let Some(&action) = legal.choose(rng) else {
            bail!("{} has no legal action, yet the game is not over", pos.to_move());
        };
        let report = rules.play(pos, action).map_err(|e| {
            anyhow!("the rules refused their own legal action `{}`: {e}", format_action(&action, rules.pieces()))
        })?;
        let done = report.turn_ended || report.outcome.is_some();
        steps.push((action, report));
        if done {
            return Ok(steps);
        }
    }
}
