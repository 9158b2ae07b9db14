//! The champion: a beam search over its own turn for candidate turns, then the opponent's
//! greedy reply to each candidate, choosing the turn whose position after the reply is best.

use crate::agent::Agent;
use crate::agents::Greedy;
use crate::budget::{Budget, Meter};
use crate::eval::Evaluator;
use crate::turn::Line;
use rand::rngs::StdRng;
use rand::SeedableRng;
use rayon::prelude::*;
use std::collections::HashSet;
use std::time::Instant;
use warlord_rules::{Action, Position, Ruleset, Side};

/// Plans in two phases, both run on every core with rayon:
///
/// 1. **Candidates.** A beam search over the actions of its own turn: at each depth every
///    action of every kept partial turn is played and evaluated; finished turns become
///    candidates, the best unfinished ones (distinct positions) are kept. The width adapts to
///    the budget.
/// 2. **Replies.** For the best candidates in order, the opponent's reply is played out
///    greedily with the same evaluation; a candidate is worth the evaluation of the position
///    after that reply. This is what sees that a leader left en prise dies next turn.
///
/// Under a node budget the work is split in fixed shares and merged in order, so the same seed
/// and budget give the same turn on any number of cores.
#[derive(Clone, Debug)]
pub struct Champion {
    eval: Evaluator,
    /// The widest beam of phase 1.
    pub max_beam: usize,
    /// The most candidates whose replies are examined.
    pub max_candidates: usize,
    /// Share of the budget for phase 1.
    pub candidate_share: f64,
    /// What a draw is worth to the champion (its opponent is expected to value it at the rest).
    pub draw_value: f64,
}

impl Default for Champion {
    fn default() -> Champion {
        Champion::new(Evaluator::default())
    }
}

/// A finished turn of one's own, worth `value` before the reply and `after` with it.
struct Candidate {
    line: Line,
    value: f64,
}

/// Replies examined at once.
const REPLY_BATCH: usize = 2;

impl Champion {
    /// A champion with an evaluator.
    #[must_use]
    pub fn new(eval: Evaluator) -> Champion {
        Champion { eval, max_beam: 16, max_candidates: 64, candidate_share: 0.4, draw_value: 0.3 }
    }

    /// Phase 1: candidate turns, best first.
    /// `budget` is this phase's share; `whole` bounds the greedy completion of a partial turn.
    #[allow(clippy::too_many_arguments)]
    fn candidates(
        &self,
        eval: &Evaluator,
        rules: &dyn Ruleset,
        pos: &Position,
        budget: Budget,
        whole: Budget,
        start: Instant,
    ) -> Vec<Candidate> {
        let me = pos.to_move();
        let timed = matches!(budget, Budget::Millis(_));
        let mut meter = Meter::until(budget, start);
        let cap = usize::from(pos.turn_cap()).max(1);
        let mut beam = vec![Line::start(pos)];
        let mut width = 1;
        let mut seen = HashSet::new();
        let mut done: Vec<Candidate> = Vec::new();
        let mut depth = 0;
        while !beam.is_empty() && (depth == 0 || !meter.spent()) {
            let depth_start = Instant::now();
            let pairs: Vec<(usize, Action)> =
                beam.iter().enumerate().flat_map(|(i, l)| l.legal(rules).into_iter().map(move |a| (i, a))).collect();
            let children: Vec<Option<(Line, f64)>> = pairs
                .par_iter()
                .map(|&(i, a)| {
                    if timed && meter.spent() {
                        return None;
                    }
                    let mut m = Meter::start(Budget::Nodes(u64::MAX));
                    let child = beam[i].then(rules, a, &mut m);
                    let v = eval.value_for(rules, &child.pos, me, &mut m);
                    Some((child, v))
                })
                .collect();
            for _ in 0..2 * pairs.len() {
                meter.tick();
            }
            let mut next = Vec::new();
            for (child, value) in children.into_iter().flatten() {
                if !seen.insert(child.pos.hash()) {
                    continue;
                }
                if child.done {
                    done.push(Candidate { line: child, value });
                } else {
                    next.push((child, value));
                }
            }
            next.sort_by(|a, b| b.1.total_cmp(&a.1));
            if depth == 0 {
                // The first depth measures the cost of one state; size the beam to fit the
                // rest of the turn into this phase's budget.
                let per_state = match (budget, meter.remaining()) {
                    (Budget::Millis(_), Budget::Millis(left)) => {
                        left as f64 / depth_start.elapsed().as_secs_f64().max(1e-6) / 1000.0
                    }
                    (_, Budget::Nodes(left)) => left as f64 / (2 * pairs.len()).max(1) as f64,
                    _ => 1.0,
                };
                width = ((per_state / (cap.saturating_sub(1)).max(1) as f64) as usize).clamp(1, self.max_beam);
            }
            next.truncate(width);
            beam = next.into_iter().map(|(l, _)| l).collect();
            depth += 1;
        }
        // Out of budget mid-turn: finish the best partial turn greedily (within the whole
        // budget), so that a full turn is among the candidates even when only a pass was
        // finished in time, or none.
        let greedy = Greedy::new(eval.clone());
        let mut rng = StdRng::seed_from_u64(depth as u64);
        let unfinished = beam.into_iter().next().or_else(|| done.is_empty().then(|| Line::start(pos)));
        if let Some(line) = unfinished {
            let rest = greedy.turn(rules, &line.pos, &mut rng, &mut Meter::until(whole, start));
            let mut whole = line;
            whole.actions.extend(rest.actions);
            whole.pos = rest.pos;
            whole.done = true;
            let value = eval.value_for(rules, &whole.pos, me, &mut meter);
            done.push(Candidate { line: whole, value });
        }
        done.sort_by(|a, b| b.value.total_cmp(&a.value));
        done
    }

