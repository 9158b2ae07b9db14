//! The engine's shared interface after the redesign: positions compare and hash every field,
//! actions describe themselves, refusals have a kind, options publish a schema, hex boards
//! carry a Warlord game with walks and lines.

mod common;

use common::*;
use warlord_rules::{ActionKind, Family, Geometry, IllegalKind, OptionType, Position, Ruleset, Scenario, Side};

fn builtin(id: &str) -> Scenario {
    let file = warlord_scenarios::get(id).unwrap();
    Scenario::parse(file.text, id).unwrap()
}

fn chieftain() -> std::sync::Arc<dyn Ruleset> {
    builtin("chieftain").ruleset(&[]).unwrap()
}

fn first_move(rules: &dyn Ruleset, pos: &Position) -> warlord_rules::Action {
    rules.legal_action_list(pos).into_iter().find(|a| matches!(a, warlord_rules::Action::Move { .. })).expect("a move")
}

fn end(rules: &dyn Ruleset, pos: &mut Position) {
    rules.play(pos, warlord_rules::Action::EndTurn).unwrap();
}

#[test]
fn positions_that_differ_only_in_passes_differ_in_equality_and_key() {
    // W moves, B moves, W passes  versus  W passes, B moves, W moves: the same pieces, the same
    // side to move, the same turn count; only the second can end in a double pass next.
    let rules = chieftain();
    let start = rules.start();
    let white = first_move(&*rules, &start);
    let mut black_start = start.clone();
    end(&*rules, &mut black_start);
    let black = first_move(&*rules, &black_start);

    let mut passed_last = start.clone();
    rules.play(&mut passed_last, white).unwrap();
    end(&*rules, &mut passed_last);
    rules.play(&mut passed_last, black).unwrap();
    end(&*rules, &mut passed_last);
    end(&*rules, &mut passed_last);

    let mut passed_first = start.clone();
    end(&*rules, &mut passed_first);
    rules.play(&mut passed_first, black).unwrap();
    end(&*rules, &mut passed_first);
    rules.play(&mut passed_first, white).unwrap();
    end(&*rules, &mut passed_first);

    assert_eq!(passed_last.placement(), passed_first.placement());
    assert_eq!(passed_last.to_move(), passed_first.to_move());
    assert_eq!(passed_last.turns_played(), passed_first.turns_played());
    assert_ne!(passed_last.passes_in_row(), passed_first.passes_in_row());
    assert_ne!(passed_last, passed_first);
    assert_ne!(passed_last.hash(), passed_first.hash());
}

#[test]
fn equal_positions_reached_in_different_orders_have_equal_keys() {
    // Two moves of one turn in either order.
    let s = scenario(9, "", "", &["L@a1", "L@e1", "I@b2", "I@c2"], &["L@i9"]);
    let (rules, start) = common::start(&s);
    let mut one = start.clone();
    play(&*rules, &mut one, "b2-b3");
    play(&*rules, &mut one, "c2-c3");
    let mut two = start.clone();
    play(&*rules, &mut two, "c2-c3");
    play(&*rules, &mut two, "b2-b3");
    assert_eq!(one.placement(), two.placement());
    // The turn records differ (the order of the moves), so these are different positions...
    assert_eq!(one == two, one.hash() == two.hash());
    // ...but after the turn ends they are the same.
    end(&*rules, &mut one);
    end(&*rules, &mut two);
    assert_eq!(one, two);
    assert_eq!(one.hash(), two.hash());
}

#[test]
fn leaders_captured_are_in_the_family_state_and_the_key() {
    let s = scenario(9, "", "", &["L@a1", "L@b1", "I@c3"], &["L@i9", "L@d4"]);
    let (rules, mut pos) = common::start(&s);
    let before = pos.hash();
    let info = rules.describe(&pos, action(&*rules, "c3-d4"));
    assert_eq!(info.kind, ActionKind::Move);
    assert_eq!(info.captures.len(), 1, "the move lands on the enemy leader");
    assert!(info.takes());
    play(&*rules, &mut pos, "c3-d4");
    assert_ne!(pos.hash(), before);
    assert_eq!(pos.family_state().warlord().unwrap().leaders_captured_by(Side::White), 1);
    let tallies = rules.tallies(&pos);
    assert_eq!(tallies[0].name, "leaders-captured");
    assert_eq!(tallies[0].values, [1, 0]);
}

