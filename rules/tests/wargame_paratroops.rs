//! WarGame 1's paratroops (option `paratroops`), the text's "future possibility": "Consider
//! allowing a medium-range leaping piece, say about 5-6 squares, that can move 2 or leap
//! several, then move 1. This piece might have to be specially "prepped" by using up an
//! activation on one turn that will allow the piece to leap on any subsequent turn until it
//! has either already leaped or acted in any manner to cause an enemy piece to be removed from
//! the board." (docs/RULES.md, "Paratroops").

mod wargame_common;
use wargame_common::*;
use warlord_rules::notation::{format_action, parse_action};
use warlord_rules::wargame::{WarGameRules, PREPARED};
use warlord_rules::{Action, Family, IllegalKind, Position, Ruleset, Scenario, Side};

/// One paratrooper a side.
const ONE: &[(&str, &str)] = &[("paratroops", "1")];

fn prep(at: &str) -> Action {
    Action::Prep { at: sq(at) }
}

fn leap(from: &str, to: &str) -> Action {
    Action::Leap { from: sq(from), to: sq(to) }
}

/// The squares of the prepared paratroopers, as the hints mark them.
fn prepared(rules: &WarGameRules, pos: &Position) -> Vec<String> {
    rules.hints(pos).marks.iter().filter(|(_, m)| *m == PREPARED).map(|(s, _)| s.to_string()).collect()
}

/// Ends White's turn and plays Black's: its Supreme Commander steps to the neighbour highest
/// on the board (in a corner, back and forth), so that no two passes in a row end the game.
fn next_white_turn(rules: &WarGameRules, pos: &mut Position) {
    play(rules, pos, Action::EndTurn);
    let black = rules
        .legal_action_list(pos)
        .into_iter()
        .filter(|a| match a {
            Action::Move { from, to } => {
                at(rules, pos, &from.to_string()).as_deref() == Some("sc")
                    && from.file.abs_diff(to.file).max(from.rank.abs_diff(to.rank)) == 1
            }
            _ => false,
        })
        .max_by_key(|a| a.destination().map(|s| (s.rank, s.file)))
        .expect("Black's Supreme Commander may step");
    play(rules, pos, black);
    play(rules, pos, Action::EndTurn);
    assert_eq!(pos.to_move(), Side::White);
}

/// White's Supreme Commander on a1 and one paratrooper on `at`, prepared on the turn before;
/// Black's Supreme Commander far away on l12 and `black`.
fn prepared_on(at: &str, terrain: &[(&str, &[&str])], white: &[&str], black: &[&str]) -> (WarGameRules, Position) {
    let mut w = vec!["SC@a1", "IC@b1"];
    let p = format!("I@{at}");
    w.push(&p);
    w.extend_from_slice(white);
    let mut b = vec!["SC@l12"];
    b.extend_from_slice(black);
    let (rules, mut pos) = game_with(terrain, &w, &b, ONE);
    assert_eq!(at_sym(&rules, &pos, at), "P", "the only infantry is the paratrooper");
    play(&rules, &mut pos, prep(at));
    next_white_turn(&rules, &mut pos);
    (rules, pos)
}

fn at_sym(rules: &WarGameRules, pos: &Position, name: &str) -> String {
    at(rules, pos, name).unwrap_or_default()
}

#[test]
fn the_option_is_off_by_default_and_then_there_is_no_paratrooper_and_no_preparation() {
    let spec = Family::WarGame.option_schema();
    let option = spec.iter().find(|o| o.name == "paratroops").expect("the option is in the schema");
    assert_eq!(option.default, toml::Value::Integer(0).to_string());
    let (rules, pos) = game(&[], &["SC@a1", "I@b2"], &["SC@l12", "I@k11"]);
    assert!(rules.pieces().by_symbol("P").is_none(), "no paratrooper kind");
    assert!(!rules.legal_action_list(&pos).iter().any(|a| matches!(a, Action::Prep { .. } | Action::Leap { .. })));
    let refusal = rules.play(&mut pos.clone(), prep("b2")).unwrap_err();
    assert_eq!(refusal.kind, IllegalKind::OptionOff, "{refusal}");
    assert!(refusal.reason.contains("option paratroops"), "{refusal}");
    assert!(prepared(&rules, &pos).is_empty());
}

