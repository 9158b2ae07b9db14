//! WarGame 2 on a hex board: the text's numbers (moves 5/3/2, fire ranges 1/1/2, command
//! ranges 3 and 6, the leader's +1), WarGame 1's rules through the hex geometry (movement
//! points along hex steps, overruns and tows along hex lines, fire along hex lines of fire,
//! surround over six neighbours) and the decisions of docs/RULES.md, "WarGame 2".

mod wargame2_common;

use wargame2_common::*;
use warlord_rules::notation::{format_action, parse_action};
use warlord_rules::wargame::{enter_cost, Role};
use warlord_rules::{Action, Geometry, IllegalKind, Ruleset, Scenario, Side, Terrain};

const EAST: (i32, i32) = (1, 0);
const WEST: (i32, i32) = (-1, 0);
const NORTH_EAST: (i32, i32) = (0, 1);
const NORTH_WEST: (i32, i32) = (-1, 1);
const SOUTH_WEST: (i32, i32) = (0, -1);

#[test]
fn the_pieces_have_the_texts_numbers() {
    let (rules, _) = hex_game(&[], &["CM@a1"], &["CM@l13"]);
    let config = rules.config();
    let kind = |symbol: &str| config.kind(rules.pieces().by_symbol(symbol).expect("a piece of WarGame 2"));
    // "Movement: about 6" for the leaders (decided: 6); "Cavalry - moves 5", "Infantry -
    // moves 3", "Artillery - moves 2".
    for (symbol, moves, range) in [("CM", 6, 1), ("GN", 6, 1), ("CL", 6, 1), ("C", 5, 1), ("I", 3, 1), ("A", 2, 2)] {
        assert_eq!(kind(symbol).movement, moves, "{symbol} moves");
        assert_eq!(kind(symbol).fire_range, range, "{symbol} fire range");
    }
    // "Command Ranges: Colonels are 3, others 6", for orders and for the chain.
    for (symbol, range) in [("CM", 6), ("GN", 6), ("CL", 3)] {
        assert_eq!(kind(symbol).activation, range, "{symbol} orders");
        assert_eq!(kind(symbol).communication, range, "{symbol} chain");
    }
    assert_eq!(config.leader_bonus, 1, "a leader going along adds 1");
    assert_eq!(kind("C").role, Role::Cavalry);
    // Only cavalry overruns ("can overrun [jump]"), only infantry closes ("close assault
    // [replace]").
    for symbol in ["CM", "GN", "CL", "C", "I", "A"] {
        assert_eq!(kind(symbol).overrun, symbol == "C", "{symbol} overruns");
        assert_eq!(kind(symbol).assault, symbol == "I", "{symbol} assaults");
    }
}

#[test]
fn movement_points_are_spent_along_hex_steps() {
    // Alone on open ground, a unit reaches every hex within its movement (36 hexes within 3,
    // 90 within 5), where a square board's king steps would give 48 and 120.
    let centre = "f7";
    let commander = along(centre, EAST, 6);
    let (rules, pos) = hex_game(&[], &[&format!("I@{centre}"), &format!("CM@{commander}")], &["CM@a13"]);
    let ends = move_ends(&rules, &pos, centre);
    assert_eq!(ends.len(), 36);
    assert!(ends.iter().all(|&to| Geometry::Hex.distance(sq(centre), to) <= 3));
    let (rules, pos) = hex_game(&[], &[&format!("C@{centre}"), &format!("CM@{commander}")], &["CM@a13"]);
    let ends = move_ends(&rules, &pos, centre);
    assert_eq!(ends.len(), 90, "the Commander stands 6 away");
    assert!(ends.contains(&sq(&along(centre, NORTH_EAST, 5))));
    assert!(!legal(&rules, &pos, mv(centre, &along(centre, NORTH_EAST, 6))));
}

