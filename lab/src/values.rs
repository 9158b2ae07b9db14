//! Piece values measured from the games: a logistic regression of each game's result on the
//! material difference per piece kind, at the start of every play turn (docs/LAB.md says why
//! this method). A kind's weight is what one more piece of it is worth in winning chances,
//! given as an Elo difference.

use crate::store::StoredGame;
use serde::Serialize;
use warlord_rules::Side;

/// The ridge penalty on the weights: keeps the fit finite when a kind decides every game.
const RIDGE: f64 = 1.0;
/// Newton steps at most.
const ITERATIONS: usize = 40;

/// A piece kind's measured value.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PieceValue {
    /// The kind's name.
    pub kind: String,
    /// The value the rules give it (their material count, used for adjudication).
    pub rules_value: u32,
    /// Positions in which the sides had different numbers of it: 0 means not measured.
    pub positions: u32,
    /// What one more piece of it is worth, in Elo (`None`: not measured).
    pub elo: Option<f64>,
    /// The 95% interval of that (positions of one game are not independent: read it as a
    /// lower bound on the uncertainty).
    pub interval: Option<(f64, f64)>,
    /// The Elo value rescaled so that the measured kinds' values sum to the rules' values of
    /// the same kinds: comparable with `rules_value`.
    pub scaled: Option<f64>,
}

/// Elo per logit.
fn elo_per_logit() -> f64 {
    400.0 / std::f64::consts::LN_10
}

/// Measures the value of each piece kind from `games` (`names` and `rules_values` indexed like
/// the rules' piece table).
#[must_use]
pub fn piece_values(games: &[&StoredGame], names: &[String], rules_values: &[u32]) -> Vec<PieceValue> {
    let kinds = names.len();
    let mut samples: Vec<(Vec<f64>, f64)> = Vec::new();
    for g in games {
        let y = match g.winner {
            Some(Side::White) => 1.0,
            Some(Side::Black) => 0.0,
            None => 0.5,
        };
        for [w, b] in g.material.iter().skip(1) {
            let x =
                (0..kinds).map(|k| f64::from(*w.get(k).unwrap_or(&0)) - f64::from(*b.get(k).unwrap_or(&0))).collect();
            samples.push((x, y));
        }
    }
    let positions: Vec<u32> = (0..kinds).map(|k| samples.iter().filter(|(x, _)| x[k] != 0.0).count() as u32).collect();
    let measured: Vec<usize> = (0..kinds).filter(|&k| positions[k] > 0).collect();
    let fit = fit_logistic(&samples, &measured);
    let elo: Vec<Option<(f64, f64)>> = (0..kinds)
        .map(|k| measured.iter().position(|&m| m == k).and_then(|i| fit.as_ref().map(|(w, se)| (w[i + 1], se[i + 1]))))
        .collect();
    let elo_sum: f64 = elo.iter().flatten().map(|(w, _)| w * elo_per_logit()).sum();
    let rules_sum: f64 = measured.iter().map(|&k| f64::from(rules_values.get(k).copied().unwrap_or(0))).sum();
    (0..kinds)
        .map(|k| {
            let e = elo[k].map(|(w, se)| (w * elo_per_logit(), se * elo_per_logit()));
            PieceValue {
                kind: names[k].clone(),
                rules_value: rules_values.get(k).copied().unwrap_or(0),
                positions: positions[k],
                elo: e.map(|(v, _)| v),
                interval: e.map(|(v, se)| (v - 1.96 * se, v + 1.96 * se)),
                scaled: e.filter(|_| elo_sum.abs() > 1e-9).map(|(v, _)| v * rules_sum / elo_sum),
            }
        })
        .collect()
}

