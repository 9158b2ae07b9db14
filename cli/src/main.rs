//! `warlord`: the command line of the Warlord games.

use clap::Parser;

/// The Warlord games: scenarios, rules, notation and play.
#[derive(Parser)]
#[command(version, about)]
struct Cli {}

fn main() {
    Cli::parse();
}
