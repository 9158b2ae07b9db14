//! Every shipped scenario parses, builds its rules with and without free setup, and is listed.

use warlord_rules::{Phase, Scenario, Side};

fn scenario(b: &warlord_scenarios::Builtin) -> Scenario {
    Scenario::parse(b.text, &format!("{}.toml", b.id)).unwrap_or_else(|e| panic!("{e}"))
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
        assert_eq!(
            start.phase(),
            &Phase::Play,
            "{}: a fixed setup starts in play",
            b.id
        );
        assert_eq!(start.to_move(), Side::White, "{}", b.id);
        assert!(
            start.piece_count(Side::White) > 0 && start.piece_count(Side::Black) > 0,
            "{}",
            b.id
        );
    }
}

#[test]
fn every_shipped_scenario_builds_with_free_setup() {
    let free = [("free-setup".to_string(), "true".to_string())];
    for b in warlord_scenarios::ALL {
        let s = scenario(b);
        let fixed = s.ruleset(&[]).unwrap().start();
        let rules = s
            .ruleset(&free)
            .unwrap_or_else(|e| panic!("{}: free setup: {e}", b.id));
        let start = rules.start();
        assert_eq!(start.phase(), &Phase::Setup, "{}", b.id);
        for side in Side::BOTH {
            assert_eq!(
                start.piece_count(side),
                0,
                "{}: nothing is on the board before setup",
                b.id
            );
            // The reserve is the fixed setup's army, kind by kind.
            for (kind, _) in rules.pieces().iter() {
                let on_board = fixed.pieces(side).filter(|(_, p)| p.kind == kind).count();
                assert_eq!(
                    usize::from(start.in_reserve(side, kind)),
                    on_board,
                    "{}: {side} reserve of kind {kind}",
                    b.id
                );
            }
            // The zone holds the whole army on land, and the fixed setup lies inside it.
            let zone = &s.zones[side.index()];
            let land = zone
                .iter()
                .filter(|&&sq| s.board.terrain(sq) != warlord_rules::Terrain::Water)
                .count();
            assert!(
                land >= fixed.piece_count(side),
                "{}: {side}'s zone has {land} land squares",
                b.id
            );
            for (sq, _) in fixed.pieces(side) {
                assert!(
                    zone.contains(&sq),
                    "{}: {side}'s piece on {sq} starts outside its zone",
                    b.id
                );
            }
        }
        // A random legal setup of both sides leads to play.
        let warlord = s.warlord(&free).unwrap();
        let mut pos = start;
        for (side, seed) in [("white", 1), ("black", 2)] {
            for a in warlord.random_setup(&pos, seed) {
                rules
                    .play(&mut pos, a)
                    .unwrap_or_else(|e| panic!("{}: {side} setup: {e}", b.id));
            }
        }
        assert_eq!(pos.phase(), &Phase::Play, "{}", b.id);
        assert_eq!(
            pos.piece_count(Side::Black),
            fixed.piece_count(Side::Black),
            "{}",
            b.id
        );
    }
}

#[test]
fn every_file_in_the_data_folder_is_listed() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let mut files = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
        assert!(
            warlord_scenarios::get(&stem).is_some(),
            "{} is not listed in scenarios/src/lib.rs",
            path.display()
        );
        files += 1;
    }
    assert_eq!(
        files,
        warlord_scenarios::ALL.len(),
        "every listed scenario has its file"
    );
}

#[test]
fn players_meet_the_scenarios_from_the_parent_game_to_the_largest() {
    let ids: Vec<&str> = warlord_scenarios::ALL.iter().map(|b| b.id).collect();
    assert_eq!(
        ids,
        [
            "chieftain",
            "warlord-original",
            "warlord-2-0",
            "clash-of-arms",
            "battle-line",
            "civil-war",
            "river",
            "lakes",
            "lakes-2",
            "warlord-2"
        ]
    );
}