#[test]
fn a_quiet_move_captures_nothing_and_an_end_is_kind_end() {
    let s = scenario(9, "", "", &["L@a1", "I@b2"], &["L@i9"]);
    let (rules, pos) = common::start(&s);
    let info = rules.describe(&pos, action(&*rules, "b2-b3"));
    assert!(info.captures.is_empty() && !info.takes());
    assert_eq!(info.piece.map(|p| p.side), Some(Side::White));
    assert_eq!(rules.describe(&pos, warlord_rules::Action::EndTurn).kind, ActionKind::End);
    assert_eq!(warlord_rules::notation::format_action(&warlord_rules::Action::EndTurn, rules.pieces()), "end");
}

#[test]
fn refusals_say_what_kind_of_rule_they_break() {
    let s = scenario(9, "", "", &["L@a1", "I@b2", "I@h2"], &["L@i9"]);
    let (rules, mut pos) = common::start(&s);
    let kind = |pos: &mut Position, text: &str| rules.play(pos, action(&*rules, text)).unwrap_err().kind;
    assert_eq!(kind(&mut pos, "e5-e6"), IllegalKind::NoPiece);
    assert_eq!(kind(&mut pos, "h2-h3"), IllegalKind::NoCommand);
    assert_eq!(kind(&mut pos, "b2-b6"), IllegalKind::Unreachable);
    assert_eq!(kind(&mut pos, "i9-i8"), IllegalKind::NoPiece);
}

#[test]
fn hints_name_the_commanders_and_who_could_order_each_piece() {
    let s = scenario(9, "", "", &["L@a1", "L@i1", "I@b2", "I@h4"], &["L@i9"]);
    let (rules, mut pos) = common::start(&s);
    let hints = rules.hints(&pos);
    assert_eq!(hints.commanders.len(), 3);
    let white = hints.commanders.iter().find(|c| c.side == Side::White).unwrap();
    assert_eq!((white.range, white.left, white.capacity), (2, 1, 1));
    let b2 = "b2".parse().unwrap();
    assert_eq!(rules.commanders_of(&pos, b2), ["a1".parse().unwrap()]);
    assert!(rules.commanders_of(&pos, "h4".parse().unwrap()).is_empty(), "out of range of both");
    play(&*rules, &mut pos, "b2-b3");
    let a1 = rules.hints(&pos).commanders.into_iter().find(|c| c.square == "a1".parse().unwrap()).unwrap();
    assert_eq!(a1.left, 0, "its one activation is spent");
}

#[test]
fn every_family_publishes_a_schema_that_matches_its_options() {
    for family in [Family::Warlord, Family::Medieval, Family::WarGame] {
        let schema = family.option_schema();
        assert!(!schema.is_empty(), "{family:?}");
        for option in &schema {
            assert!(!option.label.is_empty() && !option.help.is_empty(), "{}", option.name);
            if let OptionType::Choice { choices } = &option.kind {
                assert!(choices.contains(&option.default), "{}: default {}", option.name, option.default);
            }
        }
    }
    assert_eq!(warlord_rules::warlord::WarlordOptions::schema().unwrap().len(), 12);
    assert_eq!(warlord_rules::medieval::MedievalOptions::schema().unwrap().len(), 4);
    assert_eq!(warlord_rules::wargame::WarGameOptions::schema().unwrap().len(), 7);
}

