//! Warlord turns: activation range and timing, leaders' activations, caps, passes and the
//! optional rules that change turns (rulings 1-6).

mod common;
use common::*;
use warlord_rules::{EndReason, Side};

const FOUR: &str = "moves-per-turn = 4\ncap-by-leaders = false";

#[test]
fn range_is_checked_where_the_activator_stands_when_the_move_starts() {
    // L on a1 activates the leader on a3, which moves to c2; from there it is within 2 squares
    // of the infantry on e1 and activates it (rulings 2 and 3).
    let s = scenario(9, FOUR, "", &["L@a1", "L@a3", "I@e1"], &["L@i9"]);
    let (rules, mut pos) = start(&s);
    assert!(!is_legal(&*rules, &pos, "e1-e2"), "e1 is 4 squares from a1 and a3");
    play(&*rules, &mut pos, "a3-c2");
    assert!(is_legal(&*rules, &pos, "e1-e2"));
    play(&*rules, &mut pos, "e1-e2");
    // Both leaders' activations are spent: nothing else may move.
    assert_eq!(rules.legal_action_list(&pos), vec![warlord_rules::Action::EndTurn]);
}

#[test]
fn a_leader_that_moves_itself_has_spent_its_activation() {
    let s = scenario(9, FOUR, "", &["L@a1", "I@b1"], &["L@i9"]);
    let (rules, mut pos) = start(&s);
    play(&*rules, &mut pos, "a1-a3");
    let reason = refuse(&*rules, &mut pos, "b1-b2");
    assert!(reason.contains("needed for this turn's earlier moves"), "{reason}");
}

#[test]
fn no_piece_moves_twice_in_a_turn() {
    let s = scenario(9, FOUR, "", &["L@a1", "L@b1", "I@a2"], &["L@i9"]);
    let (rules, mut pos) = start(&s);
    play(&*rules, &mut pos, "a2-a3");
    let reason = refuse(&*rules, &mut pos, "a3-a4");
    assert!(reason.contains("already moved"), "{reason}");
}

#[test]
fn activation_range_is_counted_in_king_steps() {
    // c3 is 2 king steps from a1 (inside the 5x5 box), d1 is 3.
    let s = scenario(9, FOUR, "", &["L@a1", "I@c3", "I@d1"], &["L@i9"]);
    let (rules, pos) = start(&s);
    assert!(is_legal(&*rules, &pos, "c3-c4"));
    assert!(!is_legal(&*rules, &pos, "d1-d2"));
    let mut pos = pos;
    let reason = refuse(&*rules, &mut pos, "d1-d2");
    assert!(reason.contains("no leader within range"), "{reason}");
}

#[test]
fn a_legal_turn_that_first_fit_assignment_would_reject_is_accepted() {
    // The infantry on c1 is within range of both leaders, the one on a3 only of the leader on
    // a1. First-fit gives c1's move to a1's leader and then has nobody for a3; the matching
    // moves c1's activation to the leader on e1 (rulings 4).
    let s = scenario(9, FOUR, "", &["L@a1", "L@e1", "I@c1", "I@a3"], &["L@i9"]);
    let (rules, mut pos) = start(&s);
    play(&*rules, &mut pos, "c1-c2");
    assert!(is_legal(&*rules, &pos, "a3-a4"));
    play(&*rules, &mut pos, "a3-a4");
    assert_eq!(rules.commanders_of(&pos, "a1".parse().unwrap()), Vec::<warlord_rules::Square>::new());
}

#[test]
fn moves_per_turn_is_capped_by_the_number_of_leaders() {
    // Four moves allowed, but only two leaders: two moves, then the turn ends by itself.
    let s = scenario(9, "moves-per-turn = 4", "", &["L@a1", "L@b1", "I@a2", "I@b2"], &["L@i9", "L@h9"]);
    let (rules, mut pos) = start(&s);
    assert_eq!(pos.turn_cap(), 2);
    play(&*rules, &mut pos, "a2-a3");
    let report = play(&*rules, &mut pos, "b2-b3");
    assert!(report.turn_ended);
    assert_eq!(pos.to_move(), Side::Black);
}

#[test]
fn the_scenario_cap_binds_when_leaders_are_many() {
    let s = scenario(9, "moves-per-turn = 1", "", &["L@a1", "L@b1", "I@a2"], &["L@i9"]);
    let (rules, mut pos) = start(&s);
    assert_eq!(pos.turn_cap(), 1);
    assert!(play(&*rules, &mut pos, "a2-a3").turn_ended);
}

#[test]
fn two_passes_in_a_row_draw() {
    let s = scenario(9, FOUR, "", &["L@a1"], &["L@i9"]);
    let (rules, mut pos) = start(&s);
    assert!(play(&*rules, &mut pos, "pass").outcome.is_none());
    let report = play(&*rules, &mut pos, "pass");
    assert_eq!(report.outcome.map(|o| (o.winner, o.reason)), Some((None, EndReason::DoublePass)));
    let reason = refuse(&*rules, &mut pos, "i9-i8");
    assert!(reason.contains("over"), "{reason}");
}

