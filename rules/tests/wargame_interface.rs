//! What WarGame 1 tells callers through `Ruleset`: descriptions, hints, tallies, appearance,
//! the turn unit and the notation of tows.

mod wargame_common;
use wargame_common::*;
use warlord_rules::notation::{format_action, parse_action};
use warlord_rules::{Action, ActionKind, Family, Ruleset, Side};

#[test]
fn describe_names_captures_and_the_cells_a_shot_crosses() {
    let (rules, pos) = game(&[], &["SC@a1", "A@b2", "T@d2", "I@c2"], &["SC@l12", "I@b5", "I@e3", "TC@h8"]);
    let shot = rules.describe(&pos, fire("b2", "b5"));
    assert_eq!(shot.kind, ActionKind::Fire);
    assert_eq!(shot.captures.len(), 1);
    assert_eq!(shot.line, [sq("b3"), sq("b4")]);
    let overrun = rules.describe(&pos, mv("d2", "f4"));
    assert_eq!(overrun.captures.len(), 1, "the tank runs through e3");
    assert!(overrun.line.is_empty());
    let replacement = rules.describe(&pos, mv("d2", "e3"));
    assert_eq!(replacement.captures.len(), 1);
    assert!(rules.describe(&pos, mv("d2", "d4")).captures.is_empty());
    let tow_info = rules.describe(&pos, tow("d2", "d4", "c2"));
    assert_eq!(tow_info.kind, ActionKind::Move);
    assert_eq!(tow_info.with, [sq("c2")]);
}

#[test]
fn hints_name_every_leader_with_its_area_and_the_leaders_that_could_order_each_piece() {
    let (rules, mut pos) = game(&[], &["SC@a1", "T@b2"], &["SC@l12"]);
    let hints = rules.hints(&pos);
    assert_eq!(hints.commanders.len(), 2);
    let white = hints.commanders.iter().find(|c| c.side == Side::White).unwrap();
    assert_eq!((white.range, white.left, white.capacity), (3, 1, 1));
    assert_eq!(white.area.len(), 16, "a1's 4x4 corner of the 7x7 box");
    assert!(hints.links.contains(&(sq("b2"), vec![sq("a1")])));
    play(&rules, &mut pos, mv("b2", "b3"));
    let hints = rules.hints(&pos);
    assert_eq!(hints.commanders.iter().find(|c| c.side == Side::White).unwrap().left, 0);
    assert!(hints.links.is_empty());
}

#[test]
fn tallies_count_leaders_captured_and_lost() {
    let (rules, mut pos) = game(&[], &["SC@a1", "T@b2"], &["SC@l12", "TC@b4"]);
    play(&rules, &mut pos, fire("b2", "b4"));
    let tallies = rules.tallies(&pos);
    let captured = tallies.iter().find(|t| t.name == "leaders-captured").unwrap();
    assert_eq!(captured.values, [1, 0]);
    let lost = tallies.iter().find(|t| t.name == "leaders-lost").unwrap();
    assert_eq!(lost.values, [0, 1]);
}

#[test]
fn appearance_turn_unit_family_and_places() {
    let (rules, pos) = game(&[], &["SC@a1", "CP@b1"], &["SC@l12"]);
    let shape = |symbol: &str| rules.appearance(rules.pieces().by_symbol(symbol).unwrap());
    assert_eq!(shape("SC").shape, "crown");
    assert_eq!(shape("TC").shape, "coronet");
    assert_eq!(shape("IC").shape, "coronet");
    assert_eq!(shape("T").shape, "armoured");
    assert_eq!(shape("I").shape, "infantry");
    assert_eq!(shape("A").shape, "cannon");
    assert_eq!(shape("CP").shape, "disc");
    assert_eq!(shape("CP").label.as_deref(), Some("CP"));
    assert_eq!(rules.turn_unit(), "actions");
    assert_eq!(rules.family(), Family::WarGame);
    assert_eq!(Family::WarGame.name(), "wargame");
    assert!(Family::WarGame.option_schema().iter().any(|o| o.name == "banner-victory"));
    assert!(rules.to_place(&pos, Side::White).is_empty());
}

#[test]
fn a_tow_is_written_with_the_towed_square() {
    let (rules, _) = game(&[], &["SC@a1"], &["SC@l12"]);
    let action = parse_action("e5-e7 tow d4", rules.pieces()).unwrap();
    assert_eq!(action, Action::Tow { from: sq("e5"), to: sq("e7"), towed: sq("d4") });
    assert_eq!(format_action(&action, rules.pieces()), "e5-e7 tow d4");
}
