//! `warlord`: the command line of the Warlord games.
//!
//! Each command lives in its own file under `commands/` with an `Args` struct and a `run`
//! function; adding one is a `pub mod` line in `commands/mod.rs`, a variant of [`Command`] and
//! an arm in [`run`].

mod board_text;
mod commands;
mod game;
mod players;
mod report_text;
mod summary;

use clap::{Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;

/// mimalloc, as the play server (`warlord serve`, `warlord loadtest`) runs faster with it
/// (docs/BENCHMARKS.md, "Scale").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The Warlord games at the command line: scenarios, positions, legal moves, perft, record
/// replay and play.
#[derive(Parser)]
#[command(name = "warlord", version, propagate_version = true)]
struct Cli {
    /// What to do.
    #[command(subcommand)]
    command: Command,
}

/// The commands.
#[derive(Subcommand)]
enum Command {
    /// List the shipped scenarios, or describe one with `--show ID`.
    Scenarios(commands::scenarios::Args),
    /// Work with scenario files: `scenario generate` writes a new one from a seed.
    Scenario(commands::scenario::Args),
    /// Print the board and the state of a scenario's start or of a record's last position.
    Show(commands::show::Args),
    /// List the legal actions of the side to move.
    Moves(commands::moves::Args),
    /// Count the action sequences of a given length (turn ends included).
    Perft(commands::perft::Args),
    /// Check a record file action by action; exit 1 at the first illegal action (or report every one).
    Replay(commands::replay::Args),
    /// Computer analysis of a record: winning chances, the best turns, mistakes, a graph.
    Analyse(commands::analyse::Args),
    /// Play at the terminal: humans, random movers and the computer at any of its levels, in any pairing.
    Play(commands::play::Args),
    /// Play a match between two AI agents: score, Elo with its 95% interval, records.
    Match(commands::r#match::Args),
    /// The playtest lab: play a study's games into a database, report on them, compare variants.
    Lab(commands::lab::Args),
    /// Run the play server: lobby, games, live play over WebSockets (docs/API.md).
    Serve(commands::serve::Args),
    /// Play many concurrent games against a server on loopback; report throughput and latency.
    Loadtest(commands::loadtest::Args),
}

/// Runs a command, writing its output to `out`.
fn run(command: Command, out: &mut dyn Write) -> anyhow::Result<()> {
    match command {
        Command::Scenarios(args) => commands::scenarios::run(args, out),
        Command::Scenario(args) => commands::scenario::run(args, out),
        Command::Show(args) => commands::show::run(args, out),
        Command::Moves(args) => commands::moves::run(args, out),
        Command::Perft(args) => commands::perft::run(args, out),
        Command::Replay(args) => commands::replay::run(args, out),
        Command::Analyse(args) => commands::analyse::run(args, out),
        Command::Play(args) => commands::play::run(args, out),
        Command::Match(args) => commands::r#match::run(args, out),
        Command::Lab(args) => commands::lab::run(args, out),
        Command::Serve(args) => commands::serve::run(args, out),
        Command::Loadtest(args) => commands::loadtest::run(args, out),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout with success; usage errors are user errors.
            let _ = e.print();
            return if e.use_stderr() { ExitCode::FAILURE } else { ExitCode::SUCCESS };
        }
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let result = run(cli.command, &mut out).and_then(|()| Ok(out.flush()?));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = out.flush();
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Whether an error is the reader of our output going away (`warlord moves x | head`), which
/// is no failure.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain()
        .filter_map(|cause| cause.downcast_ref::<std::io::Error>())
        .any(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
}
