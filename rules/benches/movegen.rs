//! Move generation speed: `legal_actions` into a reused vector, at the start of Warlord 2.0
//! (16x12), Chieftain Chess (16x12, on squares and on hexes), a 120x120 board with 600 pieces a
//! side, the Warlord 2.0 army alone on a 120x120 board (the board-size control) and WarGame 1
//! (20x33), each also mid-turn (two moves made). After Criterion's report, prints a summary table (medians of its own timing batches):
//! actions per second on one core, nanoseconds per piece of the side to move, and the ratio of
//! each per-piece cost to Warlord 2.0's. See docs/BENCHMARKS.md. What it shares with `large.rs` is
//! in `common/mod.rs`.

mod common;

use common::{median_and_min, mid_turn, per_second, table_head, table_row, Case, Timer};
use criterion::black_box;
use std::sync::Arc;
use std::time::Duration;
use warlord_rules::{Ruleset, Scenario};

fn scenario(text: &str, origin: &str) -> Arc<dyn Ruleset> {
    let s = Scenario::parse(text, origin).unwrap_or_else(|e| panic!("{e}"));
    s.ruleset(&[]).unwrap_or_else(|e| panic!("{e}"))
}

/// The Warlord 2.0 setup, 16x12 (the shipped file if present).
const WARLORD_2_0_POSITION: &str =
    "nhc2chnnhc2chn/2l2l1ll1l2l2/16/1iiiiiiiiiiiiii1/16/16/16/16/1IIIIIIIIIIIIII1/16/2L2L1LL1L2L2/NHC2CHNNHC2CHN";

const WARLORD_PIECES: &str = r#"
[[pieces]]
like = "leader"
[[pieces]]
like = "heavy-cavalry-charge"
[[pieces]]
like = "cannon"
[[pieces]]
like = "light-cavalry"
[[pieces]]
like = "infantry"
"#;

fn warlord_2_0() -> Arc<dyn Ruleset> {
    match warlord_scenarios::get("warlord-2-0") {
        Some(b) => scenario(b.text, "builtin:warlord-2-0"),
        None => scenario(
            &format!(
                "name = \"Warlord 2.0\"\nfamily = \"warlord\"\n[board]\nfiles = 16\nranks = 12\n[rules]\nmoves-per-turn = 4\n{WARLORD_PIECES}\n[setup]\nposition = \"{WARLORD_2_0_POSITION}\"\n"
            ),
            "warlord-2-0.toml",
        ),
    }
}

/// A shipped scenario's rules: Chieftain Chess (on squares and on hexes), or WarGame 1 (20x33,
/// 69 pieces a side: leaders, tanks, infantry, artillery, the Command Post, its reconstructed
/// start).
fn shipped(id: &str) -> Arc<dyn Ruleset> {
    let b = warlord_scenarios::get(id).unwrap_or_else(|| panic!("{id} ships"));
    scenario(b.text, &format!("builtin:{id}"))
}

