//! WarGame 1 towing: lower-level leaders tow artillery, tanks tow infantry; towed units die
//! with their tower and only distant fire hits them until their side's next turn.

mod wargame_common;
use wargame_common::*;
use warlord_rules::{Action, Ruleset};

#[test]
fn a_lower_level_leader_tows_adjacent_artillery_2_squares_over_open_ground() {
    let (rules, mut pos) = game(&[], &["SC@a1", "IC@d4", "A@c4"], &["SC@l12"]);
    assert!(!legal(&rules, &pos, tow("d4", "g4", "c4")), "3 squares is too far");
    assert!(legal(&rules, &pos, tow("d4", "f6", "c4")), "diagonally");
    play(&rules, &mut pos, tow("d4", "f4", "c4"));
    // The artillery follows into the squares the leader leaves: c4 -> d4 -> e4.
    assert_eq!(at(&rules, &pos, "f4").as_deref(), Some("IC"));
    assert_eq!(at(&rules, &pos, "e4").as_deref(), Some("A"));
    assert!(pos.has_moved(sq("f4")) && pos.has_moved(sq("e4")), "both have acted");
    assert!(!legal(&rules, &pos, mv("e4", "e5")), "the towed artillery does not move again");
}

#[test]
fn artillery_is_towed_over_open_ground_and_towns_only_and_not_by_the_supreme_commander() {
    let trees: &[&str] = &["e4"];
    let (rules, pos) = game(&[("trees", trees)], &["SC@a1", "IC@d4", "A@c4"], &["SC@l12"]);
    assert!(!legal(&rules, &pos, tow("d4", "f4", "c4")));
    let towns: &[&str] = &["e4:f4"];
    let (rules, pos) = game(&[("towns", towns)], &["SC@a1", "IC@d4", "A@c4"], &["SC@l12"]);
    assert!(legal(&rules, &pos, tow("d4", "f4", "c4")));
    let (rules, pos) = game(&[], &["SC@d4", "A@c4"], &["SC@l12"]);
    assert!(!legal(&rules, &pos, tow("d4", "f4", "c4")), "the Supreme Commander is no lower-level leader");
    let (rules, pos) = game(&[], &["SC@a1", "IC@d4", "I@c4"], &["SC@l12"]);
    assert!(!legal(&rules, &pos, tow("d4", "f4", "c4")), "leaders tow artillery, not infantry");
}

/// The artillery "follows along behind the leader, moving into the spaces the leader is
/// moving out of", and "Hills cost 2 to move onto [no artillery]": a leader on a hill tows no
/// artillery (found by the reference model, `wargame_reference.rs`).
#[test]
fn a_leader_on_a_hill_tows_no_artillery_since_artillery_never_moves_onto_a_hill() {
    let hill: &[&str] = &["d4"];
    let (rules, pos) = game(&[("hills", hill)], &["SC@a1", "IC@d4", "A@c4"], &["SC@l12"]);
    assert!(!legal(&rules, &pos, tow("d4", "e4", "c4")), "the artillery would end on d4");
    assert!(!legal(&rules, &pos, tow("d4", "f4", "c4")), "the artillery would pass d4");
    let trees: &[&str] = &["c4"];
    let (rules, pos) = game(&[("trees", trees)], &["SC@a1", "IC@d4", "A@c4"], &["SC@l12"]);
    assert!(legal(&rules, &pos, tow("d4", "f4", "c4")), "out of trees is fine");
}

#[test]
fn a_tank_tows_adjacent_infantry_up_to_3_squares_and_only_the_tank_needs_command() {
    // The infantry on e5 is 4 squares from the only leader: it cannot act, but may be towed.
    let (rules, mut pos) = game(&[], &["SC@a1", "T@d4", "I@e5"], &["SC@l12"]);
    assert!(!legal(&rules, &pos, mv("e5", "e6")));
    assert!(legal(&rules, &pos, tow("d4", "b4", "e5")));
    play(&rules, &mut pos, tow("d4", "a4", "e5"));
    assert_eq!(at(&rules, &pos, "a4").as_deref(), Some("T"));
    assert_eq!(at(&rules, &pos, "b4").as_deref(), Some("I"));
    // The tank pays its own movement costs: a hill on the way costs 2.
    let hills: &[&str] = &["c4"];
    let (rules, pos) = game(&[("hills", hills)], &["SC@a1", "T@d4", "I@e5"], &["SC@l12"]);
    assert!(!legal(&rules, &pos, tow("d4", "a4", "e5")), "2 + 1 + 1 is more than 3");
    assert!(legal(&rules, &pos, tow("d4", "b4", "e5")));
}

/// White tows the infantry on e5 behind the tank to b4 (tank on a4) and ends the turn.
fn after_the_tow(black: &[&str]) -> (warlord_rules::wargame::WarGameRules, warlord_rules::Position) {
    let (rules, mut pos) = game(&[], &["SC@a1", "T@d4", "I@e5"], black);
    play(&rules, &mut pos, tow("d4", "a4", "e5"));
    play(&rules, &mut pos, Action::EndTurn);
    (rules, pos)
}

#[test]
fn towed_units_are_eliminated_with_the_unit_towing_them() {
    let (rules, mut pos) = after_the_tow(&["SC@c8", "A@a7"]);
    let report = play(&rules, &mut pos, fire("a7", "a4"));
    assert_eq!(report.captured.len(), 2, "{:?}", report.captured);
    assert_eq!(at(&rules, &pos, "b4"), None);
}

#[test]
fn only_distant_fire_hits_a_towed_unit() {
    let (rules, mut pos) = after_the_tow(&["SC@c8", "T@c5", "A@b7"]);
    assert!(!legal(&rules, &pos, fire("c5", "b4")), "adjacent fire");
    assert!(!legal(&rules, &pos, mv("c5", "b4")), "replacement");
    let report = play(&rules, &mut pos, fire("b7", "b4"));
    assert_eq!(report.captured.len(), 1);
    assert_eq!(at(&rules, &pos, "a4").as_deref(), Some("T"), "the tower lives on");
}

#[test]
fn being_towed_ends_when_the_towing_side_begins_its_next_turn() {
    let (rules, mut pos) = after_the_tow(&["SC@c8", "T@c5"]);
    assert!(pos.family_state().wargame().unwrap().is_towed(sq("b4")));
    play(&rules, &mut pos, mv("c8", "d7"));
    play(&rules, &mut pos, Action::EndTurn);
    assert!(!pos.family_state().wargame().unwrap().is_towed(sq("b4")));
    play(&rules, &mut pos, Action::EndTurn);
    assert!(legal(&rules, &pos, fire("c5", "b4")), "no longer towed");
}

#[test]
fn a_refused_tow_says_what_is_wrong() {
    let (rules, pos) = game(&[], &["SC@a1", "TC@d4", "A@c4"], &["SC@l12"]);
    let why = |action| Ruleset::play(&rules, &mut pos.clone(), action).unwrap_err().reason;
    assert!(why(tow("d4", "f4", "d4")).contains("cannot tow itself"));
    assert!(why(tow("d4", "f4", "e5")).contains("there is no piece on e5 to tow"));
    assert!(why(tow("d4", "d7", "c4")).contains("reaches 2 squares"));
}
