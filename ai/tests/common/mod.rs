//! Helpers shared by the agent tests.

// Each test file uses a subset of these helpers.
#![allow(dead_code)]

use std::sync::Arc;
use warlord_rules::{Action, Position, Ruleset, Scenario};

/// The rules of a shipped scenario with option overrides.
pub fn shipped(id: &str, options: &[(&str, &str)]) -> Arc<dyn Ruleset> {
    let b = warlord_scenarios::get(id).unwrap_or_else(|| panic!("no scenario {id}"));
    let overrides: Vec<(String, String)> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    Scenario::parse(b.text, id).unwrap().ruleset(&overrides).unwrap()
}

/// Plays a turn through the checked rules; panics with the reason on the first illegal action
/// or if the turn does not end.
pub fn play_checked(rules: &dyn Ruleset, pos: &mut Position, turn: &[Action], who: &str) {
    let mut ended = false;
    for (i, &a) in turn.iter().enumerate() {
        assert!(!ended, "{who}: action {i} of {turn:?} comes after the end of the turn");
        let report = rules.play(pos, a).unwrap_or_else(|e| panic!("{who}: action {i} of {turn:?} is illegal: {e}"));
        ended = report.turn_ended || report.outcome.is_some();
    }
    assert!(ended, "{who}: the turn {turn:?} does not end");
}