#[test]
fn terrain_costs_follow_wargame_1_and_cavalry_pays_2_for_trees() {
    let (rules, _) = hex_game(&[], &["CM@a1"], &["CM@l13"]);
    let config = rules.config();
    let kind = |symbol: &str| config.kind(rules.pieces().by_symbol(symbol).expect("a piece"));
    assert_eq!(enter_cost(kind("C"), Terrain::Trees), Some(2));
    assert_eq!(enter_cost(kind("C"), Terrain::Hill), Some(2));
    assert_eq!(enter_cost(kind("A"), Terrain::Hill), None, "no artillery on hills");
    assert_eq!(enter_cost(kind("GN"), Terrain::Trees), Some(4), "leaders are vehicles");
    // Behind a ring of trees, the cavalry's 5 points reach 2 hexes beyond the trees
    // at most: 2 + 1 + 1 + 1 = 5.
    let centre = "f7";
    let ring: Vec<String> =
        [EAST, WEST, NORTH_EAST, NORTH_WEST, SOUTH_WEST, (1, -1)].iter().map(|&step| along(centre, step, 1)).collect();
    let trees: Vec<&str> = ring.iter().map(String::as_str).collect();
    let commander = along(centre, EAST, 6);
    let (rules, pos) =
        hex_game(&[("trees", &trees)], &[&format!("C@{centre}"), &format!("CM@{commander}")], &["CM@a13"]);
    assert!(legal(&rules, &pos, mv(centre, &along(centre, EAST, 4))));
    assert!(!legal(&rules, &pos, mv(centre, &along(centre, EAST, 5))));
}

#[test]
fn cavalry_overruns_by_jumping_along_a_hex_line() {
    let from = "e4";
    let victim = along(from, NORTH_EAST, 2);
    let landing = along(from, NORTH_EAST, 3);
    let (rules, pos) = hex_game(&[], &[&format!("C@{from}"), "CM@e2"], &["CM@l13", &format!("I@{victim}")]);
    assert!(legal(&rules, &pos, mv(from, &landing)));
    let mut after = pos.clone();
    let report = play(&rules, &mut after, mv(from, &landing));
    assert_eq!(report.captured.len(), 1, "the jumped infantry is killed");
    assert_eq!(at(&rules, &after, &landing).as_deref(), Some("C"));
    assert_eq!(at(&rules, &after, &victim), None);
    // Not onto it: cavalry does not close-assault (decision).
    assert!(!legal(&rules, &pos, mv(from, &victim)));
    // Artillery is not overrun ("Tanks may overrun Leaders and Infantry only").
    // (The cavalry may ride around it to the same hex, killing nothing.)
    let (rules, mut pos) = hex_game(&[], &[&format!("C@{from}"), "CM@e2"], &["CM@l13", &format!("A@{victim}")]);
    assert!(play(&rules, &mut pos, mv(from, &landing)).captured.is_empty());
    assert_eq!(at(&rules, &pos, &victim).as_deref(), Some("a"));
    // Only cavalry jumps: a General does not overrun in WarGame 2 (decision).
    let (rules, mut pos) = hex_game(&[], &[&format!("GN@{from}"), "CM@e2"], &["CM@l13", &format!("I@{victim}")]);
    assert!(play(&rules, &mut pos, mv(from, &landing)).captured.is_empty());
}

#[test]
fn the_option_leaders_overrun_gives_leaders_wargame_1s_overrun() {
    let from = "e4";
    let victim = along(from, NORTH_EAST, 2);
    let landing = along(from, NORTH_EAST, 3);
    let white = [format!("GN@{from}"), "CM@e2".to_string()];
    let white: Vec<&str> = white.iter().map(String::as_str).collect();
    let black = ["CM@l13".to_string(), format!("I@{victim}")];
    let black: Vec<&str> = black.iter().map(String::as_str).collect();
    let (rules, mut pos) = hex_game_with((12, 13), &[], &white, &black, &[("leaders-overrun", "true")]);
    assert_eq!(play(&rules, &mut pos, mv(from, &landing)).captured.len(), 1, "the General runs through");
    let (rules, mut pos) = hex_game_with((12, 13), &[], &white, &black, &[]);
    assert!(play(&rules, &mut pos, mv(from, &landing)).captured.is_empty(), "off: it rides around");
}

#[test]
fn infantry_close_assaults_by_replacement_and_others_do_not() {
    let from = "e4";
    let target = along(from, NORTH_EAST, 2);
    for (symbol, may) in [("I", true), ("C", false), ("A", false), ("GN", false)] {
        let (rules, pos) = hex_game(&[], &[&format!("{symbol}@{from}"), "CM@e2"], &["CM@l13", &format!("C@{target}")]);
        assert_eq!(legal(&rules, &pos, mv(from, &target)), may, "{symbol} onto the enemy");
    }
}

