//! Bad input gets an error, never a panic: every parser on arbitrary text, on text made of the
//! notation's own characters, and on mutated valid files (the stable-Rust counterpart of the
//! fuzz targets in `fuzz/`, so that CI covers them without a nightly toolchain). A scenario that
//! parses is also built into rules, and a few legal actions are played in it.

use proptest::prelude::*;
use warlord_rules::notation::{format_action, parse_action, parse_turn, Record};
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
    // The shipped files include both WarGame 1 scenarios: the skirmish has every WarGame
    // action in its first turn.
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

/// Text made of the words of WarGame actions (moves, captures, shots, tows, paratroopers'
/// preparations and leaps, WarGame 2's led moves, ends) and
/// stray characters, joined in random order.
fn wargame_text() -> impl Strategy<Value = String> {
    let word = prop::sample::select(vec![
        "e5-e7",
        "e5xe7",
        "tow",
        "d4",
        "cannon",
        "g8",
        "a2",
        "end",
        "pass",
        "commit",
        "SC@d2",
        "T@c4",
        ",",
        ", ",
        " ",
        "-",
        "x",
        "aa10",
        "dp120",
        "zz9",
        "0",
        "€",
        "tow tow",
        "e5-e7 tow",
        "tow d4",
        "prep",
        "prep d4",
        "leap",
        "d4 leap j9",
        "P@c3",
        "with",
        " with ",
        "c3-f5 with c2-e5",
        "c3-f5 with",
        "with c2-e5",
        "WITH",
    ]);
    prop::collection::vec(word, 0..12).prop_map(|words| words.concat())
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
        "family = \"wargame\"\n",
        "[rules.fire-range]\nA = 20\n",
        "[rules.levels]\nT = 1\n",
        "tow-artillery = 10\n",
        "tow-infantry = 0\n",
        "actions-per-turn = 0\n",
        "infantry-cover-range = 10\n",
        "banner-planting = true\n",
        "paratroops = 3\n",
        "paratroops = 24\n",
        "paratroop-leap = 20\n",
        "class = \"other\"",
        "class = \"cannon\"",
        "\"SC@a1:h8\"",
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

    /// WarGame notation: `e5-e7 tow d4`, `g8 cannon a2`, `c3-f5 with c2-e5`, captures and
    /// ends, in pieces. What
    /// reads is written back as text that reads as the same action.
    #[test]
    fn wargame_actions_never_panic_and_read_back(text in wargame_text()) {
        let pieces = pieces();
        if let Ok(action) = parse_action(&text, &pieces) {
            let written = format_action(&action, &pieces);
            prop_assert_eq!(parse_action(&written, &pieces), Ok(action), "{:?} written {:?}", text, written);
        }
        if let Ok(turn) = parse_turn(&text, &pieces) {
            let written: Vec<String> = turn.iter().map(|a| format_action(a, &pieces)).collect();
            prop_assert_eq!(parse_turn(&written.join(", "), &pieces), Ok(turn), "{:?}", text);
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
    let record = Record::parse(&format!("1. {long}"), &pieces).unwrap();
    assert!(record.turns[0].unreadable[0].reason.contains("at most 200 characters"), "{record:?}");
    // An empty list of attackers read as an exact list of none, which was written back as a
    // plain attack (any attackers): it is refused now.
    for empty in ["[,] attack g6", "[] attack g6", "[ , ] attack g6"] {
        let err = parse_action(empty, &pieces).unwrap_err().to_string();
        assert!(err.contains("names at least one square"), "{empty}: {err}");
    }
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

/// The WarGame seed (the shipped skirmish) exercises the WarGame actions: its start lists
/// moves, shots and tows, and the written forms of a tow and a shot read back.
#[test]
fn the_wargame_seed_reaches_shots_and_tows() {
    let seed = warlord_scenarios::get("wargame-1-skirmish").expect("the skirmish ships");
    let scenario = Scenario::parse(seed.text, "wargame-1-skirmish.toml").expect("the seed is valid");
    let rules = scenario.ruleset(&[]).expect("it builds");
    let actions = rules.legal_action_list(&rules.start());
    assert!(actions.iter().any(|a| matches!(a, Action::Tow { .. })), "{actions:?}");
    assert!(actions.iter().any(|a| matches!(a, Action::Fire { .. })), "{actions:?}");
    let pieces = &scenario.pieces;
    for text in ["e5-e7 tow d4", "g8 cannon a2", "c3xc5"] {
        let action = parse_action(text, pieces).expect("reads");
        assert_eq!(parse_action(&format_action(&action, pieces), pieces), Ok(action));
    }
}

/// The WarGame 2 seed (its teaching scenario) lists led moves at the start, and their written
/// form reads back, also as people write it by hand.
#[test]
fn the_wargame_2_seed_reaches_led_moves() {
    let seed = warlord_scenarios::get("wargame-2-skirmish").expect("the skirmish ships");
    let scenario = Scenario::parse(seed.text, "wargame-2-skirmish.toml").expect("the seed is valid");
    let rules = scenario.ruleset(&[]).expect("it builds");
    let actions = rules.legal_action_list(&rules.start());
    assert!(actions.iter().any(|a| matches!(a, Action::Lead { .. })), "{actions:?}");
    let pieces = &scenario.pieces;
    let action = parse_action("C3 - C7 WITH c2 - b6", pieces).expect("reads");
    assert!(actions.contains(&action), "{action:?}");
    assert_eq!(format_action(&action, pieces), "c3-c7 with c2-b6");
    for wrong in ["c3-c7 with", "c3-c7 with b6", "c3 with c2-b6", "c3-c7 with c2-b6 with d1-d2"] {
        assert!(parse_action(wrong, pieces).is_err(), "{wrong}");
    }
}
