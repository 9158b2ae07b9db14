//! Move generation speed on the large scenarios: `legal_actions` into a reused vector in Border
//! War at the start of play (after seeded random setups of both sides), the Valley War with its
//! first two armies in, and the 120x120 game after several waves have entered (a realistic
//! piece count), each also mid-turn; and the 120x120 game's first turn, when placements are
//! the actions. Warlord 2.0's start (16x12) is the baseline. After Criterion's report, prints a
//! summary table (median and fastest of its own timing batches): actions per second on one core,
//! nanoseconds per piece of the side to move, and the ratio of each per-piece cost to Warlord
//! 2.0's. See docs/BENCHMARKS.md ("Large scenarios"). What it shares with `movegen.rs` is in
//! `common/mod.rs`.

mod common;

use common::{median_and_min, mid_turn, per_second, table_head, table_row, Case, Timer};
use std::sync::Arc;
use std::time::Duration;
use warlord_rules::warlord::WarlordRules;
use warlord_rules::{Action, Position, Ruleset, Scenario};

fn builtin(id: &str) -> Scenario {
    let b = warlord_scenarios::get(id).unwrap_or_else(|| panic!("{id} ships"));
    Scenario::parse(b.text, &format!("builtin:{id}")).unwrap_or_else(|e| panic!("{e}"))
}

/// A small deterministic random source (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Plays until `turns` turns have been played: every waiting reinforcement first, then up to
/// `moves` random moves a turn (captures preferred, so the armies meet as in a game).
fn advance(rules: &dyn Ruleset, mut pos: Position, turns: u32, moves: usize, seed: u64) -> Position {
    let mut rng = Rng(seed | 1);
    while pos.turns_played() < turns && pos.outcome().is_none() {
        let actions = rules.legal_action_list(&pos);
        let places: Vec<Action> = actions.iter().copied().filter(|a| matches!(a, Action::Place { .. })).collect();
        let moved = pos.actions_this_turn().iter().filter(|a| matches!(a, Action::Move { .. })).count();
        let pick = if !places.is_empty() {
            places[rng.below(places.len())]
        } else if moved >= moves {
            Action::EndTurn
        } else {
            let all: Vec<Action> = actions.iter().copied().filter(|a| *a != Action::EndTurn).collect();
            if all.is_empty() {
                Action::EndTurn
            } else {
                all[rng.below(all.len())]
            }
        };
        rules.play(&mut pos, pick).expect("a legal action");
    }
    assert!(pos.outcome().is_none(), "the game must still be on");
    pos
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    // The baseline: Warlord 2.0, 16x12.
    let base: Arc<dyn Ruleset> = builtin("warlord-2-0").ruleset(&[]).expect("warlord-2-0 builds");
    let start = base.start();
    out.push(Case { name: "warlord-2-0 16x12 start".into(), rules: base.clone(), pos: start.clone() });
    out.push(Case { name: "warlord-2-0 16x12 mid-turn".into(), rules: base.clone(), pos: mid_turn(&*base, &start) });
    // Border War: both sides' seeded random hidden setups, then the first turn of play.
    let border: WarlordRules = builtin("border-war").warlord(&[]).expect("border-war builds");
    let mut pos = border.start();
    for seed in [1, 2] {
        for a in border.random_setup(&pos, seed) {
            border.play(&mut pos, a).expect("a legal setup");
        }
    }
    let border: Arc<dyn Ruleset> = Arc::new(border);
    out.push(Case {
        name: "border-war 24x16 start of play".into(),
        rules: border.clone(),
        pos: mid_turn(&*border, &pos),
    });
    out.push(Case {
        name: "border-war 24x16 after 6 turns".into(),
        rules: border.clone(),
        pos: advance(&*border, pos, 6, 12, 5),
    });
    // The Valley War with both sides' first two armies in (turn 6 placements done).
    let valley: Arc<dyn Ruleset> = builtin("valley-war").ruleset(&[]).expect("valley-war builds");
    let pos = advance(&*valley, valley.start(), 12, 9, 7);
    out.push(Case { name: "valley-war 24x24 turn 7 (2nd army entering)".into(), rules: valley.clone(), pos });
    // The 120x120 game: its first turn (placements), then after 12 turns of each side (its
    // garrisons and first three field armies in: 128 pieces a side), start and mid-turn.
    let huge: Arc<dyn Ruleset> = builtin("fanatics-120x120").ruleset(&[]).expect("fanatics-120x120 builds");
    out.push(Case { name: "fanatics 120x120 turn 1 (placements)".into(), rules: huge.clone(), pos: huge.start() });
    let pos = advance(&*huge, huge.start(), 24, 24, 11);
    out.push(Case { name: "fanatics 120x120 turn 13".into(), rules: huge.clone(), pos: pos.clone() });
    out.push(Case {
        name: "fanatics 120x120 turn 13 mid-turn".into(),
        rules: huge.clone(),
        pos: mid_turn(&*huge, &pos),
    });
    out
}

/// Nanoseconds of one `legal_actions` call over 101 batches of about 2 ms: the median and the
/// fastest batch (on a shared machine, the fastest is the least disturbed by other load).
fn timing_ns(case: &Case) -> (f64, f64) {
    let mut timer = Timer::new();
    let n = timer.batch(case, Duration::from_millis(2));
    median_and_min((0..101).map(|_| timer.ns_per_call(case, n)).collect())
}

/// Times every case and prints the summary table.
fn summary(cases: &[Case]) {
    println!("\nRates and costs from the fastest batch; the median is shown for comparison.\n");
    table_head(&[
        "position",
        "pieces (side to move)",
        "actions",
        "per call: median / best",
        "actions/s/core",
        "ns/action",
        "ns/piece",
        "ns/piece vs warlord-2-0 start",
    ]);
    let measured: Vec<((f64, f64), usize, usize)> =
        cases.iter().map(|c| (timing_ns(c), c.pieces(), c.actions())).collect();
    let ((_, base_ns), _, _) = measured[0];
    let base = cases[0].ns_per_piece(base_ns);
    for (case, &((median, best), pieces, actions)) in cases.iter().zip(&measured) {
        // With no piece on the board (placements only), there is no per-piece cost.
        let (per_piece, ratio) = if pieces == 0 {
            ("—".to_string(), "—".to_string())
        } else {
            let p = case.ns_per_piece(best);
            (format!("{p:.1}"), format!("{:.2}", p / base))
        };
        table_row(&[
            case.name.clone(),
            pieces.to_string(),
            actions.to_string(),
            format!("{:.2} / {:.2} µs", median / 1000.0, best / 1000.0),
            per_second(actions, best),
            format!("{:.1}", best / actions as f64),
            per_piece,
            ratio,
        ]);
    }
}

fn main() {
    let cases = cases();
    common::criterion("legal_actions_large", &cases);
    // `cargo bench` passes `--bench`; `cargo test --benches` runs the binary without it.
    if std::env::args().any(|a| a == "--bench") {
        summary(&cases);
    }
}