#[test]
fn the_infantry_nearest_their_supreme_commander_become_paratroopers() {
    let white = ["SC@f1", "I@a2", "I@f3", "I@g2"];
    let black = ["SC@f12", "I@a11", "I@f10", "I@g11"];
    let (rules, pos) = game_with(&[], &white, &black, ONE);
    assert_eq!(at_sym(&rules, &pos, "g2"), "P", "g2 is next to the Supreme Commander");
    assert_eq!(at_sym(&rules, &pos, "g11"), "p", "and g11 on Black's side");
    assert_eq!((at_sym(&rules, &pos, "f3"), at_sym(&rules, &pos, "a2")), ("I".into(), "I".into()));
    // Ties go to the infantry nearest its own back rank, then to the lower file.
    let (rules, pos) = game_with(&[], &["SC@f3", "I@e4", "I@g2"], &["SC@f10", "I@e9", "I@g11"], ONE);
    assert_eq!((at_sym(&rules, &pos, "g2"), at_sym(&rules, &pos, "g11")), ("P".into(), "p".into()));
    // Drawn as infantry labelled P; plain infantry carry no label.
    let paratrooper = rules.pieces().by_symbol("P").expect("the kind");
    let infantry = rules.pieces().by_symbol("I").expect("infantry");
    assert_eq!(
        (rules.appearance(paratrooper).shape, rules.appearance(paratrooper).label),
        ("infantry", Some("P".into()))
    );
    assert_eq!(rules.appearance(infantry).label, None);
    // More than a side has: all of its infantry.
    let (rules, pos) = game_with(&[], &white, &black, &[("paratroops", "24")]);
    assert_eq!(pos.pieces(Side::White).filter(|(_, p)| rules.pieces().get(p.kind).symbol == "P").count(), 3);
}

#[test]
fn a_paratrooper_is_prepared_by_an_order_and_leaps_on_a_later_turn_not_the_same_one() {
    let (rules, mut pos) = game_with(&[], &["SC@a1", "I@b2"], &["SC@l12"], ONE);
    assert!(!legal(&rules, &pos, leap("b2", "b8")), "not prepared yet");
    assert!(legal(&rules, &pos, prep("b2")));
    play(&rules, &mut pos, prep("b2"));
    assert_eq!(prepared(&rules, &pos), ["b2"]);
    assert!(pos.has_moved(sq("b2")), "the preparation is the paratrooper's action this turn");
    assert_eq!(pos.actions_this_turn().len(), 1, "and one of the turn's actions");
    // "on any subsequent turn": not in the turn it was prepared.
    assert!(!legal(&rules, &pos, leap("b2", "b8")));
    let refusal = rules.play(&mut pos.clone(), leap("b2", "b8")).unwrap_err();
    assert_eq!(refusal.kind, IllegalKind::TurnSpent, "{refusal}");
    next_white_turn(&rules, &mut pos);
    assert!(!legal(&rules, &pos, prep("b2")), "prepared already");
    assert!(legal(&rules, &pos, leap("b2", "b8")));
    play(&rules, &mut pos, leap("b2", "c4"));
    assert_eq!(at_sym(&rules, &pos, "c4"), "P");
    assert!(prepared(&rules, &pos).is_empty(), "the leap spends the preparation");
    next_white_turn(&rules, &mut pos);
    assert!(!legal(&rules, &pos, leap("c4", "c10")), "no second leap without a new preparation");
    assert!(legal(&rules, &pos, prep("c4")), "it may be prepared again");
}

#[test]
fn the_preparation_needs_a_leader_in_range_like_any_action() {
    let (rules, pos) = game_with(&[], &["SC@a1", "I@e5"], &["SC@l12"], ONE);
    let refusal = rules.play(&mut pos.clone(), prep("e5")).unwrap_err();
    assert_eq!(refusal.kind, IllegalKind::NoCommand, "{refusal}");
    let (rules, pos) = game_with(&[], &["SC@a1", "T@b1", "I@b2"], &["SC@l12"], ONE);
    assert!(!legal(&rules, &pos, prep("b1")), "only paratroopers are prepared");
}

#[test]
fn the_leap_reaches_six_squares_then_one_step_and_no_further() {
    let (rules, pos) = prepared_on("d4", &[("hills", &["k7", "j9"])], &[], &[]);
    assert!(legal(&rules, &pos, leap("d4", "j10")), "6 squares diagonally");
    assert!(legal(&rules, &pos, leap("d4", "d10")), "6 squares straight");
    assert!(legal(&rules, &pos, leap("d4", "j9")), "onto a hill, by the leap itself");
    assert!(legal(&rules, &pos, leap("d4", "k11")), "7: 6 and a step");
    assert!(legal(&rules, &pos, leap("d4", "e5")), "1 square");
    assert!(!legal(&rules, &pos, leap("d4", "k7")), "7 onto a hill: a step of 2 movement points");
    assert!(!legal(&rules, &pos, leap("d4", "l4")), "8 squares");
    let leaps = rules.legal_action_list(&pos).into_iter().filter(|a| matches!(a, Action::Leap { .. })).count();
    // Every square within 7 king steps of d4 on the 12x12 board (a1 to k11), but d4 itself,
    // the two leaders and the hill at distance 7.
    assert_eq!(leaps, 11 * 11 - 1 - 2 - 1);
}

