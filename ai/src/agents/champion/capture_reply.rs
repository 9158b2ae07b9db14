//! The exchange of captures that ranks long turns' candidates: the opponent's reply by captures
//! alone, then one's own.

use super::flee::{flee, value_if_ended, LEADER_LOSS};
use super::opened::{opened_strikes, strikes};
use super::spread::to_front;
use super::{Candidate, Champion, Planning};
use crate::advance::march_while_meter_lasts;
use crate::budget::{Budget, Meter};
use crate::eval::Evaluator;
use crate::turn::Line;
use rand::rngs::StdRng;
use rand::SeedableRng;
use warlord_rules::{Action, Position, Ruleset};

impl Champion {
    /// Long turns: the candidates ranked by their value for the side whose `turn` it is after
    /// the [`capture_exchange`] each starts, best first; those not examined within `budget`
    /// follow in their own order.
    /// The greedy replies are then examined in this order. Also returns the values of those
    /// examined, in the same order, and the nodes used.
    pub(super) fn rank_by_captures(
        &self,
        turn: &Planning,
        cands: Vec<Candidate>,
        budget: Budget,
    ) -> (Vec<Candidate>, Vec<f64>, u64) {
        let (eval, rules) = (turn.eval, turn.rules);
        let (values, used) = self.values_after_replies(turn, &cands, budget, LEADER_LOSS, |pos, meter| {
            capture_exchange(eval, rules, pos, meter)
        });
        let mut order: Vec<usize> = (0..values.len()).collect();
        order.sort_by(|a, b| values[*b].total_cmp(&values[*a]));
        let ranked = order.iter().map(|&i| values[i]).collect();
        (to_front(cands, &order), ranked, used)
    }
}

/// The exchange of captures a candidate starts: the opponent's [`capture_reply`], then, unless it
/// ended the game, one's own from the position it leaves (what it takes back, the towns it can
/// step onto, and where the rules publish towns to hold, its march on them: [`takes`]), so that
/// a candidate is judged where the exchange ends. Judged right after the opponent's captures, a
/// turn that advances into contact was charged with what it offers and credited with nothing it
/// takes back, and the champion kept its army at home while the other side marched on its towns
/// (docs/AI.md, "Round 14"); judged without its own march, a turn was credited with the
/// opponent's march on the towns and not its own ("Round 15": affordable on the 120x120 boards
/// since marches remember their distances). A follow-up that has nothing to take and nowhere to
/// march plays nothing (no pass): the exchange ends where the reply does. Returns the follow-up
/// (its position is where the exchange ends), or the reply where the game ended or the turn
/// could not be ended; once `meter` is spent it stops where it stands, and the caller throws it
/// away.
pub(super) fn capture_exchange(eval: &Evaluator, rules: &dyn Ruleset, pos: &Position, meter: &mut Meter) -> Line {
    let mut reply = capture_reply(eval, rules, pos, meter);
    if reply.pos.outcome().is_some() || meter.spent() {
        return reply;
    }
    if !reply.done {
        // Its captures done and nothing to march on: the reply's turn ends there.
        if !reply.allows(rules, Action::EndTurn) {
            return reply;
        }
        reply.push(rules, Action::EndTurn, meter);
        if reply.pos.outcome().is_some() {
            return reply;
        }
    }
    takes(eval, rules, &reply.pos, meter, false)
}

/// The opponent's reply by captures alone: action after action, the capture (or the end of
/// its turn) after which it stands best, judged where its turn would stand if it ended there
/// ([`value_if_ended`]: the champion's recaptures count), until it ends its turn or has no
/// capture left; before it ends its turn, its leaders that the champion could then take flee
/// ([`flee`]). With no capture at all it passes, which ends the game if the candidate was a
/// pass too. Where the rules publish an objective (towns to hold), an action onto one of its
/// squares (as the rules' [`Action::destination`] names it) counts as a capture: taking a town
/// is the other way such a reply wins. Its options at each step are also the captures that one
/// move of a commander opens, played as a pair ([`opened_strikes`]): a leader brought within
/// range of pieces it then sends in. Once it has nothing left to take, the reply goes on with its
/// turn by marching on the squares it does not hold ([`march_while_meter_lasts`]: nothing
/// evaluated), as a side racing for towns does, instead of standing still. Each step evaluates
/// only those actions, a few positions where a greedy step evaluates every legal action. Once
/// `meter` is spent it stops where it stands, between two evaluations or two marching steps:
/// the reply is then unfinished, and the caller throws it away.
pub(super) fn capture_reply(eval: &Evaluator, rules: &dyn Ruleset, pos: &Position, meter: &mut Meter) -> Line {
    takes(eval, rules, pos, meter, true)
}

