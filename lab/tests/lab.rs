//! The lab end to end on tiny studies (random agents, few turns): study files and their
//! errors, reproducible games, exactly-once claiming after a kill on SQLite (and on
//! PostgreSQL when WARLORD_TEST_POSTGRES_URL is set), and the report's metrics.

use std::path::{Path, PathBuf};
use std::time::Duration;
use warlord_lab::compare::compare;
use warlord_lab::store::{now_ms, Lab};
use warlord_lab::{plan, run_study, LabError, Report, RunOptions, Study};

/// A tiny study: two scenarios, two variants, random agents, 12 turns.
const TINY: &str = r#"
name = "tiny"
description = "A tiny study for the tests."
seed = 7
games = 3
turn-limit = 12
scenarios = ["chieftain", "medieval"]

[players]
white = "random"
black = "random"
budget = "20n"

[[variant]]
name = "standard"

[[variant]]
name = "shorter"
options = { turn-limit = 6 }
"#;

fn study(text: &str, dir: &Path) -> Result<Study, LabError> {
    Study::parse(text, &dir.join("study.toml"))
}

fn tiny(dir: &Path) -> Study {
    study(TINY, dir).unwrap_or_else(|e| panic!("the tiny study is valid: {e}"))
}

fn sqlite(dir: &Path, name: &str) -> Lab {
    Lab::open(&Lab::sqlite_url(&dir.join(name))).unwrap_or_else(|e| panic!("opening the database: {e}"))
}

fn options(worker: &str, threads: usize) -> RunOptions {
    RunOptions { threads, batch: 2, reclaim_after: Duration::from_secs(600), worker: worker.into() }
}

fn temp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap_or_else(|e| panic!("a temporary folder: {e}"))
}

#[test]
fn a_study_file_is_read_into_cells() {
    let dir = temp();
    let s = tiny(dir.path());
    let labels: Vec<&str> = s.cells.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(labels, ["chieftain/standard", "chieftain/shorter", "medieval/standard", "medieval/shorter"]);
    let opts = |i: usize| s.cells[i].options.clone();
    assert!(opts(0).contains(&("turn-limit".into(), "12".into())));
    assert!(opts(0).contains(&("adjudication".into(), "material".into())));
    assert!(
        opts(1).contains(&("turn-limit".into(), "6".into())) && !opts(1).contains(&("turn-limit".into(), "12".into()))
    );
    assert_eq!(s.total_games(), 12);
    assert_eq!(Study::default_database(Path::new("docs/lab/x.toml")), PathBuf::from("docs/lab/x.lab.sqlite"));
}

#[test]
fn a_bad_study_is_an_error_naming_the_file_and_line() {
    let dir = temp();
    let cases: [(&str, &str, usize, &str); 6] = [
        ("white = \"random\"", "white = \"grandmaster\"", 10, "grandmaster"),
        ("budget = \"20n\"", "budget = \"100ms\"", 12, "node budget"),
        ("\"medieval\"]", "\"nowhere\"]", 7, "unknown scenario `nowhere`"),
        ("turn-limit = 6 }", "no-such-option = 1 }", 19, "`no-such-option` is not an option"),
        ("games = 3", "games = 0", 5, "at least 1"),
        ("seed = 7", "seed = \"seven\"", 4, "invalid type"),
    ];
    for (from, to, line, message) in cases {
        let text = TINY.replace(from, to);
        let err = study(&text, dir.path()).err().map(|e| e.to_string()).unwrap_or_default();
        let path = dir.path().join("study.toml");
        assert!(err.starts_with(&format!("{}:{line}: ", path.display())), "{to}: {err}");
        assert!(err.contains(message), "{to}: {err}");
    }
    let unknown = study(&TINY.replace("seed = 7", "seed = 7\ncolour = 1"), dir.path()).err().map(|e| e.to_string());
    assert!(unknown.is_some_and(|e| e.contains(":5: ") && e.contains("unknown field `colour`")));
}

