//! Where the champion hunts, a plan for when the opponent waits. There the candidates' values
//! after the replies barely differ (nothing of the hunter's hangs to the opponent's few pieces,
//! and nothing of the opponent's hangs this turn), so the choice between them was left to a
//! tie-break, and the champion shuffled a leader back and forth while the opponent passed
//! (docs/AI.md, "Round 35"). A plan breaks the tie: from each candidate nearly as good as the
//! best, the opponent passes and the champion plays its greedy turns, [`PLAN_TURNS`] of them,
//! and the candidate whose plan ends best (a leader taken, a capture threatened) is played,
//! provided that a second look finds it still nearly as good (docs/AI.md, "Round 36").

use super::greedy_reply::Judged;
use super::replies::OWN_VALUE_WEIGHT;
use super::{Candidate, Champion, Planning};
use crate::agents::Greedy;
use crate::budget::Meter;
use crate::eval::{logit, Evaluator};
use rand::rngs::StdRng;
use rand::SeedableRng;
use rayon::prelude::*;
use warlord_rules::{Action, Position, Ruleset, Side};

/// Candidates worth within this many logits of the best one after the replies may be played
/// for their plan instead: less than an Infantry is worth on the 16x12 boards late in a game
/// (the material feature's weight, 7.8, over some 60 points of material on the board: 0.13).
const PLAN_TOLERANCE: f64 = 0.1;

/// The champion's greedy turns in a plan, after the candidate: two reach a capture that a
/// turn of marching and a turn of bringing a commander within range prepare.
const PLAN_TURNS: usize = 2;

/// The most candidates whose plans are played out, the best after the replies first.
const PLAN_WIDTH: usize = 12;

/// How much more, in logits, a candidate's plan must end worth than the best candidate's for
/// the candidate to be played instead: more than the evaluation's noise between quiet turns.
const PLAN_GAIN: f64 = 0.05;

/// The most candidates preferred for their plan that are looked at again before the best is
/// kept.
const PLAN_TRIES: usize = 2;

/// What a plan that wins the game is worth, less the turns it took: more than any position
/// still in play (whose logit the evaluation keeps within about ±21).
const PLAN_WON: f64 = 1e3;

/// The candidate chosen by the replies, and its value after the second look when one was
/// taken.
#[derive(Clone, Copy, Debug)]
pub(super) struct Choice {
    /// Its index among the candidates.
    pub index: usize,
    /// Its value after the second look ([`Champion::deepen`]), if one was taken.
    pub looked: Option<f64>,
}

/// A candidate's value after the replies in logits, without its tie-break
/// ([`super::replies::judged`]).
fn logit_after(after: f64, cand: &Candidate) -> f64 {
    logit(after - OWN_VALUE_WEIGHT * cand.value)
}

/// Where `me`'s plan from `pos` (a candidate's position, the opponent to move) ends if the
/// opponent waits: the opponent passes and `me` plays its greedy turn, [`PLAN_TURNS`] times,
/// then the opponent passes once more and the position is judged with `me` to move (so that
/// the captures it then threatens count), in logits. A plan that wins is worth [`PLAN_WON`]
/// less the turns it took; one that ends otherwise (a double pass, a loss) is worth that end.
/// `None` when `meter` ran out first.
pub(super) fn waiting_plan(
    greedy: &Greedy,
    eval: &Evaluator,
    rules: &dyn Ruleset,
    me: Side,
    pos: &Position,
    meter: &mut Meter,
) -> Option<f64> {
    let mut pos = pos.clone();
    let mut rng = StdRng::seed_from_u64(pos.hash());
    for turn in 0..=PLAN_TURNS {
        if pos.outcome().is_none() {
            rules.play(&mut pos, Action::EndTurn).ok()?;
        }
        match pos.outcome() {
            Some(outcome) if outcome.winner == Some(me) => return Some(PLAN_WON - turn as f64),
            Some(_) => break,
            None if turn == PLAN_TURNS => break,
            None => pos = greedy.turn_until_spent(rules, &pos, &mut rng, meter).pos,
        }
        if meter.spent() {
            return None;
        }
    }
    let value = eval.value_for(rules, &pos, me, meter);
    (!meter.spent()).then(|| logit(value))
}