/// The captures of the side to move in `pos`, as [`capture_reply`] plays them (an action onto a
/// square of the rules' objective counts as one; as the opponent's `reply`, with the strikes a
/// commander's move opens), then, where the rules publish an objective, its march on the
/// squares it does not hold. As the opponent's `reply`, it passes where it has nothing to take
/// and no objective to march on; as one's own follow-up it plays nothing there, and takes only
/// what is in reach without a commander's move (measured: "Round 16" of docs/AI.md).
fn takes(eval: &Evaluator, rules: &dyn Ruleset, pos: &Position, meter: &mut Meter, reply: bool) -> Line {
    let them = pos.to_move();
    let objective = rules.objective().map_or(&[][..], |o| &o.squares[..]);
    let marching = !objective.is_empty();
    let mut line = Line::start(pos);
    // The budget is checked between captures too: where armies meet, a step has hundreds (and
    // on a 2,380-action position an evaluation takes a quarter of a millisecond).
    while !line.done && !meter.spent() {
        let legal = line.legal(rules);
        let struck = strikes(rules, &line.pos, &legal, objective);
        let mut options: Vec<Vec<Action>> = struck.iter().map(|&a| vec![a]).collect();
        if reply {
            let opened = opened_strikes(rules, &line, &legal, &struck, objective, meter);
            options.extend(opened.into_iter().map(Vec::from));
        }
        if options.is_empty() && (!line.actions.is_empty() || marching || !reply) {
            break;
        }
        if legal.contains(&Action::EndTurn) {
            options.push(vec![Action::EndTurn]);
        }
        let mut best: Option<(f64, Line)> = None;
        for option in options {
            if meter.spent() {
                return line;
            }
            let mut child = line.clone();
            for action in option {
                child.push(rules, action, meter);
            }
            let value = if reply {
                value_if_ended(eval, rules, &child, them, meter)
            } else {
                eval.value_for(rules, &child.pos, them, meter)
            };
            // The last of equal values wins, as `max_by` chooses.
            if best.as_ref().is_none_or(|(v, _)| value >= *v) {
                best = Some((value, child));
            }
        }
        let Some((_, child)) = best else { break };
        if reply && child.actions.last() == Some(&Action::EndTurn) {
            // The reply ends its turn, its leaders in reach gone first.
            line = flee(eval, rules, line, meter);
            if line.allows(rules, Action::EndTurn) {
                line.push(rules, Action::EndTurn, meter);
            }
            break;
        }
        line = child;
    }
    if reply && !marching && !line.done {
        // Nothing left to take: the exchange ends the turn, its leaders in reach gone first.
        line = flee(eval, rules, line, meter);
    }
    if marching && !line.done {
        march_while_meter_lasts(rules, &mut line, &mut StdRng::seed_from_u64(MARCH_SEED), meter);
    }
    line
}

/// The seed of the ties between equally good marching moves in [`takes`].
const MARCH_SEED: u64 = 0x006d_6172_6368;

#[cfg(test)]
mod tests {
    use super::super::test_support::{skirmish, skirmish_with, step, OUT_OF_COMMAND};
    use super::*;
    use std::sync::Arc;
    use warlord_rules::{Side, Square};

    /// The opponent's capture reply from `pos` alone, and the whole exchange it begins, both
    /// under an unlimited budget.
    fn reply_and_exchange(rules: &dyn Ruleset, pos: &Position) -> (Line, Line) {
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let reply = capture_reply(&Evaluator::default(), rules, pos, &mut meter);
        (reply, capture_exchange(&Evaluator::default(), rules, pos, &mut meter))
    }