#[test]
fn fire_ranges_are_counted_in_hex_steps() {
    let from = "e4";
    for (symbol, range) in [("A", 2), ("I", 1), ("C", 1)] {
        for n in 1..=3 {
            let target = along(from, NORTH_EAST, n);
            let (rules, pos) =
                hex_game(&[], &[&format!("{symbol}@{from}"), "CM@e2"], &["CM@l13", &format!("I@{target}")]);
            assert_eq!(legal(&rules, &pos, fire(from, &target)), n <= range, "{symbol} at {n}");
        }
    }
}

#[test]
fn a_hex_line_of_fire_along_an_edge_is_blocked_only_by_both_hexes() {
    // Two hexes away in a vertex direction, the line runs along the edge of two hexes.
    let from = "e4";
    let target = along(from, (1, 1), 1);
    let left = along(from, NORTH_EAST, 1);
    let right = along(from, EAST, 1);
    let (rules, pos) = hex_game(&[], &["A@e4", "CM@e2", &format!("I@{left}")], &["CM@l13", &format!("I@{target}")]);
    assert!(legal(&rules, &pos, fire(from, &target)), "one of the pair blocks");
    let (rules, pos) = hex_game(
        &[],
        &["A@e4", "CM@e2", &format!("I@{left}")],
        &["CM@l13", &format!("I@{target}"), &format!("I@{right}")],
    );
    assert!(!legal(&rules, &pos, fire(from, &target)), "both block");
}

#[test]
fn a_leader_going_along_adds_one_to_the_units_movement() {
    // The General on e5 stands next to the infantry on f5; the infantry moves 3, 4 with it.
    let end = along("f5", EAST, 4);
    let beside = along("f5", EAST, 3);
    let (rules, pos) = hex_game(&[], &["GN@e5", "I@f5", "CM@e3"], &["CM@l13"]);
    assert!(!legal(&rules, &pos, mv("f5", &end)), "4 hexes alone");
    assert!(legal(&rules, &pos, mv("f5", &beside)), "3 hexes alone");
    let led = lead("f5", &end, "e5", &beside);
    assert!(legal(&rules, &pos, led));
    let mut after = pos.clone();
    play(&rules, &mut after, led);
    assert_eq!(at(&rules, &after, &end).as_deref(), Some("I"));
    assert_eq!(at(&rules, &after, &beside).as_deref(), Some("GN"));
    assert_eq!(after.actions_this_turn().len(), 1, "one action moves both");
    // Both have acted: the General moves no more this turn.
    let back = along(&beside, WEST, 1);
    assert!(!legal(&rules, &after, mv(&beside, &back)));
    // The leader ends next to the unit's end (beside or behind it), nowhere else.
    assert!(!legal(&rules, &pos, lead("f5", &end, "e5", &along("f5", EAST, 2))));
    // The leader starts next to the unit.
    let (rules, pos) = hex_game(&[], &["GN@d5", "I@f5", "CM@e3"], &["CM@l13"]);
    let refused = rules.play(&mut pos.clone(), lead("f5", &end, "d5", &beside)).unwrap_err();
    assert!(refused.to_string().contains("next to its unit"), "{refused}");
    // A leader out of command control may not go along (it would move).
    let (rules, pos) = hex_game(&[], &["GN@e5", "I@f5", "CM@a13"], &["CM@l1"]);
    let refused = rules.play(&mut pos.clone(), lead("f5", &end, "e5", &beside)).unwrap_err();
    assert_eq!(refused.kind, IllegalKind::NoCommand, "{refused}");
}

#[test]
fn a_led_move_is_written_with_the_leaders_move() {
    let (rules, _) = hex_game(&[], &["CM@a1"], &["CM@l13"]);
    let action = parse_action("c3-f5 with c2-e5", rules.pieces()).unwrap();
    assert_eq!(action, lead("c3", "f5", "c2", "e5"));
    assert_eq!(format_action(&action, rules.pieces()), "c3-f5 with c2-e5");
    assert_eq!(action.carried(Geometry::Hex), [(sq("c2"), sq("e5"))], "the leader is carried along");
    assert!(parse_action("c3-f5 with e5", rules.pieces()).is_err());
}

