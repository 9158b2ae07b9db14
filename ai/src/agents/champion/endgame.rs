//! Small turns searched exactly. When leaders are few, a side moves one or two pieces a turn
//! (rulings 5) and has tens of distinct turns, not millions: there an alternating search over
//! whole turns, several turns deep, is affordable, and it sees what the champion's one turn
//! with greedy replies cannot: a net closing on a leader over two turns of one's own, and every
//! reply the opponent has to it, not only the greedy one.
//!
//! The search is negamax with alpha-beta pruning over whole turns (values are winning chances
//! for the side to move, so a child's value is `1 - v`), deepened one turn at a time while the
//! budget lasts; each turn's children are the distinct positions its side's turns reach
//! ([`distinct_turns`]), searched in order of what they capture.

use crate::budget::Meter;
use crate::eval::Evaluator;
use crate::turn::Line;
use std::collections::HashSet;
use warlord_rules::{Position, Ruleset, Side};

/// The most distinct turns a side may have for the search to run (and, inside it, for a
/// position to be expanded rather than judged as it stands).
pub const MAX_TURNS: usize = 96;

/// The deepest search, in turns.
const MAX_DEPTH: u32 = 4;

/// The distinct turns of the side to move from `pos` (distinct by the position they reach),
/// or `None` when there are more than `limit` or the meter ran out while listing them.
pub(super) fn distinct_turns(
    rules: &dyn Ruleset,
    pos: &Position,
    limit: usize,
    meter: &mut Meter,
) -> Option<Vec<Line>> {
    let mut seen = HashSet::new();
    let mut finished = HashSet::new();
    let mut turns = Vec::new();
    let mut stack = vec![Line::start(pos)];
    while let Some(line) = stack.pop() {
        if meter.spent() {
            return None;
        }
        for action in line.legal(rules) {
            let next = line.then(rules, action, meter);
            if next.done {
                if finished.insert(next.pos.hash()) {
                    turns.push(next);
                    if turns.len() > limit {
                        return None;
                    }
                }
            } else if seen.insert(next.pos.hash()) {
                stack.push(next);
            }
        }
    }
    Some(turns)
}

/// The material (piece values) and leaders `side` has on the board.
fn strength(rules: &dyn Ruleset, pos: &Position, side: Side) -> (u32, u32) {
    pos.pieces(side).fold((0, 0), |(value, leaders), (_, p)| {
        let kind = rules.pieces().get(p.kind);
        (value + kind.value, leaders + u32::from(kind.is_leader()))
    })
}

/// The search: the value for `pos`'s side to move, searched `depth` turns deep, or `None` when
/// the meter ran out (the caller then keeps its last complete depth).
struct Search<'a> {
    rules: &'a dyn Ruleset,
    eval: &'a Evaluator,
}

impl Search<'_> {
    /// The children of `pos`, most captured first (leaders, then material), so that alpha-beta
    /// meets the strongest turns early. `None` when `pos` has too many turns to expand.
    fn children(&self, pos: &Position, meter: &mut Meter) -> Option<Vec<Line>> {
        let mut turns = distinct_turns(self.rules, pos, MAX_TURNS, meter)?;
        let enemy = pos.to_move().opponent();
        turns.sort_by_cached_key(|t| {
            let (value, leaders) = strength(self.rules, &t.pos, enemy);
            (leaders, value)
        });
        Some(turns)
    }

    fn value(&self, pos: &Position, depth: u32, mut alpha: f64, beta: f64, meter: &mut Meter) -> Option<f64> {
        if depth == 0 || pos.outcome().is_some() {
            let v = self.eval.score(self.rules, pos, meter);
            return (!meter.spent()).then_some(v);
        }
        let Some(children) = self.children(pos, meter) else {
            if meter.spent() {
                return None;
            }
            // Too many turns to search here: judged as it stands.
            return Some(self.eval.score(self.rules, pos, meter));
        };
        let mut best = 0.0_f64;
        for child in children {
            let v = self.after(pos, &child, depth, alpha, beta, meter)?;
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        Some(best)
    }

    /// The value for `pos`'s side to move of playing the turn `child`.
    fn after(&self, pos: &Position, child: &Line, depth: u32, alpha: f64, beta: f64, meter: &mut Meter) -> Option<f64> {
        if child.pos.to_move() == pos.to_move() {
            // The game or the family did not hand the move over (an ended game is scored as is).
            return self.value(&child.pos, depth - 1, alpha, beta, meter);
        }
        self.value(&child.pos, depth - 1, 1.0 - beta, 1.0 - alpha, meter).map(|v| 1.0 - v)
    }
}

