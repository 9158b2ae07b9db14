//! The figures of one cell of a study, from its finished games: the first player's score
//! with its Wilson interval, the decisive rate, the endings, and the game-evaluation metrics
//! of Browne's Ludi and of Ludii (balance, completion, drawishness, decisiveness, duration,
//! lead changes, drama). Each is defined in docs/LAB.md; every figure is reported beside the
//! share of games decided at the turn limit.

use crate::play::Material;
use crate::stats::{wilson, Z95};
use crate::store::StoredGame;
use serde::Serialize;
use std::collections::BTreeMap;
use warlord_rules::Side;

/// The figures of a set of games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Metrics {
    /// Games counted.
    pub games: u32,
    /// Games White (the first player) won.
    pub white_wins: u32,
    /// Games Black won.
    pub black_wins: u32,
    /// Games drawn (by the rules, at the turn limit, or abandoned).
    pub draws: u32,
    /// The first player's score: (wins + draws / 2) / games.
    pub first_player_score: f64,
    /// Its 95% Wilson interval (low, high).
    pub first_player_interval: (f64, f64),
    /// The share of games with a winner.
    pub decisive_rate: f64,
    /// The share of games decided at the turn limit (adjudicated) or abandoned.
    pub adjudicated_share: f64,
    /// Games by ending name (`all-leaders-captured`, `adjudication`, ...).
    pub endings: BTreeMap<String, u32>,
    /// 1 - |White's wins - Black's wins| / games.
    pub balance: f64,
    /// The share of games ended by the rules (not at the turn limit, not abandoned).
    pub completion: f64,
    /// The share of games drawn by the rules (draws at the turn limit excluded).
    pub drawishness: f64,
    /// Over won games: the mean share of the game played after the winner took the material
    /// lead for good (1: led from the first capture; 0: never led, or only at the end).
    pub decisiveness: f64,
    /// The mean length in play turns.
    pub duration_mean: f64,
    /// The median length in play turns.
    pub duration_median: f64,
    /// The mean number of times a game's material leader changed (ties skipped).
    pub lead_changes: f64,
    /// Lead changes per play turn, averaged over games (Ludii's LeadChange).
    pub lead_change_rate: f64,
    /// Over won games: the share in which the winner was behind on material at some point.
    pub drama: f64,
}

impl Metrics {
    /// The figures of `games`; `values` are the rules' values of the piece kinds, for the
    /// material balance.
    #[must_use]
    pub fn of(games: &[&StoredGame], values: &[u32]) -> Metrics {
        let n = games.len() as u32;
        let count = |f: &dyn Fn(&StoredGame) -> bool| games.iter().filter(|g| f(g)).count() as u32;
        let white_wins = count(&|g| g.winner == Some(Side::White));
        let black_wins = count(&|g| g.winner == Some(Side::Black));
        let draws = n - white_wins - black_wins;
        let adjudicated = count(&|g| g.adjudicated);
        let rule_draws = count(&|g| g.winner.is_none() && !g.adjudicated);
        let share = |k: u32| if n == 0 { 0.0 } else { f64::from(k) / f64::from(n) };
        let score = f64::from(white_wins) + 0.5 * f64::from(draws);
        let mut endings = BTreeMap::new();
        for g in games {
            *endings.entry(g.ending.clone()).or_insert(0) += 1;
        }
        let mut lengths: Vec<u32> = games.iter().map(|g| g.turns).collect();
        lengths.sort_unstable();
        let leads: Vec<Vec<i64>> = games.iter().map(|g| balance_series(&g.material, values)).collect();
        let changes: Vec<u32> = leads.iter().map(|l| lead_changes(l)).collect();
        let won: Vec<(Side, &Vec<i64>)> =
            games.iter().zip(&leads).filter_map(|(g, l)| g.winner.map(|w| (w, l))).collect();
        let mean = |xs: &mut dyn Iterator<Item = f64>| {
            let (sum, k) = xs.fold((0.0, 0u32), |(s, k), x| (s + x, k + 1));
            if k == 0 {
                0.0
            } else {
                sum / f64::from(k)
            }
        };
        Metrics {
            games: n,
            white_wins,
            black_wins,
            draws,
            first_player_score: if n == 0 { 0.0 } else { score / f64::from(n) },
            first_player_interval: wilson(score, f64::from(n), Z95),
            decisive_rate: share(white_wins + black_wins),
            adjudicated_share: share(adjudicated),
            endings,
            balance: if n == 0 { 0.0 } else { 1.0 - f64::from(white_wins.abs_diff(black_wins)) / f64::from(n) },
            completion: share(n - adjudicated),
            drawishness: share(rule_draws),
            decisiveness: mean(&mut won.iter().map(|(w, l)| decided_share(l, *w))),
            duration_mean: mean(&mut lengths.iter().map(|&t| f64::from(t))),
            duration_median: median(&lengths),
            lead_changes: mean(&mut changes.iter().map(|&c| f64::from(c))),
            lead_change_rate: mean(
                &mut games.iter().zip(&changes).map(|(g, &c)| f64::from(c) / f64::from(g.turns.max(1))),
            ),
            drama: mean(&mut won.iter().map(|(w, l)| f64::from(u8::from(l.iter().any(|&d| signed(d, *w) < 0))))),
        }
    }
}