    #[test]
    fn the_capture_reply_takes_what_hangs() {
        // White's infantry on e3 stands within reach of Black's infantry and leader; White's
        // leader on h8 does not.
        let (rules, pos) = skirmish("7L/8/8/3l4/3i4/4I3/8/8");
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let reply = capture_reply(&Evaluator::default(), rules.as_ref(), &pos, &mut meter);
        assert!(matches!(reply.actions[0], Action::Move { to, .. } if to == Square::new(4, 2)), "{:?}", reply.actions);
        assert!(reply.actions[1..].iter().all(|&a| a == Action::EndTurn), "{:?}", reply.actions);
        assert_eq!(reply.pos.piece_count(Side::White), 1);
    }

    #[test]
    fn after_a_pass_the_capture_reply_takes_what_hangs_rather_than_the_draw() {
        // White passed (every skirmish starts so), so Black's pass would draw. White plays for
        // a win (a draw worth 0.1 to it); Black, the opponent, is not taken to value the draw at
        // the rest (0.9) and pass rather than take the infantry on e3.
        let (rules, pos) = skirmish("7L/8/8/3l4/3i4/4I3/8/8");
        let eval = Evaluator::default().with_contempt(Side::White, 0.1);
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let reply = capture_reply(&eval, rules.as_ref(), &pos, &mut meter);
        assert_eq!(reply.pos.outcome(), None, "{:?}", reply.actions);
        assert_eq!(reply.pos.piece_count(Side::White), 1, "{:?}", reply.actions);
    }

    #[test]
    fn the_capture_reply_judges_a_capture_where_its_turn_would_end() {
        // Black (to move, its leader on b7 moved to a8 already) can take White's infantry on e4
        // with its leader from d6. In the middle of its turn (its leader on a1 may still move)
        // that is an infantry won; once the turn ends White moves first, and its leader on g2
        // takes the leader on e4. Judged where its turn would end, the reply does not take.
        let (rules, mut pos) = skirmish("8/1l6/3l4/8/4I3/8/6L1/l6L");
        rules.play(&mut pos, step((1, 6), (0, 7))).expect("the other leader moves");
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let reply = capture_reply(&Evaluator::default(), rules.as_ref(), &pos, &mut meter);
        assert!(!reply.actions.contains(&step((3, 5), (4, 3))), "{:?}", reply.actions);
        assert_eq!(reply.pos.piece_count(Side::White), 3, "{:?}", reply.actions);
    }

    #[test]
    fn the_capture_reply_brings_a_leader_up_to_take_what_it_could_not_reach() {
        let (rules, pos) = skirmish(OUT_OF_COMMAND);
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let reply = capture_reply(&Evaluator::default(), rules.as_ref(), &pos, &mut meter);
        assert_eq!(reply.pos.piece_count(Side::White), 1, "{:?}", reply.actions);
        assert_eq!(reply.actions[1], Action::Move { from: Square::new(3, 3), to: Square::new(4, 2) });
    }

    #[test]
    fn with_nothing_to_capture_the_capture_reply_passes() {
        let (rules, pos) = skirmish("7L/8/8/3l4/3i4/8/8/4I3");
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let reply = capture_reply(&Evaluator::default(), rules.as_ref(), &pos, &mut meter);
        assert_eq!(reply.actions, vec![Action::EndTurn]);
        assert_eq!(reply.pos.piece_count(Side::White), 2);
    }

    #[test]
    fn the_capture_exchange_counts_what_one_takes_in_return() {
        // Black (to move) takes White's infantry on e3 with its infantry on d4; its infantry on
        // h4 stands beyond its leader's range, next to White's on h3, which White's leader on
        // h1 sends to take it.
        let (rules, pos) = skirmish("8/8/8/3l4/3i3i/4I2I/8/7L");
        let (reply, exchange) = reply_and_exchange(rules.as_ref(), &pos);
        let count = |p: &Position| (p.piece_count(Side::White), p.piece_count(Side::Black));
        assert_eq!(count(&reply.pos), (2, 3), "{:?}", reply.actions);
        assert_eq!(count(&exchange.pos), (2, 2), "{:?}", exchange.actions);
        assert!(exchange.pos.piece_at(Square::new(7, 3)).is_some_and(|p| p.side == Side::White));
    }

