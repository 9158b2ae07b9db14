//! `replay`, and records as the argument of `show` and `moves`: validation, the first illegal
//! action, malformed files, headers and options.

use crate::support::{root, temp_file, warlord};
use std::path::PathBuf;

const OPENING: &str = "records/chieftain-opening.rec";

/// Writes a record into the test folder and returns its path as a string.
fn write_record(name: &str, text: &str) -> String {
    let path: PathBuf = temp_file(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn every_sample_record_replays() {
    let mut samples = 0;
    for entry in std::fs::read_dir(root().join("records")).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            continue; // records/slips: records with mistakes on purpose
        }
        let text = warlord(&["replay", path.to_str().unwrap()]).ok();
        assert!(text.contains("all legal"), "{}: {text}", path.display());
        samples += 1;
    }
    assert!(samples >= 3);
}

#[test]
fn every_hunting_position_replays_to_a_game_in_play_with_white_to_move() {
    // records/hunts: the positions `warlord match POS --from-position` plays on from, the
    // champion (White) to move (docs/AI.md, "Round 29" and "Round 33").
    let mut positions = 0;
    for scenario in ["warlord-2-0", "chieftain"] {
        for entry in std::fs::read_dir(root().join("records/hunts").join(scenario)).unwrap() {
            let path = entry.unwrap().path();
            let text = warlord(&["replay", path.to_str().unwrap()]).ok();
            assert!(text.contains("all legal") && text.contains("play: white to move"), "{}: {text}", path.display());
            assert!(!text.contains("game over"), "{}: {text}", path.display());
            positions += 1;
        }
    }
    assert_eq!(positions, 31 + 15);
}

#[test]
fn replay_prints_the_final_summary() {
    let text = warlord(&["replay", OPENING]).ok();
    assert_eq!(
        text,
        "records/chieftain-opening.rec: 8 turns in the record, 28 actions, all legal\n\
         play: white to move; turns played 8\n\
         this turn: 0 of at most 4 actions taken\n\
         leaders captured: by white 0, by black 0\n"
    );
    let random = warlord(&["replay", "records/chieftain-random.rec"]).ok();
    assert!(random.contains("1-0 (white wins: all leaders captured)"), "{random}");
}

#[test]
fn replay_verbose_reports_each_action() {
    let text = warlord(&["replay", "--verbose", OPENING]).ok();
    assert!(text.starts_with("turn 1 (white): g2-f4\n"), "{text}");
    assert!(text.contains("turn 4 (white): g6-e7 — captures m on e7\nturn 4 (white): end of turn\n"), "{text}");
    assert!(text.contains("turn 4 (black): g7-e6 — captures M on e6\n"), "{text}");
}

#[test]
fn replay_verbose_reports_attack_strength_against_defence() {
    let text = warlord(&["replay", "-v", "records/medieval-random.rec"]).ok();
    let attack = "turn 6 (black): [d5, e5] attack e4 — strength 3 against defence 0: succeeds; captures P on e4\n";
    assert!(text.contains(attack), "{text}");
    assert!(text.contains("turn 1 (black): h8 cannon h2 — strength "), "{text}");
}

#[test]
fn a_wargame_record_replays_to_its_end_by_the_rules() {
    let text = warlord(&["replay", "-v", "records/wargame-skirmish.rec"]).ok();
    assert!(text.contains("turn 2 (white): h2-h1 tow g3\n"), "{text}");
    assert!(text.contains("turn 3 (white): h2 cannon e4 — captures i on e4\n"), "{text}");
    assert!(text.contains("game over after 10 turns: 1-0 (white wins: all leaders captured)\n"), "{text}");
}

#[test]
fn show_and_moves_continue_from_a_record() {
    let text = warlord(&["show", OPENING]).ok();
    assert!(text.contains("\n 7  . . . . N . . . . n . m . . . .  7\n"), "{text}");
    assert!(text.contains("\n 6  . . . . n . . . . N . M . . . .  6\n"), "{text}");
    let moves = warlord(&["moves", OPENING]).ok();
    assert!(moves.lines().any(|m| m == "f3-e4"), "{moves}");
}

