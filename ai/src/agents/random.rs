//! The random agent: every action drawn uniformly from the legal ones.

use crate::agent::Agent;
use crate::budget::{Budget, Meter};
use crate::turn::Line;
use rand::SeedableRng;
use warlord_rules::{Action, Position, Ruleset};

/// Plays uniformly random legal actions until its turn ends (setups too).
#[derive(Copy, Clone, Debug, Default)]
pub struct RandomAgent;

impl RandomAgent {
    fn random_turn(rules: &dyn Ruleset, pos: &Position, seed: u64) -> Vec<Action> {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut line = Line::start(pos);
        line.finish_randomly(rules, &mut rng, &mut Meter::start(Budget::Nodes(u64::MAX)));
        line.actions
    }
}

impl Agent for RandomAgent {
    fn name(&self) -> String {
        "random".into()
    }

    fn plan_turn(&self, rules: &dyn Ruleset, pos: &Position, _budget: Budget, seed: u64) -> Vec<Action> {
        RandomAgent::random_turn(rules, pos, seed)
    }

    fn plan_setup(&self, rules: &dyn Ruleset, view: &Position, seed: u64) -> Vec<Action> {
        crate::setup::random_placement(rules, view, seed)
    }
}
