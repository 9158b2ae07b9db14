//! Online Evolutionary Planning (Justesen et al. 2018): a population of whole turns evolved by
//! crossover and mutation, each turn repaired to legality as it is replayed.

use crate::agent::Agent;
use crate::budget::{Budget, Meter};
use crate::eval::{Evaluator, LONG_TURN_MOVES, PLAYING_FOR_A_WIN};
use crate::turn::{pick, Line};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use warlord_rules::{Action, Position, Ruleset};

/// Evolves whole turns: random initial turns; each generation keeps the better half and
/// refills the population with children of two kept parents (uniform crossover of their
/// actions), some mutated (one action replaced at random). A child is built by replaying its
/// genes: a gene that is not legal where it falls is replaced by the other parent's, or else by
/// a random legal action; a turn that runs out of genes is finished at random. Fitness is the
/// evaluation after the whole turn.
#[derive(Clone, Debug)]
pub struct Oep {
    eval: Evaluator,
    /// Turns in the population.
    pub population: usize,
    /// Chance that a child is mutated.
    pub mutation: f64,
    /// What a finished draw is worth to it: below 1/2 it does not pass into a double-pass draw
    /// when it stands better.
    pub draw_value: f64,
}

impl Default for Oep {
    fn default() -> Oep {
        Oep::new(Evaluator::default())
    }
}

/// A turn (its actions and the position after them) and how good it is.
struct Genome {
    line: Line,
    fitness: f64,
}

impl Oep {
    /// OEP with an evaluator.
    #[must_use]
    pub fn new(eval: Evaluator) -> Oep {
        Oep { eval, population: 32, mutation: 0.3, draw_value: PLAYING_FOR_A_WIN }
    }
}

/// What every child of one evolution is built against: the evaluator (with its contempt), the
/// rules and the position the turn starts from; its fitness is the evaluation for the side to
/// move there.
struct Nursery<'a> {
    eval: &'a Evaluator,
    rules: &'a dyn Ruleset,
    pos: &'a Position,
}

impl Nursery<'_> {
    /// Builds a turn from two parents' genes, repairing as it goes; `mutate_at` replaces that
    /// gene with a random legal action.
    fn build(&self, parents: [&[Action]; 2], mutate_at: Option<usize>, rng: &mut StdRng, meter: &mut Meter) -> Genome {
        let rules = self.rules;
        let mut line = Line::start(self.pos);
        let mut i = 0;
        while !line.done {
            let first = usize::from(rng.gen_bool(0.5));
            let genes = [parents[first].get(i), parents[1 - first].get(i)];
            let inherited = genes.into_iter().flatten().find(|&&a| line.allows(rules, a)).copied();
            let action = match inherited {
                Some(a) if mutate_at != Some(i) => a,
                _ => match pick(&line.legal(rules), rng) {
                    Some(&a) => a,
                    None => break,
                },
            };
            line.push(rules, action, meter);
            i += 1;
        }
        let fitness = self.eval.value_for(rules, &line.pos, self.pos.to_move(), meter);
        Genome { line, fitness }
    }
}

impl Oep {
    /// Evolves turns within `meter`: the first turns of the population are `seeds` (turns found
    /// by another search, repaired to legality; those after the first only while the meter
    /// lasts), the rest random. Returns the final population,
    /// best first: each turn as played (its actions and the position after them) with its
    /// fitness (the evaluation for the side to move after it).
    pub fn evolve(
        &self,
        rules: &dyn Ruleset,
        pos: &Position,
        meter: &mut Meter,
        seed: u64,
        seeds: &[Vec<Action>],
    ) -> Vec<(Line, f64)> {
        let me = pos.to_move();
        let eval = self.eval.with_contempt(me, self.draw_value);
        let nursery = Nursery { eval: &eval, rules, pos };
        let mut rng = StdRng::seed_from_u64(seed);
        let size = self.population.max(2);
        let mut population: Vec<Genome> = Vec::with_capacity(size);
        for s in seeds.iter().take(size) {
            // A seed is a whole turn to replay and evaluate: on the largest boards a few fill a
            // small budget, so they stop when it is spent (the first is always built).
            if !population.is_empty() && meter.spent() {
                break;
            }
            population.push(nursery.build([s, s], None, &mut rng, meter));
        }
        while population.len() < size && (population.is_empty() || !meter.spent()) {
            population.push(nursery.build([&[], &[]], None, &mut rng, meter));
        }
        let keep = (population.len() / 2).max(1);
        while !meter.spent() {
            population.sort_by(|a, b| b.fitness.total_cmp(&a.fitness));
            population.truncate(keep);
            while population.len() < size && !meter.spent() {
                let (a, b) = (rng.gen_range(0..keep), rng.gen_range(0..keep));
                let longest = population[a].line.actions.len().max(population[b].line.actions.len()).max(1);
                let mutate_at = rng.gen_bool(self.mutation).then(|| rng.gen_range(0..longest));
                let child = nursery.build(
                    [&population[a].line.actions, &population[b].line.actions],
                    mutate_at,
                    &mut rng,
                    meter,
                );
                population.push(child);
            }
        }
        population.sort_by(|a, b| b.fitness.total_cmp(&a.fitness));
        population.into_iter().map(|g| (g.line, g.fitness)).collect()
    }
}

impl Agent for Oep {
    fn name(&self) -> String {
        "oep".into()
    }

    fn plan_turn(&self, rules: &dyn Ruleset, pos: &Position, budget: Budget, seed: u64) -> Vec<Action> {
        let mut meter = Meter::start(budget);
        // On a long turn advancing turns seed the population (where few random turns fit the
        // budget, they close in on the enemy), and the turn is judged whole with space
        // (`Evaluator::for_turn`); shorter turns are planned as before.
        let seeds: Vec<Vec<Action>> = if pos.turn_cap() >= LONG_TURN_MOVES {
            let mut rng = StdRng::seed_from_u64(seed ^ 0x5eed);
            crate::advance::advancing_turns(rules, pos, &mut rng, &mut meter).into_iter().map(|l| l.actions).collect()
        } else {
            Vec::new()
        };
        let oep = Oep { eval: self.eval.for_turn(pos), ..self.clone() };
        let population = oep.evolve(rules, pos, &mut meter, seed, &seeds);
        // The last of equally fit turns, as the population ranks them.
        population.into_iter().max_by(|a, b| a.1.total_cmp(&b.1)).map(|(line, _)| line.actions).unwrap_or_default()
    }
}