#[test]
fn the_same_study_plans_and_plays_the_same_games() {
    let dir = temp();
    let s = tiny(dir.path());
    let games = plan::games(&s);
    assert_eq!(games, plan::games(&tiny(dir.path())));
    assert_eq!(games.len(), 12);
    let mut seeds: Vec<u64> = games.iter().map(|g| g.seed).collect();
    seeds.sort_unstable();
    seeds.dedup();
    assert_eq!(seeds.len(), 12, "every game has its own seed");
    // A cell's games keep their seeds when another cell is added.
    let more = study(
        &TINY.replace("[\"chieftain\", \"medieval\"]", "[\"chieftain\", \"border-war\", \"medieval\"]"),
        dir.path(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let medieval = |g: &[plan::PlannedGame], s: &Study| -> Vec<u64> {
        g.iter().filter(|p| s.cells[p.cell].label == "medieval/shorter").map(|p| p.seed).collect()
    };
    assert_eq!(medieval(&games, &s), medieval(&plan::games(&more), &more));
    // Two runs into two databases store the same games, move for move.
    let (a, b) = (sqlite(dir.path(), "a.sqlite"), sqlite(dir.path(), "b.sqlite"));
    run_study(&a, &s, &options("a", 2), &|_| {}).unwrap_or_else(|e| panic!("{e}"));
    run_study(&b, &s, &options("b", 1), &|_| {}).unwrap_or_else(|e| panic!("{e}"));
    let (ga, gb) = (a.games("tiny").unwrap_or_default(), b.games("tiny").unwrap_or_default());
    assert_eq!(ga.len(), 12);
    assert_eq!(ga, gb);
    for i in 0..12 {
        assert_eq!(a.record("tiny", i).ok().flatten(), b.record("tiny", i).ok().flatten());
    }
    assert!(a.record("tiny", 0).ok().flatten().is_some_and(|r| r.contains("[Scenario \"chieftain\"]")));
}

#[test]
fn a_changed_study_under_the_same_name_is_refused() {
    let dir = temp();
    let lab = sqlite(dir.path(), "lab.sqlite");
    let s = tiny(dir.path());
    lab.register(&s, &plan::games(&s)).unwrap_or_else(|e| panic!("{e}"));
    lab.register(&s, &plan::games(&s)).unwrap_or_else(|e| panic!("registering again is harmless: {e}"));
    let changed = study(&TINY.replace("seed = 7", "seed = 8"), dir.path()).unwrap_or_else(|e| panic!("{e}"));
    let err = lab.register(&changed, &plan::games(&changed)).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(err.contains("different study named `tiny`"), "{err}");
}

/// Leaves some games claimed by a worker killed long ago and some by a live one, runs the
/// study, and checks that every game is stored exactly once.
fn kill_and_resume(url: &str) {
    let dir = temp();
    let lab = Lab::open(url).unwrap_or_else(|e| panic!("{url}: {e}"));
    let s = tiny(dir.path());
    lab.register(&s, &plan::games(&s)).unwrap_or_else(|e| panic!("{e}"));
    let dead = lab.claim("tiny", "killed", 3, 1_000, 0).unwrap_or_default();
    assert_eq!(dead.iter().map(|c| c.index).collect::<Vec<_>>(), [0, 1, 2]);
    let live = lab.claim("tiny", "alive", 2, now_ms(), 0).unwrap_or_default();
    assert_eq!(live.len(), 2);
    let first = run_study(&lab, &s, &options("resumer", 2), &|_| {}).unwrap_or_else(|e| panic!("{e}"));
    // The dead worker's games were taken over; the live worker's were left to it.
    assert_eq!(first.stored, 10);
    let p = lab.progress("tiny").unwrap_or_default();
    assert_eq!((p.done, p.claimed, p.open), (10, 2, 0));
    // Once the live worker's claims are stale, they are played too, and only once.
    let mut quick = options("later", 1);
    quick.reclaim_after = Duration::ZERO;
    std::thread::sleep(Duration::from_millis(5));
    let second = run_study(&lab, &s, &quick, &|_| {}).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(second.stored, 2);
    let games = lab.games("tiny").unwrap_or_default();
    let indices: Vec<u64> = games.iter().map(|g| g.index).collect();
    assert_eq!(indices, (0..12).collect::<Vec<u64>>());
    assert_eq!(lab.progress("tiny").unwrap_or_default().done, 12);
}

#[test]
fn a_killed_worker_loses_nothing_and_no_game_is_stored_twice_on_sqlite() {
    let dir = temp();
    kill_and_resume(&Lab::sqlite_url(&dir.path().join("lab.sqlite")));
}

#[test]
fn a_worker_whose_claim_was_taken_over_does_not_store_its_game() {
    let dir = temp();
    let lab = sqlite(dir.path(), "lab.sqlite");
    let s = tiny(dir.path());
    lab.register(&s, &plan::games(&s)).unwrap_or_else(|e| panic!("{e}"));
    let slow = lab.claim("tiny", "slow", 1, 1_000, 0).unwrap_or_default();
    let fast = lab.claim("tiny", "fast", 1, now_ms(), 2_000).unwrap_or_default();
    assert_eq!(slow, fast, "the stale claim is taken over");
    run_study(&lab, &s, &options("all", 1), &|_| {}).unwrap_or_else(|e| panic!("{e}"));
    let played = lab.games("tiny").unwrap_or_default();
    assert_eq!(played.len(), 11, "game 0 is still claimed by `fast`");
    let stand_in = warlord_lab::play::GameResult {
        winner: None,
        ending: "adjudication".into(),
        adjudicated: true,
        turns: 1,
        record: String::new(),
        material: Vec::new(),
        captures: Vec::new(),
    };
    assert!(!lab.finish("tiny", 0, "slow", &stand_in).unwrap_or(true), "the slow worker's result is dropped");
    assert!(lab.finish("tiny", 0, "fast", &stand_in).unwrap_or(false));
    assert!(!lab.finish("tiny", 0, "fast", &stand_in).unwrap_or(true), "stored once");
}

/// Two workers (two connections, as two machines would have) run the study at once.
fn two_workers(url: &str) {
    let dir = temp();
    let s = tiny(dir.path());
    let (a, b) = (Lab::open(url).unwrap_or_else(|e| panic!("{e}")), Lab::open(url).unwrap_or_else(|e| panic!("{e}")));
    let (ra, rb) = std::thread::scope(|scope| {
        let ha = scope.spawn(|| run_study(&a, &s, &options("machine-a", 2), &|_| {}));
        let hb = scope.spawn(|| run_study(&b, &s, &options("machine-b", 2), &|_| {}));
        (ha.join(), hb.join())
    });
    let stored = |r: std::thread::Result<Result<warlord_lab::RunSummary, LabError>>| match r {
        Ok(Ok(summary)) => summary.stored,
        Ok(Err(e)) => panic!("{e}"),
        Err(_) => panic!("a worker panicked"),
    };
    assert_eq!(stored(ra) + stored(rb), 12, "every game stored by exactly one worker");
    let games = a.games("tiny").unwrap_or_default();
    assert_eq!(games.iter().map(|g| g.index).collect::<Vec<_>>(), (0..12).collect::<Vec<u64>>());
}

#[test]
fn two_workers_share_a_sqlite_file() {
    let dir = temp();
    two_workers(&Lab::sqlite_url(&dir.path().join("shared.sqlite")));
}

/// A fresh PostgreSQL database for one test (dropped after), on the server given by
/// WARLORD_TEST_POSTGRES_URL; `None` without it.
struct PostgresDb {
    admin: String,
    name: String,
    url: String,
}

impl PostgresDb {
    fn create(tag: &str) -> Option<PostgresDb> {
        let admin = std::env::var("WARLORD_TEST_POSTGRES_URL").ok()?;
        let name = format!("warlord_lab_{tag}_{}", std::process::id());
        let base = admin.rsplit_once('/').map_or(admin.as_str(), |(b, _)| b);
        let url = format!("{base}/{name}");
        PostgresDb::exec(&admin, &format!("DROP DATABASE IF EXISTS {name}"));
        PostgresDb::exec(&admin, &format!("CREATE DATABASE {name}"));
        Some(PostgresDb { admin, name, url })
    }

    fn exec(url: &str, sql: &str) {
        use sqlx::Connection;
        let runtime =
            tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap_or_else(|e| panic!("{e}"));
        runtime.block_on(async {
            sqlx::any::install_default_drivers();
            let mut conn = sqlx::AnyConnection::connect(url).await.unwrap_or_else(|e| panic!("{url}: {e}"));
            sqlx::query(sql).execute(&mut conn).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
        });
    }
}

impl Drop for PostgresDb {
    fn drop(&mut self) {
        PostgresDb::exec(&self.admin, &format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name));
    }
}

#[test]
fn two_workers_on_postgres_play_every_game_exactly_once() {
    let Some(db) = PostgresDb::create("two") else {
        eprintln!("WARLORD_TEST_POSTGRES_URL is not set: the PostgreSQL test is skipped");
        return;
    };
    two_workers(&db.url);
}

#[test]
fn a_killed_worker_loses_nothing_on_postgres() {
    let Some(db) = PostgresDb::create("kill") else {
        eprintln!("WARLORD_TEST_POSTGRES_URL is not set: the PostgreSQL test is skipped");
        return;
    };
    kill_and_resume(&db.url);
}

#[test]
fn the_report_holds_every_metric_for_every_cell() {
    let dir = temp();
    let lab = sqlite(dir.path(), "lab.sqlite");
    let s = tiny(dir.path());
    run_study(&lab, &s, &options("w", 2), &|_| {}).unwrap_or_else(|e| panic!("{e}"));
    let report = Report::build(&lab, &s).unwrap_or_else(|e| panic!("{e}"));
    let (html, json) = report.write(&dir.path().join("out")).unwrap_or_else(|e| panic!("{e}"));
    let html = std::fs::read_to_string(html).unwrap_or_default();
    for needle in [
        "Balance",
        "Completion",
        "Drawishness",
        "Decisiveness",
        "Duration",
        "Lead changes",
        "Drama",
        "<svg",
        "chieftain/shorter",
    ] {
        assert!(html.contains(needle), "the HTML lacks {needle}");
    }
    assert!(!html.contains("<script") && !html.contains("src=\"http"), "self-contained");
    let md = std::fs::read_to_string(dir.path().join("out/report.md")).unwrap_or_default();
    for c in &s.cells {
        let row = md.lines().find(|l| l.starts_with(&format!("| {} | 3 | ", c.label)));
        let row = row.unwrap_or_else(|| panic!("the Markdown summary has a row of 3 games for {}:\n{md}", c.label));
        assert!(row.contains("adjudication"), "12 turns end these games at the limit: {row}");
    }
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(json).unwrap_or_default())
        .unwrap_or_else(|e| panic!("the JSON: {e}"));
    let cells = json["cells"].as_array().cloned().unwrap_or_default();
    assert_eq!(cells.len(), 4);
    for cell in &cells {
        let m = &cell["metrics"];
        assert_eq!(m["games"], 3);
        for key in [
            "first_player_score",
            "decisive_rate",
            "adjudicated_share",
            "balance",
            "completion",
            "drawishness",
            "decisiveness",
            "duration_mean",
            "lead_changes",
            "lead_change_rate",
            "drama",
        ] {
            assert!(m[key].is_number(), "{} lacks {key}", cell["label"]);
        }
        assert_eq!(m["first_player_interval"].as_array().map(Vec::len), Some(2));
        assert!(cell["piece_values"].as_array().is_some_and(|v| !v.is_empty()));
    }
    // The shorter variant's games are at most 6 turns long.
    let shorter = report.cell("chieftain/shorter").unwrap_or_else(|e| panic!("{e}"));
    assert!(shorter.lengths.iter().all(|&t| t <= 6), "{:?}", shorter.lengths);
    let unknown = report.cell("nowhere").err().map(|e| e.to_string()).unwrap_or_default();
    assert!(unknown.contains("chieftain/standard"), "{unknown}");
    let c = compare(report.cell("chieftain/standard").unwrap_or(shorter), shorter);
    assert_eq!(c.games, (3, 3));
    assert!(c.to_text().contains("fairer?"));
}

