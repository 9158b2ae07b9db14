//! How the games of a match ended: counts by end reason, separately for the first agent's
//! wins, draws and losses, with the games' lengths.

use warlord_rules::{EndReason, Outcome};

/// How one game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// By a rule of the game (a win rule, a double pass, a dead position, ...), named by its
    /// end reason. Never [`EndReason::TurnLimit`]: that is [`Ending::Adjudicated`].
    Rule(EndReason),
    /// The turn limit was reached and the game adjudicated (rulings 16: by material, or a draw).
    Adjudicated,
    /// The game reached the runner's safety cap on turns without ending, and was scored a draw.
    Abandoned,
}

impl Ending {
    /// How a game with this outcome (`None`: abandoned) ended.
    #[must_use]
    pub fn of(outcome: Option<&Outcome>) -> Ending {
        match outcome.map(|o| o.reason) {
            None => Ending::Abandoned,
            Some(EndReason::TurnLimit) => Ending::Adjudicated,
            Some(reason) => Ending::Rule(reason),
        }
    }

    /// Its name: the rules' name of the end reason (`all-leaders-captured`, `double-pass`,
    /// ...), `adjudication` or `abandoned`.
    #[must_use]
    pub fn name(&self) -> String {
        match self {
            // The rules name their reasons by their kebab-case serialisation.
            Ending::Rule(reason) => serde_json::to_value(reason)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_else(|| format!("{reason:?}")),
            Ending::Adjudicated => "adjudication".to_string(),
            Ending::Abandoned => "abandoned".to_string(),
        }
    }

    /// Whether the game was decided by the match settings rather than played to an end by the
    /// rules: adjudicated at the turn limit, or abandoned at the safety cap.
    #[must_use]
    pub fn is_adjudication(&self) -> bool {
        matches!(self, Ending::Adjudicated | Ending::Abandoned)
    }
}

/// The games that ended one way.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EndingRow {
    /// How they ended.
    pub ending: Ending,
    /// Games the first agent won this way.
    pub wins: u32,
    /// Games drawn this way.
    pub draws: u32,
    /// Games the first agent lost this way.
    pub losses: u32,
    /// Their play turns, summed.
    pub turns: u64,
}

impl EndingRow {
    /// Games that ended this way.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Their mean length in play turns.
    #[must_use]
    pub fn mean_turns(&self) -> f64 {
        self.turns as f64 / f64::from(self.games().max(1))
    }
}

/// How the games of a match ended: one row per ending, the rules' endings first (by name),
/// then adjudication and abandoned games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Endings {
    rows: Vec<EndingRow>,
    /// Every game's length in play turns, for the median.
    lengths: Vec<u32>,
}

impl Endings {
    /// Counts a game: how it ended, the first agent's score in it (1, 1/2 or 0) and its length.
    pub fn add(&mut self, ending: Ending, score: f64, turns: u32) {
        let at = match self.rows.iter().position(|r| r.ending == ending) {
            Some(i) => i,
            None => {
                self.rows.push(EndingRow { ending, wins: 0, draws: 0, losses: 0, turns: 0 });
                self.rows.sort_by_key(|r| (r.ending.is_adjudication(), r.ending == Ending::Abandoned, r.ending.name()));
                self.rows.iter().position(|r| r.ending == ending).expect("just added")
            }
        };
        let row = &mut self.rows[at];
        if score > 0.75 {
            row.wins += 1;
        } else if score > 0.25 {
            row.draws += 1;
        } else {
            row.losses += 1;
        }
        row.turns += u64::from(turns);
        self.lengths.push(turns);
    }

    /// The rows, the rules' endings first.
    #[must_use]
    pub fn rows(&self) -> &[EndingRow] {
        &self.rows
    }

    /// The row of one ending, if any game ended so.
    #[must_use]
    pub fn row(&self, ending: Ending) -> Option<&EndingRow> {
        self.rows.iter().find(|r| r.ending == ending)
    }

