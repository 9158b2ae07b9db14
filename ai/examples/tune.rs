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

use clap::{Parser, ValueEnum};
use rayon::prelude::*;
use std::collections::BTreeMap;
use warlord_ai::arena::Ending;
use warlord_ai::tune::{fit, log_loss, self_play_game, Labels, Sample};
use warlord_ai::{by_name_with, Budget, Evaluator, Weights};
use warlord_rules::Scenario;

/// Fits the evaluation weights from self-play and writes them to a weights file.
#[derive(Parser)]
struct Settings {
    /// Games a scenario.
    #[arg(default_value_t = 300)]
    games: u64,
    /// Scenario ids; every shipped scenario when none.
    scenarios: Vec<String>,
    /// The self-play agent.
    #[arg(long, default_value = "greedy")]
    agent: String,
    /// The weights it plays with, and the fit's start (the hand-set ones when not given).
    #[arg(long)]
    weights: Option<String>,
    /// Its budget a turn.
    #[arg(long, default_value = "100000n", value_parser = Budget::parse)]
    budget: Budget,
    /// The chance that a turn is played at random instead.
    #[arg(long, default_value_t = 0.2)]
    noise: f64,
    /// Games end at this many turns, adjudicated by material; 0 for no limit.
    #[arg(long, default_value_t = 150)]
    turn_limit: u32,
    /// Games still running after this many turns are stopped, unfinished.
    #[arg(long, default_value_t = 300)]
    max_turns: u32,
    /// How results label the positions: results, rule-wins or rule-wins-only.
    #[arg(long, default_value = "results", value_parser = Labels::parse)]
    labels: Labels,
    /// Whether the bias is fitted or held at its starting value.
    #[arg(long, value_enum, default_value_t = Bias::Fit)]
    bias: Bias,
    /// Where the fitted weights are written.
    #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/weights/tuned.toml"))]
    out: String,
}

/// What the fit does with the bias.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Bias {
    /// Fits it with the other weights.
    Fit,
    /// Keeps the starting weights' bias.
    Hold,
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut s = Settings::parse();
    if s.scenarios.is_empty() {
        s.scenarios = warlord_scenarios::ALL.iter().map(|b| b.id.to_string()).collect();
    }
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
    let fitted = fit(&train, &start, 1.0, 25, s.bias == Bias::Hold);
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
