//! `warlord show`: the board and state of a scenario's start or of a record's last position.

use crate::board_text::{write_board, Region};
use crate::game::{Game, SourceArgs};
use crate::summary::write_summary;
use anyhow::Result;
use std::io::Write;

/// Arguments of `warlord show`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// What to show.
    #[command(flatten)]
    pub source: SourceArgs,
    /// Print only this rectangle of the board, given by two corners (for large boards).
    #[arg(long, value_name = "FROM:TO")]
    pub region: Option<Region>,
}

/// Prints the title, the board and the summary.
pub fn run(args: Args, out: &mut dyn Write) -> Result<()> {
    let game = Game::load(&args.source)?;
    let pos = game.position()?;
    let region = match args.region {
        Some(region) => region.check(pos.board())?,
        None => Region::whole(pos.board()),
    };
    writeln!(out, "{}", game.title())?;
    write_board(out, game.rules.pieces(), &pos, region)?;
    write_summary(out, &*game.rules, &pos)?;
    Ok(())
}
