//! Evaluation weights: one number per feature, kept as data in `ai/weights/*.toml`.

use super::features::{COUNT, COVERAGE, NAMES};
use std::collections::BTreeMap;

/// The weights fitted from self-play games by `tune` (see docs/AI.md), compiled in.
const TUNED: &str = include_str!("../../weights/tuned.toml");

/// The hand-set weights the first self-play games were played with, compiled in.
const HAND_SET: &str = include_str!("../../weights/hand-set.toml");

/// A weight for every feature: the evaluation is the logistic of their dot product with the
/// features, the probability that the side to move wins.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights(pub [f64; COUNT]);

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    weights: BTreeMap<String, f64>,
}

impl Weights {
    /// The weights fitted from self-play (the agents' default).
    #[must_use]
    pub fn tuned() -> Weights {
        Weights::parse(TUNED).expect("the compiled-in tuned weights are valid")
    }

    /// The weights the champion plays with: the fitted ones with coverage left out (weight 0).
    /// The fit gave coverage a small negative weight (-0.10; "did not predict results"), and in
    /// quiet turns, where no other feature moves, that sign alone walked the champion's leaders
    /// away from their own troops, which then could not move (docs/AI.md, "Round 28").
    #[must_use]
    pub fn champion() -> Weights {
        let mut w = Weights::tuned();
        w.0[COVERAGE] = 0.0;
        w
    }

    /// The hand-set starting weights.
    #[must_use]
    pub fn hand_set() -> Weights {
        Weights::parse(HAND_SET).expect("the compiled-in hand-set weights are valid")
    }

    /// Reads a weights file: a `[weights]` table with one number per feature name.
    pub fn parse(text: &str) -> Result<Weights, String> {
        let file: File = toml::from_str(text).map_err(|e| e.to_string())?;
        let mut w = [0.0; COUNT];
        for (i, name) in NAMES.iter().enumerate() {
            w[i] = *file.weights.get(*name).ok_or_else(|| format!("the weights file has no weight for `{name}`"))?;
        }
        if let Some(extra) = file.weights.keys().find(|k| !NAMES.contains(&k.as_str())) {
            return Err(format!("`{extra}` is not a feature; the features are {}", NAMES.join(", ")));
        }
        Ok(Weights(w))
    }

    /// Writes the weights as a file `parse` reads, with a comment on top.
    #[must_use]
    pub fn to_toml(&self, comment: &str) -> String {
        let mut out: String = comment.lines().map(|l| format!("# {l}\n")).collect();
        out.push_str("[weights]\n");
        for (name, w) in NAMES.iter().zip(self.0) {
            out.push_str(&format!("{name} = {w:.6}\n"));
        }
        out
    }

    /// The linear score of a feature vector.
    #[must_use]
    pub fn dot(&self, f: &[f64; COUNT]) -> f64 {
        self.0.iter().zip(f).map(|(w, x)| w * x).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_weight_files_load_and_round_trip() {
        for w in [Weights::tuned(), Weights::hand_set(), Weights::champion()] {
            assert!(w.0.iter().all(|x| x.is_finite()));
            assert_eq!(Weights::parse(&w.to_toml("test")), Ok(w));
        }
    }

    #[test]
    fn the_champion_leaves_out_coverage_and_keeps_every_other_fitted_weight() {
        assert_eq!(NAMES[COVERAGE], "coverage");
        let (tuned, champion) = (Weights::tuned(), Weights::champion());
        for (i, name) in NAMES.iter().enumerate() {
            let expected = if i == COVERAGE { 0.0 } else { tuned.0[i] };
            assert_eq!(champion.0[i], expected, "{name}");
        }
        assert_ne!(tuned.0[COVERAGE], 0.0);
    }

    #[test]
    fn missing_and_unknown_weights_are_errors() {
        assert!(Weights::parse("[weights]\nbias = 1.0\n").unwrap_err().contains("material"));
        let mut text = Weights::hand_set().to_toml("");
        text.push_str("speed = 1.0\n");
        assert!(Weights::parse(&text).unwrap_err().contains("speed"));
    }
}
