//! A second look at the best candidates with the budget the greedy replies leave: the
//! opponent's strongest replies, not its greedy one only. This is what a larger budget buys on
//! boards where every candidate's greedy reply is examined early (docs/AI.md, "Levels").

use super::greedy_reply::Judged;
use super::replies::judged;
use super::spread::spread;
use super::{Candidate, Champion, Planning};
use crate::agents::Greedy;
use crate::budget::Meter;
use rand::rngs::StdRng;
use rand::SeedableRng;
use rayon::prelude::*;

/// The width of the opponent's beam when its replies to a candidate are searched.
const REPLY_BEAM: usize = 4;

/// The opponent's best replies (different ideas first) examined for each candidate, besides
/// its greedy one.
const STRONG_REPLIES: usize = 4;

impl Champion {
    /// The candidate of `judgement` to play after a second look and its value there, or `None`
    /// when not even the best could be looked at again within `meter`. Candidates are looked
    /// at again best first: each is worth the least of its value after the greedy exchange and
    /// its values after the opponent's strongest replies ([`Champion::after_strong_replies`]),
    /// so a second look only lowers a value, and the look stops at the first candidate whose
    /// value after the greedy exchange is no better than the best value found: it can no
    /// longer win.
    pub(super) fn deepen(&self, judgement: &Judged, meter: &mut Meter) -> Option<(usize, f64)> {
        let (cands, after) = (judgement.cands, judgement.after);
        let mut order: Vec<usize> = (0..after.len().min(cands.len())).collect();
        order.sort_by(|a, b| after[*b].total_cmp(&after[*a]));
        let mut best: Option<(usize, f64)> = None;
        for i in order {
            if meter.spent() || best.is_some_and(|(_, b)| after[i] <= b) {
                break;
            }
            let Some(value) = self.after_strong_replies(judgement, &cands[i], meter) else {
                break;
            };
            let value = value.min(after[i]);
            if best.is_none_or(|(_, b)| value > b) {
                best = Some((i, value));
            }
        }
        best
    }

    /// The least value, for the side whose turn `judgement` judged, over the opponent's
    /// strongest replies to the candidate, each followed by that side's greedy turn; `None`
    /// when `meter` ran out first. The replies are the best finished turns of the opponent's
    /// own beam search ([`Champion::beam_candidates`], [`REPLY_BEAM`] wide), different ideas
    /// first: a reply greedy does not find (a leader brought into range so that a second move
    /// captures, a piece given for a leader) is among them.
    pub(super) fn after_strong_replies(&self, judgement: &Judged, cand: &Candidate, meter: &mut Meter) -> Option<f64> {
        let Judged { turn: Planning { eval, rules, start, .. }, replies: whole, .. } = *judgement;
        let me = judgement.turn.me();
        if cand.line.pos.outcome().is_some() {
            return Some(judged(cand.value, cand.value));
        }
        let searcher = Champion { max_beam: REPLY_BEAM, ..self.clone() };
        let replies = searcher.beam_candidates(eval, rules, &cand.line.pos, meter, whole, start);
        if meter.spent() {
            return None;
        }
        let replies = spread(replies, STRONG_REPLIES);
        let greedy = Greedy::new(eval.clone());
        let values: Vec<(Option<f64>, u64)> = replies
            .par_iter()
            .take(STRONG_REPLIES)
            .map(|reply| {
                let mut m = meter.clone();
                let before = m.used();
                let end = if reply.line.pos.outcome().is_some() {
                    reply.line.pos.clone()
                } else {
                    let mut rng = StdRng::seed_from_u64(reply.line.pos.hash());
                    greedy.turn(rules, &reply.line.pos, &mut rng, &mut m).pos
                };
                let value = (!m.spent()).then(|| eval.value_for(rules, &end, me, &mut m));
                (value, m.used() - before)
            })
            .collect();
        meter.charge(values.iter().map(|v| v.1).sum());
        let values: Option<Vec<f64>> = values.into_iter().map(|v| v.0).collect();
        values.map(|vs| judged(vs.into_iter().fold(f64::INFINITY, f64::min), cand.value))
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{planning, skirmish};
    use super::*;
    use crate::budget::Budget;
    use crate::eval::Evaluator;
    use crate::turn::Line;
    use warlord_rules::{Action, Square};

    #[test]
    fn a_candidate_refuted_on_a_second_look_gives_way_to_the_next() {
        // Black's infantry on d4, activated by its leader on d5, takes White's only leader: the
        // game ends, so a second look at such a candidate finds its own value, standing here for
        // what the opponent's strongest reply leaves.
        let (rules, pos) = skirmish("8/8/8/3l4/3i4/3L4/8/8");
        let take = Action::Move { from: Square::new(3, 3), to: Square::new(3, 2) };
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let ended = Line::start(&pos).then(rules.as_ref(), take, &mut meter);
        assert!(ended.pos.outcome().is_some(), "{take:?} should end the game");
        let cand = |value: f64| Candidate { line: ended.clone(), value };
        // After the greedy exchange: 0.9, 0.8, 0.5; after a second look: 0.2, 0.7, 0.99.
        let cands = [cand(0.2), cand(0.7), cand(0.99)];
        let after = [0.9, 0.8, 0.5];
        let eval = Evaluator::default();
        let unlimited = Budget::Nodes(u64::MAX);
        let turn = planning(&eval, rules.as_ref(), &pos, unlimited, 0);
        let judgement = Judged { turn, cands: &cands, after: &after, replies: unlimited };
        let chosen = Champion::default().deepen(&judgement, &mut meter);
        // The first falls to 0.2 and the second keeps 0.7; the third, at 0.5 after the greedy
        // exchange, cannot beat that whatever a second look finds. Without the second look the
        // first would be played.
        assert_eq!(chosen.map(|(i, _)| i), Some(1));
    }
}
