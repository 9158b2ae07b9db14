//! Perft tables: every `scenarios/perft/<id>.txt` is checked against the rules engine.
//!
//! The file format (see docs/SCENARIOS.md, "Perft tables"):
//!
//! ```text
//! # a comment (also after a line's content)
//! options [name=value ...]        start again from the scenario's start with these options
//! play <action>, <action>, ...    play actions (project notation) from the current position
//! depth <n> <count>               perft(current position, n) must be count
//! ```
//!
//! Lines before the first `options` line use the scenario's default options. Set
//! `WARLORD_PERFT_SHOW=1` to print every count computed (for writing new tables; check new
//! numbers by other means before recording them).

use std::path::{Path, PathBuf};
use warlord_rules::notation::parse_turn;
use warlord_rules::perft::perft;
use warlord_rules::{Position, Ruleset, Scenario};

/// One check: where it is written, the position's options and actions, the depth and count.
#[derive(Debug)]
struct Check {
    line: usize,
    options: Vec<(String, String)>,
    play: Vec<String>,
    depth: u32,
    count: u64,
}

/// Reads a perft file into its checks; an error names the line.
fn parse(text: &str, file: &str) -> Result<Vec<Check>, String> {
    let mut checks = Vec::new();
    let mut options: Vec<(String, String)> = Vec::new();
    let mut play: Vec<String> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let (word, rest) = content.split_once(char::is_whitespace).unwrap_or((content, ""));
        let rest = rest.trim();
        match word {
            "options" => {
                options = rest
                    .split_whitespace()
                    .map(|kv| {
                        kv.split_once('=')
                            .map(|(k, v)| (k.to_string(), v.to_string()))
                            .ok_or_else(|| format!("{file}:{line}: option `{kv}` must be written name=value"))
                    })
                    .collect::<Result<_, _>>()?;
                play.clear();
            }
            "play" => play.push(rest.to_string()),
            "depth" => {
                let nums: Vec<&str> = rest.split_whitespace().collect();
                let [depth, count] = nums.as_slice() else {
                    return Err(format!("{file}:{line}: write `depth <n> <count>`"));
                };
                let depth = depth.parse().map_err(|_| format!("{file}:{line}: `{depth}` is not a depth"))?;
                let count = count.parse().map_err(|_| format!("{file}:{line}: `{count}` is not a count"))?;
                checks.push(Check { line, options: options.clone(), play: play.clone(), depth, count });
            }
            other => return Err(format!("{file}:{line}: unknown line `{other}`; use options, play or depth")),
        }
    }
    Ok(checks)
}

/// The position a check starts from.
fn position(rules: &dyn Ruleset, check: &Check, file: &str) -> Result<Position, String> {
    let mut pos = rules.start();
    for turn in &check.play {
        let actions = parse_turn(turn, rules.pieces()).map_err(|e| format!("{file}:{}: {e}", check.line))?;
        for action in actions {
            rules.play(&mut pos, action).map_err(|e| format!("{file}:{}: {action:?}: {e}", check.line))?;
        }
    }
    Ok(pos)
}

/// Runs every check of one file; returns the failures.
fn check_file(path: &Path) -> Vec<String> {
    let file = path.file_name().and_then(|n| n.to_str()).unwrap_or("?").to_string();
    let id = file.trim_end_matches(".txt");
    let Some(builtin) = warlord_scenarios::get(id) else {
        return vec![format!("{file}: no shipped scenario is called `{id}`")];
    };
    let scenario = match Scenario::parse(builtin.text, &format!("{id}.toml")) {
        Ok(s) => s,
        Err(e) => return vec![e.to_string()],
    };
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let checks = match parse(&text, &file) {
        Ok(c) if c.is_empty() => return vec![format!("{file}: has no depth lines")],
        Ok(c) => c,
        Err(e) => return vec![e],
    };
    let show = std::env::var_os("WARLORD_PERFT_SHOW").is_some();
    let mut failures = Vec::new();
    for check in checks {
        let rules = match scenario.ruleset(&check.options) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{file}:{}: {e}", check.line));
                continue;
            }
        };
        let pos = match position(rules.as_ref(), &check, &file) {
            Ok(p) => p,
            Err(e) => {
                failures.push(e);
                continue;
            }
        };
        let started = std::time::Instant::now();
        let got = perft(rules.as_ref(), &pos, check.depth);
        if show {
            eprintln!("{file}:{}: depth {} {got} ({:.2} s)", check.line, check.depth, started.elapsed().as_secs_f64());
        }
        if got != check.count {
            failures.push(format!(
                "{file}:{}: depth {}: the table says {}, the engine counts {got}",
                check.line, check.depth, check.count
            ));
        }
    }
    failures
}