    /// Phase 2: the value of each examined candidate after the opponent's greedy reply and its
    /// own greedy follow-up.
    fn replies(
        &self,
        eval: &Evaluator,
        rules: &dyn Ruleset,
        me: Side,
        cands: &[Candidate],
        budget: Budget,
        start: Instant,
    ) -> Vec<f64> {
        let greedy = Greedy::new(eval.clone());
        let reply = |c: &Candidate, meter: &mut Meter| -> Option<f64> {
            if c.line.pos.outcome().is_some() {
                return Some(c.value);
            }
            let mut rng = StdRng::seed_from_u64(c.line.pos.hash());
            let answer = greedy.turn(rules, &c.line.pos, &mut rng, meter);
            // Its own greedy follow-up cashes the threats the evaluation would only count, and
            // the position is judged where the opponent's threats count against it.
            let follow =
                if answer.pos.outcome().is_some() { answer } else { greedy.turn(rules, &answer.pos, &mut rng, meter) };
            if meter.spent() {
                return None;
            }
            Some(eval.value_for(rules, &follow.pos, me, meter) + 1e-3 * c.value)
        };
        // Candidates are examined in batches of a fixed size (one per core here), each reply
        // bounded by what is left of the budget at the batch's start, and a reply cut short is
        // not counted: so under a node budget the examined set, and so the turn, does not
        // depend on the machine.
        let timed = matches!(budget, Budget::Millis(_));
        let limit = match budget {
            Budget::Nodes(n) => n,
            Budget::Millis(_) => u64::MAX,
        };
        let mut used = 0;
        let mut out = Vec::new();
        for chunk in cands[..cands.len().min(self.max_candidates)].chunks(REPLY_BATCH) {
            if used >= limit || (timed && Meter::until(budget, start).spent()) {
                break;
            }
            let values: Vec<(Option<f64>, u64)> = chunk
                .par_iter()
                .map(|c| {
                    let mut meter =
                        if timed { Meter::until(budget, start) } else { Meter::start(Budget::Nodes(limit - used)) };
                    (reply(c, &mut meter), meter.used())
                })
                .collect();
            used += values.iter().map(|v| v.1).sum::<u64>();
            let complete = values.iter().take_while(|v| v.0.is_some()).count();
            out.extend(values.into_iter().take(complete).filter_map(|v| v.0));
            if complete < chunk.len() {
                break;
            }
        }
        out
    }
}

impl Agent for Champion {
    fn name(&self) -> String {
        "champion".into()
    }

    fn plan_turn(&self, rules: &dyn Ruleset, pos: &Position, budget: Budget, _seed: u64) -> Vec<Action> {
        let start = Instant::now();
        let eval = self.eval.with_contempt(pos.to_move(), self.draw_value);
        let cands = self.candidates(&eval, rules, pos, budget.fraction(self.candidate_share), budget, start);
        let rest = match budget {
            Budget::Nodes(n) => Budget::Nodes(n - (n as f64 * self.candidate_share) as u64),
            time => time,
        };
        let after = self.replies(&eval, rules, pos.to_move(), &cands, rest, start);
        let best = after.iter().enumerate().max_by(|a, b| a.1.total_cmp(b.1)).map_or(0, |(i, _)| i);
        cands.into_iter().nth(best).map(|c| c.line.actions).unwrap_or_default()
    }
}
