//! `warlord match`: two agents play a series of games on a scenario (colours alternating,
//! games in parallel), with a progress bar; prints the score, the Elo difference with its 95%
//! interval, think times, game lengths and how the games ended (by which rule, by
//! adjudication), and writes every game as a record file (and the summary as JSON with
//! `--json`). The runner is `warlord_ai::arena`.

use crate::game::{Game, SourceArgs};
use crate::players::PlayerKind;
use anyhow::{anyhow, bail, Result};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;
use warlord_ai::agents::Opening;
use warlord_ai::arena::Endings;
use warlord_ai::arena::{run_match, MatchConfig, Sprt, SprtResult, StartFrom};
use warlord_ai::{by_name, Agent, Budget};
use warlord_rules::notation::RecordTurn;

/// Arguments of `warlord match`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The scenario (its options with `--option`).
    #[command(flatten)]
    pub source: SourceArgs,
    /// The first agent (the one the score is given for): random, novice, greedy, oep, mcts,
    /// champion-captures, champion-mended, champion or champion-deep (thinking `--budget` a
    /// turn), or a level `ai:N` (its agent and its own budget, docs/AI.md "Levels").
    #[arg(long, default_value = "champion", value_parser = agent_name)]
    pub first: String,
    /// The second agent, as for `--first`.
    #[arg(long, default_value = "greedy", value_parser = agent_name)]
    pub second: String,
    /// Games to play; colours alternate.
    #[arg(long, default_value_t = 200)]
    pub games: u32,
    /// Thinking budget per turn of agents named without a level: `100ms`, `1s`, or `5000n`
    /// nodes (reproducible).
    #[arg(long, default_value = "100ms", value_parser = Budget::parse)]
    pub budget: Budget,
    /// The second agent's budget, when it is to think differently from the first (an A/B
    /// test of budgets: `--budget 9000n --second-budget 6000n`); `--budget` if not given.
    #[arg(long, value_parser = Budget::parse)]
    pub second_budget: Option<Budget>,
    /// The match seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at the same time; each game's agents search on its share of the cores
    /// (all of them with 1, one each with 2 on a 2-core machine).
    #[arg(long, default_value_t = 2)]
    pub parallel: usize,
    /// Stop early by SPRT between two Elo differences, like `0,50`.
    #[arg(long, value_name = "ELO0,ELO1", value_parser = parse_sprt)]
    pub sprt: Option<Sprt>,
    /// Turn limit for each game when `--option turn-limit=...` is not given: games reaching it
    /// are adjudicated by material (rulings 16).
    #[arg(long, default_value_t = 150)]
    pub turn_limit: u32,
    /// The folder for the record files (`game-0001.txt`, ...).
    #[arg(long, default_value = "match-records")]
    pub records: PathBuf,
    /// Also write the summary as JSON to this file.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// The first N play turns of every game (both sides' counted) played by the novice from the
    /// game's seed, then the agents: agents that ignore their seed (the champion at a node
    /// budget on short turns) otherwise play the same game again and again.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub opening: u32,
    /// Play the games in pairs from one seed each, the colours swapped: games 1 and 2 share
    /// their opening, so an opening that decides a game gives each agent the better side once.
    #[arg(long)]
    pub paired: bool,
    /// Exit with an error (after the summary) when more than PCT% of the games were adjudicated
    /// at the turn limit (or abandoned) instead of ending by the rules.
    #[arg(long, value_name = "PCT")]
    pub fail_on_adjudication: Option<f64>,
    /// With a record file: every game starts from the record's last position instead of the
    /// scenario's start, and its record begins with the record's turns (to measure how agents
    /// play on from a middle game or an endgame). The turn limit counts the record's turns too.
    #[arg(long)]
    pub from_position: bool,
}

fn agent_name(name: &str) -> Result<String, String> {
    contender(name, Budget::Millis(100)).map(|_| name.to_string())
}

/// The agent and its budget a turn: a level `ai:N` brings its own; an agent named alone thinks
/// `budget`.
fn contender(name: &str, budget: Budget) -> Result<(Box<dyn Agent>, Budget), String> {
    match name.parse::<PlayerKind>() {
        Ok(PlayerKind::Computer(level)) => Ok((level.agent(), level.budget())),
        Err(why) if name.starts_with("ai") => Err(why),
        _ => by_name(name).map(|agent| (agent, budget)),
    }
}

/// Where `--from-position` starts every game: the record's last position, with its turns.
fn start_from(game: &Game) -> Result<StartFrom> {
    let Some(file) = &game.record else {
        bail!("--from-position needs a record file to start from, not a scenario");
    };
    let position = game.position()?;
    if let Some(outcome) = position.outcome() {
        bail!("{}: the game is over ({outcome}); there is nothing to play on from", file.path.display());
    }
    let turns = file
        .record
        .turns
        .iter()
        .map(|t| RecordTurn { number: t.number, second: t.second, actions: t.actions.clone(), ..RecordTurn::default() })
        .collect();
    Ok(StartFrom { position, turns })
}

