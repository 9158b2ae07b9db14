//! `warlord analyse`: computer analysis of a record: per turn the winning chance before and
//! after, the best turn the AI finds and what the played turn lost, marked as inaccuracies,
//! mistakes and blunders; a summary per side; an evaluation graph (SVG). docs/AI.md,
//! "Analysis".

use crate::game::{Game, SourceArgs};
use anyhow::{anyhow, bail, Result};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;
use std::path::{Path, PathBuf};
use warlord_ai::analysis::{analyse, Analysis, SideSummary};
use warlord_ai::{by_name, Budget};
use warlord_rules::Side;

/// Arguments of `warlord analyse`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The record file to analyse.
    #[command(flatten)]
    pub source: SourceArgs,
    /// The agent that looks for the best turns: random, greedy, oep, mcts or champion.
    #[arg(long, default_value = "champion")]
    pub agent: String,
    /// Thinking budget per turn: `100ms`, `1s`, or `5000n` nodes (reproducible).
    #[arg(long, default_value = "200ms", value_parser = Budget::parse)]
    pub budget: Budget,
    /// The seed of the agent's searches.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write the evaluation graph (White's winning chance after each turn) to this SVG file.
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Print the analysis as JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// Analyses the record and prints the table and the summaries.
pub fn run(args: Args, out: &mut dyn Write) -> Result<()> {
    let game = Game::load(&args.source)?;
    if game.record.is_none() {
        bail!("`{}` is a scenario, not a record; analyse reads record files", args.source.source);
    }
    let turns = game.history()?;
    let agent = by_name(&args.agent).map_err(|e| anyhow!(e))?;
    let bar = ProgressBar::new(turns.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} turns, {elapsed} elapsed, about {eta} left")
            .expect("a valid template"),
    );
    let analysis = analyse(game.rules.as_ref(), &turns, agent.as_ref(), args.budget, args.seed, |done, _| {
        bar.set_position(done as u64);
    })
    .map_err(|e| anyhow!(e))?;
    bar.finish_and_clear();
    if let Some(path) = &args.svg {
        write_graph(&analysis, path)?;
    }
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&analysis)?)?;
        return Ok(());
    }
    writeln!(out, "{}; best turns by {} at {:?} a turn", game.title(), analysis.agent, args.budget)?;
    writeln!(out, "turn      side   before  after   best    loss   played")?;
    for t in &analysis.turns {
        let mark = t.judgement.map_or("", |j| j.mark());
        writeln!(
            out,
            "{:<9} {:<6} {:>5.1}%  {:>5.1}%  {:>5.1}%  {:>5.1}  {}{mark}",
            turn_label(t.index, &turns),
            t.side.to_string(),
            100.0 * t.before,
            100.0 * t.after,
            100.0 * t.best_after,
            100.0 * t.loss,
            t.played.join(", "),
        )?;
        if let Some(j) = t.judgement {
            writeln!(out, "          {j:?}: the best turn found was {}", t.best.join(", "))?;
        }
    }
    for (side, summary) in [(Side::White, &analysis.white), (Side::Black, &analysis.black)] {
        write_summary(out, side, summary)?;
    }
    if let Some(path) = &args.svg {
        writeln!(out, "graph     {}", path.display())?;
    }
    Ok(())
}

/// `12.` or `12...`: the turn's number as a record writes it (turns go in pairs).
fn turn_label(index: usize, turns: &[(Side, Vec<warlord_rules::Action>)]) -> String {
    let first = turns.first().map(|(s, _)| *s);
    let number = index / 2 + 1;
    if Some(turns[index].0) == first {
        format!("{number}.")
    } else {
        format!("{number}...")
    }
}

fn write_summary(out: &mut dyn Write, side: Side, s: &SideSummary) -> Result<()> {
    writeln!(
        out,
        "{:<9} {} turns, mean loss {:.1} points of winning chance; {} inaccuracies, {} mistakes, {} blunders",
        side.to_string(),
        s.turns,
        100.0 * s.mean_loss,
        s.inaccuracies,
        s.mistakes,
        s.blunders
    )?;
    Ok(())
}

/// Draws White's winning chance after each turn, with the marked turns as points.
fn write_graph(analysis: &Analysis, path: &Path) -> Result<()> {
    use plotters::prelude::*;
    let points: Vec<(f64, f64)> =
        analysis.white_chances().into_iter().map(|(i, c)| (i as f64 + 1.0, 100.0 * c)).collect();
    let last = points.last().map_or(1.0, |p| p.0).max(1.0);
    let root = SVGBackend::new(path, (900, 360)).into_drawing_area();
    let draw = |e: &dyn std::fmt::Display| anyhow!("drawing {}: {e}", path.display());
    root.fill(&WHITE).map_err(|e| draw(&e))?;
    let mut chart = ChartBuilder::on(&root)
        .caption("White's winning chance after each turn", ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(48)
        .build_cartesian_2d(0.0..last + 1.0, 0.0..100.0)
        .map_err(|e| draw(&e))?;
    chart.configure_mesh().x_desc("turn (each side's turn counted)").y_desc("%").draw().map_err(|e| draw(&e))?;
    chart.draw_series(LineSeries::new(points.iter().copied(), BLUE.stroke_width(2))).map_err(|e| draw(&e))?;
    chart.draw_series(LineSeries::new([(0.0, 50.0), (last + 1.0, 50.0)], BLACK.mix(0.3))).map_err(|e| draw(&e))?;
    let marked = analysis.turns.iter().zip(&points).filter(|(t, _)| t.judgement.is_some());
    chart.draw_series(marked.map(|(_, &p)| Circle::new(p, 5, RED.filled()))).map_err(|e| draw(&e))?;
    root.present().map_err(|e| draw(&e))?;
    Ok(())
}
