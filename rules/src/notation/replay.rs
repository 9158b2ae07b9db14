//! Replaying a record against the rules, stopping at the first illegal action.

use super::record::Record;
use crate::action::Action;
use crate::position::Position;
use crate::ruleset::{Report, Ruleset};
use crate::side::Side;

/// One action of a replayed record, with what it did.
#[derive(Clone, Debug)]
pub struct ReplayStep {
    /// The record's turn number.
    pub number: u32,
    /// The side that acted.
    pub side: Side,
    /// The action.
    pub action: Action,
    /// What it did.
    pub report: Report,
}

/// The first illegal action of a record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, turn {number} ({side}): `{action}` is illegal: {reason}")]
pub struct ReplayError {
    /// The record line.
    pub line: usize,
    /// The turn number written in the record.
    pub number: u32,
    /// The side whose turn it was.
    pub side: Side,
    /// The action as written.
    pub action: String,
    /// Why it is illegal.
    pub reason: String,
}

/// The result of replaying a record: the steps that were legal, the position they reach, and
/// the first illegal action, if any.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The legal steps, in order.
    pub steps: Vec<ReplayStep>,
    /// The position after the last legal step.
    pub position: Position,
    /// The first illegal action.
    pub error: Option<ReplayError>,
}

/// Replays a record from the rules' start position. Each line's turn ends after its actions
/// (unless the rules ended it already); a line that leaves the turn unfinishable is an error.
#[must_use]
pub fn replay(rules: &dyn Ruleset, record: &Record) -> Replay {
    let mut pos = rules.start();
    let mut steps = Vec::new();
    for turn in &record.turns {
        let side = pos.to_move();
        let fail =
            |action: String, reason: String| ReplayError { line: turn.line, number: turn.number, side, action, reason };
        if let Some(outcome) = pos.outcome() {
            let text = turn.texts.first().cloned().unwrap_or_default();
            let error = fail(text, format!("the game had already ended: {outcome}"));
            return Replay { steps, position: pos, error: Some(error) };
        }
        let mut ended = false;
        for (i, &action) in turn.actions.iter().enumerate() {
            let text = turn.texts.get(i).cloned().unwrap_or_else(|| format!("{action:?}"));
            if ended {
                if action == Action::EndTurn {
                    continue;
                }
                let reason = format!("the turn had already ended after {i} actions");
                return Replay { steps, position: pos, error: Some(fail(text, reason)) };
            }
            match rules.play(&mut pos, action) {
                Ok(report) => {
                    ended = report.turn_ended || report.outcome.is_some();
                    steps.push(ReplayStep { number: turn.number, side, action, report });
                }
                Err(e) => return Replay { steps, position: pos, error: Some(fail(text, e.reason)) },
            }
        }
        if !ended {
            match rules.play(&mut pos, Action::EndTurn) {
                Ok(report) => steps.push(ReplayStep { number: turn.number, side, action: Action::EndTurn, report }),
                Err(e) => {
                    let text = turn.texts.last().cloned().unwrap_or_default();
                    let reason = format!("the turn cannot end after its last action: {}", e.reason);
                    return Replay { steps, position: pos, error: Some(fail(text, reason)) };
                }
            }
        }
    }
    Replay { steps, position: pos, error: None }
}
