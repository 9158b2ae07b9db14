//! `warlord replay`: checks a record action by action and stops at the first illegal one.

use crate::game::{Game, SourceArgs};
use crate::report_text::describe;
use crate::summary::write_summary;
use anyhow::{bail, Result};
use std::io::Write;
use warlord_rules::notation::format_action;
use warlord_rules::Action;

/// Arguments of `warlord replay`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The record file to check.
    #[command(flatten)]
    pub source: SourceArgs,
    /// Print every action with what it did (captures, attack strength against defence).
    #[arg(long, short)]
    pub verbose: bool,
}

/// Replays the record; prints the final position's summary, or fails with the line, turn,
/// side, action and reason of the first illegal action.
pub fn run(args: Args, out: &mut dyn Write) -> Result<()> {
    let game = Game::load(&args.source)?;
    let Some(replayed) = game.replay() else {
        bail!("`{}` is a scenario, not a record; replay checks record files", args.source.source);
    };
    let pieces = game.rules.pieces();
    if args.verbose {
        for step in &replayed.steps {
            let action = match step.action {
                Action::EndTurn => "end of turn".to_string(),
                other => format_action(&other, pieces),
            };
            let what = describe(&step.report, pieces);
            let what = if what.is_empty() { String::new() } else { format!(" — {what}") };
            writeln!(out, "turn {} ({}): {action}{what}", step.number, step.side)?;
        }
    }
    game.check(&replayed)?;
    let turns = game.record.as_ref().map_or(0, |r| r.record.turns.len());
    writeln!(out, "{}: {turns} turns, {} actions, all legal", args.source.source, replayed.steps.len())?;
    write_summary(out, &*game.rules, &replayed.position)?;
    Ok(())
}