#[test]
fn the_first_illegal_action_is_reported_with_line_turn_side_and_reason() {
    let text = std::fs::read_to_string(root().join(OPENING)).unwrap().replace("2.. f12-f10", "2.. f12-f9");
    let path = write_record("illegal.rec", &text);
    let expected = format!(
        "error: {path}: line 9, turn 2 (black): `f12-f9` is illegal: the Chieftain on f12 cannot move to f9: f9 holds one of your own pieces\n"
    );
    let run = warlord(&["replay", &path]);
    assert_eq!(run.stdout, "");
    assert_eq!(run.user_error(), expected);
    assert_eq!(warlord(&["show", &path]).user_error(), expected);
    assert_eq!(warlord(&["moves", &path]).user_error(), expected);
    let verbose = warlord(&["replay", "-v", &path]);
    assert!(verbose.stdout.ends_with("turn 2 (white): n1-m3\n"), "{}", verbose.stdout);
    assert_eq!(verbose.user_error(), expected);
}

#[test]
fn malformed_records_name_the_file_and_line() {
    let cases = [
        (
            "action.rec",
            "[Scenario \"chieftain\"]\n1. d2-\n",
            "action.rec: line 2, turn 1 (white): `d2-` cannot be read: a square is missing",
        ),
        ("tag.rec", "[Scenario \"chieftain\"\n1. g2-f4\n", "tag.rec: line 1: a tag is written `[Name \"value\"]`"),
        (
            "number.rec",
            "[Scenario \"chieftain\"]\ng2-f4\n",
            "number.rec: line 2, turn 1 (white): `g2-f4` cannot be read: a turn starts with its number",
        ),
        (
            "symbol.rec",
            "[Scenario \"chieftain\"]\n1. Q@a1\n",
            "symbol.rec: line 2, turn 1 (white): `Q@a1` cannot be read: no piece has the symbol `Q`",
        ),
        (
            "no-scenario.rec",
            "1. g2-f4\n",
            "no-scenario.rec: the record names no scenario; add a `[Scenario \"id\"]` tag or pass --scenario",
        ),
        ("unknown.rec", "[Scenario \"atlantis\"]\n1. g2-f4\n", "unknown.rec: unknown scenario `atlantis`"),
        (
            "option.rec",
            "[Scenario \"chieftain\"]\n[Option \"flying=true\"]\n1. g2-f4\n",
            "unknown option `flying` for chieftain",
        ),
    ];
    for (name, text, expected) in cases {
        let path = write_record(name, text);
        let e = warlord(&["replay", &path]).user_error();
        assert!(e.contains(expected), "{name}: {e}");
        assert_eq!(e.lines().count(), 1, "{name}: {e}");
    }
    let binary = temp_file("binary.rec");
    std::fs::write(&binary, [0xff, 0xfe, 0x00]).unwrap();
    let e = warlord(&["replay", binary.to_str().unwrap()]).user_error();
    assert!(e.contains("cannot read") && e.contains("UTF-8"), "{e}");
    let e = warlord(&["replay", "chieftain"]).user_error();
    assert!(e.contains("`chieftain` is a scenario, not a record"), "{e}");
}

#[test]
fn a_tag_after_the_moves_is_read() {
    let path = write_record("late-tag.rec", "[Scenario \"chieftain\"]\n1. g2-f4\n[Option \"turn-limit=3\"]\n");
    let text = warlord(&["replay", &path]).ok();
    assert!(text.contains("1 turn in the record, 2 actions, all legal"), "{text}");
}

const SLIPS: &str = "records/slips/medieval-slips.txt";

