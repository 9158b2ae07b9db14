//! Perft: counting action sequences, the standard check of a move generator.

use crate::position::Position;
use crate::ruleset::Ruleset;

/// The number of distinct action sequences of length `depth` from `pos` (turn ends included:
/// ending a turn is one action). Sequences that end the game early are counted as they stop.
#[must_use]
pub fn perft(rules: &dyn Ruleset, pos: &Position, depth: u32) -> u64 {
    if depth == 0 || pos.outcome().is_some() {
        return 1;
    }
    let mut actions = Vec::new();
    rules.legal_actions(pos, &mut actions);
    if depth == 1 {
        return actions.len() as u64;
    }
    actions
        .into_iter()
        .map(|action| {
            let mut child = pos.clone();
            rules.play_unchecked(&mut child, action);
            perft(rules, &child, depth - 1)
        })
        .sum()
}

/// Perft split by first action: each legal action with the count below it, for finding where
/// two generators disagree.
#[must_use]
pub fn divide(rules: &dyn Ruleset, pos: &Position, depth: u32) -> Vec<(crate::Action, u64)> {
    let mut actions = Vec::new();
    rules.legal_actions(pos, &mut actions);
    actions
        .into_iter()
        .map(|action| {
            let mut child = pos.clone();
            rules.play_unchecked(&mut child, action);
            (action, perft(rules, &child, depth.saturating_sub(1)))
        })
        .collect()
}
