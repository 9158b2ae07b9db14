//! Positions and turns for the champion's unit tests.

use crate::turn::Line;
use std::sync::Arc;
use warlord_rules::{Action, Position, Ruleset, Scenario, Square};

/// The start of Chieftain Chess.
pub fn chieftain_start() -> Position {
    chieftain().1
}

/// Chieftain Chess's rules and its start.
pub fn chieftain() -> (Arc<dyn Ruleset>, Position) {
    let b = warlord_scenarios::get("chieftain").expect("shipped");
    let rules = Scenario::parse(b.text, "chieftain").expect("valid").ruleset(&[]).expect("rules");
    let pos = rules.start();
    (rules, pos)
}

/// A move from one square to another, by file and rank from 0.
pub fn step(from: (u8, u8), to: (u8, u8)) -> Action {
    Action::Move { from: Square::new(from.0, from.1), to: Square::new(to.0, to.1) }
}

/// A finished turn of `actions` that leaves `pos` as it is: enough for tests that look only at
/// the actions.
pub fn finished(pos: &Position, actions: &[Action]) -> Line {
    Line { actions: actions.to_vec(), pos: pos.clone(), done: true }
}

/// Leaders and infantry on an 8x8 board, Black to move.
pub fn skirmish(position: &str) -> (Arc<dyn Ruleset>, Position) {
    skirmish_with(position, "", "")
}

/// [`skirmish`] with more lines in the scenario's `[board]` (a `map`) and `[rules]` sections.
pub fn skirmish_with(position: &str, board: &str, rules: &str) -> (Arc<dyn Ruleset>, Position) {
    let text = include_str!("../../../tests/data/skirmish.toml")
        .replace("BOARD", board)
        .replace("RULES", rules)
        .replace("POSITION", position);
    let rules = Scenario::parse(&text, "t.toml").expect("valid").ruleset(&[]).expect("rules");
    let mut pos = rules.start();
    rules.play(&mut pos, Action::EndTurn).expect("White passes");
    (rules, pos)
}
