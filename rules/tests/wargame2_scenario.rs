//! The shipped WarGame 2 scenarios do what their descriptions say: the standard game's armies
//! (the text's leaders, 46 pieces a side) all in the chain of command at the start, on a hex
//! board mirrored across its middle row; the teaching scenario's first turn offers the
//! overrun, close assault, shot and led move it names; free setup works on hexes.

use warlord_rules::notation::parse_action;
use warlord_rules::wargame::WarGameRules;
use warlord_rules::{Geometry, Ruleset, Scenario, Side, Square};

fn rules(id: &str, options: &[(&str, &str)]) -> WarGameRules {
    let text = warlord_scenarios::get(id).expect("shipped").text;
    let overrides: Vec<(String, String)> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    Scenario::parse(text, &format!("{id}.toml")).unwrap().wargame(&overrides).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_standard_game_has_the_texts_leaders_all_in_command() {
    let rules = rules("wargame-2", &[]);
    assert_eq!(rules.board().geometry(), Geometry::Hex);
    let pos = rules.start();
    for side in Side::BOTH {
        let count = |symbol: &str| {
            let kind = rules.pieces().by_symbol(symbol).unwrap();
            pos.pieces(side).filter(|(_, p)| p.kind == kind).count()
        };
        // "Commander: 1, General: 3, Colonel: 6"; the reconstructed units.
        let counts: Vec<usize> = ["CM", "GN", "CL", "C", "I", "A"].iter().map(|s| count(s)).collect();
        assert_eq!(counts, [1, 3, 6, 12, 18, 6], "{side}");
        assert_eq!(rules.leaders_in_command(&pos, side).len(), 10, "{side}: every leader in the chain");
    }
    // Black's army mirrors White's across the middle row (rank r and rank 22 - r).
    for (sq, piece) in pos.pieces(Side::White) {
        let mirror = Square::new(sq.file, 20 - sq.rank);
        assert_eq!(pos.piece_at(mirror).map(|p| (p.kind, p.side)), Some((piece.kind, Side::Black)), "{sq}");
    }
    // Every unit of White may be ordered on the first turn (it has a leader in range).
    let mut actors: Vec<Square> = rules.legal_action_list(&pos).iter().filter_map(|a| a.origin()).collect();
    actors.sort_by_key(|s| (s.rank, s.file));
    actors.dedup();
    let front: Vec<Square> = pos.pieces(Side::White).map(|(sq, _)| sq).filter(|sq| sq.rank == 2).collect();
    assert!(front.iter().all(|sq| actors.contains(sq)), "the front row may act");
}

#[test]
fn the_teaching_scenario_offers_what_its_description_names() {
    let rules = rules("wargame-2-skirmish", &[]);
    let pos = rules.start();
    let legal = rules.legal_action_list(&pos);
    for (text, kills) in [("d3-e6", 1), ("f3-g5", 1), ("h2 cannon i4", 1), ("c3-c7 with c2-b6", 0)] {
        let action = parse_action(text, rules.pieces()).unwrap();
        assert!(legal.contains(&action), "{text}");
        let report = rules.play(&mut pos.clone(), action).unwrap();
        assert_eq!(report.captured.len(), kills, "{text}");
    }
    let alone = parse_action("c3-c7", rules.pieces()).unwrap();
    assert!(!legal.contains(&alone), "the infantry alone moves 3");
}

#[test]
fn free_setup_places_each_army_in_its_rows() {
    let rules = rules("wargame-2-skirmish", &[("free-setup", "true")]);
    let pos = rules.start();
    let legal = rules.legal_action_list(&pos);
    assert!(!legal.is_empty());
    let place = parse_action("CM@a1", rules.pieces()).unwrap();
    assert!(legal.contains(&place));
    assert!(!legal.contains(&parse_action("CM@a6", rules.pieces()).unwrap()), "outside White's zone");
}
