//! WarGame 1 surround, "out of supply" (rulings 18), and victory.

mod wargame_common;
use wargame_common::*;
use warlord_rules::{Action, EndReason, Phase, Side};

#[test]
fn a_unit_is_removed_at_the_end_of_the_turn_when_surrounded_as_rulings_18_says() {
    // Black infantry on e5; White tanks on d5 and f5 cover every empty neighbour; the tank
    // moving to e7 is the third enemy (on a neighbour of the empty e6).
    let (rules, mut pos) = game(&[], &["SC@h8", "T@d5", "T@f5", "T@e8"], &["SC@l12", "I@e5"]);
    play(&rules, &mut pos, mv("e8", "e7"));
    assert_eq!(at(&rules, &pos, "e5").as_deref(), Some("i"), "not during the turn");
    let report = play(&rules, &mut pos, Action::EndTurn);
    assert_eq!(report.captured.len(), 1);
    assert_eq!(at(&rules, &pos, "e5"), None);
}

#[test]
fn two_enemy_units_do_not_surround() {
    let (rules, mut pos) = game(&[], &["SC@h8", "T@d5", "T@f5"], &["SC@l12", "I@e5"]);
    play(&rules, &mut pos, Action::EndTurn);
    assert_eq!(at(&rules, &pos, "e5").as_deref(), Some("i"));
}

#[test]
fn an_own_unit_next_to_it_keeps_it_in_supply() {
    let (rules, mut pos) = game(&[], &["SC@h8", "T@d5", "T@f5", "T@e7"], &["SC@l12", "I@e5", "I@f6"]);
    play(&rules, &mut pos, Action::EndTurn);
    assert_eq!(at(&rules, &pos, "e5").as_deref(), Some("i"));
}

#[test]
fn an_empty_neighbour_next_to_no_enemy_keeps_it_in_supply() {
    // Three enemies, all on the west: f4, f5 and f6 are next to no enemy.
    let (rules, mut pos) = game(&[], &["SC@h8", "T@d4", "T@d6", "T@c5"], &["SC@l12", "I@e5"]);
    play(&rules, &mut pos, Action::EndTurn);
    assert_eq!(at(&rules, &pos, "e5").as_deref(), Some("i"));
}

#[test]
fn only_the_side_that_did_not_move_is_checked() {
    // The White infantry on e5 is surrounded by Black, but White has just moved.
    let (rules, mut pos) = game(&[], &["SC@a1", "I@e5"], &["SC@l12", "T@d5", "T@f5", "T@e7"]);
    play(&rules, &mut pos, Action::EndTurn);
    assert_eq!(at(&rules, &pos, "e5").as_deref(), Some("I"));
    play(&rules, &mut pos, Action::EndTurn);
    assert_eq!(at(&rules, &pos, "e5"), None, "removed at the end of Black's turn");
}

#[test]
fn killing_every_enemy_leader_wins() {
    let (rules, mut pos) = game(&[], &["SC@a1", "T@b2"], &["SC@b4", "TC@l12", "I@k12"]);
    play(&rules, &mut pos, fire("b2", "b4"));
    assert_eq!(pos.phase(), &Phase::Play, "a leader is left");
    let (rules, mut pos) = game(&[], &["SC@a1", "T@b2"], &["SC@b4", "I@k12"]);
    play(&rules, &mut pos, fire("b2", "b4"));
    let outcome = pos.outcome().unwrap();
    assert_eq!((outcome.winner, outcome.reason), (Some(Side::White), EndReason::AllLeadersCaptured));
}
