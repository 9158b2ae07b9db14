//! `warlord play`: a game at the terminal between humans, random movers and the computer at any
//! of its levels, printed turn by turn, optionally saved as a record.

use crate::board_text::{write_board, Region};
use crate::game::{Game, SourceArgs};
use crate::players::{computer_turn, random_turn, read_turn, HumanTurn, PlayerKind, Steps};
use crate::report_text::describe;
use crate::summary::write_summary;
use anyhow::{Context, Result};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::Write;
use std::path::PathBuf;
use warlord_rules::notation::{format_action, Record};
use warlord_rules::{Action, EndReason, Outcome, Phase, Position, Ruleset, Side};

/// Arguments of `warlord play`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game: a scenario, or a record to continue from its last position.
    #[command(flatten)]
    pub source: SourceArgs,
    /// Who plays White: `human`, `random`, or the computer: `ai` (level 3) or `ai:N`, N from 1
    /// (a novice) to 8 (the champion at 1 s a turn); the levels are listed in docs/AI.md.
    #[arg(long, default_value = "human", value_name = "PLAYER")]
    pub white: PlayerKind,
    /// Who plays Black, as for `--white`.
    #[arg(long, default_value = "human", value_name = "PLAYER")]
    pub black: PlayerKind,
    /// The seed of the random movers and the computer (default: from the clock; printed at the
    /// start).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Write the game to this record file when it ends or stops.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Print only this rectangle of the board, given by two corners (for large boards).
    #[arg(long, value_name = "FROM:TO")]
    pub region: Option<Region>,
}

/// Plays until the game is over, a human resigns or the input ends.
pub fn run(args: Args, out: &mut dyn Write) -> Result<()> {
    let game = Game::load(&args.source)?;
    let rules = game.rules.as_ref();
    let mut pos = game.position()?;
    let mut history = game.history()?;
    let region = match args.region {
        Some(region) => region.check(pos.board())?,
        None => Region::whole(pos.board()),
    };
    let players = [args.white, args.black];
    let seed = args.seed.unwrap_or_else(clock_seed);
    let mut rng = StdRng::seed_from_u64(seed);
    writeln!(out, "{}", game.title())?;
    writeln!(out, "white: {}, black: {}, seed {seed}; type `help` at a prompt", args.white, args.black)?;
    show(out, rules, &pos, players, region)?;
    let mut input = std::io::stdin().lock();
    while pos.outcome().is_none() {
        let side = pos.to_move();
        let steps = match players[side.index()] {
            PlayerKind::Random => random_turn(rules, &mut pos, &mut rng)?,
            PlayerKind::Computer(level) => computer_turn(rules, &mut pos, level, rng.gen())?,
            PlayerKind::Human => match read_turn(rules, &mut pos, &mut input, out, &mut rng)? {
                HumanTurn::Played(steps) => steps,
                HumanTurn::Resigned => {
                    rules.conclude(&mut pos, Outcome::win(side.opponent(), EndReason::Resignation));
                    writeln!(out, "{side} resigns")?;
                    write_summary(out, rules, &pos)?;
                    break;
                }
                HumanTurn::InputEnded => {
                    writeln!(out, "\ninput ended: the game stops unfinished")?;
                    break;
                }
            },
        };
        write_turn(out, rules, side, &steps)?;
        history.push((side, steps.into_iter().map(|(action, _)| action).collect()));
        show(out, rules, &pos, players, region)?;
    }
    if let Some(path) = &args.record {
        let record = Record::from_history(tags(&game, &args, seed, &pos), &history, rules.pieces());
        std::fs::write(path, record.to_text(rules.pieces()))
            .with_context(|| format!("cannot write the record {}", path.display()))?;
        writeln!(out, "record written to {}", path.display())?;
    }
    Ok(())
}

/// The board (during setup, only what the human about to place, or else the other human, may
/// see: rulings 10) and the summary.
fn show(
    out: &mut dyn Write,
    rules: &dyn Ruleset,
    pos: &Position,
    players: [PlayerKind; 2],
    region: Region,
) -> Result<()> {
    let shown = if *pos.phase() == Phase::Setup {
        let next = pos.to_move();
        let viewer = [next, next.opponent()].into_iter().find(|s| players[s.index()] == PlayerKind::Human);
        rules.view(pos, viewer)
    } else {
        pos.clone()
    };
    writeln!(out)?;
    write_board(out, rules.pieces(), &shown, region)?;
    write_summary(out, rules, pos)?;
    Ok(())
}

/// The turn in notation, then what any of its actions did. A setup is not shown, so that a
/// human still to place learns nothing of it.
fn write_turn(out: &mut dyn Write, rules: &dyn Ruleset, side: Side, steps: &Steps) -> Result<()> {
    let pieces = rules.pieces();
    let placed = steps.iter().filter(|(a, _)| matches!(a, Action::Place { .. })).count();
    if placed > 0 {
        writeln!(out, "\n{side} has placed {placed} pieces")?;
        return Ok(());
    }
    let moves: Vec<String> =
        steps.iter().filter(|(a, _)| *a != Action::EndTurn).map(|(a, _)| format_action(a, pieces)).collect();
    let turn = if moves.is_empty() { "pass".to_string() } else { moves.join(", ") };
    writeln!(out, "\n{side} plays: {turn}")?;
    for (action, report) in steps {
        let what = describe(report, pieces);
        if !what.is_empty() {
            writeln!(out, "  {}: {what}", format_action(action, pieces))?;
        }
    }
    Ok(())
}

/// The record header: scenario, options, players, seed and, once over, the result.
fn tags(game: &Game, args: &Args, seed: u64, pos: &Position) -> Vec<(String, String)> {
    let mut tags = vec![("Scenario".to_string(), game.scenario_ref.clone())];
    tags.extend(game.options.iter().map(|(k, v)| ("Option".to_string(), format!("{k}={v}"))));
    tags.push(("White".into(), args.white.to_string()));
    tags.push(("Black".into(), args.black.to_string()));
    tags.push(("Seed".into(), seed.to_string()));
    if let Some(outcome) = pos.outcome() {
        tags.push(("Result".into(), outcome.to_string()));
    }
    tags
}

/// A seed from the clock, for games nobody asked to repeat.
fn clock_seed() -> u64 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    now.as_secs() ^ u64::from(now.subsec_nanos())
}
