//! The choice between candidates by the opponent's greedy turn and one's own greedy follow-up.

use super::plan::Choice;
use super::{Candidate, Champion, Looks, Planning};
use crate::agents::Greedy;
use crate::budget::{Budget, Meter};
use crate::turn::Line;
use rand::rngs::StdRng;
use rand::SeedableRng;
use warlord_rules::{Action, Position, Ruleset};

impl Champion {
    /// The choice: the candidate whose position after [`greedy_exchange`] is best for the side
    /// whose `turn` it is, among those examined in order within `budget` (counted from the
    /// turn's start; the first candidate when none was); with a second look (`looks`) and
    /// budget left once they are examined, the best of them are looked at again against the
    /// opponent's strongest replies ([`Champion::deepen`]); with a plan, a candidate nearly as
    /// good whose plan for when the opponent waits ends better is played instead
    /// ([`Champion::prefer_plan`]).
    pub(super) fn choose_by_greedy_replies(
        &self,
        turn: &Planning,
        cands: Vec<Candidate>,
        looks: Looks,
        budget: Budget,
    ) -> Vec<Action> {
        let greedy = Greedy::new(turn.eval.clone());
        let (after, used) = self.values_after_replies(turn, &cands, budget, 0.0, |pos, meter| {
            greedy_exchange(&greedy, turn.rules, pos, meter)
        });
        let mut meter = Meter::until(budget, turn.start);
        meter.charge(used);
        let judgement = Judged { turn: *turn, cands: &cands, after: &after, replies: budget };
        let looked = if looks.second { self.deepen(&judgement, &mut meter) } else { None };
        let mut best = looked
            .map(|(i, _)| i)
            .unwrap_or_else(|| after.iter().enumerate().max_by(|a, b| a.1.total_cmp(b.1)).map_or(0, |(i, _)| i));
        if looks.plan && best < after.len() {
            let choice = Choice { index: best, looked: looked.map(|(_, v)| v) };
            best = self.prefer_plan(&judgement, choice, &mut meter);
        }
        cands.into_iter().nth(best).map(|c| c.line.actions).unwrap_or_default()
    }
}

/// A turn's candidates as the greedy replies judged them, with what the looks that follow (the
/// second look, the plan) need to play them on.
pub(super) struct Judged<'a> {
    /// The turn being planned.
    pub turn: Planning<'a>,
    /// The candidates, in the order their replies were examined.
    pub cands: &'a [Candidate],
    /// The worth for the side whose turn it is of the first candidates (those examined) after
    /// the greedy exchange, their own values breaking ties ([`super::replies::judged`]).
    pub after: &'a [f64],
    /// The greedy replies' budget: it bounds the greedy completion of the opponent's partial
    /// turns in the looks that follow.
    pub replies: Budget,
}

/// The opponent's greedy turn from `pos`, then one's own greedy follow-up (unless the reply
/// ended the game), seeded by the position. The follow-up cashes the threats the evaluation
/// would only count, and the position is judged where the opponent's threats count against
/// it: judged right after the reply, a position full of one's own threats looks won. Both turns
/// stop once `meter` is spent (the exchange is then unfinished, and thrown away by the caller).
fn greedy_exchange(greedy: &Greedy, rules: &dyn Ruleset, pos: &Position, meter: &mut Meter) -> Line {
    let mut rng = StdRng::seed_from_u64(pos.hash());
    let answer = greedy.turn_until_spent(rules, pos, &mut rng, meter);
    if answer.pos.outcome().is_some() || meter.spent() {
        answer
    } else {
        greedy.turn_until_spent(rules, &answer.pos, &mut rng, meter)
    }
}
