//! The greedy agent: one action at a time, each the one whose result evaluates best.

use crate::agent::Agent;
use crate::budget::{Budget, Meter};
use crate::eval::Evaluator;
use crate::turn::Line;
use rand::{Rng, SeedableRng};
use warlord_rules::{Action, Position, Ruleset};

/// Picks, action after action, the legal action whose resulting position is best for it (ending
/// the turn is one of the choices), until the turn ends. Ties are broken by the seed.
#[derive(Clone, Debug, Default)]
pub struct Greedy {
    eval: Evaluator,
}

impl Greedy {
    /// A greedy agent with an evaluator.
    #[must_use]
    pub fn new(eval: Evaluator) -> Greedy {
        Greedy { eval }
    }

    /// The greedy turn of the side to move, within a meter. A step begun with the meter spent
    /// takes the best of the actions evaluated so far; once the meter is spent at the start of a
    /// step, the turn is finished by advancing ([`crate::advance`]: the moves that bring pieces
    /// nearest to the enemy, stopping one step short of it, with nothing evaluated), so that a
    /// turn too large for the budget is not ended after its first action.
    pub fn turn(&self, rules: &dyn Ruleset, pos: &Position, rng: &mut impl Rng, meter: &mut Meter) -> Line {
        let me = pos.to_move();
        let mut line = Line::start(pos);
        while !line.done {
            if meter.spent() && !line.actions.is_empty() {
                crate::advance::finish_advancing(rules, &mut line, crate::advance::STANDOFFS[1], rng, meter);
                break;
            }
            let legal = line.legal(rules);
            if legal.is_empty() {
                break;
            }
            let mut best: Option<(f64, Line)> = None;
            for &action in &legal {
                if meter.spent() && best.is_some() {
                    break;
                }
                let child = line.then(rules, action, meter);
                let v = self.eval.value_for(rules, &child.pos, me, meter) + rng.gen::<f64>() * 1e-9;
                if best.as_ref().is_none_or(|(b, _)| v > *b) {
                    best = Some((v, child));
                }
            }
            let (_, child) = best.expect("there was a legal action");
            line = child;
        }
        line
    }
}

impl Agent for Greedy {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn plan_turn(&self, rules: &dyn Ruleset, pos: &Position, budget: Budget, seed: u64) -> Vec<Action> {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        self.turn(rules, pos, &mut rng, &mut Meter::start(budget)).actions
    }
}
