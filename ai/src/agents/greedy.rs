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

    /// The novice: the greedy agent drawing its actions at `NOVICE_TEMPERATURE` (0.03), so that it
    /// plays legal, sensible turns and makes mistakes a beginner can punish.
    #[must_use]
    pub fn novice() -> Greedy {
        Greedy::novice_with(Evaluator::default())
    }

    /// The novice ([`Greedy::novice`]) with an evaluator.
    #[must_use]
    pub fn novice_with(eval: Evaluator) -> Greedy {
        Greedy { eval, temperature: Some(NOVICE_TEMPERATURE) }
    }

    /// The choice drawn from `scored` (values and what they value) at `temperature`; `None` if
    /// it is empty.
    fn draw<T>(scored: Vec<(f64, T)>, temperature: f64, rng: &mut impl Rng) -> Option<(f64, T)> {
        let best = scored.iter().map(|(v, _)| *v).fold(f64::NEG_INFINITY, f64::max);
        let weights: Vec<f64> = scored.iter().map(|(v, _)| ((v - best) / temperature).exp()).collect();
        let mut ticket = rng.gen::<f64>() * weights.iter().sum::<f64>();
        let last = scored.len().checked_sub(1)?;
        for (i, (w, chosen)) in weights.iter().zip(scored).enumerate() {
            if ticket < *w || i == last {
                return Some(chosen);
            }
            ticket -= w;
        }
        None
    }

    /// The greedy turn of the side to move, within a meter. A step begun with the meter spent
    /// takes the best of the actions evaluated so far; once the meter is spent at the start of a
    /// step, the turn is finished by advancing ([`crate::advance`]: the moves that bring pieces
    /// nearest to the enemy, stopping one step short of it, with nothing evaluated), so that a
    /// turn too large for the budget is not ended after its first action. Where ending the turn
    /// evaluates best, it closes in instead if it can without standing worse
    /// (`Greedy::close_in`).
    pub fn turn(&self, rules: &dyn Ruleset, pos: &Position, rng: &mut impl Rng, meter: &mut Meter) -> Line {
        self.play(rules, pos, rng, meter, true)
    }

    /// The greedy turn of the side to move, left unfinished once `meter` is spent at the start
    /// of a step: for a search that throws away a turn its budget did not cover (the champion's
    /// replies), which then stops at once instead of finishing it by advancing.
    pub fn turn_until_spent(&self, rules: &dyn Ruleset, pos: &Position, rng: &mut impl Rng, meter: &mut Meter) -> Line {
        self.play(rules, pos, rng, meter, false)
    }

    /// The greedy turn; once the meter is spent at the start of a step, it is finished by
    /// advancing if `finish`, else left where it stands.
    fn play(&self, rules: &dyn Ruleset, pos: &Position, rng: &mut impl Rng, meter: &mut Meter, finish: bool) -> Line {
        let me = pos.to_move();
        let mut line = Line::start(pos);
        while !line.done {
            if meter.spent() && !line.actions.is_empty() {
                if finish {
                    crate::advance::finish_advancing(rules, &mut line, crate::advance::STANDOFFS[1], rng, meter);
                }
                break;
            }
            let legal = line.legal(rules);
            if legal.is_empty() {
                break;
            }
            // The novice draws from every action's value; the greedy agent keeps the best
            // action's line, so that it plays it without playing it again.
            let mut scored: Vec<(f64, Action)> = Vec::new();
            let mut best: Option<(f64, Line)> = None;
            for (i, &action) in legal.iter().enumerate() {
                if meter.spent() && i > 0 {
                    break;
                }
                let child = line.then(rules, action, meter);
                let v = self.eval.value_for(rules, &child.pos, me, meter) + rng.gen::<f64>() * 1e-9;
                match self.temperature {
                    Some(_) => scored.push((v, action)),
                    None if best.as_ref().is_none_or(|(b, _)| v > *b) => best = Some((v, child)),
                    None => {}
                }
            }
            let chosen = match self.temperature {
                // Only the drawn action is played again: keeping every action's line would hold
                // a copy of the position per legal action (on For the Fanatics, a thousand
                // copies of a 120x120 board at every step of a turn).
                Some(t) => Self::draw(scored, t, rng).map(|(v, action)| (v, line.then(rules, action, meter))),
                None => best,
            };
            let Some((value, child)) = chosen else { break };
            line = match child.actions.last() {
                // Ending the turn, with other actions to play: close in if it costs nothing,
                // or, the meter spent, by advancing as above.
                Some(Action::EndTurn) if legal.len() > 1 && meter.spent() && finish => {
                    crate::advance::finish_advancing(rules, &mut line, crate::advance::STANDOFFS[1], rng, meter);
                    break;
                }
                Some(Action::EndTurn) if legal.len() > 1 => {
                    self.close_in(rules, &line, value, rng, meter).unwrap_or(child)
                }
                _ => child,
            };
        }
        line
    }

    /// Instead of ending the turn at `line`, whose end is worth `pass` to the side to move: the
    /// first of its best [`CLOSE_IN_TRIES`] advancing moves ([`crate::advance::advancing_actions`],
    /// right up to the enemy) after which ending the turn is worth no less than `pass` minus
    /// [`CLOSE_IN_TOLERANCE`], or `None`. Where the armies stand apart no single action changes
    /// the evaluation, and two greedy players would both pass at once and draw before they
    /// meet; a move that leaves a piece where the enemy can take it counts that threat against
    /// it, so it is not played. At most [`CLOSE_IN_TRIES`] evaluations, while the meter lasts.
    fn close_in(
        &self,
        rules: &dyn Ruleset,
        line: &Line,
        pass: f64,
        rng: &mut impl Rng,
        meter: &mut Meter,
    ) -> Option<Line> {
        let me = line.pos.to_move();
        let legal = line.legal(rules);
        let moves = crate::advance::advancing_actions(&line.pos, &legal, crate::advance::STANDOFFS[0], rng);
        for action in moves.into_iter().take(CLOSE_IN_TRIES) {
            if meter.spent() {
                break;
            }
            let moved = line.then(rules, action, meter);
            let mut ended = moved.pos.clone();
            if !moved.done {
                if rules.play(&mut ended, Action::EndTurn).is_err() {
                    continue;
                }
                meter.tick();
            }
            if self.eval.value_for(rules, &ended, me, meter) >= pass - CLOSE_IN_TOLERANCE {
                return Some(moved);
            }
        }
        None
    }
}

/// How many advancing moves [`Greedy::close_in`] tries before it ends the turn.
pub const CLOSE_IN_TRIES: usize = 4;

/// How much worse than ending the turn (in winning chance) closing in may evaluate and still be
/// played: the evaluation's noise where nothing is in reach, less than a hanging Man costs.
pub const CLOSE_IN_TOLERANCE: f64 = 0.002;

impl Agent for Greedy {
    fn name(&self) -> String {
        if self.temperature.is_some() { "novice" } else { "greedy" }.into()
    }

    fn plan_turn(&self, rules: &dyn Ruleset, pos: &Position, budget: Budget, seed: u64) -> Vec<Action> {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        self.turn(rules, pos, &mut rng, &mut Meter::start(budget)).actions
    }
}
