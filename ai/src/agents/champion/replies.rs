//! The value of candidates after a reply, examined in batches under a budget.

use super::{flee, offers, Candidate, Champion, Planning};
use crate::budget::{Budget, Meter};
use crate::turn::Line;
use rayon::prelude::*;
use warlord_rules::Position;

/// Replies examined at once.
const REPLY_BATCH: usize = 2;

/// How much a candidate's own value (before the reply) counts beside the value after it:
/// enough to break ties only.
pub(super) const OWN_VALUE_WEIGHT: f64 = 1e-3;

/// A candidate's worth: its value `after` the reply, ties broken by its `own` value before it.
/// A candidate that ends the game has no reply: it is judged with `after` equal to `own`, on
/// the same scale as the others. (Judged by its own value alone, a won game, worth 1, lost to
/// a candidate whose position the evaluation rates a near-certain win, 0.9999, plus its
/// tie-break: far ahead, the champion did not take the last piece or leader.)
pub(super) fn judged(after: f64, own: f64) -> f64 {
    after + OWN_VALUE_WEIGHT * own
}

impl Champion {
    /// The values for the side whose `turn` it is of the first candidates (at most
    /// [`Champion::max_candidates`]) after the reply `reply` plays from each, in order, until
    /// `budget` (counted from the turn's start) runs out, and the nodes this used
    /// ([`judged`]); each less `leader_loss` for every leader of its side that the reply takes
    /// and does not pay for with one of the enemy's ([`flee::leaders_lost_net`]). A candidate
    /// that ends the game is judged where it ends; one after which the opponent's pass would end
    /// it is worth, far ahead, no more than that end ([`offers::after_offer`]).
    ///
    /// Candidates are examined in batches of a fixed size (one per core here), each reply
    /// bounded by its equal part of what is left of the budget at the batch's start, and a reply
    /// cut short is not counted: so under a node budget the examined set, and so the turn,
    /// does not depend on the machine.
    pub(super) fn values_after_replies(
        &self,
        turn: &Planning,
        cands: &[Candidate],
        budget: Budget,
        leader_loss: f64,
        reply: impl Fn(&Position, &mut Meter) -> Line + Sync,
    ) -> (Vec<f64>, u64) {
        let Planning { eval, rules, start, .. } = *turn;
        let me = turn.me();
        let value_after = |c: &Candidate, meter: &mut Meter| -> Option<f64> {
            if c.line.pos.outcome().is_some() {
                return Some(judged(c.value, c.value));
            }
            let answer = reply(&c.line.pos, meter);
            if meter.spent() {
                return None;
            }
            let mut after = eval.value_for(rules, &answer.pos, me, meter);
            if leader_loss > 0.0 {
                after -= leader_loss * flee::leaders_lost_net(rules, &c.line.pos, &answer.pos, me) as f64;
            }
            let after = offers::after_offer(after, || offers::offered_end(eval, rules, &c.line.pos, me, meter));
            Some(judged(after, c.value))
        };
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
                    // Each reply of a batch gets its part of what is left, so that a batch run
                    // at once stays within the budget.
                    let mut meter = if timed {
                        Meter::until(budget, start)
                    } else {
                        Meter::start(Budget::Nodes((limit - used) / REPLY_BATCH as u64))
                    };
                    (value_after(c, &mut meter), meter.used())
                })
                .collect();
            used += values.iter().map(|v| v.1).sum::<u64>();
            let complete = values.iter().take_while(|v| v.0.is_some()).count();
            out.extend(values.into_iter().take(complete).filter_map(|v| v.0));
            if complete < chunk.len() {
                break;
            }
        }
        (out, used)
    }
}

#[cfg(test)]
mod tests {
    use super::super::flee::LEADER_LOSS;
    use super::super::test_support::{planning, skirmish, step, LEADER_IN_REACH};
    use super::super::Candidate;
    use super::judged;
    use crate::agent::Agent;
    use crate::agents::Champion;
    use crate::budget::{Budget, Meter};
    use crate::eval::{Evaluator, Weights};
    use crate::turn::Line;
    use warlord_rules::{Action, Position, Side, Square};

    #[test]
    fn a_leader_the_reply_takes_and_is_not_paid_for_costs_the_leader_loss() {
        // Black's two candidates each end its turn: one with its other leader moved (b7-a8),
        // after which White's reply takes the leader on d5; one with the leader on d5 moved away
        // (d5-c6), after which the reply has nothing to take and passes.
        let (rules, pos) = skirmish(LEADER_IN_REACH);
        let rules = rules.as_ref();
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let cands: Vec<Candidate> = [step((1, 6), (0, 7)), step((3, 4), (2, 5))]
            .into_iter()
            .map(|moved| {
                let line = Line::start(&pos).then(rules, moved, &mut meter).then(rules, Action::EndTurn, &mut meter);
                Candidate { line, value: 0.5 }
            })
            .collect();
        let takes = |pos: &Position, meter: &mut Meter| {
            let line = Line::start(pos);
            let taking = step((4, 3), (3, 4));
            let line = if line.allows(rules, taking) { line.then(rules, taking, meter) } else { line };
            line.then(rules, Action::EndTurn, meter)
        };
        let (eval, budget) = (Evaluator::default(), Budget::Nodes(u64::MAX));
        let turn = planning(&eval, rules, &pos, budget, 0);
        let values = |loss: f64| Champion::default().values_after_replies(&turn, &cands, budget, loss, takes).0;
        let (penalised, plain) = (values(LEADER_LOSS), values(0.0));
        assert!((plain[0] - penalised[0] - LEADER_LOSS).abs() < 1e-9, "{plain:?} {penalised:?}");
        assert_eq!(plain[1], penalised[1], "nothing taken, nothing lost");
    }

    #[test]
    fn a_position_in_play_is_worth_less_than_a_won_game_however_far_ahead() {
        // Weights a thousand times the tuned ones put the logit of a lopsided position in the
        // hundreds, where the sigmoid rounds to 1 in floating point.
        let (rules, pos) = skirmish("L7/ii6/l7/8/8/llll4/iiii4/iiii4");
        let eval = Evaluator::new(Weights(Weights::tuned().0.map(|w| w * 1e3)));
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        for side in [Side::Black, Side::White] {
            let v = eval.value_for(rules.as_ref(), &pos, side, &mut meter);
            assert!(v > 0.0 && v < 1.0, "{side}: {v}");
            assert!(judged(v, v) < judged(1.0, 1.0));
        }
    }

    #[test]
    fn a_won_game_beats_every_position_that_only_looks_won() {
        // Black, far ahead (four leaders and eight infantry against one leader), can take
        // White's last leader on a8 with the infantry on a7 or b7 (its leader on a6 commands
        // them). Every other turn leaves a position the evaluation rates a near-certain win;
        // the capture must still beat them.
        let (rules, pos) = skirmish("L7/ii6/l7/8/8/llll4/iiii4/iiii4");
        let takes = |a: &Action| matches!(a, Action::Move { to, .. } if *to == Square::new(0, 7));
        for seed in 0..3 {
            let turn = Champion::default().choose_turn(rules.as_ref(), &pos, Budget::Nodes(20_000), seed);
            assert!(turn.iter().any(takes), "seed {seed}: {turn:?} leaves White's last leader");
        }
    }
}