fn parse_sprt(text: &str) -> Result<Sprt, String> {
    let (a, b) = text.split_once(',').ok_or("write the two Elo differences as ELO0,ELO1, like 0,50")?;
    let number = |s: &str| s.trim().parse::<f64>().map_err(|_| format!("`{s}` is not a number"));
    Ok(Sprt { elo0: number(a)?, elo1: number(b)?, alpha: 0.05, beta: 0.05 })
}

/// Plays the match and prints its summary.
pub fn run(mut args: Args, out: &mut dyn Write) -> Result<()> {
    let probe = Game::load(&args.source)?;
    let scenario = &probe.scenario;
    if scenario.has_option("turn-limit") && !args.source.options.iter().any(|(k, _)| k == "turn-limit") {
        let mut options = vec![("turn-limit".to_string(), args.turn_limit.to_string())];
        if scenario.has_option("adjudication") {
            options.push(("adjudication".to_string(), "material".to_string()));
        }
        options.append(&mut args.source.options);
        args.source.options = options;
    }
    let game = Game::load(&args.source)?;
    let (first, first_budget) = contender(&args.first, args.budget).map_err(|e| anyhow!(e))?;
    let (second, second_budget) =
        contender(&args.second, args.second_budget.unwrap_or(args.budget)).map_err(|e| anyhow!(e))?;
    let opened = |agent: Box<dyn Agent>| -> Box<dyn Agent> {
        match args.opening {
            0 => agent,
            turns => Box::new(Opening::new(agent, turns)),
        }
    };
    let (first, second) = (opened(first), opened(second));
    let mut tags = vec![("Scenario".to_string(), game.scenario_ref.clone())];
    tags.extend(game.options.iter().map(|(k, v)| ("Option".to_string(), format!("{k}={v}"))));
    let from = if args.from_position { Some(start_from(&game)?) } else { None };
    let config = MatchConfig {
        games: args.games,
        budgets: [first_budget, second_budget],
        seed: args.seed,
        paired: args.paired,
        parallel: args.parallel,
        sprt: args.sprt,
        max_turns: 10_000,
        record_dir: Some(args.records.clone()),
        tags,
        from,
    };
    writeln!(
        out,
        "{}: {} vs {}, {} games at {} a turn, seed {}{}{}",
        game.title(),
        args.first,
        args.second,
        args.games,
        budgets_text(first_budget, second_budget),
        args.seed,
        match args.opening {
            0 => String::new(),
            n => format!(", the first {n} turns of each game by the novice"),
        },
        if args.paired { ", in pairs with the colours swapped" } else { "" }
    )?;
    out.flush()?;
    let bar = ProgressBar::new(u64::from(args.games));
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games, {elapsed} elapsed, about {eta} left  {msg}")
            .expect("a valid template"),
    );
    let report = run_match(game.rules.as_ref(), first.as_ref(), second.as_ref(), &config, &|_, t| {
        bar.set_message(format!("+{} ={} -{}  score {:.1}%", t.wins, t.draws, t.losses, 100.0 * t.score()));
        bar.inc(1);
    })
    .map_err(|e| anyhow!(e))?;
    bar.finish_and_clear();
    let t = report.tally;
    let (elo, lo, hi) = t.elo();
    writeln!(
        out,
        "games     {} ({} wins, {} draws, {} losses for {})",
        t.games(),
        t.wins,
        t.draws,
        t.losses,
        args.first
    )?;
    let (score_lo, score_hi) = t.score_interval();
    writeln!(
        out,
        "score     {:.1}% (95% interval {:.1}% to {:.1}%)",
        100.0 * t.score(),
        100.0 * score_lo,
        100.0 * score_hi
    )?;
    writeln!(out, "elo       {} (95% interval {} to {})", signed(elo), signed(lo), signed(hi))?;
    let endings = report.endings();
    writeln!(out, "length    {:.1} turns on average, median {:.1}", endings.mean_turns(), endings.median_turns())?;
    write_endings(out, &endings, &args.first)?;
    if args.paired {
        let [none, half, one, one_half, two] = report.pair_points();
        writeln!(
            out,
            "pairs     {} pairs by {}'s points: 0 in {none}, 1/2 in {half}, 1 in {one}, 3/2 in {one_half}, 2 in {two}",
            none + half + one + one_half + two,
            args.first
        )?;
    }
    let mut times = Vec::new();
    for (i, (name, budget)) in [(&args.first, first_budget), (&args.second, second_budget)].into_iter().enumerate() {
        // A time budget is honoured within 10%.
        let limit = match budget {
            Budget::Millis(b) => Some(Duration::from_millis(b) * 11 / 10),
            Budget::Nodes(_) => None,
        };
        let t = report.think_times(i, limit.unwrap_or(Duration::MAX));
        times.push(serde_json::json!({
            "agent": name,
            "turns": t.turns,
            "median_ms": ms(t.median),
            "p99_ms": ms(t.p99),
            "longest_ms": ms(t.longest),
            "over_limit": limit.map(|_| t.over),
        }));
        write!(
            out,
            "time      {name}: median {:.1} ms, 99th percentile {:.1} ms, longest {:.1} ms a turn",
            ms(t.median),
            ms(t.p99),
            ms(t.longest)
        )?;
        match limit {
            Some(l) => writeln!(out, "; {} of {} turns over {:.0} ms", t.over, t.turns, ms(l))?,
            None => writeln!(out)?,
        }
    }
    if let Some(decision) = report.sprt {
        let text = match decision {
            SprtResult::H1 => "H1 accepted (the first agent is stronger by the upper bound)",
            SprtResult::H0 => "H0 accepted (not stronger by the upper bound)",
            SprtResult::Continue => "no decision",
        };
        writeln!(out, "sprt      {text}")?;
    }
    writeln!(out, "records   {}", args.records.display())?;
    if let Some(path) = &args.json {
        let summary = serde_json::json!({
            "scenario": game.scenario_ref,
            "options": game.options.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>(),
            "first": args.first,
            "second": args.second,
            "budget": budgets_text(first_budget, second_budget),
            "seed": args.seed,
            "opening": args.opening,
            "paired": args.paired,
            "pair_points": args.paired.then(|| report.pair_points()),
            "parallel": args.parallel,
            "games": t.games(),
            "wins": t.wins,
            "draws": t.draws,
            "losses": t.losses,
            "score": t.score(),
            "score_interval": { "low": score_lo, "high": score_hi },
            "elo": { "estimate": elo, "low": lo.is_finite().then_some(lo), "high": hi.is_finite().then_some(hi) },
            "length": { "mean": endings.mean_turns(), "median": endings.median_turns() },
            "endings": endings_json(&endings),
            "adjudicated": endings.adjudicated(),
            "adjudicated_percent": endings.adjudicated_percent(),
            "wins_by_rule": endings.wins_by_rule().0,
            "think_time": times,
            "records": args.records.display().to_string(),
        });
        let text = serde_json::to_string_pretty(&summary)?;
        std::fs::write(path, text + "\n").map_err(|e| anyhow!("cannot write {}: {e}", path.display()))?;
        writeln!(out, "json      {}", path.display())?;
    }
    if let Some(pct) = args.fail_on_adjudication {
        if endings.too_many_adjudicated(pct) {
            return Err(anyhow!(
                "{} of {} games ({:.1}%) were adjudicated, more than the {pct}% allowed by --fail-on-adjudication",
                endings.adjudicated(),
                endings.games(),
                endings.adjudicated_percent()
            ));
        }
    }
    Ok(())
}

