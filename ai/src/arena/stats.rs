//! Match statistics: score, Elo difference with its 95% interval, and the sequential
//! probability ratio test (SPRT) for stopping a match early.

/// Wins, draws and losses of the first agent.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first agent won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games the first agent lost.
    pub losses: u32,
}

/// The Elo difference that a score (0 < s < 1) means.
#[must_use]
pub fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The expected score at an Elo difference.
#[must_use]
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Tally {
    /// Adds a game's score for the first agent (1, 1/2 or 0).
    pub fn add(&mut self, score: f64) {
        if score > 0.75 {
            self.wins += 1;
        } else if score > 0.25 {
            self.draws += 1;
        } else {
            self.losses += 1;
        }
    }

    /// Games counted.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first agent's mean score (wins 1, draws 1/2).
    #[must_use]
    pub fn score(&self) -> f64 {
        let n = self.games().max(1) as f64;
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / n
    }

    /// The variance of one game's score.
    fn variance(&self) -> f64 {
        let n = self.games().max(1) as f64;
        let s = self.score();
        (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n
    }

    /// The 95% interval of the score (low, high): the Wilson score interval, with a draw
    /// counted as half a win. It stays inside 0 to 1 and is not empty at a score of 0 or 1
    /// (10 wins in 10 games: 72% to 100%), so a short match says how little it shows.
    #[must_use]
    pub fn score_interval(&self) -> (f64, f64) {
        let n = f64::from(self.games().max(1));
        let (s, z) = (self.score(), 1.96_f64);
        let denominator = 1.0 + z * z / n;
        let centre = (s + z * z / (2.0 * n)) / denominator;
        let half = z * (s * (1.0 - s) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
        ((centre - half).max(0.0), (centre + half).min(1.0))
    }

    /// The Elo difference and its 95% interval (low, high), from the score and
    /// [`Tally::score_interval`]. A score of 0 or 1 is taken as half a game from it for the
    /// estimate, so that it stays finite; an interval reaching a score of 0 or 1 is unbounded
    /// on that side (infinite).
    #[must_use]
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = f64::from(self.games().max(1));
        let (lo, hi) = self.score_interval();
        let bound = |s: f64| match s {
            s if s <= 0.0 => f64::NEG_INFINITY,
            s if s >= 1.0 => f64::INFINITY,
            s => elo_of(s),
        };
        (elo_of(self.score().clamp(0.5 / n, 1.0 - 0.5 / n)), bound(lo), bound(hi))
    }
}

/// The SPRT of "the first agent is `elo1` stronger" against "it is `elo0` stronger".
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference of the null hypothesis.
    pub elo0: f64,
    /// Elo difference of the alternative.
    pub elo1: f64,
    /// False positive rate.
    pub alpha: f64,
    /// False negative rate.
    pub beta: f64,
}

/// What the SPRT concludes so far.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SprtResult {
    /// Not enough games yet.
    Continue,
    /// The alternative (elo1) is accepted.
    H1,
    /// The null hypothesis (elo0) is accepted.
    H0,
}

impl Sprt {
    /// The log-likelihood ratio of the games so far (normal approximation of the
    /// generalised SPRT, as used by chess engine testing).
    #[must_use]
    pub fn llr(&self, t: &Tally) -> f64 {
        let var = t.variance();
        if t.games() < 2 || var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        f64::from(t.games()) * (s1 - s0) * (2.0 * t.score() - s0 - s1) / (2.0 * var)
    }

    /// The test's decision after these games.
    #[must_use]
    pub fn decide(&self, t: &Tally) -> SprtResult {
        let llr = self.llr(t);
        if llr >= ((1.0 - self.beta) / self.alpha).ln() {
            SprtResult::H1
        } else if llr <= (self.beta / (1.0 - self.alpha)).ln() {
            SprtResult::H0
        } else {
            SprtResult::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_score_is_zero_elo_with_a_symmetric_interval() {
        let t = Tally { wins: 40, draws: 20, losses: 40 };
        let (elo, lo, hi) = t.elo();
        assert!(elo.abs() < 1e-9);
        assert!((lo + hi).abs() < 1e-6 && lo < -30.0 && hi > 30.0, "{lo} {hi}");
    }

    #[test]
    fn a_perfect_score_has_an_interval_below_it_and_no_upper_bound() {
        let t = Tally { wins: 10, draws: 0, losses: 0 };
        let (lo, hi) = t.score_interval();
        assert!((lo - 0.7225).abs() < 1e-3 && hi == 1.0, "{lo} {hi}");
        let (elo, elo_lo, elo_hi) = t.elo();
        assert!(elo_lo < elo && elo.is_finite() && elo_hi == f64::INFINITY, "{elo_lo} {elo} {elo_hi}");
        let none = Tally { wins: 0, draws: 0, losses: 10 };
        assert_eq!(none.elo().1, f64::NEG_INFINITY);
        assert!(none.score_interval().1 > 0.2 && none.score_interval().1 < 0.3);
    }

    #[test]
    fn forty_games_say_less_than_two_hundred() {
        let width = |t: Tally| {
            let (lo, hi) = t.score_interval();
            hi - lo
        };
        let forty = width(Tally { wins: 30, draws: 0, losses: 10 });
        let two_hundred = width(Tally { wins: 150, draws: 0, losses: 50 });
        assert!((forty - 0.26).abs() < 0.02 && (two_hundred - 0.12).abs() < 0.01, "{forty} {two_hundred}");
    }

    #[test]
    fn three_quarters_is_about_191_elo() {
        let t = Tally { wins: 150, draws: 0, losses: 50 };
        assert!((t.elo().0 - 190.85).abs() < 0.1);
        assert!((score_of(elo_of(0.75)) - 0.75).abs() < 1e-12);
    }

    #[test]
    fn sprt_accepts_a_clearly_better_agent_and_rejects_an_equal_one() {
        let sprt = Sprt { elo0: 0.0, elo1: 50.0, alpha: 0.05, beta: 0.05 };
        assert_eq!(sprt.decide(&Tally { wins: 150, draws: 20, losses: 30 }), SprtResult::H1);
        assert_eq!(sprt.decide(&Tally { wins: 300, draws: 100, losses: 320 }), SprtResult::H0);
        assert_eq!(sprt.decide(&Tally { wins: 3, draws: 1, losses: 2 }), SprtResult::Continue);
    }
}
