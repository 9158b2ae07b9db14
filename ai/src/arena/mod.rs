//! Matches between two agents: games in parallel with colours alternating, the score, the Elo
//! difference with its 95% interval, an optional SPRT stop, think-time statistics, how the
//! games ended ([`Endings`]) and a record file for every game. `warlord match` is a thin command over [`run_match`].

mod endings;
mod game;
mod stats;

pub use endings::{Ending, EndingRow, Endings};
pub use game::{play_game, play_game_from, score_for, Game};
pub use stats::{elo_of, score_of, Sprt, SprtResult, Tally};

use crate::agent::Agent;
use crate::budget::Budget;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Mutex;
use std::time::Duration;
use warlord_rules::notation::{Record, RecordTurn};
use warlord_rules::{Position, Ruleset, Side};

/// How a match is played.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Games to play (fewer if the SPRT stops the match).
    pub games: u32,
    /// The budget per turn of the first and of the second agent.
    pub budgets: [Budget; 2],
    /// The match seed: game `i` is played with a seed derived from it.
    pub seed: u64,
    /// Games in pairs: games `2k` and `2k + 1` are played from the same seed with the colours
    /// swapped ([`game_seed`]), so a seeded opening that favours one colour gives each agent
    /// the better side once.
    pub paired: bool,
    /// Games played at the same time; each game's agents search on its share of the cores.
    pub parallel: usize,
    /// Stop early when this test decides.
    pub sprt: Option<Sprt>,
    /// A game still going after this many turns is abandoned and scored as a draw (use the
    /// scenario's `turn-limit` option to end games by the rules).
    pub max_turns: u32,
    /// Where to write one record file per game (`game-0001.txt`, ...), if anywhere.
    pub record_dir: Option<PathBuf>,
    /// Tags written at the top of every record (scenario, options).
    pub tags: Vec<(String, String)>,
    /// Where every game starts, if not at the rules' start.
    pub from: Option<StartFrom>,
}

/// A position every game of a match starts from, with the turns that reached it (written at
/// the head of every game's record, so that the record replays from the rules' start).
#[derive(Clone, Debug)]
pub struct StartFrom {
    /// The position.
    pub position: Position,
    /// The turns from the rules' start to it, setup turns included.
    pub turns: Vec<RecordTurn>,
}

/// One finished game of a match.
#[derive(Clone, Debug)]
pub struct GameSummary {
    /// Its number in the match, from 0.
    pub index: u32,
    /// Whether the first agent played White.
    pub first_is_white: bool,
    /// The first agent's score.
    pub score: f64,
    /// The game.
    pub game: Game,
}

/// The result of a match, from the first agent's point of view.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// Wins, draws, losses.
    pub tally: Tally,
    /// Games by index (only those played).
    pub games: Vec<GameSummary>,
    /// The SPRT's decision, if one was asked for.
    pub sprt: Option<SprtResult>,
}

impl MatchReport {
    /// For a [`MatchConfig::paired`] match, how many pairs (both games played) gave the first
    /// agent 0, 1/2, 1, 3/2 and 2 points: where an opening decides, the pair splits 1-1 by
    /// colour, and the pairs at 0 or 2 are those one agent won whatever its colour.
    #[must_use]
    pub fn pair_points(&self) -> [u32; 5] {
        let mut by_pair: std::collections::BTreeMap<u32, Vec<f64>> = std::collections::BTreeMap::new();
        for g in &self.games {
            by_pair.entry(pair_of(g.index)).or_default().push(g.score);
        }
        let mut counts = [0; 5];
        for scores in by_pair.values().filter(|s| s.len() == 2) {
            counts[(2.0 * (scores[0] + scores[1])).round() as usize] += 1;
        }
        counts
    }

    /// The mean number of play turns a game lasted.
    #[must_use]
    pub fn mean_turns(&self) -> f64 {
        self.endings().mean_turns()
    }

    /// How the games ended (by which rule, by adjudication), for the first agent's wins, draws
    /// and losses separately, with their lengths.
    #[must_use]
    pub fn endings(&self) -> Endings {
        let mut e = Endings::default();
        for g in &self.games {
            e.add(Ending::of(g.game.outcome.as_ref()), g.score, g.game.turns);
        }
        e
    }

    /// The think times of an agent (0 first, 1 second) over its turns: the median, the 99th
    /// percentile, the longest, and how many turns went over `limit`.
    #[must_use]
    pub fn think_times(&self, agent: usize, limit: Duration) -> ThinkTimes {
        let mut all: Vec<Duration> = self
            .games
            .iter()
            .flat_map(|g| {
                let white_is_agent = g.first_is_white == (agent == 0);
                let side = if white_is_agent { Side::White } else { Side::Black };
                g.game.times[side.index()].iter().copied()
            })
            .collect();
        all.sort();
        let at = |q: f64| all.get(((all.len() as f64 * q) as usize).min(all.len().saturating_sub(1))).copied();
        ThinkTimes {
            turns: all.len(),
            median: at(0.5).unwrap_or_default(),
            p99: at(0.99).unwrap_or_default(),
            longest: all.last().copied().unwrap_or_default(),
            over: all.iter().filter(|t| **t > limit).count(),
        }
    }
}

