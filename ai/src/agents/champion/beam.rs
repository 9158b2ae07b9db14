//! Candidate turns from a diverse beam search over one's own turn.

use super::{Candidate, Champion};
use crate::agents::Greedy;
use crate::budget::{Budget, Meter};
use crate::eval::Evaluator;
use crate::turn::Line;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::time::Instant;
use warlord_rules::{Action, Position, Ruleset};

impl Champion {
    /// Phase 1: finished turns found by a beam search over the actions of one's own turn, best
    /// first by their value before any reply. At each depth every legal action of every kept
    /// partial turn is played and evaluated in parallel; finished turns become candidates, and
    /// the best unfinished ones, distinct positions only, are kept ([`diverse`]). The first depth
    /// measures what a partial turn costs and sets the width so that the turn fits what is left
    /// of `meter` (this phase's share); `whole` bounds the greedy completion of a partial turn.
    pub(super) fn beam_candidates(
        &self,
        eval: &Evaluator,
        rules: &dyn Ruleset,
        pos: &Position,
        meter: &mut Meter,
        whole: Budget,
        start: Instant,
    ) -> Vec<Candidate> {
        let me = pos.to_move();
        let timed = matches!(meter.remaining(), Budget::Millis(_));
        let cap = usize::from(pos.turn_cap()).max(1);
        let mut beam = vec![Line::start(pos)];
        let mut width = 1;
        let mut seen = HashSet::new();
        let mut done: Vec<Candidate> = Vec::new();
        let mut depth = 0;
        // The value of the best partial turn of the last depth.
        let mut best_partial = None;
        while !beam.is_empty() && (depth == 0 || !meter.spent()) {
            let depth_start = Instant::now();
            let mut pairs: Vec<(usize, Action)> =
                beam.iter().enumerate().flat_map(|(i, l)| l.legal(rules).into_iter().map(move |a| (i, a))).collect();
            // A child costs two nodes (its action and its evaluation). A depth the budget may
            // not cover is evaluated in a seeded order ([`spread_over_the_army`]), and under a
            // node budget only as far as it affords; a depth cut short keeps the best so far.
            let affordable = match meter.remaining() {
                Budget::Nodes(left) => usize::try_from(left / 2).unwrap_or(usize::MAX).max(1),
                Budget::Millis(_) => usize::MAX,
            };
            if pairs.len() > affordable || (timed && pairs.len() >= LARGE_DEPTH) {
                pairs = spread_over_the_army(pairs, pos.hash() ^ depth as u64);
                pairs.truncate(affordable);
            }
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
            meter.charge(2 * children.iter().flatten().count() as u64);
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
            best_partial = next.first().map(|n| n.2);
            if depth == 0 {
                // The first depth measures the cost of one state; size the beam to fit the
                // rest of the turn into this phase's budget.
                let per_state = match meter.remaining() {
                    Budget::Millis(left) => left as f64 / depth_start.elapsed().as_secs_f64().max(1e-6) / 1000.0,
                    Budget::Nodes(left) => left as f64 / (2 * pairs.len()).max(1) as f64,
                };
                width = ((per_state / (cap.saturating_sub(1)).max(1) as f64) as usize).clamp(1, self.max_beam);
            }
            beam = diverse(next, width);
            depth += 1;
        }
        // Out of budget mid-turn: finish the best partial turn (greedily within the whole
        // budget; on a long turn by advancing, which evaluates nothing, as evolution finishes
        // it anyway), so that a full turn is among the candidates even when only a pass was
        // finished in time, or none. Its work counts against `meter`.
        let unfinished = beam.into_iter().next().or_else(|| done.is_empty().then(|| Line::start(pos)));
        if let Some(mut line) = unfinished {
            let mut rng = StdRng::seed_from_u64(depth as u64);
            let mut finish = match whole {
                Budget::Nodes(n) => Meter::start(Budget::Nodes(n.saturating_sub(meter.used()))),
                time => Meter::until(time, start),
            };
            if pos.turn_cap() >= self.long_turn_moves {
                crate::advance::finish_advancing(rules, &mut line, crate::advance::STANDOFFS[1], &mut rng, &mut finish);
            } else {
                let rest = Greedy::new(eval.clone()).turn(rules, &line.pos, &mut rng, &mut finish);
                line.actions.extend(rest.actions);
                line.pos = rest.pos;
                line.done = true;
            }
            meter.charge(finish.used());
            // With the budget spent, the partial turn's value stands for the finished turn's:
            // on the largest boards an evaluation is a tenth of a 100 ms budget.
            let value = match best_partial {
                Some(v) if meter.spent() => v,
                _ => eval.value_for(rules, &line.pos, me, meter),
            };
            done.push(Candidate { line, value });
        }
        done.sort_by(|a, b| b.value.total_cmp(&a.value));
        done
    }
}

/// Depths of at least this many children may not fit a time budget on the largest boards
/// (the largest shipped start has 2,380): they are evaluated in a seeded order
/// ([`spread_over_the_army`]).
const LARGE_DEPTH: usize = 2 * crate::budget::ACTIONS_PER_NODE;

/// The children of a depth (parent index and action) in an order drawn from `seed`, for a
/// depth the budget may not cover: a depth cut short has then looked at every part of the
/// army, not at the first pieces the rules list. (Finding the captures first would describe
/// every action, which costs as much as an evaluation there.)
fn spread_over_the_army(mut pairs: Vec<(usize, Action)>, seed: u64) -> Vec<(usize, Action)> {
    pairs.shuffle(&mut StdRng::seed_from_u64(seed));
    pairs
}

/// The best `width` partial turns, best first, while others are left at most a quarter of
/// them (at least two) extending the same parent and as many ending with the same action: a
/// beam of one idea's variants would hand phase 2 candidates that share the same mistake.
/// `ranked` holds each partial turn with the index of its parent and its value, best first.
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

#[cfg(test)]
mod tests {
    use super::super::test_support::{finished, short_turn_position, step};
    use super::*;

    #[test]
    fn the_beam_keeps_other_parents_and_other_moves() {
        let pos = short_turn_position();
        let moves: Vec<Action> = (0..8).map(|f| step((f, 0), (f, 1))).collect();
        // Eight children of parent 0, all but one ending with the same move, then two of parent 1.
        let mut ranked: Vec<(usize, Line, f64)> =
            (0..8).map(|i| (0, finished(&pos, &[moves[i], moves[if i == 7 { 7 } else { 0 }]]), 1.0)).collect();
        ranked.push((1, finished(&pos, &[moves[5], moves[6]]), 0.5));
        ranked.push((1, finished(&pos, &[moves[6], moves[5]]), 0.4));
        let kept = diverse(ranked, 4);
        let lasts: Vec<Action> = kept.iter().map(|l| *l.actions.last().expect("a move")).collect();
        // At most two from parent 0 and at most two ending with one move; parent 1 fills the rest.
        assert_eq!(lasts, vec![moves[0], moves[0], moves[6], moves[5]]);
    }
}