#[test]
fn every_shipped_scenario_builds_with_each_schema_default_written_out() {
    for file in warlord_scenarios::ALL {
        let (id, s) = (file.id, builtin(file.id));
        let defaults: Vec<(String, String)> = s.option_schema().into_iter().map(|o| (o.name, o.default)).collect();
        assert!(s.ruleset(&defaults).is_ok(), "{id}: its own defaults are refused");
        assert!(s.has_option("turn-limit"), "{id}");
    }
    let lakes = builtin("lakes");
    let crossing = lakes.option_schema().into_iter().find(|o| o.name == "water-crossing").unwrap();
    assert_eq!(crossing.kind, OptionType::Bool);
}

fn hex_scenario(moves: &str) -> Result<Scenario, warlord_rules::scenario::ScenarioError> {
    let text = format!(
        "name = \"hex test\"\nfamily = \"warlord\"\n[board]\ngeometry = \"hex\"\nfiles = 8\nranks = 8\n\
         [[pieces]]\nlike = \"leader\"\n[[pieces]]\nname = \"Pikeman\"\nsymbol = \"P\"\nclass = \"infantry\"\nvalue = 1\nmoves = [{moves}]\n\
         [setup]\nwhite = [\"L@d4\", \"P@e4\"]\nblack = [\"L@d8\"]\n"
    );
    Scenario::parse(&text, "hex.toml")
}

#[test]
fn a_warlord_game_on_a_hex_board_walks_six_ways() {
    let s = hex_scenario("{ walk = 1 }").unwrap();
    assert_eq!(s.board.geometry(), Geometry::Hex);
    let (rules, pos) = common::start(&s);
    let from = "e4".parse().unwrap();
    let moves: Vec<_> = rules
        .legal_action_list(&pos)
        .into_iter()
        .filter(|a| a.origin() == Some(from))
        .filter_map(|a| a.destination())
        .collect();
    // e4 (an even-named, shifted row) touches d4 (the leader), f4, e3, f3, e5 and f5.
    let mut names: Vec<String> = moves.iter().map(ToString::to_string).collect();
    names.sort();
    assert_eq!(names, ["e3", "e5", "f3", "f4", "f5"]);
}

#[test]
fn a_knight_on_a_hex_board_leaps_to_the_twelve_glinski_targets_on_the_board() {
    let s = hex_scenario("{ leap = [1, 2] }").unwrap();
    let (rules, pos) = common::start(&s);
    let from = "e4".parse().unwrap();
    let mut names: Vec<String> = rules
        .legal_action_list(&pos)
        .into_iter()
        .filter(|a| a.origin() == Some(from))
        .filter_map(|a| a.destination())
        .map(|d| d.to_string())
        .collect();
    names.sort();
    // From e4 (lattice (3, 3)): the twelve cube permutations of ±(1, 2, -3), all on the 8x8 board.
    assert_eq!(names, ["c2", "c3", "c5", "c6", "e1", "e7", "f1", "f7", "g2", "g6", "h3", "h5"]);
}

#[test]
fn medieval_war_chess_pieces_look_like_chess_pieces_and_warlord_leaders_wear_crowns() {
    let medieval = builtin("medieval").ruleset(&[]).unwrap();
    let shapes: Vec<&str> = medieval.pieces().iter().map(|(k, _)| medieval.appearance(k).shape).collect();
    assert!(shapes.contains(&"king") && shapes.contains(&"pawn"), "{shapes:?}");
    assert_eq!(medieval.turn_unit(), "actions");
    let rules = chieftain();
    let leader = rules.pieces().iter().find(|(_, k)| k.is_leader()).unwrap().0;
    assert_eq!(rules.appearance(leader).shape, "crown");
    assert_eq!(rules.turn_unit(), "activations");
}

#[test]
fn asking_a_scenario_for_another_familys_rules_is_refused_with_the_family() {
    let err = builtin("medieval").warlord(&[]).unwrap_err().to_string();
    assert!(err.contains("is not a Warlord family scenario"), "{err}");
    let err = builtin("chieftain").medieval(&[]).unwrap_err().to_string();
    assert!(err.contains("is not a Medieval War Chess scenario"), "{err}");
    assert!(builtin("chieftain").warlord(&[("no-such".into(), "1".into())]).is_err(), "unknown options are refused");
}
