//! How much thinking an agent may do for one turn: wall-clock milliseconds, or a count of
//! nodes (positions evaluated or expanded) for reproducible runs; and a stop signal that ends
//! every search of a thread early (a server cancels a search whose game has changed).

use crate::eval::Evaluator;
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use warlord_rules::{Position, Ruleset};

thread_local! {
    /// The stop signal of the meters started on this thread.
    static STOP: Cell<Option<&'static AtomicBool>> = const { Cell::new(None) };
}

/// Makes every [`Meter`] started on this thread from now on (`None`: none) count as spent as
/// soon as `stop` is set, whatever its budget: the search ends early and its turn, possibly
/// incomplete, is to be thrown away. A searcher's threads (a rayon pool's `start_handler`)
/// each call it once with the flag of that searcher.
pub fn stop_on(stop: Option<&'static AtomicBool>) {
    STOP.with(|s| s.set(stop));
}

/// The legal actions a node of a node budget reads: an evaluation reads every legal action of
/// its position (the threat features describe each), so on a position with many more actions
/// it is that many times the work. [`Budget::for_position`] counts it so.
pub const ACTIONS_PER_NODE: usize = 256;

/// The thinking allowed for one turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Budget {
    /// Wall-clock time. Results depend on the machine's speed and load.
    Millis(u64),
    /// A number of nodes. The same position, node budget and seed always give the same turn.
    Nodes(u64),
}

impl Budget {
    /// Reads `100ms`, `2s` or `5000n` (nodes); a bare number is milliseconds.
    pub fn parse(text: &str) -> Result<Budget, String> {
        let t = text.trim();
        let number = |s: &str| {
            s.trim().parse::<u64>().map_err(|_| format!("`{text}` is not a budget: write 100ms, 2s or 5000n"))
        };
        if let Some(n) = t.strip_suffix("ms") {
            Ok(Budget::Millis(number(n)?))
        } else if let Some(n) = t.strip_suffix('s') {
            Ok(Budget::Millis(number(n)? * 1000))
        } else if let Some(n) = t.strip_suffix('n') {
            Ok(Budget::Nodes(number(n)?))
        } else {
            Ok(Budget::Millis(number(t)?))
        }
    }

    /// The part of a budget an agent searches: 95% of a time budget (at least 1 ms less), so
    /// that collecting parallel results and finishing the turn fit in the rest and the turn is
    /// returned within the budget on an idle machine; a node budget whole.
    #[must_use]
    pub fn for_search(self) -> Budget {
        match self {
            Budget::Millis(ms) => Budget::Millis((ms * 95 / 100).min(ms.saturating_sub(1)).max(1)),
            nodes => nodes,
        }
    }

    /// The budget of a turn from a position with `legal` legal actions: a node budget counts
    /// the work, so that it means comparable work on any board. A node is the work of playing
    /// an action or evaluating a position of up to [`ACTIONS_PER_NODE`] legal actions (every
    /// 16x12 and 8x8 position, and the 24x16 boards', have fewer than twice as many); on a turn from
    /// a position with more, each node counts `legal / ACTIONS_PER_NODE` (rounded down), which
    /// is the same as dividing the budget by it (2,380 actions: 9). A time budget is
    /// returned as it is.
    #[must_use]
    pub fn for_position(self, legal: usize) -> Budget {
        match self {
            Budget::Nodes(n) => Budget::Nodes((n / (legal / ACTIONS_PER_NODE).max(1) as u64).max(1)),
            time => time,
        }
    }

    /// The budget an agent searches for the turn of the side to move in `pos`. A node budget
    /// counts the work of the position's size ([`Budget::for_position`]). A time budget is
    /// searched to [`Budget::for_search`], less two evaluations of `pos` (one is timed here):
    /// every stage of a search finishes the evaluation it began when its deadline passes, and
    /// where an evaluation is dear (a quarter of a millisecond on a position of 2,380 actions;
    /// 15-30 ms, a fifth of a 100 ms budget, while every legal action was described to find the
    /// captures) those must end within the budget too. Elsewhere an evaluation takes a
    /// tenth of a millisecond and this changes nothing.
    #[must_use]
    pub fn for_turn(self, rules: &dyn Ruleset, pos: &Position) -> Budget {
        match self {
            Budget::Nodes(_) => self.for_position(rules.legal_action_list(pos).len()),
            Budget::Millis(ms) => {
                let timer = Instant::now();
                Evaluator::default().score(rules, pos, &mut Meter::start(Budget::Nodes(u64::MAX)));
                let evaluation = timer.elapsed().as_millis() as u64;
                match Budget::Millis(ms).for_search() {
                    Budget::Millis(search) => Budget::Millis(search.saturating_sub(3 * evaluation).max(1)),
                    nodes => nodes,
                }
            }
        }
    }

