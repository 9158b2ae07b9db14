//! Tuning the evaluation from self-play: play games, record the features of the position at
//! the start of every turn with the final result for the side to move, and fit the weights by
//! logistic regression (Newton's method with a small ridge penalty; nine weights need no
//! library). `cargo run --release -p warlord-ai --example tune` drives it (docs/AI.md).
//!
//! The label of a game can be its result as it stands (a win on material at a turn limit
//! counts as a win) or only a win by the rules of the game ([`Labels`]): an evaluation fitted
//! to results at a turn limit learns to like material at the limit, not how games are won.

use crate::agent::Agent;
use crate::agents::RandomAgent;
use crate::arena::{score_for, Ending};
use crate::budget::Budget;
use crate::eval::features::{extract, Features, COUNT};
use crate::eval::{sigmoid, Weights};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use warlord_rules::{Outcome, Phase, Ruleset, Side};

/// One training example: features at a turn's start, and the side to move's final score.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sample {
    /// The features.
    pub features: Features,
    /// 1 if the side to move went on to win, 0 if it lost, 1/2 for a draw.
    pub result: f64,
}

/// Which results label the positions of a self-play game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Labels {
    /// Every result as it stands: a win adjudicated at a turn limit is a win; a game stopped
    /// unfinished is a draw.
    Results,
    /// Wins by the rules of the game as they stand; every other game (a draw, a game
    /// adjudicated or stopped at a turn limit) labels its positions as a draw.
    RuleWins,
    /// Only games won by the rules of the game give samples; the others are left out.
    RuleWinsOnly,
}

impl Labels {
    /// The labelling named `results`, `rule-wins` or `rule-wins-only`.
    pub fn parse(name: &str) -> Result<Labels, String> {
        match name {
            "results" => Ok(Labels::Results),
            "rule-wins" => Ok(Labels::RuleWins),
            "rule-wins-only" => Ok(Labels::RuleWinsOnly),
            other => Err(format!("`{other}` is not a labelling; use results, rule-wins or rule-wins-only")),
        }
    }
}

/// A self-play game: the features at the start of every play turn and how the game ended.
#[derive(Clone, Debug)]
pub struct SelfPlayGame {
    /// The side to move at the start of each play turn, with the features of the position.
    pub positions: Vec<(Side, Features)>,
    /// The result; `None` when the game was stopped unfinished.
    pub outcome: Option<Outcome>,
}

impl SelfPlayGame {
    /// Whether a side won by the rules of the game (not by adjudication at a turn limit).
    #[must_use]
    pub fn won_by_rule(&self) -> bool {
        self.outcome.is_some_and(|o| o.winner.is_some()) && !Ending::of(self.outcome.as_ref()).is_adjudication()
    }

    /// The game's samples: each position with the final score of its side to move, as
    /// `labels` reads the result.
    #[must_use]
    pub fn samples(&self, labels: Labels) -> Vec<Sample> {
        let by_rule = self.won_by_rule();
        if labels == Labels::RuleWinsOnly && !by_rule {
            return Vec::new();
        }
        let counted = if labels == Labels::Results || by_rule { self.outcome.as_ref() } else { None };
        self.positions
            .iter()
            .map(|(side, features)| Sample { features: *features, result: score_for(counted, *side) })
            .collect()
    }
}

/// Plays one self-play game with `agent` on both sides, a random turn played instead with
/// chance `noise` (for variety), stopped unfinished after `max_turns` play turns.
pub fn self_play_game(
    rules: &dyn Ruleset,
    agent: &dyn Agent,
    budget: Budget,
    noise: f64,
    seed: u64,
    max_turns: u32,
) -> SelfPlayGame {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = rules.start();
    let mut positions = Vec::new();
    let mut turns = 0;
    while pos.outcome().is_none() && turns < max_turns {
        let turn_seed = rng.gen();
        if *pos.phase() == Phase::Play {
            turns += 1;
            positions.push((pos.to_move(), extract(rules, &pos, &rules.legal_action_list(&pos))));
        }
        let actions = if *pos.phase() == Phase::Play && rng.gen_bool(noise) {
            RandomAgent.choose_turn(rules, &pos, budget, turn_seed)
        } else {
            agent.choose_turn(rules, &pos, budget, turn_seed)
        };
        for action in actions {
            rules.play_unchecked(&mut pos, action);
        }
    }
    SelfPlayGame { positions, outcome: pos.outcome().copied() }
}