#[test]
fn wargame_1_has_no_leader_going_along() {
    let text = warlord_scenarios::get("wargame-1-skirmish").expect("shipped").text;
    let rules = Scenario::parse(text, "wargame-1-skirmish.toml").unwrap().wargame(&[]).unwrap();
    let pos = rules.start();
    let refused = rules.play(&mut pos.clone(), lead("b3", "b5", "c2", "c4")).unwrap_err();
    assert_eq!(refused.kind, IllegalKind::OptionOff, "{refused}");
    assert!(!rules.legal_action_list(&pos).iter().any(|a| matches!(a, Action::Lead { .. })));
}

#[test]
fn a_tow_runs_along_a_hex_line_and_the_towed_piece_ends_one_step_behind() {
    // A Colonel (a lower-level leader) tows the artillery west of it two hexes east.
    let to = along("e5", EAST, 2);
    let (rules, pos) = hex_game(&[], &["CL@e5", "A@d5", "CM@e3"], &["CM@l13"]);
    let tow = Action::Tow { from: sq("e5"), to: sq(&to), towed: sq("d5") };
    assert!(legal(&rules, &pos, tow));
    assert_eq!(tow.carried(Geometry::Hex), [(sq("d5"), sq(&along("e5", EAST, 1)))]);
    let mut after = pos.clone();
    play(&rules, &mut after, tow);
    assert_eq!(at(&rules, &after, &along("e5", EAST, 1)).as_deref(), Some("A"));
    // Not along a hex line: refused.
    let crooked = along(&along("e5", EAST, 1), NORTH_EAST, 1);
    assert!(!legal(&rules, &pos, Action::Tow { from: sq("e5"), to: sq(&crooked), towed: sq("d5") }));
}

#[test]
fn surround_counts_six_neighbours_and_three_enemies() {
    let centre = "f7";
    let spots =
        |steps: &[(i32, i32)]| -> Vec<String> { steps.iter().map(|&s| format!("I@{}", along(centre, s, 1))).collect() };
    // Three enemies on every second neighbour: each empty neighbour touches two of them.
    let mut white = spots(&[EAST, NORTH_WEST, SOUTH_WEST]);
    white.push("CM@a1".into());
    let white: Vec<&str> = white.iter().map(String::as_str).collect();
    let (rules, pos) = hex_game(&[], &white, &[&format!("I@{centre}"), "CM@l13"]);
    assert_eq!(rules.surrounded(&pos, Side::Black), [sq(centre)]);
    let mut after = pos.clone();
    play(&rules, &mut after, Action::EndTurn);
    assert_eq!(at(&rules, &after, centre), None, "removed at the end of White's turn");
    // Two opposite enemies touch every empty neighbour too, but the text asks for 3.
    let mut white = spots(&[EAST, WEST]);
    white.push("CM@a1".into());
    let white: Vec<&str> = white.iter().map(String::as_str).collect();
    let (rules, pos) = hex_game(&[], &white, &[&format!("I@{centre}"), "CM@l13"]);
    assert!(rules.surrounded(&pos, Side::Black).is_empty());
}

#[test]
fn a_colonel_orders_within_3_hexes_and_a_general_within_6() {
    // Only a Colonel near the infantry (the Commander far away keeps it in command: 6).
    let colonel = "h5";
    let commander = along(colonel, WEST, 5);
    for (n, may) in [(3, true), (4, false)] {
        let unit = along(colonel, EAST, n);
        let (rules, pos) =
            hex_game(&[], &[&format!("CL@{colonel}"), &format!("CM@{commander}"), &format!("I@{unit}")], &["CM@l13"]);
        let step = along(&unit, NORTH_EAST, 1);
        assert_eq!(legal(&rules, &pos, mv(&unit, &step)), may, "infantry {n} hexes from the Colonel");
    }
    // A Colonel 7 hexes from every higher leader is out of command: it orders but does not move.
    let commander = along(colonel, WEST, 7);
    let (rules, pos) = hex_game(&[], &[&format!("CL@{colonel}"), &format!("CM@{commander}")], &["CM@l13"]);
    assert!(!rules.leaders_in_command(&pos, Side::White).contains(&sq(colonel)));
    let commander = along(colonel, WEST, 6);
    let (rules, pos) = hex_game(&[], &[&format!("CL@{colonel}"), &format!("CM@{commander}")], &["CM@l13"]);
    assert!(rules.leaders_in_command(&pos, Side::White).contains(&sq(colonel)));
}
