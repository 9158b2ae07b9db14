//! Positions and turns for the champion's unit tests.

use super::Planning;
use crate::budget::Budget;
use crate::eval::Evaluator;
use crate::turn::Line;
use std::sync::Arc;
use std::time::Instant;
use warlord_rules::{Action, Position, Ruleset, Scenario, Square};

/// A position of turns short enough for the beam alone (the skirmish board's four moves): for
/// tests that need a position but look only at the actions.
pub fn short_turn_position() -> Position {
    skirmish("4l3/8/8/8/8/8/8/4L3").1
}

/// A [`skirmish`] position where a capture needs a leader brought up first: Black's infantry on
/// d4 could take White's on e3, but both Black leaders (a8, b8) stand four steps from it, beyond
/// their command range of 3; either may step within range (the other activating it), and the
/// infantry takes.
pub const OUT_OF_COMMAND: &str = "ll6/8/8/8/3i4/4I3/8/7L";

/// A [`skirmish`] position where a leader stands in reach: Black's leader on d5 stands next to
/// White's infantry on e4, which White's leader on g2 commands; Black's other leader, on b7, and
/// White's leaders stand out of reach (a leader walks two squares).
pub const LEADER_IN_REACH: &str = "8/1l6/8/3l4/4I3/8/6L1/7L";

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

/// The planning of the side to move's turn from `pos`, judged by `eval`, starting now.
pub fn planning<'a>(
    eval: &'a Evaluator,
    rules: &'a dyn Ruleset,
    pos: &'a Position,
    budget: Budget,
    seed: u64,
) -> Planning<'a> {
    Planning { eval, rules, pos, budget, start: Instant::now(), seed }
}
