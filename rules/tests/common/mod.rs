//! Helpers shared by the rules tests: small scenarios written inline, actions by notation.

#![allow(dead_code)]

use std::sync::Arc;
use warlord_rules::notation::parse_action;
use warlord_rules::{Action, Position, Report, Ruleset, Scenario};

/// The pieces most tests use: L leader (range 2), K level-2 leader, I infantry, N light cavalry,
/// A cannon, H heavy cavalry (charge).
pub const PIECES: &str = r#"
[[pieces]]
like = "leader"
[[pieces]]
like = "leader"
symbol = "K"
name = "Level-2 Leader"
command = { capacity = 2 }
[[pieces]]
like = "infantry"
[[pieces]]
like = "light-cavalry"
[[pieces]]
like = "cannon"
symbol = "A"
[[pieces]]
like = "heavy-cavalry-charge"
"#;

/// A Warlord scenario on a `size` x `size` board with [`PIECES`], the given `[rules]` lines,
/// `[options]` lines and placement lists (`["L@a1", ...]`).
pub fn scenario(size: u32, rules: &str, options: &str, white: &[&str], black: &[&str]) -> Scenario {
    let list = |items: &[&str]| items.iter().map(|s| format!("\"{s}\"")).collect::<Vec<_>>().join(", ");
    let text = format!(
        "name = \"test\"\nfamily = \"warlord\"\n[board]\nfiles = {size}\nranks = {size}\n[rules]\n{rules}\n[options]\n{options}\n{PIECES}\n[setup]\nwhite = [{}]\nblack = [{}]\n",
        list(white),
        list(black)
    );
    Scenario::parse(&text, "test.toml").unwrap_or_else(|e| panic!("{e}"))
}

/// The rules and start position of a scenario with default options.
pub fn start(s: &Scenario) -> (Arc<dyn Ruleset>, Position) {
    let rules = s.ruleset(&[]).unwrap_or_else(|e| panic!("{e}"));
    let pos = rules.start();
    (rules, pos)
}

/// Reads an action in notation for these rules.
pub fn action(rules: &dyn Ruleset, text: &str) -> Action {
    parse_action(text, rules.pieces()).unwrap_or_else(|e| panic!("{e}"))
}

/// Plays an action that must be legal.
pub fn play(rules: &dyn Ruleset, pos: &mut Position, text: &str) -> Report {
    let a = action(rules, text);
    rules.play(pos, a).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays an action that must be refused; returns the reason, after checking nothing changed.
pub fn refuse(rules: &dyn Ruleset, pos: &mut Position, text: &str) -> String {
    let before = pos.clone();
    let a = action(rules, text);
    let reason = rules.play(pos, a).expect_err(text).reason;
    assert_eq!(*pos, before, "a refused action changed the position");
    reason
}

/// Whether the legal actions include this one.
pub fn is_legal(rules: &dyn Ruleset, pos: &Position, text: &str) -> bool {
    rules.legal_action_list(pos).contains(&action(rules, text))
}
