//! The greedy agent: one action at a time, each the one whose result evaluates best.

use crate::agent::Agent;
use crate::budget::{Budget, Meter};
use crate::eval::Evaluator;
use crate::turn::Line;
use rand::{Rng, SeedableRng};
use warlord_rules::{Action, Position, Ruleset};

/// Picks, action after action, the legal action whose resulting position is best for it (ending
/// the turn is one of the choices), until the turn ends. Ties are broken by the seed.
///
/// With a temperature (the novice, [`Greedy::novice`]) it draws each action instead, with a
/// chance that falls off exponentially with how much worse than the best the action's result
/// is: it plays sensible actions, and now and then a worse one.
#[derive(Clone, Debug, Default)]
pub struct Greedy {
    eval: Evaluator,
    /// How far below the best (in winning chance) an action may evaluate and still be drawn
    /// often: the chance of an action is proportional to `exp((value - best) / temperature)`.
    /// `None`: always the best.
    temperature: Option<f64>,
}

/// The novice's temperature: an action that costs 3% of winning chance is played a third as
/// often as the best one.
pub const NOVICE_TEMPERATURE: f64 = 0.03;

impl Greedy {
    /// A greedy agent with an evaluator.
    #[must_use]
    pub fn new(eval: Evaluator) -> Greedy {
        Greedy { eval, temperature: None }
    }

    /// The novice: the greedy agent drawing its actions at [`NOVICE_TEMPERATURE`], so that it
    /// plays legal, sensible turns and makes mistakes a beginner can punish.
    #[must_use]
    pub fn novice() -> Greedy {
        Greedy { eval: Evaluator::default(), temperature: Some(NOVICE_TEMPERATURE) }
    }

    /// The action drawn from `scored` (value and line, never empty) at `temperature`.
    fn draw(scored: Vec<(f64, Line)>, temperature: f64, rng: &mut impl Rng) -> Option<Line> {
        let best = scored.iter().map(|(v, _)| *v).fold(f64::NEG_INFINITY, f64::max);
        let weights: Vec<f64> = scored.iter().map(|(v, _)| ((v - best) / temperature).exp()).collect();
        let mut ticket = rng.gen::<f64>() * weights.iter().sum::<f64>();
        let last = scored.len().checked_sub(1)?;
        for (i, (w, (_, line))) in weights.iter().zip(scored).enumerate() {
            if ticket < *w || i == last {
                return Some(line);
            }
            ticket -= w;
        }
        None
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
            let mut scored: Vec<(f64, Line)> = Vec::new();
            for &action in &legal {
                if meter.spent() && !scored.is_empty() {
                    break;
                }
                let child = line.then(rules, action, meter);
                let v = self.eval.value_for(rules, &child.pos, me, meter) + rng.gen::<f64>() * 1e-9;
                match self.temperature {
                    Some(_) => scored.push((v, child)),
                    None if scored.first().is_none_or(|(b, _)| v > *b) => scored = vec![(v, child)],
                    None => {}
                }
            }
            let chosen = match self.temperature {
                Some(t) => Self::draw(scored, t, rng),
                None => scored.pop().map(|(_, child)| child),
            };
            let Some(child) = chosen else { break };
            line = child;
        }
        line
    }
}

impl Agent for Greedy {
    fn name(&self) -> String {
        if self.temperature.is_some() { "novice" } else { "greedy" }.into()
    }

    fn plan_turn(&self, rules: &dyn Ruleset, pos: &Position, budget: Budget, seed: u64) -> Vec<Action> {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        self.turn(rules, pos, &mut rng, &mut Meter::start(budget)).actions
    }
}
