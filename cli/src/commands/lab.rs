//! `warlord lab`: the playtest lab (docs/LAB.md). `lab run` plays a study's games on every
//! core into a database, `lab report` writes its HTML and JSON report, `lab compare` tests
//! whether one cell is fairer or more decisive than another. The work is `warlord_lab`'s.

use anyhow::{anyhow, Result};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use warlord_lab::compare::compare;
use warlord_lab::{run_study, Lab, Report, RunOptions, Study};

/// Arguments of `warlord lab`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// What to do.
    #[command(subcommand)]
    pub command: LabCommand,
}

/// The lab's commands.
#[derive(clap::Subcommand, Debug)]
pub enum LabCommand {
    /// Play a study's unplayed games on every core, storing each in the database; resumes
    /// where a killed run stopped, and any number of workers may share a PostgreSQL database.
    Run(RunArgs),
    /// Write a study's report: one self-contained HTML file with charts, and a JSON file.
    Report(ReportArgs),
    /// Is cell B fairer or more decisive than cell A? Two-proportion z tests.
    Compare(CompareArgs),
}

/// Where a study's games are: a study file (its database beside it unless `--db`), or a
/// database.
#[derive(clap::Args, Debug)]
pub struct StudySource {
    /// A study file (`.toml`), or a database: a SQLite file or a `postgres://` URL.
    #[arg(value_name = "STUDY|DB")]
    pub source: String,
    /// The database (a SQLite file or a `sqlite://` / `postgres://` URL), for a study file;
    /// default: `STUDY.lab.sqlite` beside the study.
    #[arg(long, value_name = "URL")]
    pub db: Option<String>,
    /// The study's name, for a database holding several.
    #[arg(long, value_name = "NAME")]
    pub study: Option<String>,
}

/// Arguments of `warlord lab run`.
#[derive(clap::Args, Debug)]
pub struct RunArgs {
    /// The study file, and where its games are stored.
    #[command(flatten)]
    pub source: StudySource,
    /// Games played at the same time (default: one per core).
    #[arg(long)]
    pub workers: Option<usize>,
    /// Games each worker thread claims at a time.
    #[arg(long, default_value_t = 1)]
    pub batch: u32,
    /// Seconds after which a claimed, unfinished game is taken over (its worker presumed dead).
    #[arg(long, default_value_t = 600)]
    pub reclaim_after: u64,
}

