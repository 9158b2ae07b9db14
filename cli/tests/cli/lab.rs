//! `warlord lab`: a tiny study run, reported and compared through the command line.

use crate::support::{temp_file, warlord};

#[test]
fn a_tiny_study_runs_reports_and_compares() {
    let dir = temp_file("lab-cli");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder for the study");
    let study = dir.join("tiny.toml");
    std::fs::write(
        &study,
        "name = \"cli-tiny\"\nseed = 1\ngames = 2\nturn-limit = 8\nscenarios = [\"medieval\"]\n\
         [players]\nwhite = \"random\"\nblack = \"random\"\nbudget = \"20n\"\n\
         [[variant]]\nname = \"a\"\n[[variant]]\nname = \"b\"\noptions = { turn-limit = 4 }\n",
    )
    .expect("the study file");
    let study = study.to_string_lossy().to_string();
    let run = warlord(&["lab", "run", &study, "--workers", "2"]).ok();
    assert!(run.contains("4 of 4 games done"), "{run}");
    // Running again finds nothing left to play.
    assert!(warlord(&["lab", "run", &study]).ok().contains("played 0 games"));
    let out = dir.join("report").to_string_lossy().to_string();
    let report = warlord(&["lab", "report", &study, "--out", &out]).ok();
    assert!(report.contains("medieval/b") && report.contains("report.html"), "{report}");
    assert!(std::fs::read_to_string(dir.join("report/report.html")).is_ok_and(|h| h.contains("<svg")));
    let db = dir.join("tiny.lab.sqlite").to_string_lossy().to_string();
    let json = warlord(&["lab", "compare", &db, "a", "b", "--json"]).ok();
    let value: serde_json::Value = serde_json::from_str(&json).expect("compare --json prints JSON");
    assert_eq!(value["games"], serde_json::json!([2, 2]));
    assert!(value["score"]["p_value"].is_number());
    let unknown = warlord(&["lab", "compare", &db, "a", "nowhere"]).user_error();
    assert!(unknown.contains("no cell `nowhere`"), "{unknown}");
}

#[test]
fn a_bad_study_is_a_user_error_with_its_line() {
    let path = temp_file("lab-bad.toml");
    std::fs::write(&path, "name = \"bad\"\nseed = 1\ngames = 1\nscenarios = [\"chieftain\"]\n[players]\nwhite = \"random\"\nblack = \"random\"\nbudget = \"1s\"\n")
        .expect("the study file");
    let err = warlord(&["lab", "run", &path.to_string_lossy()]).user_error();
    assert!(err.contains("lab-bad.toml:8: ") && err.contains("node budget"), "{err}");
}
