//! `warlord replay`: checks a record action by action; stops at the first illegal or
//! unreadable action, or with `--all-errors` reports every one and goes on.

use crate::game::{Game, SourceArgs};
use crate::report_text::describe;
use crate::summary::{count, write_summary};
use anyhow::{bail, Result};
use std::io::Write;
use warlord_rules::notation::{format_action, Replay, ReplayError};
use warlord_rules::{Action, Ruleset};

/// Arguments of `warlord replay`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The record file to check.
    #[command(flatten)]
    pub source: SourceArgs,
    /// Print every action with what it did (captures, attack strength against defence).
    #[arg(long, short)]
    pub verbose: bool,
    /// Report every illegal or unreadable action, skip it and go on (exit 1 if there was any),
    /// instead of stopping at the first.
    #[arg(long)]
    pub all_errors: bool,
    /// Print the report as JSON for scripts: the file, counts, every error found (line, turn
    /// number, side, action, reason, unreadable) and the outcome.
    #[arg(long)]
    pub json: bool,
}

/// The report of `--json`.
#[derive(serde::Serialize)]
struct JsonReport<'a> {
    file: &'a str,
    turns: usize,
    actions: usize,
    errors: &'a [ReplayError],
    outcome: Option<String>,
}

/// Replays the record; prints the final position's summary, or fails with the line, turn,
/// side, action and reason of the first illegal action (of every one with `--all-errors`).
pub fn run(args: Args, out: &mut dyn Write) -> Result<()> {
    let game = Game::load(&args.source)?;
    let replayed = if args.all_errors { game.replay_all_errors() } else { game.replay() };
    let Some(replayed) = replayed else {
        bail!("`{}` is a scenario, not a record; replay checks record files", args.source.source);
    };
    let turns = game.record.as_ref().map_or(0, |r| r.record.turns.len());
    if args.json {
        let report = JsonReport {
            file: &args.source.source,
            turns,
            actions: replayed.steps.len(),
            errors: &replayed.errors,
            outcome: replayed.position.outcome().map(ToString::to_string),
        };
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
        return finish(&replayed, args.all_errors, &game);
    }
    if args.verbose {
        write_steps(out, &replayed, &*game.rules)?;
    }
    if args.all_errors {
        for error in &replayed.errors {
            writeln!(out, "{error}")?;
        }
    } else {
        game.check(&replayed)?;
    }
    let verdict = match replayed.errors.len() {
        0 => "all legal".to_string(),
        1 => "1 error, skipped".to_string(),
        n => format!("{n} errors, skipped"),
    };
    let (turns, actions) = (count(turns as u64, "turn"), count(replayed.steps.len() as u64, "action"));
    writeln!(out, "{}: {turns} in the record, {actions}, {verdict}", args.source.source)?;
    write_summary(out, &*game.rules, &replayed.position)?;
    finish(&replayed, args.all_errors, &game)
}

/// Prints every replayed action with what it did.
fn write_steps(out: &mut dyn Write, replayed: &Replay, rules: &dyn Ruleset) -> Result<()> {
    let pieces = rules.pieces();
    for step in &replayed.steps {
        let action = match step.action {
            Action::EndTurn => "end of turn".to_string(),
            other => format_action(&other, pieces),
        };
        let what = describe(&step.report, pieces);
        let what = if what.is_empty() { String::new() } else { format!(" — {what}") };
        writeln!(out, "turn {} ({}): {action}{what}", step.number, step.side)?;
    }
    Ok(())
}

/// The exit status: an error when the record had any illegal or unreadable action.
fn finish(replayed: &Replay, all_errors: bool, game: &Game) -> Result<()> {
    match replayed.errors.len() {
        0 => Ok(()),
        n if all_errors => bail!("{n} illegal or unreadable actions"),
        _ => game.check(replayed),
    }
}