/// Writes ranks (top first) of `files` squares from a function giving each square's symbol.
fn setup_string(files: u32, ranks: u32, at: impl Fn(u32, u32) -> Option<char>) -> String {
    let mut rows = Vec::new();
    for rank in (0..ranks).rev() {
        let mut row = String::new();
        let mut run = 0;
        for file in 0..files {
            match at(file, rank) {
                Some(c) => {
                    if run > 0 {
                        row.push_str(&run.to_string());
                        run = 0;
                    }
                    row.push(c);
                }
                None => run += 1,
            }
        }
        if run > 0 {
            row.push_str(&run.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

/// A 4x4 deployment block of the scenario texts (A Test of Wills: "2 leaders and 6 non-leader
/// units" in 16 squares), every unit within 2 squares of a leader; `variant` rotates the units.
fn block(file: u32, rank: u32, variant: u32) -> Option<char> {
    let units = [['H', 'C', 'N', 'I', 'I', 'I'], ['C', 'N', 'H', 'I', 'I', 'I'], ['N', 'H', 'C', 'I', 'I', 'I']];
    let u = units[(variant % 3) as usize];
    match (file, rank) {
        (1, 2) | (2, 1) => Some('L'),
        (0, 3) => Some(u[0]),
        (2, 3) => Some(u[3]),
        (3, 2) => Some(u[1]),
        (0, 1) => Some(u[4]),
        (1, 0) => Some(u[2]),
        (3, 0) => Some(u[5]),
        _ => None,
    }
}

/// 120x120, 600 pieces a side in 4x4 blocks (150 Leaders of range 2, 75 Heavy Cavalry, 75
/// Cannons, 75 Light Cavalry, 225 Infantry), White on ranks 1-12, Black mirrored; up to 18
/// moves a turn (the Valley War's activations).
fn big_battle() -> Arc<dyn Ruleset> {
    // 75 blocks a side: block rows 0 and 1 full (30 each), 15 blocks on every other place of row 2.
    let white = |file: u32, rank: u32| -> Option<char> {
        let (bf, br) = (file / 4, rank / 4);
        let used = match br {
            0 | 1 => true,
            2 => bf % 2 == 0,
            _ => false,
        };
        used.then(|| block(file % 4, rank % 4, bf + br)).flatten()
    };
    let position =
        setup_string(120, 120, |f, r| white(f, r).or_else(|| white(f, 119 - r).map(|c| c.to_ascii_lowercase())));
    let text = format!(
        "name = \"Big battle\"\nfamily = \"warlord\"\n[board]\nfiles = 120\nranks = 120\n[rules]\nmoves-per-turn = 18\nactivation-range = 2\n{WARLORD_PIECES}\n[setup]\nposition = \"{position}\"\n"
    );
    scenario(&text, "big-battle.toml")
}

/// The Warlord 2.0 armies on a 120x120 board (the 16x12 array in the middle): the same pieces
/// on a board 75 times larger.
fn warlord_2_0_on_120() -> Arc<dyn Ruleset> {
    let rows: Vec<&str> = WARLORD_2_0_POSITION.split('/').collect();
    let small = |file: u32, rank: u32| -> Option<char> {
        let row = rows[(11 - rank) as usize];
        let mut f = 0;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let mut n = d;
                while let Some(e) = chars.peek().and_then(|e| e.to_digit(10)) {
                    n = n * 10 + e;
                    chars.next();
                }
                f += n;
            } else {
                if f == file {
                    return Some(c);
                }
                f += 1;
            }
        }
        None
    };
    let position = setup_string(120, 120, |f, r| {
        let (f0, r0) = (52, 54);
        (f >= f0 && f < f0 + 16 && r >= r0 && r < r0 + 12).then(|| small(f - f0, r - r0)).flatten()
    });
    let text = format!(
        "name = \"Warlord 2.0 on 120x120\"\nfamily = \"warlord\"\n[board]\nfiles = 120\nranks = 120\n[rules]\nmoves-per-turn = 4\n{WARLORD_PIECES}\n[setup]\nposition = \"{position}\"\n"
    );
    scenario(&text, "warlord-2-0-on-120.toml")
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for (name, rules) in [
        ("warlord-2-0 16x12", warlord_2_0()),
        ("chieftain 16x12", shipped("chieftain")),
        ("chieftain-hex 16x12", shipped("chieftain-hex")),
        ("big-battle 120x120", big_battle()),
        ("warlord-2-0 army on 120x120", warlord_2_0_on_120()),
        ("wargame-1 20x33", shipped("wargame-1")),
    ] {
        let start = rules.start();
        let mid = mid_turn(&*rules, &start);
        out.push(Case { name: format!("{name} start"), rules: rules.clone(), pos: start });
        out.push(Case { name: format!("{name} mid-turn"), rules, pos: mid });
    }
    out
}

/// Nanoseconds per `legal_actions` call of each case: (median, minimum) over 201 rounds, each
/// round timing a batch of about 0.5 ms of every case in turn, so that load from other
/// processes on a shared machine falls on all cases alike.
fn timings(cases: &[Case]) -> Vec<(f64, f64)> {
    let mut timer = Timer::new();
    let batch: Vec<u32> = cases.iter().map(|c| timer.batch(c, Duration::from_micros(500))).collect();
    let mut samples = vec![Vec::new(); cases.len()];
    for _ in 0..201 {
        for (i, c) in cases.iter().enumerate() {
            samples[i].push(timer.ns_per_call(c, batch[i]));
        }
    }
    samples.into_iter().map(median_and_min).collect()
}

/// Times every case and prints the summary table.
fn summary(cases: &[Case]) {
    println!();
    table_head(&[
        "position",
        "pieces (side to move)",
        "actions",
        "median per call",
        "minimum",
        "actions/s/core (median)",
        "ns/piece (median)",
        "ns/piece vs warlord-2-0, same phase (median / minimum)",
    ]);
    let times = timings(cases);
    for (i, case) in cases.iter().enumerate() {
        let (median, min) = times[i];
        let actions = case.actions();
        // Compare with Warlord 2.0 at the same phase (start with start, mid-turn with mid-turn).
        let base = &cases[i % 2];
        let (base_median, base_min) = times[i % 2];
        table_row(&[
            case.name.clone(),
            case.pieces().to_string(),
            actions.to_string(),
            format!("{:.2} µs", median / 1000.0),
            format!("{:.2} µs", min / 1000.0),
            per_second(actions, median),
            format!("{:.1}", case.ns_per_piece(median)),
            format!(
                "{:.2} / {:.2}",
                case.ns_per_piece(median) / base.ns_per_piece(base_median),
                case.ns_per_piece(min) / base.ns_per_piece(base_min)
            ),
        ]);
    }
}

/// `MOVEGEN_CALLS=n MOVEGEN_CASE=name`: only call `legal_actions` n times on the named case
/// (for instruction counts under callgrind).
fn count_only(cases: &[Case]) -> bool {
    let (Ok(n), Ok(name)) = (std::env::var("MOVEGEN_CALLS"), std::env::var("MOVEGEN_CASE")) else { return false };
    let n: u32 = n.parse().expect("MOVEGEN_CALLS is a number");
    let case = cases.iter().find(|c| c.name == name).unwrap_or_else(|| panic!("no case named {name}"));
    let mut out = Vec::with_capacity(8192);
    for _ in 0..n {
        case.generate(&mut out);
        black_box(&out);
    }
    println!("{} pieces, {} actions", case.pieces(), out.len());
    true
}

fn main() {
    let cases = cases();
    if count_only(&cases) {
        return;
    }
    common::criterion("legal_actions", &cases);
    // `cargo bench` passes `--bench`; `cargo test --benches` runs the binary without it, and
    // a profiling run (`--profile-time`) wants only the benchmark it names.
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--bench") && !args.iter().any(|a| a == "--profile-time") {
        summary(&cases);
    }
}
