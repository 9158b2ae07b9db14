//! WarGame 1 movement: movement points along king steps, terrain costs, friendly pieces,
//! replacement and overruns.

mod wargame_common;
use wargame_common::*;
use warlord_rules::Ruleset;

const FAR: &[&str] = &["SC@l12"];

#[test]
fn leaders_move_4_tanks_3_infantry_2_artillery_1_in_the_open() {
    let (rules, pos) = game(&[], &["SC@a1", "TC@b2", "T@c3", "I@a4", "A@b4"], FAR);
    assert!(legal(&rules, &pos, mv("b2", "f2")) && !legal(&rules, &pos, mv("b2", "g2")));
    assert!(legal(&rules, &pos, mv("c3", "f6")) && !legal(&rules, &pos, mv("c3", "g7")));
    assert!(legal(&rules, &pos, mv("a4", "a6")) && !legal(&rules, &pos, mv("a4", "a7")));
    assert!(legal(&rules, &pos, mv("b4", "b5")) && !legal(&rules, &pos, mv("b4", "b6")));
}

#[test]
fn hills_cost_2_and_never_take_artillery() {
    let hills: &[&str] = &["c1:c12"];
    let (rules, pos) = game(&[("hills", hills)], &["SC@a1", "T@b2", "I@b3", "A@b4"], FAR);
    // The tank: b2 -> c2 (2) -> d2 (1) = 3; one farther is 4.
    assert!(legal(&rules, &pos, mv("b2", "d2")) && !legal(&rules, &pos, mv("b2", "e2")));
    // Infantry reaches the hill (2) and stops there.
    assert!(legal(&rules, &pos, mv("b3", "c3")) && !legal(&rules, &pos, mv("b3", "d3")));
    assert!(!legal(&rules, &pos, mv("b4", "c4")), "no artillery on hills");
}

#[test]
fn trees_cost_vehicles_4_and_never_take_tanks() {
    let trees: &[&str] = &["c1:c12"];
    let (rules, pos) = game(&[("trees", trees)], &["SC@a1", "TC@b2", "T@b3", "I@b4", "A@b5"], FAR);
    assert!(legal(&rules, &pos, mv("b2", "c2")) && !legal(&rules, &pos, mv("b2", "d2")), "4 to enter");
    assert!(!legal(&rules, &pos, mv("b3", "c3")), "no tanks in trees");
    // Infantry and artillery pay 1 in trees.
    assert!(legal(&rules, &pos, mv("b4", "d4")));
    assert!(legal(&rules, &pos, mv("b5", "c5")));
}

#[test]
fn towns_cost_as_open_ground() {
    let towns: &[&str] = &["b1:l12"];
    let (rules, pos) = game(&[("towns", towns)], &["SC@a1", "T@b2"], FAR);
    assert!(legal(&rules, &pos, mv("b2", "e5")) && !legal(&rules, &pos, mv("b2", "f6")));
}

#[test]
fn no_piece_moves_onto_or_through_a_friendly_piece() {
    // A wall of own infantry on rank 3 from a to e: the tank on b2 cannot reach b4 in 3.
    let (rules, pos) = game(&[], &["SC@a1", "T@b2", "I@a3:e3"], FAR);
    assert!(!legal(&rules, &pos, mv("b2", "b3")));
    assert!(!legal(&rules, &pos, mv("b2", "b4")));
    assert!(legal(&rules, &pos, mv("b2", "e2")));
}

#[test]
fn a_move_may_end_on_an_enemy_and_kill_it_but_not_pass_through_it() {
    let (rules, mut pos) = game(&[], &["SC@a1", "I@b2"], &["SC@l12", "I@b3", "I@c3", "I@a3"]);
    assert!(!legal(&rules, &pos, mv("b2", "b4")), "infantry cannot pass through an enemy");
    let report = play(&rules, &mut pos, mv("b2", "b3"));
    assert_eq!(report.captured.len(), 1);
    assert_eq!(at(&rules, &pos, "b3").as_deref(), Some("I"));
}

#[test]
fn a_tank_overruns_a_leader_or_infantry_in_a_straight_line() {
    let (rules, mut pos) = game(&[], &["SC@a1", "T@b2"], &["SC@l12", "I@b3", "TC@e5"]);
    // b2 - b3 (infantry) - b4: through, killing it.
    assert!(legal(&rules, &pos, mv("b2", "b4")));
    let report = play(&rules, &mut pos, mv("b2", "b4"));
    assert_eq!(report.captured.len(), 1);
    assert_eq!(at(&rules, &pos, "b3"), None);
    assert_eq!(at(&rules, &pos, "b4").as_deref(), Some("T"));
    // The diagonal c3 d4 [e5] f6 costs 3: an overrun; g7 would cost 4, beyond the tank's 3.
    let (rules, pos) = game(&[], &["SC@a1", "T@c3"], &["SC@l12", "TC@e5"]);
    assert_eq!(kills(&rules, &pos, mv("c3", "f6")), Some(1));
    assert_eq!(kills(&rules, &pos, mv("c3", "g7")), None, "out of its movement points");
    let (rules, pos) = game(&[], &["SC@a1", "T@d4"], &["SC@l12", "TC@e5"]);
    assert!(legal(&rules, &pos, mv("d4", "f6")), "a tank overruns a leader");
}

/// How many pieces an action kills, or `None` if it is illegal.
fn kills(
    rules: &warlord_rules::wargame::WarGameRules,
    pos: &warlord_rules::Position,
    action: warlord_rules::Action,
) -> Option<usize> {
    legal(rules, pos, action).then(|| rules.play(&mut pos.clone(), action).unwrap().captured.len())
}

#[test]
fn overruns_are_refused_for_the_wrong_kinds_terrain_or_exit() {
    // Tanks overrun leaders and infantry only: the tank goes round the artillery instead.
    let (rules, pos) = game(&[], &["SC@a1", "T@b2"], &["SC@l12", "A@b3"]);
    assert_eq!(kills(&rules, &pos, mv("b2", "b4")), Some(0));
    // Leaders overrun infantry and artillery only.
    let (rules, pos) = game(&[], &["SC@b2"], &["SC@l12", "A@b3", "T@c3", "I@d3"]);
    assert_eq!(kills(&rules, &pos, mv("b2", "b4")), Some(1), "a leader overruns artillery");
    assert_eq!(kills(&rules, &pos, mv("b2", "d4")), Some(0), "not a tank: it goes round");
    // Units in trees and towns are never overrun.
    let towns: &[&str] = &["b3"];
    let (rules, pos) = game(&[("towns", towns)], &["SC@a1", "T@b2"], &["SC@l12", "I@b3"]);
    assert_eq!(kills(&rules, &pos, mv("b2", "b4")), Some(0));
    let trees: &[&str] = &["b3"];
    let (rules, pos) = game(&[("trees", trees)], &["SC@b2"], &["SC@l12", "I@b3"]);
    assert_eq!(kills(&rules, &pos, mv("b2", "b4")), Some(0));
    // The square directly across must be empty.
    let (rules, pos) = game(&[], &["SC@a1", "T@b2", "I@b4"], &["SC@l12", "I@b3"]);
    assert_eq!(kills(&rules, &pos, mv("b2", "b5")), Some(0));
    // Infantry never overruns (and cannot go round in 2 here: a wall of enemies).
    let (rules, pos) = game(&[], &["SC@a1", "I@b2"], &["SC@l12", "I@a3:c3"]);
    assert_eq!(kills(&rules, &pos, mv("b2", "b4")), None);
}
