//! The evaluation: the probability that a side wins from a position, as the logistic of a
//! weighted sum of family-generic features (weights fitted from self-play, see [`crate::tune`]).

pub mod features;
pub mod weights;

use crate::budget::Meter;
use features::extract;
pub use weights::Weights;
use warlord_rules::{Position, Ruleset, Side};

/// Evaluates positions with a set of weights.
#[derive(Clone, Debug)]
pub struct Evaluator {
    weights: Weights,
}

impl Default for Evaluator {
    fn default() -> Evaluator {
        Evaluator::new(Weights::tuned())
    }
}

/// The logistic function.
#[must_use]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

impl Evaluator {
    /// An evaluator with these weights.
    #[must_use]
    pub fn new(weights: Weights) -> Evaluator {
        Evaluator { weights }
    }

    /// The weights in use.
    #[must_use]
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The probability that the side to move wins (a finished game scores 1, 0 or 1/2). One
    /// node of work.
    pub fn score(&self, rules: &dyn Ruleset, pos: &Position, meter: &mut Meter) -> f64 {
        if let Some(outcome) = pos.outcome() {
            return match outcome.winner {
                Some(w) if w == pos.to_move() => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
        }
        meter.tick();
        let legal = rules.legal_action_list(pos);
        sigmoid(self.weights.dot(&extract(rules, pos, &legal)))
    }

    /// The probability that `side` wins from `pos`.
    pub fn value_for(&self, rules: &dyn Ruleset, pos: &Position, side: Side, meter: &mut Meter) -> f64 {
        let s = self.score(rules, pos, meter);
        if pos.to_move() == side {
            s
        } else {
            1.0 - s
        }
    }
}