#[test]
fn the_leap_goes_over_anything_but_lands_on_an_empty_square() {
    // A wall of Black units and water around c3, and White's own pieces: the leap goes over.
    let (rules, pos) = prepared_on("c3", &[("water", &["b5:d5"])], &["T@c4"], &["I@b4", "I@d4", "I@i9", "I@h9"]);
    assert!(legal(&rules, &pos, leap("c3", "c6")), "over a unit and water");
    assert!(!legal(&rules, &pos, leap("c3", "c5")), "never onto water");
    assert!(!legal(&rules, &pos, leap("c3", "c4")), "never onto its own");
    // A capture only by the step after landing: h9 from g8, g9 or ... (any empty neighbour
    // within 6 of c3).
    assert!(legal(&rules, &pos, leap("c3", "h9")));
    let info = rules.describe(&pos, leap("c3", "h9"));
    assert_eq!(info.captures.iter().map(|(s, _)| s.to_string()).collect::<Vec<_>>(), ["h9"]);
    assert_eq!(info.kind, warlord_rules::ActionKind::Move);
    assert_eq!(info.note, Some("by a leap"), "told from a plain move to the same square");
    assert_eq!(rules.describe(&pos, mv("c3", "c5")).note, None);
}

#[test]
fn a_capture_spends_the_preparation() {
    // A prepared paratrooper moves onto an enemy infantry unit (replacement).
    let (rules, mut pos) = prepared_on("c3", &[], &[], &["I@c4"]);
    let report = play(&rules, &mut pos, mv("c3", "c4"));
    assert_eq!(report.captured.len(), 1);
    assert!(prepared(&rules, &pos).is_empty(), "a capture spends the preparation");
    // A prepared paratrooper in trees shoots (infantry fire 1 from cover).
    let (rules, mut pos) = prepared_on("c3", &[("trees", &["c3"])], &[], &["I@c4"]);
    play(&rules, &mut pos, fire("c3", "c4"));
    assert!(prepared(&rules, &pos).is_empty(), "a shot that kills spends it");
    // A leap's step onto an enemy is a capture too (and the leap spends it anyway).
    let (rules, mut pos) = prepared_on("c3", &[], &[], &["I@f8"]);
    play(&rules, &mut pos, leap("c3", "f8"));
    assert_eq!(at_sym(&rules, &pos, "f8"), "P");
    assert!(prepared(&rules, &pos).is_empty());
}

#[test]
fn taking_part_in_a_custodial_capture_spends_the_preparation() {
    // Black's infantry on h8 has the tanks on g8 and i8 beside it, and every empty neighbour
    // next to one of them: two enemies, not yet surrounded (rulings 18). The paratrooper
    // moving to h9 makes three.
    let (rules, mut pos) = game_with(&[], &["SC@f11", "I@h11", "T@g8", "T@i8"], &["SC@l1", "I@h8"], ONE);
    assert_eq!(at_sym(&rules, &pos, "h11"), "P");
    play(&rules, &mut pos, prep("h11"));
    next_white_turn(&rules, &mut pos);
    assert!(at(&rules, &pos, "h8").is_some(), "not surrounded by two");
    play(&rules, &mut pos, mv("h11", "h9"));
    assert_eq!(prepared(&rules, &pos), ["h9"], "moving spends nothing");
    let report = play(&rules, &mut pos, Action::EndTurn);
    assert!(report.captured.iter().any(|(s, _)| *s == sq("h8")), "{report:?}");
    assert!(prepared(&rules, &pos).is_empty(), "the paratrooper took part in the removal");
}

#[test]
fn the_preparation_lasts_across_turns_moves_and_tows() {
    let (rules, mut pos) = prepared_on("c3", &[], &["T@d2"], &["I@k10"]);
    play(&rules, &mut pos, mv("c3", "c5"));
    assert_eq!(prepared(&rules, &pos), ["c5"], "a plain move keeps it; it follows the piece");
    next_white_turn(&rules, &mut pos);
    next_white_turn(&rules, &mut pos);
    assert_eq!(prepared(&rules, &pos), ["c5"], "turns pass");
    // A tank tows the paratrooper (it is infantry): the preparation follows it.
    play(&rules, &mut pos, mv("d2", "d4"));
    next_white_turn(&rules, &mut pos);
    play(&rules, &mut pos, tow("d4", "d6", "c5"));
    assert_eq!(at_sym(&rules, &pos, "d5"), "P");
    assert_eq!(prepared(&rules, &pos), ["d5"]);
    next_white_turn(&rules, &mut pos);
    play(&rules, &mut pos, mv("b1", "b4"));
    next_white_turn(&rules, &mut pos);
    assert!(legal(&rules, &pos, leap("d5", "j11")), "ordered by the Infantry Commander, now near");
    // Black sees White's prepared paratrooper too: the marks are of both sides.
    play(&rules, &mut pos, Action::EndTurn);
    assert_eq!(prepared(&rules, &pos), ["d5"]);
}

