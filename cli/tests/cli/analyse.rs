//! `analyse`: per turn the winning chances, the best turn and the loss with its mark, a
//! summary per side, JSON, and the evaluation graph.

use crate::support::{temp_file, warlord};

const SAMPLE: &str = "records/medieval-sample.txt";

#[test]
fn analyse_judges_every_turn_and_sums_up_each_side() {
    let text = warlord(&["analyse", SAMPLE, "--budget", "200n"]).ok();
    let rows: Vec<&str> = text.lines().filter(|l| l.contains('%')).collect();
    assert_eq!(rows.len(), 26, "one row per turn of the 26: {text}");
    assert!(rows[0].starts_with("1.        white   "), "{text}");
    assert!(rows[1].starts_with("1...      black   "), "{text}");
    let white = text.lines().find(|l| l.starts_with("white ")).expect("White's summary");
    assert!(white.contains("13 turns, mean loss"), "{white}");
    // Every marked turn names the best turn found.
    let marks = text.lines().filter(|l| l.ends_with("?!") || l.ends_with('?')).count();
    let named = text.lines().filter(|l| l.contains("the best turn found was")).count();
    assert_eq!(marks, named, "{text}");
    // A node budget is reproducible.
    assert_eq!(warlord(&["analyse", SAMPLE, "--budget", "200n"]).ok(), text);
}

#[test]
fn analyse_writes_json_and_an_svg_graph() {
    let svg = temp_file("analysis.svg");
    let json = warlord(&["analyse", SAMPLE, "--budget", "100n", "--json", "--svg", svg.to_str().unwrap()]).ok();
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    let turns = report["turns"].as_array().unwrap();
    assert_eq!(turns.len(), 26);
    for t in turns {
        let (before, after, best) =
            (t["before"].as_f64().unwrap(), t["after"].as_f64().unwrap(), t["best_after"].as_f64().unwrap());
        assert!((0.0..=1.0).contains(&before) && (0.0..=1.0).contains(&after) && (0.0..=1.0).contains(&best), "{t}");
        assert!((t["loss"].as_f64().unwrap() - (best - after).max(0.0)).abs() < 1e-9, "{t}");
    }
    assert_eq!(turns[25]["after"], 1.0, "Black's last turn wins the game");
    let drawing = std::fs::read_to_string(&svg).unwrap();
    assert!(drawing.starts_with("<svg") && drawing.contains("White&apos;s winning chance"), "{drawing}");
    assert!(drawing.contains("<polyline"), "the line of winning chances");
}

#[test]
fn analyse_refuses_a_scenario() {
    let e = warlord(&["analyse", "chieftain"]).user_error();
    assert!(e.contains("is a scenario, not a record"), "{e}");
}