/// White's material minus Black's, valued by the rules' piece values, at each entry.
#[must_use]
pub fn balance_series(material: &[Material], values: &[u32]) -> Vec<i64> {
    let worth = |counts: &[u16]| -> i64 { counts.iter().zip(values).map(|(&c, &v)| i64::from(c) * i64::from(v)).sum() };
    material.iter().map(|[w, b]| worth(w) - worth(b)).collect()
}

/// A balance from `side`'s point of view.
fn signed(balance: i64, side: Side) -> i64 {
    if side == Side::White {
        balance
    } else {
        -balance
    }
}

/// How many times the side ahead changed (even balances skipped).
#[must_use]
pub fn lead_changes(balance: &[i64]) -> u32 {
    let mut leader = 0i64;
    let mut changes = 0;
    for &d in balance.iter().filter(|&&d| d != 0) {
        let now = d.signum();
        if leader != 0 && now != leader {
            changes += 1;
        }
        leader = now;
    }
    changes
}

/// The share of a game played after `winner` took the material lead for good.
fn decided_share(balance: &[i64], winner: Side) -> f64 {
    let Some(last) = balance.len().checked_sub(1).filter(|&l| l > 0) else {
        return 0.0;
    };
    match balance.iter().rposition(|&d| signed(d, winner) <= 0) {
        None => 1.0,
        Some(t) => (last - t) as f64 / last as f64,
    }
}

/// The median of sorted lengths (0 for none).
fn median(sorted: &[u32]) -> f64 {
    match sorted.len() {
        0 => 0.0,
        n if n % 2 == 1 => f64::from(sorted[n / 2]),
        n => (f64::from(sorted[n / 2 - 1]) + f64::from(sorted[n / 2])) / 2.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game with one piece kind worth 1: `counts` are (White's, Black's) pieces per entry.
    fn game(winner: Option<Side>, ending: &str, turns: u32, counts: &[(u16, u16)]) -> StoredGame {
        StoredGame {
            index: 0,
            cell: 0,
            winner,
            ending: ending.into(),
            adjudicated: ending == "adjudication",
            turns,
            material: counts.iter().map(|&(w, b)| [vec![w], vec![b]]).collect(),
            captures: Vec::new(),
        }
    }

    #[test]
    fn three_wins_and_a_loss() {
        let w = Some(Side::White);
        let games = [
            game(w, "all-leaders-captured", 10, &[(2, 2), (2, 1), (2, 0)]),
            game(w, "all-leaders-captured", 20, &[(2, 2), (1, 2), (1, 1), (1, 0)]),
            game(w, "adjudication", 30, &[(2, 2), (2, 1)]),
            game(Some(Side::Black), "all-leaders-captured", 40, &[(2, 2), (2, 1), (1, 1), (0, 1)]),
        ];
        let refs: Vec<&StoredGame> = games.iter().collect();
        let m = Metrics::of(&refs, &[1]);
        assert_eq!((m.games, m.white_wins, m.black_wins, m.draws), (4, 3, 1, 0));
        assert!((m.first_player_score - 0.75).abs() < 1e-12);
        assert!((m.balance - 0.5).abs() < 1e-12);
        assert!((m.decisive_rate - 1.0).abs() < 1e-12);
        assert!((m.completion - 0.75).abs() < 1e-12 && (m.adjudicated_share - 0.25).abs() < 1e-12);
        assert_eq!(m.drawishness, 0.0);
        assert!((m.duration_mean - 25.0).abs() < 1e-12 && (m.duration_median - 25.0).abs() < 1e-12);
        // Lead changes: none, one (Black then White), none, one (White then Black).
        assert!((m.lead_changes - 0.5).abs() < 1e-12);
        assert!((m.lead_change_rate - (1.0 / 20.0 + 1.0 / 40.0) / 4.0).abs() < 1e-12);
        // The winner trailed in games 2 and 4 of 4.
        assert!((m.drama - 0.5).abs() < 1e-12);
        // The winner led for good after entry 0 of 2 (all of the game), after entry 2 of 3
        // (a third), after entry 0 of 1 (all), after entry 2 of 3 (a third).
        let expected = (1.0 + 1.0 / 3.0 + 1.0 + 1.0 / 3.0) / 4.0;
        assert!((m.decisiveness - expected).abs() < 1e-12, "{}", m.decisiveness);
        assert_eq!(m.endings.get("adjudication"), Some(&1));
        assert_eq!(m.endings.get("all-leaders-captured"), Some(&3));
    }

    #[test]
    fn draws_count_half_and_drawishness_skips_the_turn_limit() {
        let games = [
            game(None, "double-pass", 5, &[]),
            game(None, "adjudication", 9, &[]),
            game(Some(Side::Black), "x", 7, &[]),
        ];
        let refs: Vec<&StoredGame> = games.iter().collect();
        let m = Metrics::of(&refs, &[1]);
        assert!((m.first_player_score - 1.0 / 3.0).abs() < 1e-12);
        assert!((m.drawishness - 1.0 / 3.0).abs() < 1e-12);
        assert!((m.balance - 2.0 / 3.0).abs() < 1e-12);
        assert_eq!(m.duration_median, 7.0);
        let (lo, hi) = m.first_player_interval;
        assert!(lo < 1.0 / 3.0 && hi > 1.0 / 3.0);
    }

    #[test]
    fn no_games_give_zeros_not_nan() {
        let m = Metrics::of(&[], &[1]);
        assert_eq!(m.games, 0);
        assert!(m.balance == 0.0 && m.first_player_score == 0.0 && m.decisiveness == 0.0);
    }
}
