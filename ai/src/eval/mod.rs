//! The evaluation: the probability that a side wins from a position, as the logistic of a
//! weighted sum of family-generic features (weights fitted from self-play, see [`crate::tune`]).

pub mod features;
pub mod weights;

use crate::budget::Meter;
use features::extract;
use warlord_rules::{Position, Ruleset, Side};
pub use weights::Weights;

/// Evaluates positions with a set of weights.
#[derive(Clone, Debug)]
pub struct Evaluator {
    weights: Weights,
    /// A side that plays for a win, and what a finished draw is worth to it (the other side
    /// gets the rest); without one, draws are worth 1/2 to both.
    contempt: Option<(Side, f64)>,
}

impl Default for Evaluator {
    fn default() -> Evaluator {
        Evaluator::new(Weights::tuned())
    }
}

/// What a finished draw is worth to an agent that plays for a win (its opponent is expected to
/// value it at the rest): below 1/2, it does not pass into a double-pass draw when it stands
/// slightly worse.
pub const PLAYING_FOR_A_WIN: f64 = 0.3;

/// The logistic function.
#[must_use]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

impl Evaluator {
    /// An evaluator with these weights.
    #[must_use]
    pub fn new(weights: Weights) -> Evaluator {
        Evaluator { weights, contempt: None }
    }

    /// The same evaluator, valuing a finished draw at `draw` for `side` and `1 - draw` for
    /// its opponent: below 1/2, `side` avoids draws (by passing twice, say) and expects its
    /// opponent to seek them.
    #[must_use]
    pub fn with_contempt(&self, side: Side, draw: f64) -> Evaluator {
        Evaluator { weights: self.weights.clone(), contempt: Some((side, draw)) }
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
                None => match self.contempt {
                    Some((side, draw)) if side == pos.to_move() => draw,
                    Some((_, draw)) => 1.0 - draw,
                    None => 0.5,
                },
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
