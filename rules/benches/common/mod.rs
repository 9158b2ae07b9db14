//! What the `legal_actions` benchmarks (`movegen.rs` and `large.rs`) share: the case measured,
//! the mid-turn position, the Criterion group, the timing of batches of calls, and the rows of
//! the summary table. Each bench keeps its own cases, its own timing scheme built from
//! [`Timer`] and [`median_and_min`], and its own table columns.

use criterion::{black_box, Criterion, Throughput};
use std::sync::Arc;
use std::time::{Duration, Instant};
use warlord_rules::{Action, Position, Ruleset};

/// One position to measure.
pub struct Case {
    /// The name shown by Criterion and in the summary table.
    pub name: String,
    /// The rules that generate the actions.
    pub rules: Arc<dyn Ruleset>,
    /// The position measured, for its side to move.
    pub pos: Position,
}

impl Case {
    /// The number of pieces of the side to move.
    pub fn pieces(&self) -> usize {
        self.pos.piece_count(self.pos.to_move())
    }

    /// The number of legal actions in the position.
    pub fn actions(&self) -> usize {
        self.rules.legal_action_list(&self.pos).len()
    }

    /// The call measured: `legal_actions` into `out`, cleared first (a reused vector).
    #[inline]
    pub fn generate(&self, out: &mut Vec<Action>) {
        out.clear();
        self.rules.legal_actions(black_box(&self.pos), out);
    }

    /// `ns` (the time of one call) per piece of the side to move.
    pub fn ns_per_piece(&self, ns: f64) -> f64 {
        ns / self.pieces() as f64
    }
}

/// The position after two moves of the turn under way at `start` (chosen deterministically,
/// spread over the list of legal moves).
pub fn mid_turn(rules: &dyn Ruleset, start: &Position) -> Position {
    let mut pos = start.clone();
    for k in [3, 2] {
        let moves: Vec<Action> =
            rules.legal_action_list(&pos).into_iter().filter(|a| matches!(a, Action::Move { .. })).collect();
        let report = rules.play(&mut pos, moves[moves.len() / k]).expect("a legal move");
        assert!(!report.turn_ended, "the turn allows more than two moves");
    }
    pos
}

/// Runs Criterion on every case as the benchmark group `group` (1 s of warm-up and 3 s of
/// measurement unless the command line says otherwise), throughput in actions, then prints
/// Criterion's final summary.
pub fn criterion(group: &str, cases: &[Case]) {
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    let mut group = c.benchmark_group(group);
    for case in cases {
        group.throughput(Throughput::Elements(case.actions() as u64));
        let mut out = Vec::with_capacity(8192);
        group.bench_function(case.name.as_str(), |b| {
            b.iter(|| {
                case.generate(&mut out);
                out.len()
            })
        });
    }
    group.finish();
    c.final_summary();
}

/// Times batches of calls of [`Case::generate`] for the summary tables, into one reused vector.
pub struct Timer {
    out: Vec<Action>,
}

impl Timer {
    /// A timer with room for 8192 actions.
    pub fn new() -> Self {
        Timer { out: Vec::with_capacity(8192) }
    }

    /// The wall-clock time of `n` calls on `case`.
    fn run(&mut self, case: &Case, n: u32) -> Duration {
        let t = Instant::now();
        for _ in 0..n {
            case.generate(&mut self.out);
            black_box(&self.out);
        }
        t.elapsed()
    }

    /// The batch size for `case`: the first power of two whose calls take at least `at_least`.
    pub fn batch(&mut self, case: &Case, at_least: Duration) -> u32 {
        let mut n = 1;
        while self.run(case, n) < at_least {
            n *= 2;
        }
        n
    }

    /// Times one batch of `n` calls on `case`: nanoseconds per call.
    pub fn ns_per_call(&mut self, case: &Case, n: u32) -> f64 {
        self.run(case, n).as_nanos() as f64 / f64::from(n)
    }
}

/// The median and the minimum (the fastest batch) of `samples`.
pub fn median_and_min(mut samples: Vec<f64>) -> (f64, f64) {
    samples.sort_by(f64::total_cmp);
    (samples[samples.len() / 2], samples[0])
}

/// Prints the head of a summary table (Markdown): the column names, the first column aligned
/// left and the others right.
pub fn table_head(columns: &[&str]) {
    println!("| {} |", columns.join(" | "));
    println!("| --- |{}", " ---: |".repeat(columns.len() - 1));
}

/// Prints one row of a summary table.
pub fn table_row(cells: &[String]) {
    println!("| {} |", cells.join(" | "));
}

/// A rate in the summary tables: `actions` per `ns` nanoseconds, in millions per second.
pub fn per_second(actions: usize, ns: f64) -> String {
    format!("{:.1} M", actions as f64 / ns * 1000.0)
}