fn perft_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("perft")
}

fn perft_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(perft_dir())
        .expect("scenarios/perft exists")
        .map(|e| e.expect("a readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_perft_table_matches_the_engine() {
    let files = perft_files();
    // Two workers taking files from a shared queue: the tables are independent.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let work = || {
        let mut failures = Vec::new();
        loop {
            let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let Some(path) = files.get(i) else {
                return failures;
            };
            failures.extend(check_file(path));
        }
    };
    let failures: Vec<String> = std::thread::scope(|s| {
        let other = s.spawn(work);
        let mut all = work();
        all.extend(other.join().expect("the perft worker did not panic"));
        all
    });
    assert!(failures.is_empty(), "{} perft failures:\n{}", failures.len(), failures.join("\n"));
}

/// The Warlord scenarios of the texts, whose tables count from the start to depth 2 at least and
/// with options on.
const FULL_TABLES: [&str; 10] = [
    "chieftain",
    "warlord-original",
    "warlord-2-0",
    "clash-of-arms",
    "battle-line",
    "civil-war",
    "river",
    "lakes",
    "lakes-2",
    "warlord-2",
];

#[test]
fn every_shipped_scenario_has_a_perft_table() {
    let files = perft_files();
    for b in warlord_scenarios::ALL {
        let path = perft_dir().join(format!("{}.txt", b.id));
        assert!(files.contains(&path), "{} has no perft table in scenarios/perft/", b.id);
        let checks = parse(&std::fs::read_to_string(&path).unwrap(), b.id).unwrap();
        assert!(!checks.is_empty(), "{}: no counts", b.id);
        if FULL_TABLES.contains(&b.id) {
            let from_start = |c: &&Check| c.options.is_empty() && c.play.is_empty();
            assert!(
                checks.iter().filter(from_start).any(|c| c.depth >= 2),
                "{}: no depth-2 count from the start",
                b.id
            );
            assert!(checks.iter().any(|c| !c.options.is_empty()), "{}: no counts with options on", b.id);
            assert!(checks.iter().any(|c| !c.play.is_empty()), "{}: no counts from a later position", b.id);
        }
    }
}

#[test]
fn the_table_reader_rejects_what_it_does_not_understand() {
    assert!(parse("depth 1", "t").unwrap_err().contains("t:1"));
    assert!(parse("# fine\nperft 1 20", "t").unwrap_err().contains("t:2: unknown line `perft`"));
    assert!(parse("options free-setup", "t").unwrap_err().contains("name=value"));
    assert!(parse("depth x 3", "t").is_err());
    let checks =
        parse("depth 1 5 # five\noptions a=1 b=2\nplay a1-a2, pass\ndepth 2 7\noptions\ndepth 1 5", "t").unwrap();
    assert_eq!(checks.len(), 3);
    assert!(checks[0].options.is_empty() && checks[0].play.is_empty());
    assert_eq!(checks[1].options, [("a".to_string(), "1".to_string()), ("b".to_string(), "2".to_string())]);
    assert_eq!((checks[1].play.len(), checks[1].depth, checks[1].count), (1, 2, 7));
    assert!(checks[2].options.is_empty() && checks[2].play.is_empty());
}