#[test]
fn a_variant_may_be_another_version_of_the_scenario_file() {
    let dir = temp();
    let text = warlord_scenarios::get("chieftain").map(|b| b.text).unwrap_or_default();
    std::fs::write(dir.path().join("draft.toml"), text).unwrap_or_else(|e| panic!("{e}"));
    let one = TINY
        .replace("[\"chieftain\", \"medieval\"]", "[\"chieftain\"]")
        .replace("options = { turn-limit = 6 }", "scenario = \"draft.toml\"");
    let s = study(&one, dir.path()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.cells.len(), 2);
    assert!(s.cells[1].scenario.ends_with("draft.toml") && s.cells[1].label == "chieftain/shorter");
    let two = TINY.replace("options = { turn-limit = 6 }", "scenario = \"draft.toml\"");
    let err = study(&two, dir.path()).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(err.contains(":19: a variant with its own scenario file needs a study of one scenario"), "{err}");
}

/// The committed studies of every shipped scenario (docs/lab/every-scenario-*.toml) name each
/// shipped scenario once: a scenario added to the catalogue and forgotten there fails here.
#[test]
fn the_every_scenario_studies_name_every_shipped_scenario_once() {
    let shipped: std::collections::BTreeSet<&str> = warlord_scenarios::ALL.iter().map(|b| b.id).collect();
    for file in ["every-scenario-cheap.toml", "every-scenario-champion.toml"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/lab").join(file);
        let study = Study::load(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
        let named: Vec<&str> = study.cells.iter().map(|c| c.scenario.as_str()).collect();
        let distinct: std::collections::BTreeSet<&str> = named.iter().copied().collect();
        assert_eq!(named.len(), distinct.len(), "{file} names a scenario twice: {named:?}");
        assert_eq!(distinct, shipped, "{file} must name every shipped scenario");
    }
}

/// The champion study's second part (`every-scenario-champion-2.toml`, made when the first
/// part's database was lost) plays, for each of its cells, the very games the first part's file
/// plans for that cell: the same seeds, agents, budget, opening and turn limit.
#[test]
fn the_champion_studys_second_part_plays_the_first_parts_games() {
    let load = |file: &str| {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/lab").join(file);
        Study::load(&path).unwrap_or_else(|e| panic!("{file}: {e}"))
    };
    let (first, second) = (load("every-scenario-champion.toml"), load("every-scenario-champion-2.toml"));
    let settings = |s: &Study| (s.games, s.turn_limit, s.white.clone(), s.black.clone(), s.budget.clone(), s.opening);
    assert_eq!(settings(&first), settings(&second));
    let seeds = |s: &Study, label: &str| -> Vec<u64> {
        let cell = s.cells.iter().position(|c| c.label == label).unwrap_or_else(|| panic!("no cell {label}"));
        plan::games(s).iter().filter(|g| g.cell == cell).map(|g| g.seed).collect()
    };
    assert!(second.cells.len() >= 10, "the cells the first part had not finished");
    for cell in &second.cells {
        assert_eq!(seeds(&second, &cell.label), seeds(&first, &cell.label), "{}", cell.label);
    }
}

/// A study still running is reported too: cells without games say so, with no made-up score
/// and no charts.
#[test]
fn a_report_of_a_study_with_unplayed_cells_says_so() {
    let dir = temp();
    let s = tiny(dir.path());
    let report = Report::from_games(&s, &[], 0).unwrap_or_else(|e| panic!("{e}"));
    let (html, _) = report.write(&dir.path().join("out")).unwrap_or_else(|e| panic!("{e}"));
    let html = std::fs::read_to_string(html).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(html.matches("no games played yet").count(), s.cells.len(), "one summary row a cell");
    assert_eq!(html.matches("No games played yet.").count(), s.cells.len(), "one section a cell");
    assert!(!html.contains("<svg"), "no chart of nothing");
    let md = std::fs::read_to_string(dir.path().join("out/report.md")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(md.matches("| 0 | no games played yet |").count(), s.cells.len(), "{md}");
}

/// Agents that ignore their seed (the champion at a node budget, on the short turns of
/// `ai/tests/data/contact.toml`) play one game from every seed; `opening = N` has the novice
/// play the first N turns from the game's seed, so the games of a cell differ. A study without
/// it is stored as before (older databases resume).
#[test]
fn an_opening_makes_the_games_of_deterministic_agents_differ() {
    let contact = concat!(env!("CARGO_MANIFEST_DIR"), "/../ai/tests/data/contact.toml");
    let text = |opening: &str| {
        format!(
            "name = \"det\"\nseed = 3\ngames = 3\nturn-limit = 6\nscenarios = [{contact:?}]\n\
             [players]\nwhite = \"champion\"\nblack = \"champion\"\nbudget = \"60n\"\n{opening}"
        )
    };
    let distinct = |opening: &str| {
        let dir = temp();
        let s = study(&text(opening), dir.path()).unwrap_or_else(|e| panic!("{e}"));
        let lab = sqlite(dir.path(), "lab.sqlite");
        run_study(&lab, &s, &options("w", 1), &|_| {}).unwrap_or_else(|e| panic!("{e}"));
        let games = lab.games(&s.name).unwrap_or_else(|e| panic!("{e}"));
        let moves = |record: &str| record.lines().filter(|l| !l.starts_with('[')).collect::<Vec<_>>().join("\n");
        let record = |i: u64| lab.record(&s.name, i).unwrap_or_else(|e| panic!("{e}")).unwrap_or_default();
        games.iter().map(|g| moves(&record(g.index))).collect::<std::collections::BTreeSet<_>>().len()
    };
    assert_eq!(distinct(""), 1, "three copies of one game");
    assert_eq!(distinct("opening = 2\n"), 3, "three games");
    let dir = temp();
    let plain = study(&text(""), dir.path()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(plain.opening, 0);
    assert!(!serde_json::to_string(&plain).unwrap_or_default().contains("opening"), "stored as before");
}