#[test]
fn a_pass_between_moves_does_not_draw() {
    let s = scenario(9, FOUR, "", &["L@a1"], &["L@i9"]);
    let (rules, mut pos) = start(&s);
    play(&*rules, &mut pos, "pass");
    play(&*rules, &mut pos, "i9-i8");
    play(&*rules, &mut pos, "pass");
    assert!(pos.outcome().is_none());
}

#[test]
fn at_least_one_move_forbids_passing_while_a_move_exists() {
    let s = scenario(9, FOUR, "at-least-one-move = true", &["L@a1"], &["L@i9"]);
    let (rules, mut pos) = start(&s);
    assert!(!is_legal(&*rules, &pos, "pass"));
    refuse(&*rules, &mut pos, "pass");
    play(&*rules, &mut pos, "a1-a2");
    assert!(is_legal(&*rules, &pos, "pass"));
}

#[test]
fn self_activating_knights_need_no_leader_but_count_against_the_cap() {
    let white = ["L@a1", "L@b1", "N@h1"];
    let off = scenario(9, "moves-per-turn = 4", "", &white, &["L@i9", "L@h9"]);
    let (rules, pos) = start(&off);
    assert!(!is_legal(&*rules, &pos, "h1-g3"));
    let on = scenario(9, "moves-per-turn = 4", "self-activating-knights = true", &white, &["L@i9", "L@h9"]);
    let (rules, mut pos) = start(&on);
    assert!(is_legal(&*rules, &pos, "h1-g3"));
    play(&*rules, &mut pos, "h1-g3");
    // The cap is 2 (two leaders); the knight's move used one of them.
    assert!(play(&*rules, &mut pos, "a1-a2").turn_ended);
}

#[test]
fn a_level_two_leader_activates_two_pieces() {
    let s = scenario(9, FOUR, "", &["K@a1", "I@a2", "I@b2", "I@c2"], &["L@i9"]);
    let (rules, mut pos) = start(&s);
    play(&*rules, &mut pos, "a2-a3");
    play(&*rules, &mut pos, "b2-b3");
    assert!(!is_legal(&*rules, &pos, "c2-c3"));
    assert!(!is_legal(&*rules, &pos, "a1-b1"));
}

#[test]
fn the_cannon_leader_swap_is_one_action_and_ends_both_pieces_turn() {
    let white = ["L@a1", "A@b1", "L@e5", "I@a2"];
    let off = scenario(9, FOUR, "", &white, &["L@i9"]);
    let (rules, pos) = start(&off);
    assert!(!is_legal(&*rules, &pos, "b1<>a1"));
    let on = scenario(9, FOUR, "cannon-leader-swap = true", &white, &["L@i9"]);
    let (rules, mut pos) = start(&on);
    assert!(is_legal(&*rules, &pos, "b1<>a1"));
    play(&*rules, &mut pos, "b1<>a1");
    assert_eq!(
        pos.piece_at("a1".parse().unwrap()).map(|p| rules.pieces().get(p.kind).name.clone()),
        Some("Cannon".into())
    );
    // The swapped leader may not activate the infantry beside it; neither piece moves again.
    assert!(!is_legal(&*rules, &pos, "a2-a3"));
    assert!(!is_legal(&*rules, &pos, "a1-c3"));
    assert!(!is_legal(&*rules, &pos, "b1-b2"));
}

#[test]
fn a_swap_needs_an_unmoved_pair_orthogonally_adjacent() {
    let s = scenario(9, FOUR, "cannon-leader-swap = true", &["L@a1", "A@b2", "L@e5"], &["L@i9"]);
    let (rules, mut pos) = start(&s);
    let reason = refuse(&*rules, &mut pos, "b2<>a1");
    assert!(reason.contains("not a legal swap"), "{reason}");
}

#[test]
fn capturing_the_last_enemy_leader_wins_at_once() {
    let s = scenario(9, FOUR, "", &["L@c3", "I@e4"], &["L@e5", "I@i9"]);
    let (rules, mut pos) = start(&s);
    let report = play(&*rules, &mut pos, "e4-e5");
    assert_eq!(report.outcome.map(|o| (o.winner, o.reason)), Some((Some(Side::White), EndReason::AllLeadersCaptured)));
    assert_eq!(pos.family_state().warlord().unwrap().leaders_captured_by(Side::White), 1);
}

#[test]
fn refused_actions_name_the_rule_they_break() {
    let s = scenario(9, FOUR, "", &["L@a1", "I@a2"], &["L@i9", "I@i8"]);
    let (rules, mut pos) = start(&s);
    assert!(refuse(&*rules, &mut pos, "c5-c6").contains("no piece on c5"));
    assert!(refuse(&*rules, &mut pos, "i8-i7").contains("black's"));
    assert!(refuse(&*rules, &mut pos, "a2-a4").contains("cannot move to a4"));
    assert!(refuse(&*rules, &mut pos, "a1-a2").contains("your own"));
    assert!(refuse(&*rules, &mut pos, "a2-z99").contains("outside"));
    assert!(refuse(&*rules, &mut pos, "L@c3").contains("no reinforcement"));
    assert!(refuse(&*rules, &mut pos, "c3 attack c4").contains("not an action"));
}
