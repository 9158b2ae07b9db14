//! `warlord perft`: counts the action sequences of a given length, the standard check of a
//! move generator.

use crate::game::{Game, SourceArgs};
use anyhow::Result;
use std::io::Write;
use std::time::Instant;
use warlord_rules::notation::format_action;
use warlord_rules::perft::{divide, perft};

/// Arguments of `warlord perft`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The position to count from: a scenario's start or a record's last position.
    #[command(flatten)]
    pub source: SourceArgs,
    /// How many actions deep to count (turn ends count as actions): `--depth N`, or N after
    /// the scenario (`warlord perft chieftain 3`).
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u32).range(0..=40),
        allow_negative_numbers = true,
        required_unless_present = "depth_after",
        conflicts_with = "depth_after"
    )]
    pub depth: Option<u32>,
    /// The depth given as a second argument, as `--depth`.
    #[arg(value_name = "DEPTH", value_parser = clap::value_parser!(u32).range(0..=40))]
    pub depth_after: Option<u32>,
    /// Also print the count below each first action.
    #[arg(long)]
    pub divide: bool,
}

/// Prints the count and the time it took (with `--divide`, a line per first action first).
pub fn run(args: Args, out: &mut dyn Write) -> Result<()> {
    let game = Game::load(&args.source)?;
    let pos = game.position()?;
    let rules = game.rules.as_ref();
    let depth = args.depth.or(args.depth_after).unwrap_or_default();
    let started = Instant::now();
    let count = if args.divide && depth > 0 {
        let split = divide(rules, &pos, depth);
        for (action, n) in &split {
            writeln!(out, "{}: {n}", format_action(action, rules.pieces()))?;
        }
        split.iter().map(|(_, n)| n).sum()
    } else {
        perft(rules, &pos, depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    let rate = if seconds > 0.0 { count as f64 / seconds } else { 0.0 };
    writeln!(out, "perft {depth}: {count} ({seconds:.3} s, {rate:.0} sequences/s)")?;
    Ok(())
}
