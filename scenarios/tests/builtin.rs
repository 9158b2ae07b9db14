//! Every shipped scenario parses, builds its rules with its default options and with free
//! setup, and is listed.

use warlord_rules::{Family, Phase, Scenario, Side, Terrain};

fn scenario(b: &warlord_scenarios::Builtin) -> Scenario {
    Scenario::parse(b.text, &format!("{}.toml", b.id)).unwrap_or_else(|e| panic!("{e}"))
}

fn default_free_setup(s: &Scenario) -> bool {
    s.options.get("free-setup").and_then(|v| v.as_bool()) == Some(true)
}

#[test]
fn every_shipped_scenario_is_valid() {
    for b in warlord_scenarios::ALL {
        let s = scenario(b);
        assert_eq!(s.id, b.id);
        assert!(
            !s.name.is_empty() && !s.description.is_empty() && !s.source.is_empty(),
            "{}: name, description and source",
            b.id
        );
        let start = s.ruleset(&[]).unwrap().start();
        if default_free_setup(&s) {
            assert_eq!(start.phase(), &Phase::Setup, "{}: free setup by default", b.id);
        } else {
            assert_eq!(start.phase(), &Phase::Play, "{}: a fixed start begins in play", b.id);
            for side in Side::BOTH {
                let arriving = s.waves.iter().any(|w| w.side == side);
                assert!(start.piece_count(side) > 0 || arriving, "{}: {side} has pieces, or reinforcements", b.id);
            }
        }
    }
}

#[test]
fn every_warlord_scenario_builds_with_free_setup() {
    let free = [("free-setup".to_string(), "true".to_string())];
    for b in warlord_scenarios::ALL {
        let s = scenario(b);
        if s.family != Family::Warlord {
            continue;
        }
        let rules = s.ruleset(&free).unwrap_or_else(|e| panic!("{}: free setup: {e}", b.id));
        let start = rules.start();
        assert_eq!(start.phase(), &Phase::Setup, "{}", b.id);
        for side in Side::BOTH {
            assert_eq!(start.piece_count(side), 0, "{}: nothing is on the board before setup", b.id);
        }
        if s.army.is_some() || s.sections.is_some() {
            // Armies and sections have their own tests (tests/large.rs).
            continue;
        }
        // The army to place is the fixed start's, kind by kind, and the zone holds it.
        let fixed = s.ruleset(&[("free-setup".to_string(), "false".to_string())]).unwrap().start();
        for side in Side::BOTH {
            for (kind, _) in rules.pieces().iter() {
                let on_board = fixed.pieces(side).filter(|(_, p)| p.kind == kind).count();
                assert_eq!(
                    usize::from(start.family_state().warlord().unwrap().in_reserve(side, kind)),
                    on_board,
                    "{}: {side}'s reserve of kind {kind}",
                    b.id
                );
            }
            let zone = &s.zones[side.index()];
            let land = zone.iter().filter(|&&sq| s.board.terrain(sq) != Terrain::Water).count();
            assert!(land >= fixed.piece_count(side), "{}: {side}'s zone has only {land} land squares", b.id);
            for (sq, _) in fixed.pieces(side) {
                assert!(zone.contains(&sq), "{}: {side}'s piece on {sq} starts outside its zone", b.id);
            }
        }
        // A random legal setup of both sides leads to play with the whole armies.
        let warlord = s.warlord(&free).unwrap();
        let mut pos = start;
        for (side, seed) in [("white", 1), ("black", 2)] {
            for a in warlord.random_setup(&pos, seed) {
                rules.play(&mut pos, a).unwrap_or_else(|e| panic!("{}: {side} setup: {e}", b.id));
            }
        }
        assert_eq!(pos.phase(), &Phase::Play, "{}", b.id);
        for side in Side::BOTH {
            assert_eq!(pos.piece_count(side), fixed.piece_count(side), "{}: {side}", b.id);
        }
    }
}

#[test]
fn every_file_in_the_data_folder_is_listed() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let mut files = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
        assert!(warlord_scenarios::get(&stem).is_some(), "{} is not listed in scenarios/src/lib.rs", path.display());
        files += 1;
    }
    assert_eq!(files, warlord_scenarios::ALL.len(), "every listed scenario has its file");
}
