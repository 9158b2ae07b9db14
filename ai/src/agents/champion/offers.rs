//! Turns that offer the opponent an end: after them, the opponent's pass ends the game.
//!
//! Two caps, one for each way a candidate is valued. Before the replies, a turn's own value
//! (the position it leaves, as if the opponent had to move) is worth no more than the end it
//! offers, always ([`cap_offers`]): that value only orders the candidates. After a reply, which
//! plays on, the cap holds only where the champion stands far enough ahead that any opponent
//! takes the end ([`after_offer`]); capped everywhere, it cost games (docs/AI.md, Rounds 18
//! and 20).

use super::Candidate;
use crate::budget::{Budget, Meter};
use crate::eval::{Evaluator, PLAYING_FOR_A_WIN};
use warlord_rules::{Action, Position, Ruleset, Side};

/// `cands`, each turn after which the opponent's pass would end the game (a pass after its
/// pass: the double pass that draws) worth no more than that end is worth to `me`, best first
/// again. A turn is ranked by the position it leaves, as if the opponent had to move: at small
/// budgets the champion passed from positions it judged won, and the opponent took the draw.
pub(super) fn cap_offers(
    eval: &Evaluator,
    rules: &dyn Ruleset,
    me: Side,
    mut cands: Vec<Candidate>,
    meter: &mut Meter,
) -> Vec<Candidate> {
    for c in &mut cands {
        if let Some(end) = offered_end(eval, rules, &c.line.pos, me, meter) {
            c.value = c.value.min(end);
        }
    }
    cands.sort_by(|a, b| b.value.total_cmp(&a.value));
    cands
}

/// What the end a turn offers is worth to `me`, `pos` being the position after the turn: the
/// value of the finished game where the opponent's pass from there would end it (the double
/// pass that draws), else `None`.
pub(super) fn offered_end(
    eval: &Evaluator,
    rules: &dyn Ruleset,
    pos: &Position,
    me: Side,
    meter: &mut Meter,
) -> Option<f64> {
    if pos.outcome().is_some() {
        return None;
    }
    let mut after = pos.clone();
    (rules.play(&mut after, Action::EndTurn).is_ok() && after.outcome().is_some())
        .then(|| eval.value_for(rules, &after, me, meter))
}

/// A turn's value `after` the opponent's reply, where the turn offers an end worth `end()`
/// ([`offered_end`], looked up only where it matters): the reply plays on, but an opponent to
/// which playing on is worth less than the least an opponent values a draw at
/// ([`PLAYING_FOR_A_WIN`]: OEP's contempt; greedy values it at 1/2) takes the end instead. So
/// from `1 - PLAYING_FOR_A_WIN` up the turn is worth no more than that end: far ahead, the
/// champion does not offer the draw (The Valley War against OEP: a pass judged 0.996 after the
/// exchange, its turns that moved 0.994; OEP passed back). Below it the reply's value stands:
/// capped there too, as if every opponent took the draw, Two Countries' draws turned into
/// losses (docs/AI.md, "Round 18").
pub(super) fn after_offer(after: f64, end: impl FnOnce() -> Option<f64>) -> f64 {
    if after <= 1.0 - PLAYING_FOR_A_WIN {
        return after;
    }
    end().map_or(after, |end| after.min(end))
}