    /// Games counted.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.rows.iter().map(EndingRow::games).sum()
    }

    /// Games adjudicated at the turn limit or abandoned at the safety cap.
    #[must_use]
    pub fn adjudicated(&self) -> u32 {
        self.rows.iter().filter(|r| r.ending.is_adjudication()).map(EndingRow::games).sum()
    }

    /// The share of games adjudicated or abandoned, in percent (0 with no games).
    #[must_use]
    pub fn adjudicated_percent(&self) -> f64 {
        100.0 * f64::from(self.adjudicated()) / f64::from(self.games().max(1))
    }

    /// The first agent's wins: all of them, and those that ended by a rule of the game (not
    /// adjudicated at the turn limit, not abandoned). Issue 18 asks that most be by the rules.
    #[must_use]
    pub fn wins_by_rule(&self) -> (u32, u32) {
        let all = self.rows.iter().map(|r| r.wins).sum();
        let by_rule = self.rows.iter().filter(|r| !r.ending.is_adjudication()).map(|r| r.wins).sum();
        (by_rule, all)
    }

    /// Whether more than `percent`% of the games were adjudicated or abandoned.
    #[must_use]
    pub fn too_many_adjudicated(&self, percent: f64) -> bool {
        self.adjudicated_percent() > percent
    }

    /// The mean game length in play turns.
    #[must_use]
    pub fn mean_turns(&self) -> f64 {
        self.lengths.iter().map(|&t| f64::from(t)).sum::<f64>() / self.lengths.len().max(1) as f64
    }

    /// The median game length in play turns (the mean of the two middle games for an even
    /// count; 0 with no games).
    #[must_use]
    pub fn median_turns(&self) -> f64 {
        let mut sorted = self.lengths.clone();
        sorted.sort_unstable();
        let n = sorted.len();
        match n {
            0 => 0.0,
            _ if n % 2 == 1 => f64::from(sorted[n / 2]),
            _ => (f64::from(sorted[n / 2 - 1]) + f64::from(sorted[n / 2])) / 2.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use warlord_rules::Side;

    #[test]
    fn endings_are_named_as_the_rules_name_them() {
        let win = Outcome::win(Side::White, EndReason::AllLeadersCaptured);
        assert_eq!(Ending::of(Some(&win)).name(), "all-leaders-captured");
        assert_eq!(Ending::of(Some(&Outcome::draw(EndReason::DoublePass))).name(), "double-pass");
        assert_eq!(Ending::of(Some(&Outcome::win(Side::Black, EndReason::CommandCollapse))).name(), "command-collapse");
        let limit = Outcome::win(Side::White, EndReason::TurnLimit);
        assert_eq!(Ending::of(Some(&limit)), Ending::Adjudicated);
        assert_eq!(Ending::of(Some(&limit)).name(), "adjudication");
        assert_eq!(Ending::of(None), Ending::Abandoned);
        assert!(Ending::Adjudicated.is_adjudication() && Ending::Abandoned.is_adjudication());
        assert!(!Ending::Rule(EndReason::DoublePass).is_adjudication());
    }

    #[test]
    fn the_tally_separates_wins_draws_and_losses_by_ending() {
        let mut e = Endings::default();
        let leaders = Ending::Rule(EndReason::AllLeadersCaptured);
        e.add(Ending::Adjudicated, 1.0, 150);
        e.add(leaders, 1.0, 40);
        e.add(leaders, 0.0, 60);
        e.add(Ending::Rule(EndReason::DoublePass), 0.5, 10);
        e.add(Ending::Adjudicated, 0.5, 150);
        e.add(leaders, 1.0, 50);
        assert_eq!(e.games(), 6);
        let row = e.row(leaders).copied().unwrap();
        assert_eq!((row.wins, row.draws, row.losses), (2, 0, 1));
        assert!((row.mean_turns() - 50.0).abs() < 1e-9);
        let adj = e.row(Ending::Adjudicated).copied().unwrap();
        assert_eq!((adj.wins, adj.draws, adj.losses), (1, 1, 0));
        // The rules' endings first, by name, then adjudication.
        let names: Vec<String> = e.rows().iter().map(|r| r.ending.name()).collect();
        assert_eq!(names, ["all-leaders-captured", "double-pass", "adjudication"]);
        assert_eq!(e.adjudicated(), 2);
        assert_eq!(e.wins_by_rule(), (2, 3), "two of the three wins by capturing every leader");
        assert!((e.adjudicated_percent() - 100.0 / 3.0).abs() < 1e-9);
        assert!(e.too_many_adjudicated(33.0) && !e.too_many_adjudicated(34.0));
        assert!((e.mean_turns() - 460.0 / 6.0).abs() < 1e-9);
        // Lengths 10 40 50 60 150 150: the median is between 50 and 60.
        assert!((e.median_turns() - 55.0).abs() < 1e-9);
        e.add(Ending::Abandoned, 0.5, 10_000);
        assert_eq!(e.adjudicated(), 3);
        assert_eq!(e.rows().last().map(|r| r.ending), Some(Ending::Abandoned));
        assert!((e.median_turns() - 60.0).abs() < 1e-9);
    }

    #[test]
    fn an_empty_tally_has_no_adjudications_and_no_length() {
        let e = Endings::default();
        assert_eq!((e.games(), e.adjudicated()), (0, 0));
        assert_eq!(e.wins_by_rule(), (0, 0));
        assert!(!e.too_many_adjudicated(0.0));
        assert_eq!(e.median_turns(), 0.0);
    }
}
