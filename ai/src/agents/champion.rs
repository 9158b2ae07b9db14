//! The champion: a beam search over its own turn for candidate turns, then the opponent's
//! greedy reply to each candidate, choosing the turn whose position after the reply is best.

use crate::agent::Agent;
use crate::agents::{Greedy, Oep};
use crate::budget::{Budget, Meter};
use crate::eval::{Evaluator, PLAYING_FOR_A_WIN};
use crate::turn::Line;
use rand::rngs::StdRng;
use rand::SeedableRng;
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::time::Instant;
use warlord_rules::{Action, Position, Ruleset, Side};

/// Plans in two phases, both run on every core with rayon:
///
/// 1. **Candidates.** A beam search over the actions of its own turn: at each depth every
///    action of every kept partial turn is played and evaluated; finished turns become
///    candidates, the best unfinished ones (distinct positions, at most a quarter of the beam
///    from one parent or ending with one action) are kept. The width adapts to the budget.
///    Turns of many moves (8 or more) also get one candidate evolved by OEP.
/// 2. **Replies.** For the candidates in an order that puts different ideas first, the
///    opponent's reply and its own follow-up are played out greedily with the same evaluation;
///    a candidate is worth the evaluation of the position after them. This is what sees that a
///    leader left en prise dies next turn.
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
    /// Turns of at least this many moves also get a candidate evolved by OEP: there the beam is
    /// only a partial turn or two wide, and evolution finds turns that move many pieces together.
    pub evolve_from_moves: u8,
    /// Share of the budget (taken from phase 1's) for evolving that candidate.
    pub evolve_share: f64,
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

/// The best candidates among which [`spread`] picks the different ones.
const SPREAD_POOL: usize = 2048;

/// Replies examined at once.
const REPLY_BATCH: usize = 2;

