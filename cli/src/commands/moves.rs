//! `warlord moves`: the legal actions of the side to move, in notation.

use crate::game::{Game, SourceArgs};
use anyhow::Result;
use std::io::Write;
use warlord_rules::notation::format_action;

/// Arguments of `warlord moves`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The position: a scenario's start or a record's last position.
    #[command(flatten)]
    pub source: SourceArgs,
    /// Print only how many legal actions there are.
    #[arg(long)]
    pub count: bool,
}

/// Prints the legal actions one per line (`pass` is the end of the turn), or their number.
pub fn run(args: Args, out: &mut dyn Write) -> Result<()> {
    let game = Game::load(&args.source)?;
    let pos = game.position()?;
    let actions = game.rules.legal_action_list(&pos);
    if args.count {
        writeln!(out, "{}", actions.len())?;
        return Ok(());
    }
    for action in &actions {
        writeln!(out, "{}", format_action(action, game.rules.pieces()))?;
    }
    Ok(())
}
