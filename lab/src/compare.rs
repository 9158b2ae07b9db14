//! Comparing two cells of a study ("is variant B fairer, or more decisive, than A?") with
//! two-proportion z tests: on the first player's score for fairness, on the share of games
//! with a winner for decisiveness, and on the share ended by the rules for completion.

use crate::report::CellReport;
use crate::stats::{two_proportion_z, ZTest};
use serde::Serialize;
use std::fmt::Write;

/// The significance level of the verdicts.
pub const ALPHA: f64 = 0.05;

/// One figure of both cells and the test of their difference.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Test {
    /// What is compared.
    pub figure: &'static str,
    /// A's value.
    pub a: f64,
    /// B's value.
    pub b: f64,
    /// The z statistic of B - A.
    pub z: f64,
    /// The two-sided p-value.
    pub p_value: f64,
}

impl Test {
    fn of(figure: &'static str, t: ZTest) -> Test {
        Test { figure, a: t.p1, b: t.p2, z: t.z, p_value: t.p_value }
    }

    /// Whether the difference is significant at [`ALPHA`].
    #[must_use]
    pub fn significant(&self) -> bool {
        self.p_value < ALPHA
    }
}

/// The comparison of cell B against cell A.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    /// A's label.
    pub a: String,
    /// B's label.
    pub b: String,
    /// Games in A and in B.
    pub games: (u32, u32),
    /// The share of games decided at the turn limit in A and in B.
    pub adjudicated: (f64, f64),
    /// The first player's score.
    pub score: Test,
    /// The share of games with a winner.
    pub decisive: Test,
    /// The share of games ended by the rules.
    pub completion: Test,
    /// Whether B is significantly fairer: its score is nearer one half and differs from A's.
    pub b_fairer: bool,
    /// Whether B is significantly less fair.
    pub b_less_fair: bool,
    /// Whether B is significantly more decisive.
    pub b_more_decisive: bool,
    /// Whether B is significantly less decisive.
    pub b_less_decisive: bool,
}

/// Compares B against A.
#[must_use]
pub fn compare(a: &CellReport, b: &CellReport) -> Comparison {
    let (ma, mb) = (&a.metrics, &b.metrics);
    let (na, nb) = (f64::from(ma.games), f64::from(mb.games));
    let score = Test::of(
        "first player's score",
        two_proportion_z(ma.first_player_score * na, na, mb.first_player_score * nb, nb),
    );
    let decisive = Test::of("decisive games", two_proportion_z(ma.decisive_rate * na, na, mb.decisive_rate * nb, nb));
    let completion = Test::of("ended by the rules", two_proportion_z(ma.completion * na, na, mb.completion * nb, nb));
    let (da, db) = ((score.a - 0.5).abs(), (score.b - 0.5).abs());
    Comparison {
        a: a.label.clone(),
        b: b.label.clone(),
        games: (ma.games, mb.games),
        adjudicated: (ma.adjudicated_share, mb.adjudicated_share),
        b_fairer: score.significant() && db < da,
        b_less_fair: score.significant() && db > da,
        b_more_decisive: decisive.significant() && decisive.b > decisive.a,
        b_less_decisive: decisive.significant() && decisive.b < decisive.a,
        score,
        decisive,
        completion,
    }
}

impl Comparison {
    /// The comparison for people.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut t = String::new();
        let _ = writeln!(
            t,
            "A = {} ({} games, {:.1}% at the turn limit)",
            self.a,
            self.games.0,
            100.0 * self.adjudicated.0
        );
        let _ = writeln!(
            t,
            "B = {} ({} games, {:.1}% at the turn limit)",
            self.b,
            self.games.1,
            100.0 * self.adjudicated.1
        );
        let _ = writeln!(t, "{:<22} {:>8} {:>8} {:>8} {:>9}", "figure", "A", "B", "z", "p");
        for test in [&self.score, &self.decisive, &self.completion] {
            let _ = writeln!(
                t,
                "{:<22} {:>8.3} {:>8.3} {:>8.2} {:>9.4}",
                test.figure, test.a, test.b, test.z, test.p_value
            );
        }
        let verdict = |yes: bool, no: bool, what: &str, opposite: &str| {
            if yes {
                format!("B is {what} than A (p < {ALPHA})")
            } else if no {
                format!("B is {opposite} than A (p < {ALPHA})")
            } else {
                format!("no significant difference at {ALPHA}")
            }
        };
        let _ = writeln!(t, "fairer?          {}", verdict(self.b_fairer, self.b_less_fair, "fairer", "less fair"));
        let _ = writeln!(
            t,
            "more decisive?   {}",
            verdict(self.b_more_decisive, self.b_less_decisive, "more decisive", "less decisive")
        );
        let c = &self.completion;
        let ended = if !c.significant() {
            format!("no significant difference at {ALPHA}")
        } else if c.b > c.a {
            format!("B's games end by the rules more often than A's (p < {ALPHA})")
        } else {
            format!("B's games end by the rules less often than A's (p < {ALPHA})")
        };
        let _ = writeln!(t, "by the rules?    {ended}");
        let _ = writeln!(t, "test: two-proportion z test (pooled), two-sided; draws count one half in the score");
        t
    }
}