#[test]
fn all_errors_reports_every_slip_of_a_designers_record_and_plays_on() {
    // The designer's forms (trailing periods, `..`, `;` and brace comments, capitals, spaces
    // around the dash) are read; the slips are reported, skipped, and the game goes on to its
    // end.
    let run = warlord(&["replay", "--all-errors", SLIPS]);
    let expected = "line 26, turn 10 (black): `White thinks for a long time here` cannot be read: a turn starts with its number, like `1.` or `1...`; found `White thinks for a long time h`\n\
                    line 31, turn 12 (black): `f8-e8` is illegal: e8 holds your own King: a piece only moves to an empty square (enemies are taken by attacks)\n";
    assert!(run.stdout.starts_with(expected), "{}", run.stdout);
    assert!(
        run.stdout.contains("26 turns in the record, 77 actions, 2 errors, skipped\ngame over after 25 turns: 0-1"),
        "{}",
        run.stdout
    );
    assert!(run.user_error().contains("2 illegal or unreadable actions"));
    // The default stops at the first.
    let first = warlord(&["replay", SLIPS]).user_error();
    assert!(first.contains("line 26, turn 10 (black)") && first.lines().count() == 1, "{first}");
    // A "move" from a square to itself is reported too.
    let text = std::fs::read_to_string(root().join(SLIPS)).unwrap().replace("f8-e8", "f8-f8");
    let path = write_record("self-move.txt", &text);
    let run = warlord(&["replay", "--all-errors", &path]);
    assert!(
        run.stdout.contains("line 31, turn 12 (black): `f8-f8` is illegal: a piece moves one king step"),
        "{}",
        run.stdout
    );
}

#[test]
fn all_errors_as_json_for_scripts() {
    let run = warlord(&["replay", "--all-errors", "--json", SLIPS]);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["turns"], 26);
    let errors = report["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 2);
    assert_eq!(errors[0]["line"], 26);
    assert_eq!(errors[0]["unreadable"], true);
    assert_eq!(errors[1]["action"], "f8-e8");
    assert_eq!(errors[1]["side"], "black");
    assert_eq!(report["outcome"], "0-1 (black wins: no pieces left)");
    let clean = warlord(&["replay", "--json", OPENING]).ok();
    assert!(clean.contains("\"errors\": []"), "{clean}");
}

#[test]
fn scenario_flag_serves_records_without_a_header() {
    let path = write_record("headerless.rec", "1. g2-f4, j2-k4\n1... g11-f9\n");
    let text = warlord(&["replay", &path, "--scenario", "chieftain"]).ok();
    assert!(text.contains("2 turns in the record, 5 actions, all legal"), "{text}");
    let e = warlord(&["replay", &path, "--scenario", "atlantis"]).user_error();
    assert!(e.contains("unknown scenario `atlantis`"), "{e}");
}

#[test]
fn a_scenario_tag_may_name_a_file_beside_the_record() {
    let scenario = std::fs::read_to_string(root().join("scenarios/data/chieftain.toml")).unwrap();
    std::fs::write(temp_file("beside.toml"), scenario).unwrap();
    let path = write_record("beside.rec", "[Scenario \"beside.toml\"]\n1. g2-f4\n");
    let text = warlord(&["show", &path]).ok();
    assert!(text.starts_with("Chieftain Chess (beside), warlord family, 16x12"), "{text}");
}

#[test]
fn record_options_apply_and_the_command_line_overrides_them() {
    let path = write_record(
        "limited.rec",
        "[Scenario \"chieftain\"]\n[Option \"turn-limit=2\"]\n1. g2-f4\n1... g11-f9\n2. j2-k4\n",
    );
    let e = warlord(&["replay", &path]).user_error();
    assert!(
        e.contains(
            "line 5, turn 2 (white): `j2-k4` is illegal: the game had already ended: 1/2-1/2 (draw: turn limit)"
        ),
        "{e}"
    );
    let text = warlord(&["replay", &path, "--option", "turn-limit=0"]).ok();
    assert!(text.contains("3 turns"), "{text}");
}

#[test]
fn bad_option_tags_are_blamed_on_the_record_and_its_line() {
    let malformed = temp_file("option-without-value.rec");
    std::fs::write(&malformed, "[Scenario \"chieftain\"]\n[Option \"frob\"]\n1. e4-e5\n").unwrap();
    let err = warlord(&["replay", malformed.to_str().unwrap()]).user_error();
    assert!(err.contains("option-without-value.rec: line 2: an Option tag is written"), "{err}");
    let bad_value = temp_file("option-bad-value.rec");
    std::fs::write(&bad_value, "[Scenario \"chieftain\"]\n[Option \"turn-limit=abc\"]\n1. e4-e5\n").unwrap();
    let err = warlord(&["replay", bad_value.to_str().unwrap()]).user_error();
    assert!(err.contains("option-bad-value.rec: its [Option] tags") && err.contains("turn-limit must be"), "{err}");
}