impl Champion {
    /// A champion with an evaluator.
    #[must_use]
    pub fn new(eval: Evaluator) -> Champion {
        Champion {
            eval,
            max_beam: 16,
            max_candidates: 64,
            candidate_share: 0.4,
            draw_value: PLAYING_FOR_A_WIN,
            evolve_from_moves: 8,
            evolve_share: 0.3,
        }
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
            let children: Vec<Option<(usize, Line, f64)>> = pairs
                .par_iter()
                .map(|&(i, a)| {
                    if timed && meter.spent() {
                        return None;
                    }
                    let mut m = Meter::start(Budget::Nodes(u64::MAX));
                    let child = beam[i].then(rules, a, &mut m);
                    let v = eval.value_for(rules, &child.pos, me, &mut m);
                    Some((i, child, v))
                })
                .collect();
            for _ in 0..2 * pairs.len() {
                meter.tick();
            }
            let mut next = Vec::new();
            for (parent, child, value) in children.into_iter().flatten() {
                if !seen.insert(child.pos.hash()) {
                    continue;
                }
                if child.done {
                    done.push(Candidate { line: child, value });
                } else {
                    next.push((parent, child, value));
                }
            }
            next.sort_by(|a, b| b.2.total_cmp(&a.2));
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
            beam = diverse(next, width);
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
        spread(done, self.max_candidates)
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

/// The best `width` partial turns, best first, while others are left at most a quarter of
/// them (at least two) extending the same parent and as many ending with the same action: a
/// beam of one idea's variants would hand phase 2 candidates that share the same mistake.
fn diverse(ranked: Vec<(usize, Line, f64)>, width: usize) -> Vec<Line> {
    let cap = (width / 4).max(2);
    let mut parents: HashMap<usize, usize> = HashMap::new();
    let mut actions: HashMap<Option<Action>, usize> = HashMap::new();
    let (mut kept, mut spare) = (Vec::new(), Vec::new());
    for (parent, line, _) in ranked {
        let by_parent = parents.get(&parent).copied().unwrap_or(0);
        let by_action = actions.get(&line.actions.last().copied()).copied().unwrap_or(0);
        if by_parent < cap && by_action < cap && kept.len() < width {
            *parents.entry(parent).or_default() += 1;
            *actions.entry(line.actions.last().copied()).or_default() += 1;
            kept.push(line);
        } else {
            spare.push(line);
        }
    }
    let missing = width.saturating_sub(kept.len());
    kept.extend(spare.into_iter().take(missing));
    kept
}

/// Reorders candidates (best first) so that the first `count` are as different as the list
/// allows: each next one is the best ranked among those whose most used move has been used
/// least by the ones already chosen. Replies are then examined for different ideas, not for
/// twenty variants of one idea that share the same mistake. Only the best `SPREAD_POOL` are
/// considered, so the cost stays small on boards with thousands of candidates.
fn spread(mut ranked: Vec<Candidate>, count: usize) -> Vec<Candidate> {
    let pool = ranked.len().min(SPREAD_POOL);
    let tail = ranked.split_off(pool);
    let moves: Vec<Vec<Action>> =
        ranked.iter().map(|c| c.line.actions.iter().filter(|a| **a != Action::EndTurn).copied().collect()).collect();
    let mut holders: HashMap<Action, Vec<usize>> = HashMap::new();
    for (i, ms) in moves.iter().enumerate() {
        for &a in ms {
            holders.entry(a).or_default().push(i);
        }
    }
    let mut used: HashMap<Action, usize> = HashMap::new();
    let mut overlap = vec![0usize; pool];
    let mut chosen = vec![false; pool];
    let mut order = Vec::with_capacity(pool);
    while order.len() < count.min(pool) {
        let Some(next) = (0..pool).filter(|&i| !chosen[i]).min_by_key(|&i| (overlap[i], i)) else { break };
        chosen[next] = true;
        order.push(next);
        for &a in &moves[next] {
            let n = used.entry(a).or_default();
            *n += 1;
            for &h in &holders[&a] {
                overlap[h] = overlap[h].max(*n);
            }
        }
    }
    order.extend((0..pool).filter(|&i| !chosen[i]));
    let mut slots: Vec<Option<Candidate>> = ranked.into_iter().map(Some).collect();
    let mut out: Vec<Candidate> = order.into_iter().filter_map(|i| slots[i].take()).collect();
    out.extend(tail);
    out
}

impl Agent for Champion {
    fn name(&self) -> String {
        "champion".into()
    }

    fn plan_turn(&self, rules: &dyn Ruleset, pos: &Position, budget: Budget, seed: u64) -> Vec<Action> {
        let start = Instant::now();
        let eval = self.eval.with_contempt(pos.to_move(), self.draw_value);
        let evolved = (pos.turn_cap() >= self.evolve_from_moves).then(|| {
            let actions = Oep::new(self.eval.clone()).plan_turn(rules, pos, budget.fraction(self.evolve_share), seed);
            let mut meter = Meter::start(Budget::Nodes(u64::MAX));
            let mut line = Line::start(pos);
            for action in actions {
                line.push(rules, action, &mut meter);
            }
            let value = eval.value_for(rules, &line.pos, pos.to_move(), &mut meter);
            Candidate { line, value }
        });
        // Phase 1 ends at its share of the budget from the start (a time budget) or has what
        // evolution left of its share (a node budget).
        let beam_share = match budget {
            Budget::Nodes(_) if evolved.is_some() => self.candidate_share - self.evolve_share,
            _ => self.candidate_share,
        };
        let mut cands = self.candidates(&eval, rules, pos, budget.fraction(beam_share), budget, start);
        // The evolved turn's reply is examined first.
        cands.splice(0..0, evolved);
        let rest = match budget {
            Budget::Nodes(n) => Budget::Nodes(n - (n as f64 * self.candidate_share) as u64),
            time => time,
        };
        let after = self.replies(&eval, rules, pos.to_move(), &cands, rest, start);
        let best = after.iter().enumerate().max_by(|a, b| a.1.total_cmp(b.1)).map_or(0, |(i, _)| i);
        cands.into_iter().nth(best).map(|c| c.line.actions).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use warlord_rules::{Scenario, Square};

    fn position() -> Position {
        let b = warlord_scenarios::get("chieftain").expect("shipped");
        Scenario::parse(b.text, "chieftain").expect("valid").ruleset(&[]).expect("rules").start()
    }

    fn step(from: (u8, u8), to: (u8, u8)) -> Action {
        Action::Move { from: Square::new(from.0, from.1), to: Square::new(to.0, to.1) }
    }

    fn line(pos: &Position, actions: &[Action]) -> Line {
        Line { actions: actions.to_vec(), pos: pos.clone(), done: true }
    }

    #[test]
    fn replies_are_examined_for_different_ideas_first() {
        let pos = position();
        let (a, b, c, d) = (step((0, 0), (0, 1)), step((1, 0), (1, 1)), step((2, 0), (2, 1)), step((3, 0), (3, 1)));
        // Ranked best first: three variants of the idea `a`, then a turn without it.
        let ranked = [vec![a, b], vec![a, c], vec![a, d], vec![d, Action::EndTurn]];
        let cands = ranked.iter().map(|acts| Candidate { line: line(&pos, acts), value: 0.5 }).collect();
        let order: Vec<Vec<Action>> = spread(cands, 4).into_iter().map(|c| c.line.actions).collect();
        assert_eq!(order, vec![vec![a, b], vec![d, Action::EndTurn], vec![a, c], vec![a, d]]);
    }

    #[test]
    fn the_beam_keeps_other_parents_and_other_moves() {
        let pos = position();
        let moves: Vec<Action> = (0..8).map(|f| step((f, 0), (f, 1))).collect();
        // Eight children of parent 0, all but one ending with the same move, then two of parent 1.
        let mut ranked: Vec<(usize, Line, f64)> =
            (0..8).map(|i| (0, line(&pos, &[moves[i], moves[if i == 7 { 7 } else { 0 }]]), 1.0)).collect();
        ranked.push((1, line(&pos, &[moves[5], moves[6]]), 0.5));
        ranked.push((1, line(&pos, &[moves[6], moves[5]]), 0.4));
        let kept = diverse(ranked, 4);
        let lasts: Vec<Action> = kept.iter().map(|l| *l.actions.last().expect("a move")).collect();
        // At most two from parent 0 and at most two ending with one move; parent 1 fills the rest.
        assert_eq!(lasts, vec![moves[0], moves[0], moves[6], moves[5]]);
    }
}
