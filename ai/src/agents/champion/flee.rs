//! The opponent's capture reply defends as a whole turn does: it judges each capture where its
//! turn would stand if it ended right after it, so that the champion's recaptures count, and
//! before it ends its turn, its leaders that the champion could then take flee. A reply that
//! judged each capture in the middle of its turn and never moved a leader out of reach let
//! the champion rank first turns whose exchange won a leader that OEP, which judges whole
//! turns where they end, did not give (docs/AI.md, "Round 31" and "Round 50").

use crate::budget::Meter;
use crate::eval::Evaluator;
use crate::turn::Line;
use warlord_rules::{Action, Position, Ruleset, Side, Square};

/// What a candidate's value after its capture exchange loses for each of the champion's leaders
/// that the exchange takes and does not pay for with one of the enemy's ("Round 31" tried 0.05
/// and 0.15; 0.15 was measured in whole games, "Round 50").
pub(super) const LEADER_LOSS: f64 = 0.15;

/// The value for `side` of `line` were its turn ended now (where it has ended, as it stands).
pub(super) fn value_if_ended(eval: &Evaluator, rules: &dyn Ruleset, line: &Line, side: Side, meter: &mut Meter) -> f64 {
    if line.done || !line.allows(rules, Action::EndTurn) {
        return eval.value_for(rules, &line.pos, side, meter);
    }
    let ended = line.then(rules, Action::EndTurn, meter);
    eval.value_for(rules, &ended.pos, side, meter)
}

/// `line` with the leaders of the side to move that the other side could take once the turn
/// ends moved away first: one move at a time, each the move of such a leader after which the
/// ended turn stands best, while that beats ending the turn where it stands. Stops where the
/// turn cannot be ended or `meter` is spent.
pub(super) fn flee(eval: &Evaluator, rules: &dyn Ruleset, mut line: Line, meter: &mut Meter) -> Line {
    let side = line.pos.to_move();
    while !meter.spent() && line.allows(rules, Action::EndTurn) {
        let ended = line.then(rules, Action::EndTurn, meter);
        if ended.pos.outcome().is_some() {
            break;
        }
        let endangered = leaders_in_reach(rules, &ended.pos, side);
        if endangered.is_empty() {
            break;
        }
        let standing = eval.value_for(rules, &ended.pos, side, meter);
        let mut best: Option<(f64, Line)> = None;
        for action in line.legal(rules) {
            if meter.spent() {
                break;
            }
            if !action.origin().is_some_and(|from| endangered.contains(&from)) {
                continue;
            }
            let moved = line.then(rules, action, meter);
            let value = value_if_ended(eval, rules, &moved, side, meter);
            if value > standing && best.as_ref().is_none_or(|(v, _)| value > *v) {
                best = Some((value, moved));
            }
        }
        let Some((_, moved)) = best else { break };
        line = moved;
    }
    line
}

/// The squares of `side`'s leaders that the side to move in `pos` can capture now.
fn leaders_in_reach(rules: &dyn Ruleset, pos: &Position, side: Side) -> Vec<Square> {
    let (_, captures) = rules.count_and_captures(pos);
    captures
        .into_iter()
        .map(|(_, target)| target)
        .filter(|&target| {
            pos.piece_at(target).is_some_and(|p| p.side == side && rules.pieces().get(p.kind).is_leader())
        })
        .collect()
}

/// How many more of `side`'s leaders than of its enemy's fell between `before` and `after`
/// (none where it took as many as it lost).
pub(super) fn leaders_lost_net(rules: &dyn Ruleset, before: &Position, after: &Position, side: Side) -> usize {
    let leaders =
        |pos: &Position, side: Side| pos.pieces(side).filter(|(_, p)| rules.pieces().get(p.kind).is_leader()).count();
    let lost = |side: Side| leaders(before, side).saturating_sub(leaders(after, side));
    lost(side).saturating_sub(lost(side.opponent()))
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{skirmish, step, LEADER_IN_REACH};
    use super::*;
    use crate::budget::Budget;

    #[test]
    fn a_leader_in_reach_flees_before_the_turn_ends() {
        // Black to move: its leader on d5 stands next to White's infantry on e4, which White's
        // leader on g2 commands; Black's other leader, on b7, stands out of reach, and so do
        // White's leaders (a leader walks two squares). Black has moved that other leader to a8
        // (White passed first, so a pass now would end the game).
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let eval = Evaluator::default();
        let moved = |position: &str| {
            let (rules, pos) = skirmish(position);
            let line =
                Line::start(&pos).then(rules.as_ref(), step((1, 6), (0, 7)), &mut Meter::start(Budget::Nodes(9)));
            (rules, line)
        };
        let (rules, line) = moved(LEADER_IN_REACH);
        let fled = flee(&eval, rules.as_ref(), line, &mut meter);
        assert_eq!(fled.actions.len(), 2, "{:?}", fled.actions);
        assert_eq!(fled.actions[1].origin(), Some(Square::new(3, 4)));
        let ended = fled.then(rules.as_ref(), Action::EndTurn, &mut meter);
        assert!(leaders_in_reach(rules.as_ref(), &ended.pos, Side::Black).is_empty());
        // Nothing in reach: nothing more moves.
        let (rules, safe) = moved("8/1l6/8/3l4/8/8/6L1/4I2L");
        let stays = flee(&eval, rules.as_ref(), safe, &mut meter);
        assert_eq!(stays.actions.len(), 1, "{:?}", stays.actions);
    }

    #[test]
    fn leaders_lost_and_not_taken_back_are_counted() {
        let (rules, before) = skirmish(LEADER_IN_REACH);
        let (_, one_lost) = skirmish("8/1l6/8/3I4/8/8/6L1/7L");
        let (_, traded) = skirmish("8/1l6/8/3I4/8/8/8/7L");
        let rules = rules.as_ref();
        assert_eq!(leaders_lost_net(rules, &before, &one_lost, Side::Black), 1);
        assert_eq!(leaders_lost_net(rules, &before, &one_lost, Side::White), 0);
        assert_eq!(leaders_lost_net(rules, &before, &traded, Side::Black), 0);
    }
}