/// How long an agent thought over the turns of a match.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct ThinkTimes {
    /// Turns counted.
    pub turns: usize,
    /// The median turn.
    pub median: Duration,
    /// The 99th percentile.
    pub p99: Duration,
    /// The longest turn.
    pub longest: Duration,
    /// Turns longer than the limit asked about.
    pub over: usize,
}

/// The pair game `index` (from 0) belongs to in a [`MatchConfig::paired`] match: games `2k`
/// and `2k + 1` form pair `k` (the colours alternate by the game's number).
fn pair_of(index: u32) -> u32 {
    index / 2
}

/// The seed game `index` (from 0) of a match is played with: derived from the match seed and
/// the game's number, or with [`MatchConfig::paired`] from the number of its pair.
#[must_use]
pub fn game_seed(config: &MatchConfig, index: u32) -> u64 {
    let n = if config.paired { pair_of(index) } else { index };
    config.seed.wrapping_add(u64::from(n).wrapping_mul(0x2545_f491_4f6c_dd1d))
}

/// Plays a match of `first` against `second`. `on_game` is called (from worker threads) after
/// each game with the game and the tally so far.
pub fn run_match(
    rules: &dyn Ruleset,
    first: &dyn Agent,
    second: &dyn Agent,
    config: &MatchConfig,
    on_game: &(dyn Fn(&GameSummary, &Tally) + Sync),
) -> Result<MatchReport, String> {
    if let Some(dir) = &config.record_dir {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let workers = config.parallel.clamp(1, config.games.max(1) as usize);
    let next = AtomicU32::new(0);
    let tally = Mutex::new(Tally::default());
    let stop = AtomicBool::new(false);
    // Where every game starts, and the turns played before it.
    let (start, played) = match &config.from {
        None => (rules.start(), 0),
        Some(from) => (from.position.clone(), u32::try_from(from.turns.len()).map_err(|_| "too many turns")?),
    };
    let play = |index: u32| -> Result<GameSummary, String> {
        let first_is_white = index.is_multiple_of(2);
        let agents = if first_is_white { [first, second] } else { [second, first] };
        let seed = game_seed(config, index);
        // Each game searches in its own pool with its share of the cores, so that games in
        // parallel never run more search threads than there are cores.
        let search = rayon::ThreadPoolBuilder::new()
            .num_threads((cores / workers).max(1))
            .build()
            .map_err(|e| format!("cannot start the search threads: {e}"))?;
        let game = search
            .install(|| {
                let [a, b] = config.budgets;
                let budgets = if first_is_white { [a, b] } else { [b, a] };
                play_game_from(rules, &start, played, agents, budgets, seed, config.max_turns)
            })
            .map_err(|e| format!("game {}: {e}", index + 1))?;
        let side = if first_is_white { Side::White } else { Side::Black };
        let summary = GameSummary { index, first_is_white, score: score_for(game.outcome.as_ref(), side), game };
        if let Some(dir) = &config.record_dir {
            write_record(dir, &summary, [first.name(), second.name()], config, rules)?;
        }
        let now = {
            let mut t = tally.lock().expect("no game panicked holding the tally");
            t.add(summary.score);
            *t
        };
        if config.sprt.is_some_and(|s| s.decide(&now) != SprtResult::Continue) {
            stop.store(true, Ordering::Relaxed);
        }
        on_game(&summary, &now);
        Ok(summary)
    };
    // Plain threads take the games one at a time (a rayon worker waiting for a game's search
    // would start another game meanwhile, and more games than `parallel` would run at once).
    let results: Vec<Result<GameSummary, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    while !stop.load(Ordering::Relaxed) {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= config.games {
                            break;
                        }
                        let result = play(index);
                        let failed = result.is_err();
                        mine.push(result);
                        if failed {
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                    mine
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|_| vec![Err("a game thread panicked".into())]))
            .collect()
    });
    let mut games = Vec::new();
    for r in results {
        games.push(r?);
    }
    games.sort_by_key(|g| g.index);
    let tally = *tally.lock().expect("no game panicked holding the tally");
    Ok(MatchReport { tally, games, sprt: config.sprt.map(|s| s.decide(&tally)) })
}

fn write_record(
    dir: &std::path::Path,
    g: &GameSummary,
    names: [String; 2],
    config: &MatchConfig,
    rules: &dyn Ruleset,
) -> Result<(), String> {
    let (white, black) = if g.first_is_white { (&names[0], &names[1]) } else { (&names[1], &names[0]) };
    let mut turns = config.from.as_ref().map_or_else(Vec::new, |from| from.turns.clone());
    turns.extend(g.game.record.turns.iter().cloned());
    let mut record = Record { tags: config.tags.clone(), turns, ..Record::default() };
    record.tags.push(("White".into(), white.clone()));
    record.tags.push(("Black".into(), black.clone()));
    let [a, b] = config.budgets;
    let budget = match (a == b, g.first_is_white) {
        (true, _) => a.to_string(),
        (false, true) => format!("white {a}, black {b}"),
        (false, false) => format!("white {b}, black {a}"),
    };
    record.tags.push(("Budget".into(), budget));
    let result = g.game.outcome.map_or("* (abandoned)".to_string(), |o| o.to_string());
    record.tags.push(("Result".into(), result));
    let path = dir.join(format!("game-{:04}.txt", g.index + 1));
    std::fs::write(&path, record.to_text(rules.pieces())).map_err(|e| format!("cannot write {}: {e}", path.display()))
}
