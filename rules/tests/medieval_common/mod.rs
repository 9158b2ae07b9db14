//! Helpers for the Medieval War Chess tests: the shipped scenario with another position or
//! other rules, and actions written in the designer's notation.
#![allow(dead_code)] // each test file uses some of the helpers

use warlord_rules::medieval::MedievalRules;
use warlord_rules::notation::parse_action;
use warlord_rules::{IllegalAction, Position, Report, Ruleset, Scenario, Square};

/// The shipped scenario's text.
pub fn text() -> &'static str {
    warlord_scenarios::get("medieval").expect("the medieval scenario is shipped").text
}

/// The shipped scenario with each `(from, to)` replacement made in its text.
pub fn scenario_with(replacements: &[(&str, &str)]) -> Result<Scenario, warlord_rules::scenario::ScenarioError> {
    let mut text = text().to_string();
    for (from, to) in replacements {
        assert!(text.contains(from), "the scenario has no `{from}`");
        text = text.replacen(from, to, 1);
    }
    Scenario::parse(&text, "medieval.toml")
}

/// The rules and start position of the shipped scenario with White's and Black's pieces
/// placed as listed (`"K@e1"`, `"P@a2:h2"`) and the given replacements in its text.
pub fn game(white: &[&str], black: &[&str], replacements: &[(&str, &str)]) -> (MedievalRules, Position) {
    let list = |items: &[&str]| items.iter().map(|i| format!("\"{i}\"")).collect::<Vec<_>>().join(", ");
    let setup = format!("white = [{}]\nblack = [{}]", list(white), list(black));
    let mut all = vec![("position = \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\"", setup.as_str())];
    all.extend_from_slice(replacements);
    let rules = scenario_with(&all).unwrap_or_else(|e| panic!("{e}")).medieval(&[]).unwrap_or_else(|e| panic!("{e}"));
    let pos = rules.start();
    (rules, pos)
}

/// The rules of the shipped scenario with options.
pub fn shipped(options: &[(&str, &str)]) -> MedievalRules {
    let options: Vec<(String, String)> = options.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
    scenario_with(&[]).unwrap().medieval(&options).unwrap_or_else(|e| panic!("{e}"))
}

/// The square with this name.
pub fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// Reads an action in the designer's notation and plays it.
pub fn act(rules: &MedievalRules, pos: &mut Position, action: &str) -> Result<Report, IllegalAction> {
    let action = parse_action(action, rules.pieces()).unwrap_or_else(|e| panic!("{e}"));
    rules.play(pos, action)
}

/// Plays an action that must be legal.
pub fn ok(rules: &MedievalRules, pos: &mut Position, action: &str) -> Report {
    act(rules, pos, action).unwrap_or_else(|e| panic!("{action}: {e}"))
}
