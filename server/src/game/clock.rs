//! Game clocks, derived from event times alone so that every process computes the same.
//!
//! No clock runs during setup or during the first turn of play; from the end of that turn on,
//! the clock of the side to move runs, and a side gets the increment after each of its turns.

use super::meta::ClockConfig;
use serde::Serialize;
use warlord_rules::Side;

/// The clocks of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    config: ClockConfig,
    /// Time left for White and Black when their clock last stopped.
    remaining: [i64; 2],
    /// The side whose clock runs and since when.
    running: Option<(Side, i64)>,
}

/// The clocks as a client sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct ClockView {
    /// White's time left (milliseconds), as of `at_ms`.
    pub white_ms: i64,
    /// Black's time left (milliseconds), as of `at_ms`.
    pub black_ms: i64,
    /// The side whose clock runs, if any.
    pub running: Option<Side>,
    /// The server time these figures are for (Unix milliseconds).
    pub at_ms: i64,
    /// The time added after each turn (milliseconds).
    pub increment_ms: i64,
}

impl Clock {
    /// Full clocks, none running.
    #[must_use]
    pub fn new(config: ClockConfig) -> Clock {
        Clock { config, remaining: [config.initial_ms; 2], running: None }
    }

    /// A side finished a turn of play at `at_ms`: its clock stops (with the increment) and the
    /// opponent's starts.
    pub fn turn_ended(&mut self, side: Side, at_ms: i64) {
        if let Some((running, since)) = self.running {
            if running == side {
                self.remaining[side.index()] -= (at_ms - since).max(0);
                self.remaining[side.index()] += self.config.increment_ms;
            }
        }
        self.running = Some((side.opponent(), at_ms));
    }

    /// Stops both clocks at `at_ms` (the game ended).
    pub fn stop(&mut self, at_ms: i64) {
        if let Some((side, since)) = self.running.take() {
            self.remaining[side.index()] -= (at_ms - since).max(0);
        }
    }

    /// After a takeback at `at_ms`: the running clock is charged for its time (without the
    /// increment), and `side`'s clock runs from then (none runs for `None`).
    pub fn restart(&mut self, side: Option<Side>, at_ms: i64) {
        self.stop(at_ms);
        self.running = side.map(|s| (s, at_ms));
    }

    /// When the running side's time runs out: the side and the moment.
    #[must_use]
    pub fn flag_at(&self) -> Option<(Side, i64)> {
        self.running.map(|(side, since)| (side, since + self.remaining[side.index()].max(0)))
    }

    /// Whether `side` has run out of time at `at_ms`.
    #[must_use]
    pub fn flagged(&self, side: Side, at_ms: i64) -> bool {
        self.flag_at().is_some_and(|(s, flag)| s == side && at_ms >= flag)
    }

    /// The clocks as of `now_ms`.
    #[must_use]
    pub fn view(&self, now_ms: i64) -> ClockView {
        let mut left = self.remaining;
        if let Some((side, since)) = self.running {
            left[side.index()] -= (now_ms - since).max(0);
        }
        ClockView {
            white_ms: left[0].max(0),
            black_ms: left[1].max(0),
            running: self.running.map(|(s, _)| s),
            at_ms: now_ms,
            increment_ms: self.config.increment_ms,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_running_side_pays_for_its_turn_and_gains_the_increment() {
        let mut clock = Clock::new(ClockConfig { initial_ms: 10_000, increment_ms: 1_000 });
        assert_eq!(clock.flag_at(), None, "nothing runs before the first turn ends");
        clock.turn_ended(Side::White, 100);
        assert_eq!(clock.flag_at(), Some((Side::Black, 10_100)));
        clock.turn_ended(Side::Black, 4_100);
        let view = clock.view(4_100);
        assert_eq!((view.white_ms, view.black_ms, view.running), (10_000, 7_000, Some(Side::White)));
        assert!(clock.flagged(Side::White, 14_100));
        assert!(!clock.flagged(Side::Black, 99_999));
    }
}
