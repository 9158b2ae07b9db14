//! `match`: two agents play a series; the summary, think times and replayable records.

use crate::support::{temp_file, warlord};
use std::path::Path;

/// The move lines of a record file: every line but its tags and blank ones.
fn move_lines(record: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(record).unwrap_or_else(|e| panic!("{}: {e}", record.display()));
    text.lines().filter(|l| !l.starts_with('[') && !l.trim().is_empty()).map(str::to_owned).collect()
}

#[test]
fn a_match_prints_its_summary_and_writes_replayable_records() {
    let dir = temp_file("match-greedy-random");
    let _ = std::fs::remove_dir_all(&dir);
    let records = dir.to_str().unwrap();
    let args = ["match", "chieftain", "--first", "greedy", "--second", "random", "--games", "2", "--budget", "20ms"];
    let out = warlord(&[&args[..], &["--turn-limit", "12", "--parallel", "2", "--records", records]].concat()).ok();
    assert!(out.contains("greedy vs random, 2 games at 20ms a turn, seed 1"), "{out}");
    assert!(out.contains("games     2 ("), "{out}");
    // Think times: median, 99th percentile, longest and the turns over 110% of the budget.
    let greedy = out.lines().find(|l| l.starts_with("time      greedy: median ")).unwrap_or_else(|| panic!("{out}"));
    assert!(greedy.contains(" ms, 99th percentile ") && greedy.contains(" turns over 22 ms"), "{greedy}");
    for game in ["game-0001.txt", "game-0002.txt"] {
        let path = dir.join(game);
        let replayed = warlord(&["replay", path.to_str().unwrap()]).ok();
        assert!(replayed.contains("all legal"), "{game}: {replayed}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_node_budget_reports_no_time_limit_and_an_unknown_agent_is_refused() {
    let dir = temp_file("match-nodes");
    let records = dir.to_str().unwrap();
    let args = ["match", "chieftain", "--first", "random", "--second", "random", "--games", "1", "--budget", "50n"];
    let out = warlord(&[&args[..], &["--turn-limit", "4", "--records", records]].concat()).ok();
    let line = out.lines().find(|l| l.starts_with("time      random: ")).unwrap_or_else(|| panic!("{out}"));
    assert!(!line.contains("turns over"), "{line}");
    let e =
        warlord(&["match", "chieftain", "--first", "genius", "--second", "random", "--records", records]).user_error();
    assert!(e.contains("no agent is called `genius`"), "{e}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_match_reports_how_its_games_ended_and_can_fail_on_adjudications() {
    let dir = temp_file("match-endings");
    let _ = std::fs::remove_dir_all(&dir);
    let records = dir.join("records");
    let json = dir.join("summary.json");
    let args = ["match", "chieftain", "--first", "random", "--second", "random", "--games", "2", "--budget", "50n"];
    let more = ["--turn-limit", "4", "--records", records.to_str().unwrap(), "--json", json.to_str().unwrap()];
    // Four turns end no game of Chieftain Chess by its rules: both are adjudicated.
    let run = warlord(&[&args[..], &more[..], &["--fail-on-adjudication", "50"]].concat());
    assert_eq!(run.code, 1, "{run:#?}");
    assert!(run.stderr.contains("2 of 2 games (100.0%) were adjudicated"), "{run:#?}");
    let out = run.stdout;
    assert!(out.contains("endings   how the games ended (wins / draws / losses for random"), "{out}");
    let line = out.lines().find(|l| l.trim_start().starts_with("adjudication ")).unwrap_or_else(|| panic!("{out}"));
    assert!(line.contains("4.0 turns"), "{line}");
    assert!(out.contains("adjudged  2 of 2 games (100.0%)"), "{out}");
    assert!(out.contains("length    4.0 turns on average, median 4.0"), "{out}");
    let by_rules = out.lines().find(|l| l.starts_with("by rules  0 of random's ")).unwrap_or_else(|| panic!("{out}"));
    assert!(by_rules.ends_with("by the rules of the game"), "no win at the turn limit is by the rules: {by_rules}");
    let summary = std::fs::read_to_string(&json).unwrap();
    assert!(summary.contains("\"ending\": \"adjudication\"") && summary.contains("\"adjudicated\": 2"), "{summary}");
    assert!(summary.contains("\"wins_by_rule\": 0"), "{summary}");
    assert!(summary.contains("\"median\": 4.0"), "{summary}");
    // Allowing all of them passes.
    warlord(&[&args[..], &more[..], &["--fail-on-adjudication", "100"]].concat()).ok();
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn levels_play_with_their_own_budgets() {
    let dir = temp_file("match-levels");
    let _ = std::fs::remove_dir_all(&dir);
    let records = dir.to_str().unwrap();
    let args = ["match", "chieftain", "--first", "ai:2", "--second", "ai:6", "--games", "2", "--turn-limit", "4"];
    let out = warlord(&[&args[..], &["--records", records]].concat()).ok();
    assert!(out.contains("ai:2 vs ai:6, 2 games at 100ms (first) and 1000ms (second) a turn"), "{out}");
    assert!(out.contains("time      ai:2: ") && out.contains("turns over 110 ms"), "{out}");
    assert!(out.contains("time      ai:6: ") && out.contains("turns over 1100 ms"), "{out}");
    let first = std::fs::read_to_string(dir.join("game-0001.txt")).unwrap();
    assert!(
        first.contains("[White \"greedy\"]") && first.contains("[Budget \"white 100ms, black 1000ms\"]"),
        "{first}"
    );
    let second = std::fs::read_to_string(dir.join("game-0002.txt")).unwrap();
    assert!(second.contains("[Budget \"white 1000ms, black 100ms\"]"), "{second}");
    let refused = warlord(&["match", "chieftain", "--first", "ai:12"]);
    assert!(refused.code != 0 && refused.stderr.contains("there is no level 12"), "{refused:?}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_opening_makes_two_champions_play_different_games() {
    let dir = temp_file("match-opening");
    let _ = std::fs::remove_dir_all(&dir);
    let moves = |opening: &str| {
        let records = dir.join(opening);
        let contact = concat!(env!("CARGO_MANIFEST_DIR"), "/../ai/tests/data/contact.toml");
        let args = ["match", contact, "--first", "champion", "--second", "champion", "--games", "2"];
        let more = ["--budget", "60n", "--turn-limit", "6", "--parallel", "1", "--opening", opening];
        let out = warlord(&[&args[..], &more[..], &["--records", records.to_str().unwrap()]].concat()).ok();
        assert_eq!(out.contains("turns of each game by the novice"), opening != "0", "{out}");
        ["game-0001.txt", "game-0002.txt"].map(|g| move_lines(&records.join(g)))
    };
    let [a, b] = moves("0");
    assert_eq!(a, b, "two champions at a node budget play one game from every seed on short turns");
    let [a, b] = moves("2");
    assert_ne!(a, b, "the novice's first turns differ by the game's seed");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn paired_games_share_their_opening_and_the_summary_counts_the_pairs() {
    let dir = temp_file("match-paired");
    let _ = std::fs::remove_dir_all(&dir);
    let json = dir.join("summary.json");
    let args = ["match", "chieftain", "--first", "greedy", "--second", "random", "--games", "4", "--budget", "40n"];
    let more = ["--turn-limit", "6", "--parallel", "2", "--opening", "2", "--paired", "--json", json.to_str().unwrap()];
    let out = warlord(&[&args[..], &more[..], &["--records", dir.to_str().unwrap()]].concat()).ok();
    assert!(out.contains("the first 2 turns of each game by the novice, in pairs with the colours swapped"), "{out}");
    assert!(out.contains("pairs     2 pairs by greedy's points: 0 in "), "{out}");
    // The novice's two turns of game 1 are those of game 2, and not those of game 3.
    let opening = |g: &str| move_lines(&dir.join(g))[..2].to_vec();
    assert_eq!(opening("game-0001.txt"), opening("game-0002.txt"));
    assert_ne!(opening("game-0001.txt"), opening("game-0003.txt"));
    let summary = std::fs::read_to_string(&json).unwrap();
    assert!(summary.contains("\"paired\": true") && summary.contains("\"pair_points\": ["), "{summary}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_match_from_a_records_position_plays_on_from_it_and_keeps_its_turns() {
    let dir = temp_file("match-from-position");
    let _ = std::fs::remove_dir_all(&dir);
    let first = dir.join("first");
    let args = ["match", "chieftain", "--first", "random", "--second", "random", "--games", "1", "--budget", "50n"];
    warlord(&[&args[..], &["--turn-limit", "12", "--records", first.to_str().unwrap()]].concat()).ok();
    let played = std::fs::read_to_string(first.join("game-0001.txt")).unwrap();
    // The game is over: nothing to play on from.
    let finished = first.join("game-0001.txt");
    let over = warlord(&["match", finished.to_str().unwrap(), "--from-position", "--turn-limit", "12"]).user_error();
    assert!(over.contains("the game is over"), "{over}");
    let refused = warlord(&["match", "chieftain", "--from-position"]).user_error();
    assert!(refused.contains("--from-position needs a record file"), "{refused}");
    // Its first four turns (two numbered lines), without the result.
    let header = played.lines().filter(|l| l.starts_with('[') && !l.starts_with("[Result"));
    let turns = move_lines(&first.join("game-0001.txt"))[..4].to_vec();
    let start = dir.join("start.txt");
    std::fs::write(&start, header.chain(turns.iter().map(String::as_str)).collect::<Vec<_>>().join("\n") + "\n")
        .unwrap();
    let on = dir.join("on");
    let args = ["match", start.to_str().unwrap(), "--from-position", "--first", "greedy", "--second", "random"];
    let more = ["--games", "2", "--budget", "50n", "--turn-limit", "12", "--records", on.to_str().unwrap()];
    let out = warlord(&[&args[..], &more[..]].concat()).ok();
    // The turn limit (12) counts the record's four turns: at most eight are played on.
    let length = out.lines().find_map(|l| l.strip_prefix("length    ")).unwrap_or_else(|| panic!("{out}"));
    let mean: f64 = length.split(' ').next().unwrap().parse().unwrap();
    assert!(mean > 0.0 && mean <= 8.0, "{out}");
    for game in ["game-0001.txt", "game-0002.txt"] {
        let path = on.join(game);
        assert_eq!(move_lines(&path)[..4], turns[..], "{game}");
        let replayed = warlord(&["replay", path.to_str().unwrap()]).ok();
        assert!(replayed.contains("all legal"), "{game}: {replayed}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}