/// The mean log loss of weights on samples.
#[must_use]
pub fn log_loss(w: &Weights, samples: &[Sample]) -> f64 {
    let n = samples.len().max(1) as f64;
    samples
        .iter()
        .map(|s| {
            let p = sigmoid(w.dot(&s.features)).clamp(1e-12, 1.0 - 1e-12);
            -(s.result * p.ln() + (1.0 - s.result) * (1.0 - p).ln())
        })
        .sum::<f64>()
        / n
}

/// Fits logistic-regression weights by Newton's method with ridge penalty `lambda` (not on the
/// bias), starting from `start`. Each step is halved until it lowers the penalised loss, so a
/// start far from the optimum (where a full Newton step overshoots and the weights run off to
/// infinity) still converges. With `hold_bias` the bias keeps its starting value: the
/// evaluation then favours neither the side to move nor its opponent, so a partial turn and
/// a finished one are compared on their features alone.
// Matrix code reads best with indices.
#[allow(clippy::needless_range_loop)]
#[must_use]
pub fn fit(samples: &[Sample], start: &Weights, lambda: f64, iterations: usize, hold_bias: bool) -> Weights {
    let mut w = start.0;
    let mut loss = penalised_loss(&w, samples, lambda);
    for _ in 0..iterations {
        let mut grad = [0.0; COUNT];
        let mut hess = [[0.0; COUNT]; COUNT];
        for s in samples {
            let p = sigmoid(dot(&w, &s.features));
            let r = p - s.result;
            let c = p * (1.0 - p);
            for i in 0..COUNT {
                grad[i] += r * s.features[i];
                for j in 0..COUNT {
                    hess[i][j] += c * s.features[i] * s.features[j];
                }
            }
        }
        for i in 1..COUNT {
            grad[i] += lambda * w[i];
            hess[i][i] += lambda;
        }
        if hold_bias {
            grad[0] = 0.0;
            for i in 0..COUNT {
                hess[0][i] = 0.0;
                hess[i][0] = 0.0;
            }
            hess[0][0] = 1.0;
        }
        for (i, row) in hess.iter_mut().enumerate() {
            row[i] += 1e-9;
        }
        let Some(step) = solve(hess, grad) else { break };
        let mut scale = 1.0;
        let improved = loop {
            let mut next = w;
            for i in 0..COUNT {
                next[i] -= scale * step[i];
            }
            let next_loss = penalised_loss(&next, samples, lambda);
            if next_loss <= loss {
                break Some((next, next_loss));
            }
            scale /= 2.0;
            if scale < 1e-6 {
                break None;
            }
        };
        let Some((next, next_loss)) = improved else { break };
        (w, loss) = (next, next_loss);
        if step.iter().map(|x| scale * x.abs()).fold(0.0, f64::max) < 1e-9 {
            break;
        }
    }
    Weights(w)
}

/// The weighted sum of features.
fn dot(w: &[f64; COUNT], features: &Features) -> f64 {
    w.iter().zip(features).map(|(a, b)| a * b).sum()
}