/// Writes how the games ended: one line per ending (the rules' name of the end reason,
/// `adjudication` at the turn limit, `abandoned`), the first agent's wins, draws and losses
/// that way, and their mean length.
fn write_endings(out: &mut dyn Write, endings: &Endings, first: &str) -> Result<()> {
    writeln!(out, "endings   how the games ended (wins / draws / losses for {first}, mean length)")?;
    let width = endings.rows().iter().map(|r| r.ending.name().len()).max().unwrap_or(0);
    for r in endings.rows() {
        writeln!(
            out,
            "          {:<width$}  {:>4} / {:>4} / {:>4}  {:6.1} turns",
            r.ending.name(),
            r.wins,
            r.draws,
            r.losses,
            r.mean_turns()
        )?;
    }
    writeln!(
        out,
        "adjudged  {} of {} games ({:.1}%) adjudicated at the turn limit or abandoned",
        endings.adjudicated(),
        endings.games(),
        endings.adjudicated_percent()
    )?;
    let (by_rule, wins) = endings.wins_by_rule();
    writeln!(
        out,
        "by rules  {by_rule} of {first}'s {wins} wins ({:.1}%) by the rules of the game",
        100.0 * f64::from(by_rule) / f64::from(wins.max(1))
    )?;
    Ok(())
}

/// The endings as JSON rows.
fn endings_json(endings: &Endings) -> serde_json::Value {
    endings
        .rows()
        .iter()
        .map(|r| {
            serde_json::json!({
                "ending": r.ending.name(),
                "by_rule": !r.ending.is_adjudication(),
                "wins": r.wins,
                "draws": r.draws,
                "losses": r.losses,
                "mean_length": r.mean_turns(),
            })
        })
        .collect()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// An Elo difference with its sign (`+0` for an even score, never `-0`), `+inf` or `-inf` where
/// an interval has no bound on that side (a score of 0 or 1 inside it).
fn signed(elo: f64) -> String {
    if elo.is_finite() {
        format!("{:+.0}", elo.round() + 0.0)
    } else {
        format!("{}inf", if elo > 0.0 { '+' } else { '-' })
    }
}

/// The agents' budgets: one if they think alike, else the first's and the second's.
fn budgets_text(first: Budget, second: Budget) -> String {
    if first == second {
        first.to_string()
    } else {
        format!("{first} (first) and {second} (second)")
    }
}
