//! Replaying a record against the rules, stopping at the first illegal action.

use super::record::{Record, RecordTurn, UnreadableLine};
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

/// An illegal or unreadable action of a record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, serde::Serialize)]
#[error("line {line}, turn {number} ({side}): `{action}` {}: {reason}", if *.unreadable { "cannot be read" } else { "is illegal" })]
pub struct ReplayError {
    /// The record line.
    pub line: usize,
    /// The turn number written in the record.
    pub number: u32,
    /// The side whose turn it was.
    pub side: Side,
    /// The action as written.
    pub action: String,
    /// Why it is illegal, or why it cannot be read.
    pub reason: String,
    /// Whether the text could not be read at all (rather than read and found illegal).
    pub unreadable: bool,
}

/// The result of replaying a record: the steps that were legal, the position they reach, and
/// the first illegal or unreadable action, if any (in the all-errors mode, every one).
#[derive(Clone, Debug)]
pub struct Replay {
    /// The legal steps, in order.
    pub steps: Vec<ReplayStep>,
    /// The position after the last legal step.
    pub position: Position,
    /// The first illegal or unreadable action.
    pub error: Option<ReplayError>,
    /// Every illegal or unreadable action, in order (the first only, unless replayed with
    /// [`replay_all_errors`]).
    pub errors: Vec<ReplayError>,
}

/// Replays a record from the rules' start position, stopping at the first illegal or
/// unreadable action. Each line's turn ends after its actions (unless the rules ended it
/// already); a line that leaves the turn unfinishable is an error.
#[must_use]
pub fn replay(rules: &dyn Ruleset, record: &Record) -> Replay {
    replay_with(rules, record, false)
}

/// Replays a record like [`replay`], but reports every illegal or unreadable action, skips
/// it and goes on: a turn left unfinishable ends where it stands ([`Ruleset::close_turn`]),
/// so each line stays its side's turn. One run shows every slip of a game.
#[must_use]
pub fn replay_all_errors(rules: &dyn Ruleset, record: &Record) -> Replay {
    replay_with(rules, record, true)
}

/// Replays turns from `from` (a variation of a record, from the position before the turn it
/// replaces) as [`replay_all_errors`] does: each illegal or unreadable action is reported,
/// skipped, and the replay goes on. The turns' own variations are not played.
#[must_use]
pub fn replay_turns_from(rules: &dyn Ruleset, from: &Position, turns: &[RecordTurn]) -> Replay {
    let mut run = Run { rules, pos: from.clone(), steps: Vec::new(), errors: Vec::new(), keep_going: true };
    for turn in turns {
        if !run.turn(turn) {
            break;
        }
    }
    run.finish()
}

/// One replay: `keep_going` skips what is wrong instead of stopping.
fn replay_with(rules: &dyn Ruleset, record: &Record, keep_going: bool) -> Replay {
    let mut run = Run { rules, pos: rules.start(), steps: Vec::new(), errors: Vec::new(), keep_going };
    let mut lines = record.unreadable_lines.iter().peekable();
    for turn in &record.turns {
        while let Some(bad) = lines.next_if(|u| u.line < turn.line) {
            if run.fail_line(bad, turn.number) {
                return run.finish();
            }
        }
        if !run.turn(turn) {
            return run.finish();
        }
    }
    let number = record.turns.last().map_or(1, |t| t.number);
    for bad in lines {
        if run.fail_line(bad, number) {
            break;
        }
    }
    run.finish()
}

/// A replay in progress.
struct Run<'a> {
    rules: &'a dyn Ruleset,
    pos: Position,
    steps: Vec<ReplayStep>,
    errors: Vec<ReplayError>,
    keep_going: bool,
}

impl Run<'_> {
    /// Records a line that is no turn, as an error of turn `number`; `true` when the replay
    /// stops here.
    fn fail_line(&mut self, bad: &UnreadableLine, number: u32) -> bool {
        let side = self.pos.to_move();
        let (action, reason) = (bad.text.clone(), bad.reason.clone());
        self.fail(ReplayError { line: bad.line, number, side, action, reason, unreadable: true })
    }

    /// Records an error; `true` when the replay stops here.
    fn fail(&mut self, error: ReplayError) -> bool {
        self.errors.push(error);
        !self.keep_going
    }

    /// Plays one line of the record; `false` when the replay stops.
    fn turn(&mut self, turn: &RecordTurn) -> bool {
        let side = self.pos.to_move();
        let at = |action: String, reason: String, unreadable: bool| ReplayError {
            line: turn.line,
            number: turn.number,
            side,
            action,
            reason,
            unreadable,
        };
        let error = |action: String, reason: String| at(action, reason, false);
        if let Some(outcome) = self.pos.outcome() {
            let text = turn.texts.first().or(turn.unreadable.first().map(|u| &u.text)).cloned().unwrap_or_default();
            self.errors.push(error(text, format!("the game had already ended: {outcome}")));
            return false;
        }
        let mut ended = false;
        let errors_before = self.errors.len();
        for i in 0..=turn.actions.len() {
            for bad in turn.unreadable.iter().filter(|u| u.before == i) {
                if self.fail(at(bad.text.clone(), bad.reason.clone(), true)) {
                    return false;
                }
            }
            let Some(&action) = turn.actions.get(i) else { break };
            let text = turn.texts.get(i).cloned().unwrap_or_else(|| format!("{action:?}"));
            if ended {
                if action == Action::EndTurn {
                    continue;
                }
                let reason = format!("the turn had already ended after {i} actions");
                if self.fail(error(text, reason)) {
                    return false;
                }
                continue;
            }
            match self.rules.play(&mut self.pos, action) {
                Ok(report) => {
                    ended = report.turn_ended || report.outcome.is_some();
                    self.steps.push(ReplayStep { number: turn.number, side, action, report });
                }
                Err(e) => {
                    if self.fail(error(text, e.reason)) {
                        return false;
                    }
                }
            }
        }
        if ended {
            return true;
        }
        match self.rules.play(&mut self.pos, Action::EndTurn) {
            Ok(report) => self.steps.push(ReplayStep { number: turn.number, side, action: Action::EndTurn, report }),
            Err(e) => {
                // A turn left short by a skipped slip is closed without a second report.
                if self.errors.len() == errors_before {
                    let text = turn.texts.last().cloned().unwrap_or_default();
                    let reason = format!("the turn cannot end after its last action: {}", e.reason);
                    if self.fail(error(text, reason)) {
                        return false;
                    }
                }
                match self.rules.close_turn(&mut self.pos) {
                    Ok(report) => {
                        self.steps.push(ReplayStep { number: turn.number, side, action: Action::EndTurn, report });
                    }
                    Err(e) => {
                        self.errors.push(error(String::new(), format!("the turn cannot be closed: {}", e.reason)));
                        return false;
                    }
                }
            }
        }
        true
    }

    fn finish(self) -> Replay {
        Replay { steps: self.steps, position: self.pos, error: self.errors.first().cloned(), errors: self.errors }
    }
}
