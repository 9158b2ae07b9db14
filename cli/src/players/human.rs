//! A human at the terminal: one turn per line (actions separated by commas), or a turn over
//! several lines ending in commas, with a few commands.

use super::{random_turn, Steps};
use anyhow::Result;
use rand::rngs::StdRng;
use std::io::{BufRead, Write};
use warlord_rules::notation::{format_action, parse_turn};
use warlord_rules::{Action, Phase, Position, Ruleset};

const HELP: &str = "\
Enter a turn as actions separated by commas, like `d2-d4, e1-e3`; the turn ends with the
line (`pass` for a turn without moves). End a line with a comma to go on with the same turn
on the next line. In setup, place pieces like `C@b1`; the setup is committed with the line.
Commands: moves (the legal actions now), random (finish this turn with random actions),
undo (cancel the turn being entered), resign, help.";

/// What a human did with a turn.
#[derive(Debug)]
pub enum HumanTurn {
    /// The turn was played.
    Played(Steps),
    /// The player resigned; the position is as at the turn's start.
    Resigned,
    /// The input ended first; the position is as at the turn's start.
    InputEnded,
}

/// Reads lines until the side to move has finished its turn. A line's actions are played all
/// or none: on an illegal action the line is refused with the reason and the player tries
/// again.
pub fn read_turn(
    rules: &dyn Ruleset,
    pos: &mut Position,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    rng: &mut StdRng,
) -> Result<HumanTurn> {
    let start = pos.clone();
    let mut steps = Vec::new();
    loop {
        prompt(out, pos)?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            *pos = start;
            return Ok(HumanTurn::InputEnded);
        }
        let line = line.trim();
        match line.to_ascii_lowercase().as_str() {
            "" => {}
            "help" => writeln!(out, "{HELP}")?,
            "moves" => {
                let legal: Vec<String> =
                    rules.legal_action_list(pos).iter().map(|a| format_action(a, rules.pieces())).collect();
                writeln!(out, "{}", legal.join(", "))?;
            }
            "undo" => {
                *pos = start.clone();
                steps.clear();
                writeln!(out, "the turn is cancelled; enter it again")?;
            }
            "random" => {
                steps.extend(random_turn(rules, pos, rng)?);
                return Ok(HumanTurn::Played(steps));
            }
            "resign" => {
                *pos = start;
                return Ok(HumanTurn::Resigned);
            }
            _ => match play_line(rules, pos, line) {
                Ok((played, finished)) => {
                    steps.extend(played);
                    if finished {
                        return Ok(HumanTurn::Played(steps));
                    }
                }
                Err(reason) => writeln!(out, "refused: {reason}")?,
            },
        }
    }
}

fn prompt(out: &mut dyn Write, pos: &Position) -> Result<()> {
    let side = pos.to_move();
    match pos.phase() {
        Phase::Setup => write!(out, "{side} setup> ")?,
        _ if pos.actions_this_turn().is_empty() => write!(out, "{side}> ")?,
        _ => write!(out, "{side} ({} of {} taken)> ", pos.actions_this_turn().len(), pos.turn_cap())?,
    }
    out.flush()?;
    Ok(())
}

/// Plays a line's actions, all or none; the turn ends after them unless the line ends with a
/// comma. Returns the steps and whether the turn is over.
fn play_line(rules: &dyn Ruleset, pos: &mut Position, line: &str) -> Result<(Steps, bool), String> {
    let (body, go_on) = match line.strip_suffix(',') {
        Some(body) => (body, true),
        None => (line, false),
    };
    let actions = parse_turn(body, rules.pieces()).map_err(|e| e.to_string())?;
    let mut trial = pos.clone();
    let mut steps = Vec::new();
    let mut ended = false;
    for action in actions {
        let text = format_action(&action, rules.pieces());
        if ended {
            return Err(format!("`{text}` comes after the end of the turn"));
        }
        let report = rules.play(&mut trial, action).map_err(|e| format!("`{text}` is illegal: {e}"))?;
        ended = report.turn_ended || report.outcome.is_some();
        steps.push((action, report));
    }
    if !ended && !go_on {
        let report = rules.play(&mut trial, Action::EndTurn).map_err(|e| format!("the turn cannot end here: {e}"))?;
        steps.push((Action::EndTurn, report));
        ended = true;
    }
    *pos = trial;
    Ok((steps, ended))
}