impl Champion {
    /// The candidate of `judgement` to play where the champion hunts: `choice`, or a candidate
    /// nearly as good after the replies ([`PLAN_TOLERANCE`]) whose plan ([`waiting_plan`])
    /// ends better by [`PLAN_GAIN`], the best plan first, once a second look (when `choice`
    /// had one) finds it still within the tolerance of `choice`'s.
    pub(super) fn prefer_plan(&self, judgement: &Judged, choice: Choice, meter: &mut Meter) -> usize {
        let Judged { turn: Planning { eval, rules, .. }, cands, after, .. } = *judgement;
        let me = judgement.turn.me();
        let best = choice.index;
        let floor = logit_after(after[best], &cands[best]) - PLAN_TOLERANCE;
        let mut near: Vec<usize> =
            (0..after.len().min(cands.len())).filter(|&i| logit_after(after[i], &cands[i]) >= floor).collect();
        near.sort_by(|a, b| after[*b].total_cmp(&after[*a]));
        near.truncate(PLAN_WIDTH);
        if !near.contains(&best) {
            near.push(best);
        }
        if near.len() < 2 || meter.spent() {
            return best;
        }
        let greedy = Greedy::new(eval.clone());
        let plans: Vec<(Option<f64>, u64)> = near
            .par_iter()
            .map(|&i| {
                let mut m = meter.clone();
                let before = m.used();
                (waiting_plan(&greedy, eval, rules, me, &cands[i].line.pos, &mut m), m.used() - before)
            })
            .collect();
        meter.charge(plans.iter().map(|p| p.1).sum());
        let planned: Vec<(usize, f64)> = near.iter().zip(&plans).filter_map(|(&i, p)| p.0.map(|v| (i, v))).collect();
        let Some(&(_, bar)) = planned.iter().find(|(i, _)| *i == best) else {
            return best;
        };
        let mut better: Vec<(usize, f64)> = planned.into_iter().filter(|(_, v)| *v > bar + PLAN_GAIN).collect();
        better.sort_by(|a, b| b.1.total_cmp(&a.1));
        for (i, _) in better.into_iter().take(PLAN_TRIES) {
            let Some(looked) = choice.looked else {
                return i;
            };
            let Some(value) = self.after_strong_replies(judgement, &cands[i], meter) else {
                break;
            };
            if logit_after(value.min(after[i]), &cands[i]) >= logit_after(looked, &cands[best]) - PLAN_TOLERANCE {
                return i;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{planning, skirmish, step};
    use super::*;
    use crate::budget::Budget;
    use crate::turn::Line;

    /// Black's turn of `moves` from `pos`, ended.
    fn turn(rules: &dyn Ruleset, pos: &Position, moves: &[Action]) -> Candidate {
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let mut line = Line::start(pos);
        for m in moves {
            assert!(line.allows(rules, *m), "{m:?} is not legal");
            line.push(rules, *m, &mut meter);
        }
        if !line.done {
            line.push(rules, Action::EndTurn, &mut meter);
        }
        assert!(line.done);
        let value = Evaluator::default().value_for(rules, &line.pos, pos.to_move(), &mut meter);
        Candidate { line, value }
    }

    #[test]
    fn a_march_whose_plan_ends_better_is_preferred_to_a_shuffle_as_good_after_the_replies() {
        // Black's two leaders on a1 and b1 and an infantry on c1 hunt White's lone leader on h8.
        // Shuffling a leader leaves them six or seven steps away; marching both two steps on
        // brings them nearer, and the next two turns, if White waits, end nearer still (with
        // the champion's weights the march's plan ends about 0.1 logits better).
        let (rules, pos) = skirmish("7L/8/8/8/8/8/8/lli5");
        let rules = rules.as_ref();
        let me = pos.to_move();
        let shuffle = turn(rules, &pos, &[step((1, 0), (1, 1))]);
        let march = turn(rules, &pos, &[step((1, 0), (3, 2)), step((0, 0), (2, 2))]);
        let (eval, greedy) = (Champion::default().eval, Greedy::new(Champion::default().eval));
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let plan = |c: &Candidate, meter: &mut Meter| waiting_plan(&greedy, &eval, rules, me, &c.line.pos, meter);
        let (shuffled, marched) = (plan(&shuffle, &mut meter), plan(&march, &mut meter));
        assert!(marched > shuffled, "march {marched:?}, shuffle {shuffled:?}");
        let cands = [shuffle, march];
        let choose = |after: [f64; 2], meter: &mut Meter| {
            let choice = Choice { index: 0, looked: None };
            let unlimited = Budget::Nodes(u64::MAX);
            let turn = planning(&eval, rules, &pos, unlimited, 0);
            let judgement = Judged { turn, cands: &cands, after: &after, replies: unlimited };
            Champion::default().prefer_plan(&judgement, choice, meter)
        };
        // As good after the replies: the march is played for its plan.
        assert_eq!(choose([0.9, 0.9], &mut meter), 1);
        // Worse after the replies by more than the tolerance: the shuffle stays.
        assert_eq!(choose([0.9, 0.6], &mut meter), 0);
    }

    #[test]
    fn a_plan_that_takes_the_last_leader_wins_and_one_after_a_pass_is_the_draw() {
        // Black's leader on g6 reaches White's last leader on h8 in its next turn; its infantry
        // on g5 steps aside first.
        let (rules, pos) = skirmish("7L/8/6l1/6i1/8/8/8/8");
        let rules = rules.as_ref();
        let me = pos.to_move();
        let (eval, greedy) = (Champion::default().eval, Greedy::new(Champion::default().eval));
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let quiet = turn(rules, &pos, &[step((6, 4), (5, 3))]);
        assert_eq!(waiting_plan(&greedy, &eval, rules, me, &quiet.line.pos, &mut meter), Some(PLAN_WON - 1.0));
        // A pass: White's pass answers it, and the game ends drawn, worth 1/2 to an evaluator
        // without contempt: 0 in logits.
        let pass = turn(rules, &pos, &[]);
        let drawn = waiting_plan(&greedy, &eval, rules, me, &pass.line.pos, &mut meter).expect("a value");
        assert!(drawn.abs() < 1e-9, "{drawn}");
    }
}