/// The best turn from `pos` by the deepest search completed within the meter (at least two
/// turns deep: one's own and every reply), with the depth reached; `None` when the side to move
/// or its opponent has too many turns, or not even two turns fit.
pub(super) fn best_turn(
    rules: &dyn Ruleset,
    eval: &Evaluator,
    pos: &Position,
    meter: &mut Meter,
) -> Option<(Line, u32)> {
    let search = Search { rules, eval };
    let roots = search.children(pos, meter)?;
    // The opponent's turns must be few too, or the replies would be judged unsearched.
    let first = roots.first()?;
    if first.pos.outcome().is_none() && first.pos.to_move() != pos.to_move() {
        distinct_turns(rules, &first.pos, MAX_TURNS, meter)?;
    }
    let mut best: Option<(Line, u32)> = None;
    let mut order: Vec<usize> = (0..roots.len()).collect();
    for depth in 2..=MAX_DEPTH {
        let mut alpha = 0.0_f64;
        let mut chosen: Option<(usize, f64)> = None;
        let mut scored = Vec::with_capacity(roots.len());
        for &i in &order {
            let Some(v) = search.after(pos, &roots[i], depth, alpha, 1.0, meter) else {
                return best;
            };
            scored.push((i, v));
            if chosen.is_none_or(|(_, b)| v > b) {
                chosen = Some((i, v));
                alpha = v;
            }
            if v >= 1.0 {
                break;
            }
        }
        let (i, v) = chosen?;
        best = Some((roots[i].clone(), depth));
        if v >= 1.0 || v <= 0.0 {
            break;
        }
        // The next depth starts from this one's best.
        order.sort_by_key(|j| (*j != i, std::cmp::Reverse(scored.iter().position(|(k, _)| k == j))));
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;

    /// Plain minimax over whole turns, no pruning: the slow reference.
    fn minimax(rules: &dyn Ruleset, eval: &Evaluator, pos: &Position, depth: u32, meter: &mut Meter) -> f64 {
        if depth == 0 || pos.outcome().is_some() {
            return eval.score(rules, pos, meter);
        }
        let Some(children) = distinct_turns(rules, pos, MAX_TURNS, meter) else {
            return eval.score(rules, pos, meter);
        };
        children
            .iter()
            .map(|c| {
                let v = minimax(rules, eval, &c.pos, depth - 1, meter);
                if c.pos.to_move() == pos.to_move() {
                    v
                } else {
                    1.0 - v
                }
            })
            .fold(0.0, f64::max)
    }

    /// Leaders and infantry on an 8x8 board, a move a turn for each leader left (rulings 5).
    fn endgame(position: &str) -> (std::sync::Arc<dyn Ruleset>, Position) {
        let text = format!(
            "name = \"t\"\nfamily = \"warlord\"\n[board]\nfiles = 8\nranks = 8\n[rules]\nmoves-per-turn = 2\n\
             cap-by-leaders = true\n[[pieces]]\nlike = \"leader\"\n[[pieces]]\nlike = \"infantry\"\n\
             [setup]\nposition = \"{position}\"\n"
        );
        let rules = warlord_rules::Scenario::parse(&text, "t.toml").expect("valid").ruleset(&[]).expect("rules");
        let pos = rules.start();
        (rules, pos)
    }

    #[test]
    fn alpha_beta_finds_the_minimax_value() {
        let (rules, pos) = endgame("3l4/3i4/8/8/8/8/4I3/3LI3");
        let eval = Evaluator::default();
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let search = Search { rules: rules.as_ref(), eval: &eval };
        for depth in 1..=3 {
            let slow = minimax(rules.as_ref(), &eval, &pos, depth, &mut meter);
            let fast = search.value(&pos, depth, 0.0, 1.0, &mut meter).expect("no budget limit");
            assert!((slow - fast).abs() < 1e-12, "depth {depth}: {slow} vs {fast}");
        }
    }

    #[test]
    fn few_turns_are_listed_once_and_many_are_refused() {
        let (rules, pos) = endgame("3l4/3i4/8/8/8/8/4I3/3LI3");
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        let turns = distinct_turns(rules.as_ref(), &pos, MAX_TURNS, &mut meter).expect("few turns");
        let hashes: HashSet<u64> = turns.iter().map(|t| t.pos.hash()).collect();
        assert_eq!(hashes.len(), turns.len());
        assert!(turns.len() > 5, "{}", turns.len());
        assert!(distinct_turns(rules.as_ref(), &pos, 3, &mut meter).is_none());
    }

    #[test]
    fn a_turn_of_many_variants_is_refused_at_once() {
        // Chieftain Chess's start: four moves of about a hundred actions each.
        let (rules, pos) = super::super::test_support::chieftain();
        let mut meter = Meter::start(Budget::Nodes(u64::MAX));
        assert!(best_turn(rules.as_ref(), &Evaluator::default(), &pos, &mut meter).is_none());
        assert!(meter.used() < 5_000, "{} nodes spent finding out", meter.used());
    }

    #[test]
    fn the_search_takes_a_last_leader_and_sees_a_capture_two_turns_away() {
        // White's leader can take Black's last leader now.
        let (rules, pos) = endgame("8/8/8/8/8/3l4/3L4/8");
        let mut meter = Meter::start(Budget::Nodes(200_000));
        let (turn, _) = best_turn(rules.as_ref(), &Evaluator::default(), &pos, &mut meter).expect("small turns");
        assert!(turn.pos.outcome().is_some_and(|o| o.winner == Some(Side::White)), "{:?}", turn.actions);
    }
}
