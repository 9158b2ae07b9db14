//! `scenarios`, `show`, `moves` and `perft`, and bad scenarios and options.

use crate::support::{temp_file, warlord};

#[test]
fn scenarios_lists_every_builtin_with_its_board() {
    let list = warlord(&["scenarios"]).ok();
    assert!(list.starts_with("ID"), "{list}");
    for builtin in warlord_scenarios::ALL {
        assert!(list.lines().any(|l| l.starts_with(builtin.id)), "{} missing:\n{list}", builtin.id);
    }
    let chieftain = list.lines().find(|l| l.starts_with("chieftain ")).unwrap();
    let words: Vec<&str> = chieftain.split_whitespace().collect();
    assert_eq!(words, ["chieftain", "Chieftain", "Chess", "warlord", "16x12", "no"]);
}

#[test]
fn scenarios_show_describes_one() {
    let text = warlord(&["scenarios", "--show", "chieftain"]).ok();
    assert!(text.starts_with("Chieftain Chess (chieftain)"), "{text}");
    assert!(text.contains("C   Chieftain"), "{text}");
    assert!(text.contains("turn-limit"), "{text}");
    let e = warlord(&["scenarios", "--show", "no-such"]).user_error();
    assert!(e.contains("unknown scenario `no-such`"), "{e}");
}

#[test]
fn show_prints_the_labelled_board_and_the_state() {
    let text = warlord(&["show", "chieftain"]).ok();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Chieftain Chess (chieftain), warlord family, 16x12");
    assert_eq!(lines[1], "    a b c d e f g h i j k l m n o p");
    assert_eq!(lines[2], "12  . h c s . c h s s h c . s c h .  12");
    assert_eq!(lines[13], " 1  . H C S . C H S S H C . S C H .  1");
    assert!(text.contains("play: white to move; turns played 0"), "{text}");
    assert!(text.contains("this turn: 0 of at most 4 actions taken"), "{text}");
    assert!(text.contains("leaders captured: by white 0, by black 0"), "{text}");
}

#[test]
fn show_limits_the_board_to_a_region() {
    let text = warlord(&["show", "chieftain", "--region", "d4:a1"]).ok();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[1..7],
        ["   a b c d", "4  M . . M  4", "3  . . . .  3", "2  . N M .  2", "1  . H C S  1", "   a b c d"]
    );
    let e = warlord(&["show", "chieftain", "--region", "a1:q12"]).user_error();
    assert!(e.contains("q12 is outside the 16x12 board"), "{e}");
    assert_eq!(warlord(&["show", "chieftain", "--region", "a1-p12"]).code, 1);
}

#[test]
fn show_prints_a_hex_board_with_its_shifted_rows_indented() {
    let text = warlord(&["show", "hex-skirmish", "--region", "a1:d3"]).ok();
    let lines: Vec<&str> = text.lines().collect();
    // Rank 2 is shifted half a hex right (docs/NOTATION.md, "Hex cells"): its cells stand
    // between those of ranks 1 and 3, and every row keeps the same width.
    assert_eq!(
        lines[1..6],
        ["   a b c d", "3  . . * .   3", "2   . . M .  2", "1  . H S .   1", "   a b c d"],
        "{text}"
    );
    assert!(text.contains("hexes (rows 2, 4, ... shifted half a hex right)"), "{text}");
}

/// A 6x6 scenario with a pond and a hill.
const POND: &str = r#"
name = "Pond"
family = "warlord"
[board]
files = 6
ranks = 6
water = ["c3:d4"]
hills = ["a3"]
[[pieces]]
like = "chieftain"
[[pieces]]
like = "man"
[setup]
position = "6/2cm2/6/6/2MC2/6"
"#;

#[test]
fn show_marks_terrain_on_empty_squares_of_a_scenario_file() {
    let path = temp_file("pond.toml");
    std::fs::write(&path, POND).unwrap();
    let text = warlord(&["show", path.to_str().unwrap()]).ok();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Pond (pond), warlord family, 6x6");
    assert_eq!(
        lines[2..8],
        [
            "6  . . . . . .  6",
            "5  . . c m . .  5",
            "4  . . ~ ~ . .  4",
            "3  ^ . ~ ~ . .  3",
            "2  . . M C . .  2",
            "1  . . . . . .  1"
        ]
    );
    assert!(text.contains("squares: . open, ~ water, ^ hill"), "{text}");
}

