//! `play`: random movers, humans on piped input, records written and replayed.

use crate::support::{temp_file, warlord, warlord_with_input};

/// Plays Chieftain Chess with the given players and input; returns stdout and the record.
fn play(white: &str, black: &str, extra: &[&str], input: &str, record: &str) -> (String, String) {
    let path = temp_file(record);
    let path = path.to_str().unwrap();
    let mut args = vec!["play", "chieftain", "--white", white, "--black", black, "--record", path];
    args.extend_from_slice(extra);
    let stdout = warlord_with_input(&args, input).ok();
    (stdout, std::fs::read_to_string(path).unwrap())
}

#[test]
fn a_random_game_is_recorded_replayed_and_a_corruption_found() {
    let extra = ["--seed", "1", "--option", "turn-limit=40"];
    let (stdout, record) = play("random", "random", &extra, "", "random-1.rec");
    assert!(stdout.contains("game over after 40 turns: 1/2-1/2 (draw: turn limit)"), "{stdout}");
    assert!(record.starts_with(
        "[Scenario \"chieftain\"]\n[Option \"turn-limit=40\"]\n[White \"random\"]\n[Black \"random\"]\n[Seed \"1\"]\n[Result \"1/2-1/2 (draw: turn limit)\"]\n1. "
    ), "{record}");
    let (_, again) = play("random", "random", &extra, "", "random-1-again.rec");
    assert_eq!(record, again, "the same seed plays the same game");

    let path = temp_file("random-1.rec");
    let path = path.to_str().unwrap();
    let replayed = warlord(&["replay", path]).ok();
    assert!(replayed.contains(": 40 turns in the record,") && replayed.contains("all legal"), "{replayed}");

    // Corrupt White's fifth turn: its first piece moves on again after its move.
    let lines: Vec<&str> = record.lines().collect();
    let at = lines.iter().position(|l| l.starts_with("5. ")).unwrap();
    let first = lines[at]["5. ".len()..].split(", ").next().unwrap();
    let (from, to) = first.split_once('-').unwrap();
    let corrupt = format!("5. {first}, {to}-{from}");
    let mut changed = lines.clone();
    changed[at] = &corrupt;
    let bad = temp_file("random-1-corrupt.rec");
    std::fs::write(&bad, changed.join("\n")).unwrap();
    let e = warlord(&["replay", bad.to_str().unwrap()]).user_error();
    let prefix = format!("line {}, turn 5 (white): `{to}-{from}` is illegal: the ", at + 1);
    assert!(e.contains(&prefix), "{e}");
    assert!(e.ends_with(&format!(" on {to} has already moved this turn\n")), "{e}");
}

#[test]
fn a_human_line_is_played_whole_or_refused_with_the_reason() {
    let input = "g2-f4, e5-e6\ng2-f4, j2-k4\n";
    let (stdout, record) = play("human", "human", &[], input, "human-refused.rec");
    assert!(stdout.contains("refused: `e5-e6` is illegal: there is no piece on e5"), "{stdout}");
    assert!(stdout.contains("white plays: g2-f4, j2-k4"), "{stdout}");
    assert!(stdout.contains("black> \ninput ended: the game stops unfinished"), "{stdout}");
    assert!(record.ends_with("\n1. g2-f4, j2-k4\n"), "{record}");
    assert!(!record.contains("Result"), "{record}");
}

#[test]
fn a_turn_may_span_lines_and_undo_cancels_it() {
    let input = "g2-f4,\nundo\nj2-k4,\n\ne4-e5\npass\nmoves\n";
    let (stdout, record) = play("human", "human", &["--seed", "5"], input, "human-undo.rec");
    assert!(stdout.contains("white (1 of 4 taken)> the turn is cancelled; enter it again"), "{stdout}");
    assert!(record.contains("[Seed \"5\"]\n1. j2-k4, e4-e5\n1... pass\n"), "{record}");
    assert!(stdout.contains("white> b1-a1, "), "`moves` lists the legal actions: {stdout}");
}

#[test]
fn humans_may_place_at_random_and_resign() {
    let input = "random\nresign\n";
    let extra = ["--seed", "3", "--option", "free-setup=true"];
    let (stdout, record) = play("human", "random", &extra, input, "human-setup.rec");
    assert!(stdout.contains("white setup> \nwhite has placed 32 pieces"), "{stdout}");
    assert!(stdout.contains("black has placed 32 pieces"), "{stdout}");
    assert!(stdout.contains("white resigns"), "{stdout}");
    assert!(record.contains("[Option \"free-setup=true\"]"), "{record}");
    assert!(record.contains("[Result \"0-1 (black wins: resignation)\"]"), "{record}");
    let placements = record.lines().find(|l| l.starts_with("1. ")).unwrap();
    assert_eq!(placements.matches('@').count(), 32, "{placements}");
}

#[test]
fn a_game_stopped_at_once_is_recorded_without_turns() {
    let (stdout, record) = play("human", "human", &["--seed", "9"], "", "stopped.rec");
    assert!(stdout.contains("white> \ninput ended"), "{stdout}");
    assert!(record.ends_with("[Black \"human\"]\n[Seed \"9\"]\n"), "{record}");
}

#[test]
fn play_continues_a_record() {
    let path = temp_file("continued-from-opening.rec");
    let args = [
        "play",
        "records/chieftain-opening.rec",
        "--white",
        "random",
        "--black",
        "human",
        "--seed",
        "2",
        "--record",
        path.to_str().unwrap(),
    ];
    let stdout = warlord_with_input(&args, "").ok();
    assert!(stdout.contains("white plays: "), "{stdout}");
    let record = std::fs::read_to_string(&path).unwrap();
    assert!(record.contains("\n4. g6-e7\n4... g7-e6\n5. "), "{record}");
    assert!(warlord(&["replay", path.to_str().unwrap()]).ok().contains("9 turns"));
}

#[test]
fn an_unwritable_record_is_a_user_error() {
    let args = [
        "play",
        "chieftain",
        "--white",
        "random",
        "--black",
        "random",
        "--seed",
        "1",
        "--option",
        "turn-limit=2",
        "--record",
        "/nonexistent-dir/game.rec",
    ];
    let e = warlord(&args).user_error();
    assert!(e.contains("cannot write the record /nonexistent-dir/game.rec"), "{e}");
}

#[test]
fn a_human_plays_the_computer_at_a_level_and_the_game_replays() {
    // The human passes every turn; the novice (level 1) plays Black and its turns are legal.
    let extra = ["--seed", "2", "--option", "turn-limit=6"];
    let input = "pass\n".repeat(3);
    let (stdout, record) = play("human", "ai:1", &extra, &input, "human-vs-ai.rec");
    assert!(stdout.contains("black: ai:1 (novice, 100 ms)"), "{stdout}");
    assert!(stdout.matches("black plays: ").count() == 3 && !stdout.contains("black plays: pass"), "{stdout}");
    assert!(record.contains("[Black \"ai:1 (novice, 100 ms)\"]"), "{record}");
    let path = temp_file("human-vs-ai.rec");
    let replayed = warlord(&["replay", path.to_str().unwrap()]).ok();
    assert!(replayed.contains("all legal"), "{replayed}");
    let refused = warlord(&["play", "chieftain", "--white", "ai:0"]);
    assert_ne!(refused.code, 0);
    assert!(refused.stderr.contains("there is no level 0: the levels are 1 to 6"), "{refused:?}");
}
