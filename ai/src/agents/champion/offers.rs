//! Turns that offer the opponent an end: after them, the opponent's pass ends the game.

use super::Candidate;
use crate::budget::Meter;
use crate::eval::Evaluator;
use warlord_rules::{Action, Ruleset, Side};

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
        if c.line.pos.outcome().is_some() {
            continue;
        }
        let mut after = c.line.pos.clone();
        if rules.play(&mut after, Action::EndTurn).is_ok() && after.outcome().is_some() {
            c.value = c.value.min(eval.value_for(rules, &after, me, meter));
        }
    }
    cands.sort_by(|a, b| b.value.total_cmp(&a.value));
    cands
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{skirmish, step};
    use super::*;
    use crate::budget::Budget;
    use crate::turn::Line;

    #[test]
    fn a_pass_after_the_opponents_pass_is_worth_the_draw_it_offers() {
        // White passed, Black moved, White moved (one leader a side: one move a turn, which
        // ends the turn): Black, to move, stands well, and if it passes White may pass too,
        // which draws.
        let (rules, mut pos) = skirmish("4L3/8/8/8/8/8/8/l1i1i3");
        for action in [step((0, 0), (0, 1)), step((4, 7), (4, 6))] {
            rules.play(&mut pos, action).unwrap_or_else(|e| panic!("{action:?}: {e}"));
        }
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let pass = Line::start(&pos).then(rules.as_ref(), Action::EndTurn, &mut meter);
        let moved = Line::start(&pos).then(rules.as_ref(), step((2, 0), (2, 1)), &mut meter);
        assert!(moved.done && pass.done && pass.pos.outcome().is_none());
        let eval = Evaluator::default().with_contempt(Side::Black, 0.3);
        let cands = vec![Candidate { line: pass, value: 0.9 }, Candidate { line: moved, value: 0.6 }];
        let capped = cap_offers(&eval, rules.as_ref(), Side::Black, cands, &mut meter);
        assert_eq!(capped[0].line.actions, vec![step((2, 0), (2, 1))]);
        assert_eq!((capped[0].value, capped[1].value), (0.6, 0.3));
    }
}