/// Arguments of `warlord lab report`.
#[derive(clap::Args, Debug)]
pub struct ReportArgs {
    /// The study (file or database).
    #[command(flatten)]
    pub source: StudySource,
    /// The folder to write `report.html` and `report.json` into.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}

/// Arguments of `warlord lab compare`.
#[derive(clap::Args, Debug)]
pub struct CompareArgs {
    /// The study (file or database).
    #[command(flatten)]
    pub source: StudySource,
    /// Cell A (the reference): a cell label like `chieftain/standard`, or a variant's name.
    pub a: String,
    /// Cell B (the candidate).
    pub b: String,
    /// Print the comparison as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs a lab command.
pub fn run(args: Args, out: &mut dyn Write) -> Result<()> {
    match args.command {
        LabCommand::Run(a) => run_games(a, out),
        LabCommand::Report(a) => report(a, out),
        LabCommand::Compare(a) => compare_cells(a, out),
    }
}

/// Opens the database a source names and finds its study.
fn open(source: &StudySource) -> Result<(Lab, Study)> {
    let path = Path::new(&source.source);
    let is_study = path.extension().is_some_and(|e| e == "toml");
    if is_study {
        let study = Study::load(path)?;
        let url = database_url(
            source.db.as_deref().map_or_else(|| Study::default_database(path).display().to_string(), str::to_string),
        );
        let lab = Lab::open(&url).map_err(|e| anyhow!("{url}: {e}"))?;
        return Ok((lab, study));
    }
    if source.db.is_some() {
        return Err(anyhow!("--db is for study files; `{}` is already a database", source.source));
    }
    if !source.source.contains("://") && !path.is_file() {
        return Err(anyhow!("`{}` is neither a study file (.toml) nor a database file or URL", source.source));
    }
    let url = database_url(source.source.clone());
    let lab = Lab::open(&url).map_err(|e| anyhow!("{url}: {e}"))?;
    let study = lab.study(source.study.as_deref())?;
    Ok((lab, study))
}

/// A database argument as a URL: URLs as they are, file paths as SQLite files.
fn database_url(text: String) -> String {
    if text.contains("://") {
        text
    } else {
        Lab::sqlite_url(Path::new(&text))
    }
}

fn run_games(args: RunArgs, out: &mut dyn Write) -> Result<()> {
    let (lab, study) = open(&args.source)?;
    let mut options = RunOptions::new();
    if let Some(w) = args.workers {
        options.threads = w.max(1);
    }
    options.batch = args.batch.max(1);
    options.reclaim_after = Duration::from_secs(args.reclaim_after);
    writeln!(
        out,
        "study {}: {} cells x {} games, {} vs {} at {} a turn, seed {}; {} threads",
        study.name,
        study.cells.len(),
        study.games,
        study.white,
        study.black,
        study.budget,
        study.seed,
        options.threads
    )?;
    out.flush()?;
    let bar = ProgressBar::new(study.total_games());
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games, {elapsed} elapsed, about {eta} left  {msg}")
            .map_err(|e| anyhow!("progress bar: {e}"))?,
    );
    let discarded = AtomicU64::new(0);
    let started = std::time::Instant::now();
    // The bar starts from the games stored before this run (registering is idempotent).
    lab.register(&study, &warlord_lab::plan::games(&study))?;
    bar.set_position(lab.progress(&study.name)?.done);
    bar.reset_eta();
    let summary = run_study(&lab, &study, &options, &|f| {
        if f.stored {
            bar.inc(1);
        } else {
            discarded.fetch_add(1, Ordering::Relaxed);
        }
        bar.set_message(format!("last: {} {} in {} turns", f.cell, f.result.ending, f.result.turns));
    })?;
    bar.finish_and_clear();
    let progress = lab.progress(&study.name)?;
    let secs = started.elapsed().as_secs_f64();
    writeln!(
        out,
        "played {} games in {:.1} s ({:.1} games a minute); {} played twice and dropped",
        summary.stored,
        secs,
        60.0 * summary.stored as f64 / secs.max(1e-9),
        summary.discarded
    )?;
    writeln!(
        out,
        "study {}: {} of {} games done, {} claimed by other workers, {} open",
        study.name,
        progress.done,
        progress.total(),
        progress.claimed,
        progress.open
    )?;
    Ok(())
}

fn report(args: ReportArgs, out: &mut dyn Write) -> Result<()> {
    let (lab, study) = open(&args.source)?;
    let report = Report::build(&lab, &study)?;
    let (html, json) = report.write(&args.out)?;
    writeln!(out, "{} of {} games of study {}", report.games_done, report.games_planned, report.study)?;
    for c in &report.cells {
        let m = &c.metrics;
        if m.games == 0 {
            writeln!(out, "{:<32}     0 games  (no games played yet)", c.label)?;
            continue;
        }
        let (lo, hi) = m.first_player_interval;
        writeln!(
            out,
            "{:<32} {:>5} games  first player {:.3} ({:.3}-{:.3})  decisive {:5.1}%  at turn limit {:5.1}%",
            c.label,
            m.games,
            m.first_player_score,
            lo,
            hi,
            100.0 * m.decisive_rate,
            100.0 * m.adjudicated_share
        )?;
    }
    writeln!(out, "html      {}", html.display())?;
    writeln!(out, "json      {}", json.display())?;
    writeln!(out, "markdown  {}", args.out.join("report.md").display())?;
    Ok(())
}

fn compare_cells(args: CompareArgs, out: &mut dyn Write) -> Result<()> {
    let (lab, study) = open(&args.source)?;
    let report = Report::build(&lab, &study)?;
    let comparison = compare(report.cell(&args.a)?, report.cell(&args.b)?);
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&comparison)?)?;
    } else {
        write!(out, "{}", comparison.to_text())?;
    }
    Ok(())
}