    /// A fraction of the budget (at least one node or one millisecond).
    #[must_use]
    pub fn fraction(self, f: f64) -> Budget {
        match self {
            Budget::Nodes(n) => Budget::Nodes(((n as f64 * f) as u64).max(1)),
            Budget::Millis(ms) => Budget::Millis(((ms as f64 * f) as u64).max(1)),
        }
    }
}

impl std::fmt::Display for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Budget::Millis(ms) => write!(f, "{ms}ms"),
            Budget::Nodes(n) => write!(f, "{n}n"),
        }
    }
}

/// Counts the work of one search against its budget.
#[derive(Clone, Debug)]
pub struct Meter {
    deadline: Option<Instant>,
    limit: u64,
    used: u64,
    stop: Option<&'static AtomicBool>,
}

impl Meter {
    /// A meter for a budget, starting now.
    #[must_use]
    pub fn start(budget: Budget) -> Meter {
        Meter::until(budget, Instant::now())
    }

    /// A meter for a budget counted from `start` (so that parallel workers share a deadline).
    #[must_use]
    pub fn until(budget: Budget, start: Instant) -> Meter {
        let stop = STOP.with(Cell::get);
        match budget {
            Budget::Millis(ms) => {
                Meter { deadline: Some(start + Duration::from_millis(ms)), limit: u64::MAX, used: 0, stop }
            }
            Budget::Nodes(n) => Meter { deadline: None, limit: n, used: 0, stop },
        }
    }

    /// Records one node of work.
    #[inline]
    pub fn tick(&mut self) {
        self.used += 1;
    }

    /// Records `nodes` nodes of work done elsewhere (by copies of this meter on other threads),
    /// so that the work done in parallel counts against this meter's budget.
    pub fn charge(&mut self, nodes: u64) {
        self.used += nodes;
    }

    /// Nodes counted so far.
    #[must_use]
    pub fn used(&self) -> u64 {
        self.used
    }

    /// Whether the budget is spent (or the thread's stop signal, see [`stop_on`], is set).
    #[must_use]
    pub fn spent(&self) -> bool {
        if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return true;
        }
        match self.deadline {
            Some(d) => Instant::now() >= d,
            None => self.used >= self.limit,
        }
    }

    /// What is left of the budget, as a budget.
    #[must_use]
    pub fn remaining(&self) -> Budget {
        match self.deadline {
            Some(d) => Budget::Millis(d.saturating_duration_since(Instant::now()).as_millis() as u64),
            None => Budget::Nodes(self.limit.saturating_sub(self.used)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_are_read_in_every_unit() {
        assert_eq!(Budget::parse("100ms"), Ok(Budget::Millis(100)));
        assert_eq!(Budget::parse("2s"), Ok(Budget::Millis(2000)));
        assert_eq!(Budget::parse("5000n"), Ok(Budget::Nodes(5000)));
        assert_eq!(Budget::parse("250"), Ok(Budget::Millis(250)));
        assert!(Budget::parse("fast").is_err());
    }

    #[test]
    fn a_search_keeps_a_margin_of_a_time_budget_only() {
        assert_eq!(Budget::Millis(100).for_search(), Budget::Millis(95));
        assert_eq!(Budget::Millis(10).for_search(), Budget::Millis(9));
        assert_eq!(Budget::Millis(1).for_search(), Budget::Millis(1));
        assert_eq!(Budget::Nodes(500).for_search(), Budget::Nodes(500));
    }

    #[test]
    fn a_node_budget_counts_the_work_of_reading_many_actions() {
        assert_eq!(Budget::Nodes(3000).for_position(100), Budget::Nodes(3000));
        assert_eq!(Budget::Nodes(3000).for_position(511), Budget::Nodes(3000));
        assert_eq!(Budget::Nodes(3000).for_position(512), Budget::Nodes(1500));
        assert_eq!(Budget::Nodes(3000).for_position(2380), Budget::Nodes(333));
        assert_eq!(Budget::Nodes(3).for_position(10_000), Budget::Nodes(1));
        assert_eq!(Budget::Millis(100).for_position(2380), Budget::Millis(100));
    }

    #[test]
    fn a_node_meter_is_spent_after_its_nodes() {
        let mut m = Meter::start(Budget::Nodes(3));
        for _ in 0..3 {
            assert!(!m.spent());
            m.tick();
        }
        assert!(m.spent());
        assert_eq!(m.remaining(), Budget::Nodes(0));
    }

    #[test]
    fn a_stop_signal_spends_the_meters_started_on_its_thread() {
        static STOP: AtomicBool = AtomicBool::new(false);
        let before = Meter::start(Budget::Nodes(u64::MAX));
        stop_on(Some(&STOP));
        let during = Meter::start(Budget::Millis(60_000));
        assert!(!during.spent());
        STOP.store(true, Ordering::Relaxed);
        assert!(during.spent(), "stopped");
        assert!(!before.spent(), "a meter started before keeps its budget");
        stop_on(None);
        assert!(!Meter::start(Budget::Nodes(5)).spent(), "no signal any more");
    }
}
