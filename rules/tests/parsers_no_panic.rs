//! Bad input gets an error, never a panic: every parser on arbitrary text, on text made of the
//! notation's own characters, and on mutated valid files (the stable-Rust counterpart of the
//! fuzz targets in `fuzz/`, so that CI covers them without a nightly toolchain). A scenario that
//! parses is also built into rules, and a few legal actions are played in it.

use proptest::prelude::*;
use warlord_rules::notation::{parse_action, parse_turn, Record};
use warlord_rules::{Action, PieceTable, Scenario, Square};

const MINI: &str = r#"
name = "Mini"
family = "warlord"
[board]
files = 8
ranks = 8
water = ["d4:e5"]
[rules]
moves-per-turn = 2
activation-range = 3
[options]
cannon-leader-swap = true
[[pieces]]
like = "leader"
command = { capacity = 2, range = 3 }
[[pieces]]
like = "infantry"
[[pieces]]
like = "cannon"
symbol = "A"
[[pieces]]
like = "light-cavalry"
[setup]
position = "8/2lii3/1a1n4/8/8/1A1N4/2LII3/8"
"#;

const FREE_SETUP: &str = r#"
name = "Free"
family = "warlord"
[board]
files = 6
ranks = 6
map = ["......", "..~~..", "......", "......", "..~~..", "......"]
[options]
free-setup = true
[[pieces]]
like = "leader"
[[pieces]]
like = "heavy-cavalry-charge"
[setup]
white = ["L@a1", "H@b1:c1"]
black = ["L@f6", "H@d6:e6"]
zones = { white = ["a1:f2"], black = ["a5:f6"] }
"#;

/// The valid scenario files the mutations start from.
fn seeds() -> Vec<&'static str> {
    let mut out = vec![MINI, FREE_SETUP];
    out.extend(warlord_scenarios::ALL.iter().map(|b| b.text));
    out
}

fn pieces() -> PieceTable {
    Scenario::parse(MINI, "mini.toml").expect("MINI is valid").pieces
}

/// Text made of the characters notation and records use, with a few multi-byte ones.
fn notation_text() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[a-z0-9@<>x\\-, \\[\\]LlAaNn.…—–;#\"\n\t€é]{0,320}").expect("a valid regex")
}

/// Parses a scenario; if it is valid, builds its rules and plays up to `steps` legal actions
/// chosen by `picks`. Nothing here may panic.
fn exercise_scenario(text: &str, picks: &[u16]) {
    let Ok(scenario) = Scenario::parse(text, "fuzz.toml") else { return };
    let Ok(rules) = scenario.ruleset(&[]) else { return };
    let mut pos = rules.start();
    for &pick in picks {
        let actions = rules.legal_action_list(&pos);
        if actions.is_empty() {
            break;
        }
        let action = actions[usize::from(pick) % actions.len()];
        rules.play(&mut pos, action).expect("a legal action is accepted");
    }
}

