//! Fits the evaluation weights from self-play and writes them to a weights file.
//!
//! `cargo run --release -p warlord-ai --example tune -- [GAMES] [SCENARIO ...] [OPTIONS]`
//!
//! Plays GAMES games (default 300) on each scenario (default: every shipped one) with one agent
//! on both sides, one turn in five played at random for variety; records the features at the
//! start of every turn with the final result for the side to move; fits the weights by logistic
//! regression; prints how the games ended and the log loss of the hand-set, the current tuned
//! and the fitted weights, on the data and on a held-out quarter of the games. Options:
//!
//! - `--agent NAME` (greedy): the self-play agent (`warlord_ai::by_name_with`).
//! - `--weights FILE` (the hand-set weights): the weights it plays with, and the fit's start.
//! - `--budget B` (100000n): its budget a turn.
//! - `--noise P` (0.2): the chance that a turn is played at random instead.
//! - `--turn-limit N` (150): games end at N turns, adjudicated by material; 0 for no limit,
//!   so that games end by the rules (or are stopped unfinished at `--max-turns`, printed as
//!   `abandoned`).
//! - `--max-turns N` (300): games still running are stopped, unfinished.
//! - `--labels L` (results): `results` (a win at the limit is a win), `rule-wins` (only a win
//!   by the rules is a win, every other game a draw) or `rule-wins-only` (only games won by the
//!   rules are data).
//! - `--bias B` (fit): `fit` fits the bias too; `hold` keeps the starting weights' bias (0 in
//!   the hand-set ones), so that the evaluation favours neither the side to move nor the other.
//! - `--out FILE` (ai/weights/tuned.toml): where the fitted weights are written.

use rayon::prelude::*;
use std::collections::BTreeMap;
use warlord_ai::arena::Ending;
use warlord_ai::tune::{fit, log_loss, self_play_game, Labels, Sample};
use warlord_ai::{by_name_with, Budget, Evaluator, Weights};
use warlord_rules::Scenario;

/// The settings of a tuning run.
struct Settings {
    games: u64,
    scenarios: Vec<String>,
    agent: String,
    weights: Option<String>,
    budget: Budget,
    noise: f64,
    turn_limit: u32,
    max_turns: u32,
    labels: Labels,
    hold_bias: bool,
    out: String,
}

/// The settings from the command line; `Err` says which argument is wrong.
fn settings(args: &[String]) -> Result<Settings, String> {
    let mut s = Settings {
        games: 300,
        scenarios: Vec::new(),
        agent: "greedy".into(),
        weights: None,
        budget: Budget::Nodes(100_000),
        noise: 0.2,
        turn_limit: 150,
        max_turns: 300,
        labels: Labels::Results,
        hold_bias: false,
        out: concat!(env!("CARGO_MANIFEST_DIR"), "/weights/tuned.toml").into(),
    };
    let mut positional = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        if !arg.starts_with("--") {
            positional.push(arg.clone());
            continue;
        }
        let value = it.next().ok_or_else(|| format!("{arg} needs a value"))?;
        let number = |what: &str| format!("{arg} takes {what}, not `{value}`");
        match arg.as_str() {
            "--agent" => s.agent = value.clone(),
            "--weights" => s.weights = Some(value.clone()),
            "--budget" => s.budget = Budget::parse(value)?,
            "--noise" => s.noise = value.parse().map_err(|_| number("a chance"))?,
            "--turn-limit" => s.turn_limit = value.parse().map_err(|_| number("a number of turns"))?,
            "--max-turns" => s.max_turns = value.parse().map_err(|_| number("a number of turns"))?,
            "--labels" => s.labels = Labels::parse(value)?,
            "--bias" => {
                s.hold_bias = match value.as_str() {
                    "fit" => false,
                    "hold" => true,
                    _ => return Err(format!("--bias takes fit or hold, not `{value}`")),
                }
            }
            "--out" => s.out = value.clone(),
            other => return Err(format!("unknown option {other}")),
        }
    }
    if let Some(first) = positional.first() {
        s.games = first.parse().map_err(|_| format!("GAMES is a number, not `{first}`"))?;
        s.scenarios = positional[1..].to_vec();
    }
    if s.scenarios.is_empty() {
        s.scenarios = warlord_scenarios::ALL.iter().map(|b| b.id.to_string()).collect();
    }
    Ok(s)
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let s = settings(&args)?;
    let start = match &s.weights {
        Some(path) => Weights::parse(&std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?)
            .map_err(|e| format!("{path}: {e}"))?,
        None => Weights::hand_set(),
    };
    let agent = by_name_with(&s.agent, Evaluator::new(start.clone()))?;
    let mut train: Vec<Sample> = Vec::new();
    let mut test: Vec<Sample> = Vec::new();
    for id in &s.scenarios {
        let b = warlord_scenarios::get(id).ok_or_else(|| format!("no scenario {id}"))?;
        let scenario = Scenario::parse(b.text, id).map_err(|e| format!("{id}: {e}"))?;
        let mut options = Vec::new();
        if s.turn_limit > 0 && scenario.has_option("turn-limit") {
            options = vec![("turn-limit".into(), s.turn_limit.to_string()), ("adjudication".into(), "material".into())];
        }
        let rules = scenario.ruleset(&options).map_err(|e| format!("{id}: {e}"))?;
        let games: Vec<_> = (0..s.games)
            .into_par_iter()
            .map(|g| self_play_game(rules.as_ref(), agent.as_ref(), s.budget, s.noise, g, s.max_turns))
            .collect();
        let mut endings: BTreeMap<String, u32> = BTreeMap::new();
        for game in &games {
            *endings.entry(Ending::of(game.outcome.as_ref()).name()).or_default() += 1;
        }
        let by_rule = games.iter().filter(|g| g.won_by_rule()).count();
        let n: usize = games.iter().map(|g| g.positions.len()).sum();
        println!("{id}: {} games, {n} positions, {by_rule} won by the rules; endings {endings:?}", s.games);
        for (g, game) in games.into_iter().enumerate() {
            if g % 4 == 3 {
                test.extend(game.samples(s.labels));
            } else {
                train.extend(game.samples(s.labels));
            }
        }
    }
    let fitted = fit(&train, &start, 1.0, 25, s.hold_bias);
    let (hand, tuned) = (Weights::hand_set(), Weights::tuned());
    for (name, data) in [("train", &train), ("held out", &test)] {
        println!(
            "log loss, {name} ({} positions): hand-set {:.4}, tuned {:.4}, fitted {:.4}",
            data.len(),
            log_loss(&hand, data),
            log_loss(&tuned, data),
            log_loss(&fitted, data)
        );
    }
    let comment = format!(
        "Fitted by `cargo run --release -p warlord-ai --example tune -- {}`:\nlogistic regression of self-play results on the features ({} positions; held-out log loss {:.4}, hand-set {:.4}).",
        args.join(" "),
        train.len(),
        log_loss(&fitted, &test),
        log_loss(&hand, &test)
    );
    std::fs::write(&s.out, fitted.to_toml(&comment)).map_err(|e| format!("{}: {e}", s.out))?;
    println!("{}", fitted.to_toml(&comment));
    Ok(())
}