/// What [`fit`] minimises: the summed log loss plus the ridge penalty on every weight but the
/// bias.
fn penalised_loss(w: &[f64; COUNT], samples: &[Sample], lambda: f64) -> f64 {
    let ridge: f64 = w[1..].iter().map(|x| x * x).sum::<f64>() * lambda / 2.0;
    log_loss(&Weights(*w), samples) * samples.len() as f64 + ridge
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting; `None` if singular.
#[allow(clippy::needless_range_loop)]
fn solve(mut a: [[f64; COUNT]; COUNT], mut b: [f64; COUNT]) -> Option<[f64; COUNT]> {
    for col in 0..COUNT {
        let pivot = (col..COUNT).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-15 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..COUNT {
            let f = a[row][col] / a[col][col];
            for k in col..COUNT {
                a[row][k] -= f * a[col][k];
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = [0.0; COUNT];
    for row in (0..COUNT).rev() {
        let rest: f64 = (row + 1..COUNT).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - rest) / a[row][row];
    }
    Some(x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use warlord_rules::EndReason;

    #[test]
    fn the_fit_recovers_the_weights_that_generated_the_data() {
        let truth = Weights([0.2, 3.0, -1.0, 0.5, 0.0, 1.5, -0.5, 0.8, 0.3]);
        let mut rng = StdRng::seed_from_u64(7);
        let samples: Vec<Sample> = (0..20_000)
            .map(|_| {
                let mut f = [0.0; COUNT];
                f[0] = 1.0;
                for x in &mut f[1..] {
                    *x = rng.gen_range(-1.0..1.0);
                }
                let result = f64::from(u8::from(rng.gen_bool(sigmoid(truth.dot(&f)))));
                Sample { features: f, result }
            })
            .collect();
        let fitted = fit(&samples, &Weights([0.0; COUNT]), 1e-6, 30, false);
        for (a, b) in fitted.0.iter().zip(truth.0) {
            assert!((a - b).abs() < 0.15, "{:?}", fitted.0);
        }
        assert!(log_loss(&fitted, &samples) <= log_loss(&Weights::hand_set(), &samples));
    }

    #[test]
    fn the_fit_converges_from_a_far_start_and_can_hold_the_bias() {
        // Half the games drawn: the best weights are near zero, far from a start of 50s, where
        // every prediction is certain and a full Newton step runs off to infinity.
        let mut rng = StdRng::seed_from_u64(3);
        let samples: Vec<Sample> = (0..2_000)
            .map(|_| {
                let mut f = [1.0; COUNT];
                for x in &mut f[1..] {
                    *x = rng.gen_range(-1.0..1.0);
                }
                Sample { features: f, result: if rng.gen_bool(0.5) { 0.5 } else { f64::from(u8::from(f[1] > 0.0)) } }
            })
            .collect();
        let far = Weights([50.0; COUNT]);
        let fitted = fit(&samples, &far, 1.0, 25, false);
        assert!(fitted.0.iter().all(|w| w.abs() < 10.0), "{:?}", fitted.0);
        assert!(log_loss(&fitted, &samples) < log_loss(&Weights([0.0; COUNT]), &samples));
        let held = fit(&samples, &far, 1.0, 25, true);
        assert_eq!(held.0[0], 50.0);
        assert!(log_loss(&held, &samples) < log_loss(&far, &samples));
    }

    #[test]
    fn only_wins_by_the_rules_label_positions_as_won_when_asked() {
        let game = |outcome| SelfPlayGame {
            positions: vec![(Side::White, [0.0; COUNT]), (Side::Black, [1.0; COUNT])],
            outcome: Some(outcome),
        };
        let results = |g: &SelfPlayGame, labels| g.samples(labels).iter().map(|s| s.result).collect::<Vec<f64>>();
        let by_rule = game(Outcome::win(Side::White, EndReason::AllLeadersCaptured));
        let at_limit = game(Outcome::win(Side::White, EndReason::TurnLimit));
        let stopped = SelfPlayGame { outcome: None, ..by_rule.clone() };
        for labels in [Labels::Results, Labels::RuleWins, Labels::RuleWinsOnly] {
            assert_eq!(results(&by_rule, labels), vec![1.0, 0.0]);
        }
        assert_eq!(results(&at_limit, Labels::Results), vec![1.0, 0.0]);
        assert_eq!(results(&at_limit, Labels::RuleWins), vec![0.5, 0.5]);
        assert!(results(&at_limit, Labels::RuleWinsOnly).is_empty());
        assert_eq!(results(&stopped, Labels::Results), vec![0.5, 0.5]);
        assert!(results(&stopped, Labels::RuleWinsOnly).is_empty());
        assert_eq!(Labels::parse("rule-wins"), Ok(Labels::RuleWins));
        assert!(Labels::parse("wins").is_err());
    }
}
