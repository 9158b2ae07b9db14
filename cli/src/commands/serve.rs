//! `warlord serve`: the play server (HTTP API and WebSockets, docs/API.md).

use anyhow::Result;
use std::io::Write;

/// Arguments of `warlord serve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Where to listen and where the games are stored.
    #[command(flatten)]
    pub serve: warlord_server::ServeArgs,
}

/// Serves until interrupted; prints the address it listens on first.
pub fn run(args: Args, out: &mut dyn Write) -> Result<()> {
    out.flush()?;
    warlord_server::serve::run(&args.serve)
}