/// A long turn's candidates in the order the capture exchanges examine them: the `evolved`
/// turns, each worth no more than the end it offers ([`cap_offers`]) and best first, then the
/// beam's (`beam`, capped already). Evolution judges a pass by the position it leaves: where
/// every move gave something away it evolved a pass as its best turn, which came first, and
/// under time pressure (one thread, WarGame's costly captures by fire) it was the only turn the
/// exchanges valued, so the champion offered a draw from a won position and greedy took it
/// (docs/AI.md, "Round 19").
pub(super) fn evolved_first(
    eval: &Evaluator,
    rules: &dyn Ruleset,
    me: Side,
    evolved: Vec<Candidate>,
    mut beam: Vec<Candidate>,
) -> Vec<Candidate> {
    // Only a finished game is evaluated here, which counts no node.
    let mut meter = Meter::start(Budget::Nodes(u64::MAX));
    let mut examined = cap_offers(eval, rules, me, evolved, &mut meter);
    examined.append(&mut beam);
    examined
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{planning, skirmish, step};
    use super::super::DRAW_VALUE;
    use super::*;
    use crate::agents::Champion;
    use crate::turn::Line;
    use crate::Agent;
    use std::sync::Arc;

    /// White passed, Black moved, White moved (one leader a side: one move a turn, which ends
    /// the turn): Black, to move, stands well, and if it passes White may pass too, which
    /// draws. Returns the rules, the position and Black's turns from there of one action each,
    /// `actions`.
    fn offered(actions: &[Action]) -> (Arc<dyn Ruleset>, Position, Vec<Line>) {
        let (rules, mut pos) = skirmish("4L3/8/8/8/8/8/8/l1i1i3");
        for action in [step((0, 0), (0, 1)), step((4, 7), (4, 6))] {
            rules.play(&mut pos, action).unwrap_or_else(|e| panic!("{action:?}: {e}"));
        }
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let lines: Vec<Line> = actions.iter().map(|&a| Line::start(&pos).then(rules.as_ref(), a, &mut meter)).collect();
        assert!(lines.iter().all(|l| l.done && l.pos.outcome().is_none()));
        (rules, pos, lines)
    }

    /// The candidates `lines` with their `values`, in order.
    fn candidates(lines: Vec<Line>, values: &[f64]) -> Vec<Candidate> {
        lines.into_iter().zip(values).map(|(line, &value)| Candidate { line, value }).collect()
    }

    #[test]
    fn a_pass_after_the_opponents_pass_is_worth_the_draw_it_offers() {
        let (rules, _, lines) = offered(&[Action::EndTurn, step((2, 0), (2, 1))]);
        let eval = Evaluator::default().with_contempt(Side::Black, 0.3);
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let capped = cap_offers(&eval, rules.as_ref(), Side::Black, candidates(lines, &[0.9, 0.6]), &mut meter);
        assert_eq!(capped[0].line.actions, vec![step((2, 0), (2, 1))]);
        assert_eq!((capped[0].value, capped[1].value), (0.6, 0.3));
    }

    #[test]
    fn far_ahead_a_pass_is_worth_the_draw_it_offers_though_the_reply_plays_on() {
        // Black's pass and a move, each answered by White's leader stepping on: after either,
        // Black (three pieces to one) stands far ahead, and White, far behind, would take the
        // draw the pass offers.
        let (rules, pos, lines) = offered(&[Action::EndTurn, step((2, 0), (2, 1))]);
        let rules = rules.as_ref();
        let champion = Champion::default();
        let eval = Evaluator::default().with_contempt(Side::Black, champion.draw_value);
        let steps_on = |pos: &Position, meter: &mut Meter| {
            let on = rules.legal_action_list(pos).into_iter().find(|&a| a != Action::EndTurn).expect("a step");
            Line::start(pos).then(rules, on, meter)
        };
        let cands = candidates(lines, &[0.9, 0.9]);
        let budget = Budget::Nodes(1 << 20);
        let turn = planning(&eval, rules, &pos, budget, 0);
        let (values, _) = champion.values_after_replies(&turn, &cands, budget, 0.0, steps_on);
        assert!(values[1] > 1.0 - PLAYING_FOR_A_WIN, "the move: {}", values[1]);
        assert!(values[0] < champion.draw_value + 0.01, "the pass: {}", values[0]);
        assert_eq!(after_offer(0.6, || Some(0.3)), 0.6, "near level, the reply's value stands");
    }

    #[test]
    fn somewhat_behind_after_the_opponents_pass_the_champion_plays_on() {
        // White passed (every skirmish starts so), so Black's pass would draw. Black has one
        // infantry to White's three, none in reach: behind, but not nearly lost. Valuing the
        // draw at OEP's 0.3 it took the draw; at its own draw value it plays on.
        let (rules, pos) = skirmish("li6/8/8/8/8/8/8/3III1L");
        let rules = rules.as_ref();
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let standing = Evaluator::default().value_for(rules, &pos, Side::Black, &mut meter);
        assert!(standing > DRAW_VALUE && standing < PLAYING_FOR_A_WIN, "Black stands at {standing}");
        let turn = |champion: Champion| champion.choose_turn(rules, &pos, Budget::Nodes(20_000), 1);
        assert_ne!(turn(Champion::default()), vec![Action::EndTurn]);
        assert_eq!(turn(Champion { draw_value: PLAYING_FOR_A_WIN, ..Champion::default() }), vec![Action::EndTurn]);
    }

    #[test]
    fn an_evolved_pass_is_examined_after_the_evolved_turns_that_move() {
        let (rules, _, mut lines) = offered(&[Action::EndTurn, step((2, 0), (2, 1)), step((0, 1), (0, 2))]);
        let beam = candidates(lines.split_off(2), &[0.7]);
        let eval = Evaluator::default().with_contempt(Side::Black, 0.3);
        let order = evolved_first(&eval, rules.as_ref(), Side::Black, candidates(lines, &[0.9, 0.6]), beam);
        let firsts: Vec<Action> = order.iter().map(|c| c.line.actions[0]).collect();
        assert_eq!(firsts, vec![step((2, 0), (2, 1)), Action::EndTurn, step((0, 1), (0, 2))]);
    }
}
