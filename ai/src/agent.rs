//! The agent interface: a position, a budget and a seed give a whole legal turn.

use crate::agents::{Champion, Greedy, Look, Mcts, Oep, RandomAgent};
use crate::budget::Budget;
use crate::eval::{Evaluator, Weights};
use crate::setup;
use warlord_rules::{Action, Phase, Position, Ruleset};

/// Something that plans whole turns. Implementations are deterministic for a given position,
/// seed and node budget.
pub trait Agent: Send + Sync {
    /// A short name for tables and records, like `champion`.
    fn name(&self) -> String;

    /// Plans a turn of the play phase for the side to move: the actions in order, the last one
    /// ending the turn (by `EndTurn`, or by the family ending it itself).
    fn plan_turn(&self, rules: &dyn Ruleset, pos: &Position, budget: Budget, seed: u64) -> Vec<Action>;

    /// Plans a setup for the side to place, from its own view of the position (the other side's
    /// placement hidden, rulings 10): its placements, then the commit.
    fn plan_setup(&self, rules: &dyn Ruleset, view: &Position, seed: u64) -> Vec<Action> {
        setup::placement(rules, view, seed)
    }

    /// The whole turn of the side to move, in any phase: the entry point for callers. In a
    /// setup phase the agent sees only [`Ruleset::view`] of the position for its own side. A
    /// time budget is searched to [`Budget::for_search`] (less what finishing the evaluations
    /// under way may take), leaving the rest for finishing up; a node budget counts the work of
    /// the position's size ([`Budget::for_turn`]).
    fn choose_turn(&self, rules: &dyn Ruleset, pos: &Position, budget: Budget, seed: u64) -> Vec<Action> {
        match pos.phase() {
            Phase::Over(_) => Vec::new(),
            Phase::Setup => self.plan_setup(rules, &rules.view(pos, Some(pos.to_move())), seed),
            Phase::Play => self.plan_turn(rules, pos, budget.for_turn(rules, pos), seed),
        }
    }
}

/// The agents by name, for the command line and the server. `champion-deep` is the champion
/// with its second look on (the field `Champion::deepen`), kept to measure it against the champion.
pub const AGENT_NAMES: [&str; 9] =
    ["random", "novice", "greedy", "oep", "mcts", "champion-captures", "champion-mended", "champion", "champion-deep"];

/// The agent with a name from [`AGENT_NAMES`], with its default evaluation: the fitted weights
/// ([`Weights::tuned`]), or the champion's own for the champions ([`Weights::champion`]).
pub fn by_name(name: &str) -> Result<Box<dyn Agent>, String> {
    let weights = match name {
        "champion" | "champion-deep" | "champion-captures" | "champion-mended" => Weights::champion(),
        _ => Weights::tuned(),
    };
    by_name_with(name, Evaluator::new(weights))
}

/// The agent with a name from [`AGENT_NAMES`], evaluating positions with `eval` (the random
/// agent evaluates nothing): self-play with other weights ([`crate::tune`]).
pub fn by_name_with(name: &str, eval: Evaluator) -> Result<Box<dyn Agent>, String> {
    Ok(match name {
        "random" => Box::new(RandomAgent),
        "novice" => Box::new(Greedy::novice_with(eval)),
        "greedy" => Box::new(Greedy::new(eval)),
        "oep" => Box::new(Oep::new(eval)),
        "mcts" => Box::new(Mcts::new(eval)),
        "champion" => Box::new(Champion::new(eval)),
        "champion-deep" => Box::new(Champion::deep(eval)),
        "champion-captures" => Box::new(Champion::looking(Look::Captures, eval)),
        "champion-mended" => Box::new(Champion::looking(Look::Mended, eval)),
        other => return Err(format!("no agent is called `{other}`; the agents are {}", AGENT_NAMES.join(", "))),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_agent_by_name_goes_by_that_name_and_an_unknown_name_lists_them() {
        for name in AGENT_NAMES {
            assert_eq!(by_name(name).map(|a| a.name()), Ok(name.to_string()));
        }
        let unknown = by_name("champion-own").err().unwrap_or_default();
        assert!(unknown.contains("champion-captures, champion-mended"), "{unknown}");
    }
}
