//! Running a study: register its games in the database, then play unclaimed games on
//! several threads until none is left. Any number of workers, on any number of machines,
//! may run the same study against one PostgreSQL database; a worker killed mid-game leaves
//! its claims, which others take over once they are older than the reclaim timeout.

use crate::error::LabError;
use crate::plan;
use crate::play::{play, GameResult};
use crate::store::{now_ms, Claim, Lab};
use crate::study::Study;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use warlord_ai::agents::Opening;
use warlord_ai::{by_name, Agent};
use warlord_rules::{Ruleset, Scenario};

/// How a worker runs.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Games played at the same time (threads); each game's agents search on its share of
    /// the cores.
    pub threads: usize,
    /// Games claimed at a time by each thread.
    pub batch: u32,
    /// A claim older than this is taken over: its worker is presumed dead.
    pub reclaim_after: Duration,
    /// This worker's name in the database (threads add `#N`).
    pub worker: String,
}

impl RunOptions {
    /// One thread per core, one game claimed at a time, claims taken over after ten minutes,
    /// named after the host and process.
    #[must_use]
    pub fn new() -> RunOptions {
        let host = std::fs::read_to_string("/etc/hostname")
            .ok()
            .map(|h| h.trim().to_string())
            .filter(|h| !h.is_empty())
            .or_else(|| std::env::var("HOSTNAME").ok())
            .unwrap_or_else(|| "host".into());
        RunOptions {
            threads: std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
            batch: 1,
            reclaim_after: Duration::from_secs(600),
            worker: format!("{host}-{}", std::process::id()),
        }
    }
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions::new()
    }
}

/// A game this worker finished.
#[derive(Debug)]
pub struct Finished<'a> {
    /// The game's claim.
    pub claim: Claim,
    /// Its cell's label.
    pub cell: &'a str,
    /// What happened in it.
    pub result: &'a GameResult,
    /// Whether it was stored (`false`: its claim had expired and another worker took it).
    pub stored: bool,
}

/// What a worker did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct RunSummary {
    /// Games it played and stored.
    pub stored: u64,
    /// Games it played whose claim had been taken over meanwhile (not stored by it).
    pub discarded: u64,
}

/// Registers `study` in `lab` and plays its unclaimed games until none is left; `on_game` is
/// called (from the worker threads) after each game.
pub fn run_study(
    lab: &Lab,
    study: &Study,
    options: &RunOptions,
    on_game: &(dyn Fn(&Finished) + Sync),
) -> Result<RunSummary, LabError> {
    lab.register(study, &plan::games(study))?;
    let rules = cell_rules(study)?;
    let agent = |name: &str| -> Result<Box<dyn Agent>, LabError> {
        let agent = by_name(name).map_err(LabError::Stored)?;
        Ok(match study.opening {
            0 => agent,
            turns => Box::new(Opening::new(agent, turns)),
        })
    };
    let (white, black) = (agent(&study.white)?, agent(&study.black)?);
    let budget = study.budget()?;
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let threads = options.threads.max(1);
    let stop = AtomicBool::new(false);
    let summary = Mutex::new(RunSummary::default());
    let failure: Mutex<Option<LabError>> = Mutex::new(None);
    let fail = |e: LabError| {
        stop.store(true, Ordering::Relaxed);
        if let Ok(mut f) = failure.lock() {
            f.get_or_insert(e);
        }
    };
    std::thread::scope(|scope| {
        for t in 0..threads {
            let (rules, white, black, stop, summary, fail) = (&rules, &white, &black, &stop, &summary, &fail);
            scope.spawn(move || {
                let name = format!("{}#{t}", options.worker);
                let search = match rayon::ThreadPoolBuilder::new().num_threads((cores / threads).max(1)).build() {
                    Ok(pool) => pool,
                    Err(e) => return fail(LabError::Report(format!("cannot start the search threads: {e}"))),
                };
                let agents: [&dyn Agent; 2] = [white.as_ref(), black.as_ref()];
                while !stop.load(Ordering::Relaxed) {
                    let now = now_ms();
                    let stale = now - i64::try_from(options.reclaim_after.as_millis()).unwrap_or(i64::MAX);
                    let claims = match lab.claim(&study.name, &name, options.batch.max(1), now, stale) {
                        Ok(c) if c.is_empty() => return,
                        Ok(c) => c,
                        Err(e) => return fail(e),
                    };
                    for claim in claims {
                        let Some((cell, cell_rules)) = study.cells.get(claim.cell).zip(rules.get(claim.cell)) else {
                            return fail(LabError::Stored(format!(
                                "game {} names cell {}, which the study lacks",
                                claim.index, claim.cell
                            )));
                        };
                        let mut tags = vec![
                            ("Scenario".to_string(), cell.scenario.clone()),
                            ("Study".to_string(), format!("{} game {} ({})", study.name, claim.index, cell.label)),
                        ];
                        tags.extend(cell.options.iter().map(|(k, v)| ("Option".to_string(), format!("{k}={v}"))));
                        tags.push(("White".into(), study.white.clone()));
                        tags.push(("Black".into(), study.black.clone()));
                        tags.push(("Budget".into(), study.budget.clone()));
                        tags.push(("Seed".into(), claim.seed.to_string()));
                        let played = search.install(|| play(cell_rules.as_ref(), agents, budget, claim.seed, tags));
                        let result = match played {
                            Ok(r) => r,
                            Err(message) => {
                                return fail(LabError::Game { index: claim.index, cell: cell.label.clone(), message })
                            }
                        };
                        let stored = match lab.finish(&study.name, claim.index, &name, &result) {
                            Ok(s) => s,
                            Err(e) => return fail(e),
                        };
                        if let Ok(mut s) = summary.lock() {
                            if stored {
                                s.stored += 1;
                            } else {
                                s.discarded += 1;
                            }
                        }
                        on_game(&Finished { claim, cell: &cell.label, result: &result, stored });
                        if stop.load(Ordering::Relaxed) {
                            return;
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().ok().flatten() {
        return Err(e);
    }
    summary.into_inner().map_err(|_| LabError::Stored("a worker thread panicked".into()))
}

/// The rules of every cell of a study.
pub fn cell_rules(study: &Study) -> Result<Vec<Arc<dyn Ruleset>>, LabError> {
    study
        .cells
        .iter()
        .map(|cell| {
            Scenario::parse(&cell.scenario_text, &cell.scenario)
                .and_then(|s| s.ruleset(&cell.options))
                .map_err(|e| LabError::Stored(format!("cell {}: {e}", cell.label)))
        })
        .collect()
}
