//! Every shipped scenario parses, builds its rules, and is listed.

#[test]
fn every_shipped_scenario_is_valid() {
    for b in warlord_scenarios::ALL {
        let s = warlord_rules::Scenario::parse(b.text, &format!("{}.toml", b.id)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.id, b.id);
        s.ruleset(&[]).unwrap();
    }
}

#[test]
fn every_file_in_the_data_folder_is_listed() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
        assert!(warlord_scenarios::get(&stem).is_some(), "{} is not listed in scenarios/src/lib.rs", path.display());
    }
}
