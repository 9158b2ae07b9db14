//! `warlord loadtest`: concurrent games of random legal actions over WebSockets on loopback;
//! reports throughput and latency (docs/BENCHMARKS.md).

use anyhow::Result;
use std::io::Write;

/// Arguments of `warlord loadtest`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// How many games, how long, and against which server.
    #[command(flatten)]
    pub load: warlord_server::LoadtestArgs,
}

/// Runs the load test and prints its report.
pub fn run(args: Args, out: &mut dyn Write) -> Result<()> {
    let report = warlord_server::loadtest::measure(&args.load)?;
    writeln!(out, "{report}")?;
    Ok(())
}