#[test]
fn a_prepared_paratrooper_still_moves_two() {
    let (rules, pos) = prepared_on("c3", &[], &[], &[]);
    assert!(legal(&rules, &pos, mv("c3", "c5")));
    assert!(!legal(&rules, &pos, mv("c3", "c6")), "a move of 3 is a leap, not a move");
}

#[test]
fn preparations_and_leaps_are_written_and_read_back() {
    let (rules, pos) = prepared_on("c3", &[], &[], &[]);
    for action in [prep("c3"), leap("c3", "i9")] {
        let text = format_action(&action, rules.pieces());
        assert_eq!(parse_action(&text, rules.pieces()), Ok(action), "{text}");
    }
    assert_eq!(format_action(&prep("c3"), rules.pieces()), "prep c3");
    assert_eq!(format_action(&leap("c3", "i9"), rules.pieces()), "c3 leap i9");
    assert_eq!(parse_action("C3 LEAP I9", rules.pieces()), Ok(leap("c3", "i9")));
    // The paratrooper's symbol is read in placements.
    assert!(matches!(parse_action("P@c3", rules.pieces()), Ok(Action::Place { .. })));
    // Every legal action of a position with both round-trips.
    for action in rules.legal_action_list(&pos) {
        let text = format_action(&action, rules.pieces());
        assert_eq!(parse_action(&text, rules.pieces()), Ok(action), "{text}");
    }
}

#[test]
fn the_position_key_tells_a_prepared_paratrooper_from_one_that_is_not() {
    let (rules, start) = game_with(&[], &["SC@a1", "I@b2"], &["SC@l12"], ONE);
    let game = |first: &[Action]| {
        let mut pos = start.clone();
        for &action in first.iter().chain(&[Action::EndTurn, mv("l12", "l11"), Action::EndTurn, mv("b2", "b4")]) {
            play(&rules, &mut pos, action);
        }
        play(&rules, &mut pos, Action::EndTurn);
        pos
    };
    let (prepared_pos, plain) = (game(&[prep("b2")]), game(&[]));
    assert_eq!(prepared_pos.placement(), plain.placement());
    assert_eq!(prepared(&rules, &prepared_pos), ["b4"]);
    assert_ne!(prepared_pos, plain);
    assert_ne!(prepared_pos.hash(), plain.hash());
}

#[test]
fn in_a_free_setup_the_paratroopers_are_placed_like_any_piece() {
    let file = warlord_scenarios::get("wargame-1-skirmish").expect("shipped");
    let options = [("paratroops".to_string(), "2".to_string()), ("free-setup".to_string(), "true".to_string())];
    let rules = Scenario::parse(file.text, "wargame-1-skirmish.toml").unwrap().wargame(&options).unwrap();
    let pos = rules.start();
    let paratrooper = rules.pieces().by_symbol("P").expect("the kind the option adds");
    assert!(rules.to_place(&pos, Side::White).contains(&(paratrooper, 2)));
    let place = parse_action("P@c3", rules.pieces()).unwrap();
    assert_eq!(place, Action::Place { kind: paratrooper, to: sq("c3") });
    assert!(rules.play(&mut pos.clone(), place).is_ok());
}

#[test]
fn a_scenario_without_infantry_or_with_its_own_p_refuses_the_option() {
    let text = |extra: &str| {
        format!(
            "name = \"t\"\nfamily = \"wargame\"\n[board]\nfiles = 8\nranks = 8\n{HEAD}{extra}\n[setup]\nwhite = [\"SC@a1\"]\nblack = [\"SC@h8\"]\n"
        )
    };
    let scenario = Scenario::parse(&text(""), "t.toml").unwrap();
    assert!(scenario.wargame(&[]).is_ok());
    let options = [("paratroops".to_string(), "1".to_string())];
    assert!(scenario.wargame(&options).is_ok(), "infantry kinds exist, no piece of them on the board");
    let own_p =
        Scenario::parse(&text("[[pieces]]\nname = \"Pioneer\"\nsymbol = \"P\"\nclass = \"infantry\"\n"), "t.toml")
            .unwrap();
    let error = own_p.wargame(&options).unwrap_err().to_string();
    assert!(error.contains("options.paratroops") && error.contains("`P`"), "{error}");
    let no_infantry =
        Scenario::parse(&text("").replace("class = \"infantry\"", "class = \"cannon\""), "t.toml").unwrap();
    let error = no_infantry.wargame(&options).unwrap_err().to_string();
    assert!(error.contains("no infantry"), "{error}");
}