    #[test]
    fn with_nothing_to_take_in_return_the_exchange_ends_where_the_reply_does() {
        // Black's leader takes on e3 (its one move: a side moves no more pieces than it has
        // leaders), and nothing of White's reaches a Black piece: White's follow-up plays nothing
        // (no pass), and the exchange ends where the reply does, with White to move.
        let (rules, pos) = skirmish("7L/8/8/3l4/3i4/4I3/8/8");
        let (reply, exchange) = reply_and_exchange(rules.as_ref(), &pos);
        assert!(exchange.actions.is_empty(), "{:?}", exchange.actions);
        assert_eq!(
            (exchange.pos.hash(), exchange.pos.to_move(), exchange.pos.outcome()),
            (reply.pos.hash(), Side::White, None)
        );
        assert_eq!((exchange.pos.piece_count(Side::White), exchange.pos.piece_count(Side::Black)), (1, 2));
    }

    /// The towns of [`two_towns`]: d3 and h3.
    const TOWNS: [Square; 2] = [Square::new(3, 2), Square::new(7, 2)];

    /// `position` on the skirmish board with two towns to hold, [`TOWNS`], both needed to win.
    fn two_towns(position: &str) -> (Arc<dyn Ruleset>, Position) {
        let map =
            r#"map = ["........", "........", "........", "........", "........", "...T...T", "........", "........"]"#;
        skirmish_with(position, map, "towns-to-win = 2")
    }

    /// Black's capture reply in `position` on the board of [`two_towns`]; and the position it
    /// replies in.
    fn reply_with_two_towns(position: &str) -> (Position, Line) {
        let (rules, pos) = two_towns(position);
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let reply = capture_reply(&Evaluator::default(), rules.as_ref(), &pos, &mut meter);
        (pos, reply)
    }

    #[test]
    fn with_towns_to_hold_and_nothing_in_reach_the_capture_reply_marches_on_them() {
        // Black (to move) has nothing to capture and no town in reach: its leader on d7 and
        // infantry on d6 stand three squares and more from the towns on d3 and h3.
        let (pos, reply) = reply_with_two_towns("7L/3l4/3i4/8/8/8/8/4I3");
        let town = TOWNS[0];
        let nearest = |p: &Position| {
            p.pieces(Side::Black).map(|(sq, _)| p.board().distance(sq, town)).min().expect("Black has pieces")
        };
        assert!(reply.actions.iter().any(|a| matches!(a, Action::Move { .. })), "{:?}", reply.actions);
        assert!(nearest(&reply.pos) < nearest(&pos), "{:?}", reply.actions);
    }

    #[test]
    fn with_towns_to_hold_the_exchange_ends_with_ones_own_march_on_them() {
        // Black (to move) marches on the towns (d3, h3) with nothing to capture; then White,
        // with nothing to take either, marches on them too: its leader on h8 walks towards h3.
        let (rules, pos) = two_towns("7L/3l4/3i4/8/8/8/8/4I3");
        let (reply, exchange) = reply_and_exchange(rules.as_ref(), &pos);
        let white_steps = |p: &Position| -> u32 {
            p.pieces(Side::White)
                .map(|(sq, _)| TOWNS.iter().map(|&t| p.board().distance(sq, t)).min().unwrap_or(0))
                .sum()
        };
        assert!(exchange.actions.iter().any(|a| matches!(a, Action::Move { .. })), "{:?}", exchange.actions);
        assert!(
            white_steps(&exchange.pos) < white_steps(&reply.pos),
            "{:?} after {:?}",
            exchange.actions,
            reply.actions
        );
        assert_eq!(exchange.pos.to_move(), Side::Black);
    }

    #[test]
    fn the_capture_reply_takes_a_town_to_hold() {
        // Black (to move) has nothing to capture, and its infantry on d4 stands next to the
        // town on d3, one of the two it needs.
        let (_, reply) = reply_with_two_towns("7L/8/8/3l4/3i4/8/8/4I3");
        let town = TOWNS[0];
        assert!(reply.actions.contains(&Action::Move { from: Square::new(3, 3), to: town }), "{:?}", reply.actions);
        assert!(reply.pos.piece_at(town).is_some_and(|p| p.side == Side::Black));
    }
}