/// A valid file with random edits: snippets inserted, ranges deleted, numbers changed.
fn mutated_scenario() -> impl Strategy<Value = String> {
    let snippet = prop::sample::select(vec![
        "",
        "0",
        "1",
        "3",
        "16",
        "120",
        "121",
        "-1",
        "999999999999",
        "\"",
        "[",
        "]",
        "{",
        "}",
        "=",
        "\n",
        ",",
        "~",
        "a1:dp120",
        "dp120",
        "zz9",
        "L@a1",
        "{L2}",
        "/",
        "99",
        "true",
        "line = \"all\"",
        "max = 16",
        "leap = [16, 16]",
        "walk = 3",
        "passing = \"step-jump\"",
        "range = 10",
        "capacity = 50",
        "é",
        "—",
        "[[pieces]]\nlike = \"leader\"\nsymbol = \"Z\"\n",
        "activation-range = 10\n",
        "free-setup = true\n",
        "files = 120\n",
        "ranks = 4\n",
    ]);
    (prop::sample::select(seeds()), prop::collection::vec((any::<prop::sample::Index>(), 0usize..12, snippet), 1..6))
        .prop_map(|(seed, edits)| {
            let mut text = seed.to_string();
            for (at, delete, insert) in edits {
                let mut i = at.index(text.len() + 1);
                while !text.is_char_boundary(i) {
                    i -= 1;
                }
                let mut j = (i + delete).min(text.len());
                while !text.is_char_boundary(j) {
                    j -= 1;
                }
                text.replace_range(i..j, insert);
            }
            text
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn actions_and_turns_never_panic(text in any::<String>(), near in notation_text()) {
        let pieces = pieces();
        for t in [&text, &near] {
            let _ = parse_action(t, &pieces);
            let _ = parse_turn(t, &pieces);
            let _ = t.parse::<Square>();
        }
    }

    #[test]
    fn records_never_panic(text in any::<String>(), near in notation_text()) {
        let pieces = pieces();
        for t in [&text, &near, &format!("[Scenario \"mini\"]\n1. {near}\n1... {text}")] {
            if let Ok(record) = Record::parse(t, &pieces) {
                // What was read can be written and read back.
                let again = Record::parse(&record.to_text(&pieces), &pieces);
                prop_assert!(again.is_ok(), "{t:?} -> {:?}", record.to_text(&pieces));
            }
            let _ = Record::parse_header(t);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn scenarios_never_panic(text in any::<String>(), mutated in mutated_scenario(), picks in prop::collection::vec(any::<u16>(), 0..12)) {
        exercise_scenario(&text, &picks);
        exercise_scenario(&mutated, &picks);
    }
}

/// Inputs that once panicked (found by fuzzing): kept as regression tests.
#[test]
fn regressions_found_by_fuzzing() {
    let pieces = pieces();
    // An over-long action was cut at byte 40 for its message, inside a multi-byte character.
    let long = "€".repeat(100);
    assert!(parse_action(&long, &pieces).is_err());
    assert!(parse_turn(&format!("a1-a2, {long}"), &pieces).is_err());
    assert!(Record::parse(&format!("1. {long}"), &pieces).is_err());
}

/// Activation boxes near the edge of a board padded only for short moves once read outside the
/// board (a leader of range 3 with pieces reaching 2): legal actions are generated without
/// panicking, and activation never wraps around to the far side of a row.
#[test]
fn activation_range_beyond_the_moves_reach_stays_on_the_board() {
    let text = r#"
name = "Edge"
family = "warlord"
[board]
files = 5
ranks = 5
[rules]
activation-range = 3
[[pieces]]
like = "leader"
[[pieces]]
like = "infantry"
[setup]
position = "l4/5/5/4I/L4"
"#;
    let scenario = Scenario::parse(text, "edge.toml").unwrap();
    let rules = scenario.ruleset(&[]).unwrap();
    let pos = rules.start();
    let actions = rules.legal_action_list(&pos);
    // a1 to e2 is 4 squares: the infantry cannot be activated.
    assert!(actions.iter().all(|a| a.origin() != Some("e2".parse().unwrap())), "{actions:?}");
    assert!(actions.contains(&Action::EndTurn));
    assert!(actions.iter().any(|a| a.origin() == Some("a1".parse().unwrap())));
}

/// Overlapping rectangles of a 120x120 board: zones are read in linear time (they were
/// quadratic), and placement lists stop once they name more pieces than the board has squares
/// (they grew without bound).
#[test]
fn big_overlapping_regions_are_cheap() {
    let items = |item: &str, n: usize| vec![format!("\"{item}\""); n].join(", ");
    let zones = format!(
        "name = \"z\"\nfamily = \"warlord\"\n[board]\nfiles = 120\nranks = 120\n[[pieces]]\nlike = \"leader\"\n[setup]\nwhite = [\"L@a1\"]\nblack = [\"L@b2\"]\nzones = {{ white = [{}], black = [\"a1\"] }}\n",
        items("a1:dp120", 64)
    );
    assert!(Scenario::parse(&zones, "z.toml").is_ok());
    let placements = format!(
        "name = \"z\"\nfamily = \"warlord\"\n[board]\nfiles = 120\nranks = 120\n[[pieces]]\nlike = \"leader\"\n[setup]\nwhite = [{}]\n",
        items("L@a1:dp120", 10_000)
    );
    let e = Scenario::parse(&placements, "z.toml").unwrap_err();
    // Refused by the list itself, before 144 million placements are built and found to
    // overlap.
    assert_eq!(e.field, "setup.white", "{e}");
    assert!(e.message.contains("more pieces are placed than the board has squares"), "{e}");
}
