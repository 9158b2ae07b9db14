//! `warlord-server`: the play server alone, as `warlord serve` runs it.

use clap::Parser;
use std::process::ExitCode;

/// mimalloc: the server allocates and frees small blocks for every state it renders
/// (docs/BENCHMARKS.md, "Scale"); the system allocator spent more time on them.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The Warlord play server.
#[derive(Parser)]
#[command(version, about)]
struct Args {
    #[command(flatten)]
    serve: warlord_server::ServeArgs,
}

fn main() -> ExitCode {
    match warlord_server::serve::run(&Args::parse().serve) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("warlord-server: {e:#}");
            ExitCode::FAILURE
        }
    }
}