/// Fits P(White wins) = logistic(b + sum w_i x_i) over the features `columns` by Newton's
/// method with a ridge on the weights; returns the coefficients (intercept first) and their
/// standard errors, or `None` with no samples or a singular system.
fn fit_logistic(samples: &[(Vec<f64>, f64)], columns: &[usize]) -> Option<(Vec<f64>, Vec<f64>)> {
    if samples.is_empty() {
        return None;
    }
    let dim = columns.len() + 1;
    let row = |x: &[f64]| -> Vec<f64> { std::iter::once(1.0).chain(columns.iter().map(|&c| x[c])).collect() };
    let mut theta = vec![0.0; dim];
    let mut hessian = vec![vec![0.0; dim]; dim];
    for _ in 0..ITERATIONS {
        let mut grad = vec![0.0; dim];
        hessian = vec![vec![0.0; dim]; dim];
        for (x, y) in samples {
            let r = row(x);
            let p = 1.0 / (1.0 + (-r.iter().zip(&theta).map(|(a, b)| a * b).sum::<f64>()).exp());
            for i in 0..dim {
                grad[i] += (p - y) * r[i];
                for j in 0..dim {
                    hessian[i][j] += p * (1.0 - p) * r[i] * r[j];
                }
            }
        }
        for i in 1..dim {
            grad[i] += RIDGE * theta[i];
            hessian[i][i] += RIDGE;
        }
        let step = solve(&hessian, &grad)?;
        for (t, s) in theta.iter_mut().zip(&step) {
            *t -= s;
        }
        if step.iter().all(|s| s.abs() < 1e-9) {
            break;
        }
    }
    let errors = (0..dim)
        .map(|i| {
            let mut unit = vec![0.0; dim];
            unit[i] = 1.0;
            solve(&hessian, &unit).map(|col| col[i].max(0.0).sqrt())
        })
        .collect::<Option<Vec<f64>>>()?;
    Some((theta, errors))
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting; `None` if singular.
fn solve(a: &[Vec<f64>], b: &[f64]) -> Option<Vec<f64>> {
    let n = b.len();
    let mut m: Vec<Vec<f64>> = a.iter().zip(b).map(|(row, &v)| row.iter().copied().chain([v]).collect()).collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| m[i][col].abs().total_cmp(&m[j][col].abs()))?;
        if m[pivot][col].abs() < 1e-12 {
            return None;
        }
        m.swap(col, pivot);
        let pivot_row = m[col].clone();
        for (r, row) in m.iter_mut().enumerate() {
            if r != col {
                let f = row[col] / pivot_row[col];
                for (x, p) in row.iter_mut().zip(&pivot_row).skip(col) {
                    *x -= f * p;
                }
            }
        }
    }
    Some((0..n).map(|i| m[i][n] / m[i][i]).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(winner: Option<Side>, diffs: &[(u16, u16, u16, u16)]) -> StoredGame {
        StoredGame {
            index: 0,
            cell: 0,
            winner,
            ending: "x".into(),
            adjudicated: false,
            turns: diffs.len() as u32,
            material: std::iter::once([vec![2, 2], vec![2, 2]])
                .chain(diffs.iter().map(|&(a, b, c, d)| [vec![a, b], vec![c, d]]))
                .collect(),
            captures: Vec::new(),
        }
    }

    #[test]
    fn the_kind_that_decides_games_is_worth_more() {
        // Whoever is ahead in kind 0 wins; kind 1 is traded evenly or at random.
        let mut games = Vec::new();
        for i in 0..40 {
            let white_ahead = i % 2 == 0;
            let (w0, b0) = if white_ahead { (2, 1) } else { (1, 2) };
            let (w1, b1) = if i % 3 == 0 { (2, 1) } else { (1, 2) };
            let winner = if i % 8 == 7 {
                None
            } else if white_ahead {
                Some(Side::White)
            } else {
                Some(Side::Black)
            };
            games.push(game(winner, &[(w0, w1, b0, b1), (w0, w1, b0, b1)]));
        }
        let refs: Vec<&StoredGame> = games.iter().collect();
        let values = piece_values(&refs, &["heavy".into(), "light".into()], &[5, 3]);
        let heavy = values[0].elo.unwrap_or(0.0);
        let light = values[1].elo.unwrap_or(0.0);
        assert!(heavy > 100.0 && heavy > 3.0 * light.abs(), "{heavy} {light}");
        let (lo, hi) = values[0].interval.unwrap_or((0.0, 0.0));
        assert!(lo < heavy && heavy < hi);
        let scaled: f64 = values.iter().filter_map(|v| v.scaled).sum();
        assert!((scaled - 8.0).abs() < 1e-6);
    }

    #[test]
    fn a_kind_never_traded_is_not_measured() {
        let games = [game(Some(Side::White), &[(2, 2, 1, 2)]), game(Some(Side::Black), &[(1, 2, 2, 2)])];
        let refs: Vec<&StoredGame> = games.iter().collect();
        let values = piece_values(&refs, &["a".into(), "b".into()], &[1, 1]);
        assert_eq!(values[1].positions, 0);
        assert_eq!(values[1].elo, None);
        assert!(values[0].elo.is_some_and(|e| e > 0.0));
    }

    #[test]
    fn solving_a_small_system() {
        let x = solve(&[vec![2.0, 1.0], vec![1.0, 3.0]], &[3.0, 5.0]).unwrap_or_default();
        assert!((x[0] - 0.8).abs() < 1e-12 && (x[1] - 1.4).abs() < 1e-12);
        assert_eq!(solve(&[vec![1.0, 2.0], vec![2.0, 4.0]], &[1.0, 2.0]), None);
    }
}
