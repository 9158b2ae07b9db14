//! The order candidates are examined in: different ideas first.

use super::Candidate;
use std::collections::HashMap;
use warlord_rules::Action;

/// The best candidates among which [`spread`] picks the different ones.
const SPREAD_POOL: usize = 2048;

/// Reorders candidates (best first) so that the first `count` are as different as the list
/// allows: each next one is the best ranked among those whose most used move has been used
/// least by the ones already chosen. Replies are then examined for different ideas, not for
/// twenty variants of one idea that share the same mistake. Only the best `SPREAD_POOL` are
/// considered, so the cost stays small on boards with thousands of candidates.
pub(super) fn spread(ranked: Vec<Candidate>, count: usize) -> Vec<Candidate> {
    let pool = ranked.len().min(SPREAD_POOL);
    let moves: Vec<Vec<Action>> = ranked[..pool]
        .iter()
        .map(|c| c.line.actions.iter().filter(|a| **a != Action::EndTurn).copied().collect())
        .collect();
    let mut holders: HashMap<Action, Vec<usize>> = HashMap::new();
    for (i, ms) in moves.iter().enumerate() {
        for &a in ms {
            holders.entry(a).or_default().push(i);
        }
    }
    let mut used: HashMap<Action, usize> = HashMap::new();
    let mut overlap = vec![0usize; pool];
    let mut chosen = vec![false; pool];
    let mut order = Vec::with_capacity(pool);
    while order.len() < count.min(pool) {
        let Some(next) = (0..pool).filter(|&i| !chosen[i]).min_by_key(|&i| (overlap[i], i)) else { break };
        chosen[next] = true;
        order.push(next);
        for &a in &moves[next] {
            let n = used.entry(a).or_default();
            *n += 1;
            for &h in &holders[&a] {
                overlap[h] = overlap[h].max(*n);
            }
        }
    }
    to_front(ranked, &order)
}

/// `items` with those at the indices `first` moved to the front, in that order; the others
/// follow in their own order.
pub(super) fn to_front<T>(items: Vec<T>, first: &[usize]) -> Vec<T> {
    let mut slots: Vec<Option<T>> = items.into_iter().map(Some).collect();
    let mut out: Vec<T> = first.iter().filter_map(|&i| slots.get_mut(i).and_then(Option::take)).collect();
    out.extend(slots.into_iter().flatten());
    out
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{finished, short_turn_position, step};
    use super::*;

    #[test]
    fn replies_are_examined_for_different_ideas_first() {
        let pos = short_turn_position();
        let (a, b, c, d) = (step((0, 0), (0, 1)), step((1, 0), (1, 1)), step((2, 0), (2, 1)), step((3, 0), (3, 1)));
        // Ranked best first: three variants of the idea `a`, then a turn without it.
        let ranked = [vec![a, b], vec![a, c], vec![a, d], vec![d, Action::EndTurn]];
        let cands = ranked.iter().map(|acts| Candidate { line: finished(&pos, acts), value: 0.5 }).collect();
        let order: Vec<Vec<Action>> = spread(cands, 4).into_iter().map(|c| c.line.actions).collect();
        assert_eq!(order, vec![vec![a, b], vec![d, Action::EndTurn], vec![a, c], vec![a, d]]);
    }
}