#[test]
fn a_bad_scenario_file_names_the_file_and_the_problem() {
    let path = temp_file("bad-scenario.toml");
    std::fs::write(&path, POND.replace("\"warlord\"", "\"chess\"")).unwrap();
    let e = warlord(&["show", path.to_str().unwrap()]).user_error();
    assert!(e.contains("bad-scenario.toml: family: unknown family `chess`"), "{e}");
}

#[test]
fn unknown_scenarios_and_bad_options_are_user_errors() {
    let e = warlord(&["show", "atlantis"]).user_error();
    assert!(e.contains("`atlantis` is neither a builtin scenario (chieftain"), "{e}");
    let e = warlord(&["moves", "chieftain", "--option", "flying-cannons=true"]).user_error();
    assert!(e.contains("unknown option `flying-cannons` for chieftain; its options are: shorter-game"), "{e}");
    let e = warlord(&["moves", "chieftain", "--option", "turn-limit=soon"]).user_error();
    assert!(e.contains("turn-limit"), "{e}");
    let e = warlord(&["moves", "chieftain", "--option", "turn-limit"]).user_error();
    assert!(e.contains("write NAME=VALUE"), "{e}");
    let e = warlord(&["moves", "chieftain", "--scenario", "chieftain"]).user_error();
    assert!(e.contains("--scenario is for record files"), "{e}");
}

#[test]
fn moves_lists_legal_actions_in_notation() {
    let list = warlord(&["moves", "chieftain"]).ok();
    let actions: Vec<&str> = list.lines().collect();
    assert_eq!(actions.len(), 131);
    assert!(actions.contains(&"b1-b3"), "{list}");
    assert!(actions.contains(&"end"), "the end of a turn is spelled `end`: {list}");
    assert_eq!(warlord(&["moves", "chieftain", "--count"]).ok(), "131\n");
}

#[test]
fn moves_in_free_setup_are_placements() {
    let list = warlord(&["moves", "chieftain", "--option", "free-setup=true"]).ok();
    assert!(list.lines().all(|l| l.contains('@')), "{list}");
    assert!(list.lines().any(|l| l == "C@a1"), "{list}");
}

#[test]
fn perft_counts_and_times() {
    let text = warlord(&["perft", "chieftain", "--depth", "2"]).ok();
    let count = text.strip_prefix("perft 2: ").and_then(|t| t.split_whitespace().next()).unwrap();
    let depth_one = warlord(&["moves", "chieftain", "--count"]).ok();
    assert!(count.parse::<u64>().unwrap() > depth_one.trim().parse::<u64>().unwrap());
    assert!(text.contains(" s, "), "{text}");
    assert!(warlord(&["perft", "chieftain", "--depth", "0"]).ok().starts_with("perft 0: 1 "));
    let positional = warlord(&["perft", "chieftain", "2"]).ok();
    assert!(positional.starts_with(&format!("perft 2: {count} ")), "{positional}");
}

#[test]
fn perft_divide_sums_to_the_total() {
    let text = warlord(&["perft", "chieftain", "--depth", "2", "--divide"]).ok();
    let lines: Vec<&str> = text.lines().collect();
    let (total, split) = lines.split_last().unwrap();
    assert_eq!(split.len(), 131);
    let sum: u64 = split.iter().map(|l| l.rsplit(": ").next().unwrap().parse::<u64>().unwrap()).sum();
    assert!(total.starts_with(&format!("perft 2: {sum} ")), "{total}");
}

#[test]
fn bad_depths_are_refused() {
    for depth in ["x", "-1", "1.5", "99"] {
        let run = warlord(&["perft", "chieftain", "--depth", depth]);
        assert_eq!(run.code, 1, "{depth}: {run:#?}");
        assert!(run.stderr.contains("--depth"), "{depth}: {}", run.stderr);
    }
}
