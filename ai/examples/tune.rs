//! Fits the evaluation weights from self-play and writes them to `ai/weights/tuned.toml`.
//!
//! `cargo run --release -p warlord-ai --example tune -- [GAMES] [SCENARIO ...]`
//!
//! Plays GAMES games (default 300) on each scenario (default: every shipped one) with the
//! greedy agent on both sides using the hand-set weights, one turn in five played at random for
//! variety, each game ended at 150 turns by material adjudication; records the features at the
//! start of every turn with the final result for the side to move; fits the weights by logistic
//! regression; prints the log loss before and after on the data and on a held-out quarter.

use rayon::prelude::*;
use warlord_ai::agents::Greedy;
use warlord_ai::tune::{fit, log_loss, self_play_game, Sample};
use warlord_ai::{Budget, Evaluator, Weights};
use warlord_rules::Scenario;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(300);
    let mut ids: Vec<String> = args.iter().skip(1).cloned().collect();
    if ids.is_empty() {
        ids = warlord_scenarios::ALL.iter().map(|b| b.id.to_string()).collect();
    }
    let start = Weights::hand_set();
    let agent = Greedy::new(Evaluator::new(start.clone()));
    let mut train: Vec<Sample> = Vec::new();
    let mut test: Vec<Sample> = Vec::new();
    for id in &ids {
        let b = warlord_scenarios::get(id).unwrap_or_else(|| panic!("no scenario {id}"));
        let scenario = Scenario::parse(b.text, id).expect("valid");
        let mut options = Vec::new();
        if scenario.has_option("turn-limit") {
            options = vec![("turn-limit".into(), "150".into()), ("adjudication".into(), "material".into())];
        }
        let rules = scenario.ruleset(&options).expect("rules");
        let per_game: Vec<Vec<Sample>> = (0..games)
            .into_par_iter()
            .map(|g| self_play_game(rules.as_ref(), &agent, Budget::Nodes(100_000), 0.2, g, 300))
            .collect();
        let n: usize = per_game.iter().map(Vec::len).sum();
        println!("{id}: {games} games, {n} positions");
        for (g, samples) in per_game.into_iter().enumerate() {
            if g % 4 == 3 {
                test.extend(samples)
            } else {
                train.extend(samples)
            }
        }
    }
    let fitted = fit(&train, &start, 1.0, 25);
    println!("log loss, train: hand-set {:.4}, fitted {:.4}", log_loss(&start, &train), log_loss(&fitted, &train));
    println!("log loss, held out: hand-set {:.4}, fitted {:.4}", log_loss(&start, &test), log_loss(&fitted, &test));
    let comment = format!(
        "Fitted by `cargo run --release -p warlord-ai --example tune -- {games} {}`:\nlogistic regression of self-play results on the features ({} positions; held-out log loss {:.4}, hand-set {:.4}).",
        ids.join(" "),
        train.len(),
        log_loss(&fitted, &test),
        log_loss(&start, &test)
    );
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/weights/tuned.toml");
    std::fs::write(path, fitted.to_toml(&comment)).expect("the weights file is writable");
    println!("{}", fitted.to_toml(&comment));
}
